"""Watching a table (issue 25 §3): spectators on a real server on 127.0.0.1 with real
clients. Every frame a spectator receives over whole games of every game holds no card
that is not public at that moment; spectators are capped per table and per address;
they cannot act; they chat as spectators; one takes a computer's seat between deals."""

from __future__ import annotations

import time

import pytest

from game.app.messages import render
from game.engine import codec
from game.engine.actions import NextDeal
from game.engine.cards import parse_card
from game.engine.game import publicly_hidden
from game.games.registry import get_game
from game.net import messages as m
from game.net import watch_messages as w
from game.net.client import ChatLine, NetClient, Synced
from game.net.limits import Limits
from game.net.seatview import SeatView
from game.net.server import ServerThread
from game.net.wire import cards_named, encode
from tests.net.netplay import Player, close, open_table, play, replayed_states

GAMES = ["kaluki", "kalooki", "indian_rummy", "laugh_and_lie_down"]
PAST = ("history", "seating")  # records of earlier deals: public then, reshuffled since


def spectator(url: str, code: str, name: str = "Sam") -> NetClient:
    client = NetClient(url)
    client.record = True
    client.connect()
    reply = client.watch(code, name)
    assert reply.ok, reply
    return client


def check_spectator_frames(game_id: str, seed: int, log: list, client: NetClient) -> int:
    """Each sync and update a spectator received, against the state at that moment: its
    view is the rules' public view, and no card hidden from any seat is in it (nor in
    its events or history). How many frames were checked."""
    rules = get_game(game_id).rules
    states = replayed_states(game_id, seed, log)
    checked = 0
    for kind, data in client.frames:
        if kind not in ("sync", "update"):
            continue
        n = data["n"]
        state = states[n]
        assert data["seat"] is None if kind == "sync" else True
        assert data["view"] == encode(rules.public_view(state)), f"{kind} {n}"
        assert data["legal"] == []
        hidden = publicly_hidden(rules, state, len(rules.view(state, 0).hand_sizes))
        now = {k: v for k, v in data["view"].items() if k not in PAST}
        leaked = cards_named(now) & hidden
        events = data["events"] if kind == "update" else data["history"]
        moves = [e for e in events if e["type"] == "CardMoved"]
        face_down = [e for e in moves if not e["face_up"] and e["card"]]
        assert not face_down, f"a card moved face down is named at move {n}: {face_down[:2]}"
        if kind == "update":  # a card turned face up is shown by the rules
            before = publicly_hidden(rules, states[n - 1], len(rules.view(state, 0).hand_sizes))
            for index, event in enumerate(moves):
                card = parse_card(event["card"]) if event["card"] else None
                if card in hidden and card in before:  # out of sight again within the move
                    later = moves[index + 1 :]
                    if not any(e["src"] == event["dst"] and not e["face_up"] for e in later):
                        leaked.add(card)
        assert not leaked, f"a spectator was shown {sorted(map(str, leaked))} at move {n}"
        checked += 1
    return checked


def test_a_spectator_is_shown_no_hidden_card_over_whole_games_of_every_game(server):
    """One spectator watches each table from its waiting room, another comes in mid-game;
    every frame either receives is checked against the state at that moment."""
    seed = 20261202
    tables, early, late = {}, {}, {}
    for game_id in GAMES:
        players, code = open_table(server.url, game_id, seed, start=False)
        early[game_id] = spectator(server.url, code, "Early")
        assert players[0].client.start().ok
        tables[game_id] = (players, code)
    everyone = [player for players, _code in tables.values() for player in players]
    try:
        play(everyone, until=lambda: all(p.view.n >= 30 for p in everyone), seconds=120)
        for game_id, (_players, code) in tables.items():
            late[game_id] = spectator(server.url, code, "Late")
        play(everyone, seconds=240)
        time.sleep(0.5)  # the last frames reach the spectators
    finally:
        close(everyone)
    try:
        for game_id, (_players, code) in tables.items():
            table = server.call(lambda code=code: server.server.lobby.tables[code])
            assert table.phase == "over"
            for watcher in (early[game_id], late[game_id]):
                deadline = time.monotonic() + 10
                while time.monotonic() < deadline:
                    frames = [d for k, d in watcher.frames if k in ("sync", "update")]
                    if frames and frames[-1]["n"] == len(table.log):
                        break
                    time.sleep(0.05)
                checked = check_spectator_frames(game_id, seed, table.log, watcher)
                assert checked >= 1
            # the spectator from the waiting room saw every move, each once
            moves = [d["n"] for k, d in early[game_id].frames if k == "update"]
            assert moves == list(range(1, len(table.log) + 1)), game_id
            seen = SeatView()
            for item in early[game_id].poll():
                seen.feed(item)
            assert seen.finished and seen.seat is None and not seen.view.hand
    finally:
        for watcher in [*early.values(), *late.values()]:
            watcher.close()


def test_a_spectator_cannot_act_and_its_chat_is_marked_as_a_spectator_s(server):
    players, code = open_table(server.url, "kaluki", 5, humans=2)
    watcher = spectator(server.url, code)
    try:
        host = players[0]
        deadline = time.monotonic() + 10
        while host.view.view is None and time.monotonic() < deadline:
            host.pump()
            time.sleep(0.02)
        action = codec.encode(NextDeal())  # a well-formed move: refused as a spectator's
        for kind, data in [
            ("act", {"seat": 0, "n": host.view.n, "action": action}),
            ("undo", {}),
            ("rematch", {}),
            ("remove", {"seat": 1}),
            ("close", {}),
        ]:
            reply = watcher.request(kind, data)
            assert not reply.ok and reply.message.key == w.WATCHING_ONLY, kind
        assert render(reply.message) == "You are watching this table: take a seat to play."
        assert watcher.chat("nice move").ok
        deadline = time.monotonic() + 10
        lines: list[ChatLine] = []
        while not lines and time.monotonic() < deadline:
            lines = [i for i in host.client.poll() if isinstance(i, ChatLine)]
            time.sleep(0.02)
        assert lines == [ChatLine(None, "nice move", "Sam")]
        table = server.call(lambda: server.server.lobby.tables[code])
        assert len(table.seats) == 4 and all(s.sid != watcher.sio.sid for s in table.seats)
        assert watcher.leave().ok
        assert server.call(lambda: server.server.spectators.at(code)) == []
    finally:
        close(players)
        watcher.close()


@pytest.fixture
def capped_server(tmp_path):
    limits = Limits(spectators_per_table=2, spectators_per_address=3)
    thread = ServerThread("127.0.0.1", 0, db=tmp_path / "t.db", tick=0.05, limits=limits)
    thread.start()
    yield thread
    thread.stop()


def test_spectators_are_capped_per_table_and_per_address(capped_server):
    url = capped_server.url
    tables = []
    for _ in range(2):
        host = NetClient(url)
        host.connect()
        assert host.create("kaluki", [{"kind": "you"}, {"kind": "open"}], "Host").ok
        tables.append(host)
    watchers: list[NetClient] = []
    try:
        for _ in range(2):
            watchers.append(spectator(url, tables[0].code or ""))
        third = NetClient(url)
        third.connect()
        watchers.append(third)
        refused = third.watch(tables[0].code or "", "Sam")
        assert not refused.ok and refused.message.key == w.TOO_MANY_SPECTATORS
        assert render(refused.message) == "This table already has 2 spectators: try again later."
        assert third.watch(tables[1].code or "", "Sam").ok  # the third from this address
        fourth = NetClient(url)
        fourth.connect()
        watchers.append(fourth)
        refused = fourth.watch(tables[1].code or "", "Sam")
        assert not refused.ok and refused.message.key == w.SPECTATORS_FROM_ADDRESS
        assert "3 connections" in render(refused.message)
        assert watchers[0].leave().ok  # a place is free again (per table and per address)
        assert fourth.watch(tables[0].code or "", "Sam").ok
        wrong = NetClient(url)
        wrong.connect()
        watchers.append(wrong)
        assert wrong.watch("ABCD-EFGH", "Sam").message.key == m.NO_TABLE
        table = capped_server.call(lambda: capped_server.server.lobby.tables[tables[0].code])
        assert sum(seat.sid is not None for seat in table.seats) == 1  # never a seat
    finally:
        for client in [*watchers, *tables]:
            client.close()


def test_a_spectator_takes_a_free_seat_in_the_waiting_room(server):
    host = NetClient(server.url)
    host.connect()
    assert host.create("laugh_and_lie_down", [{"kind": "you"}] + [{"kind": "open"}] * 3, "H").ok
    watcher = spectator(server.url, host.code or "")
    try:
        reply = watcher.sit(2, "Carol")
        assert reply.ok and reply.data["seat"] == 2 and watcher.credential
        table = server.call(lambda: server.server.lobby.tables[host.code])
        assert table.seats[2].name == "Carol" and table.seats[2].sid is not None
        assert watcher.sit(1, "Carol").message.key == w.NOT_WATCHING  # seated now
        assert host.start().ok
        deadline = time.monotonic() + 10
        synced = None
        while synced is None and time.monotonic() < deadline:
            synced = next((i for i in watcher.poll() if isinstance(i, Synced)), None)
            time.sleep(0.02)
        assert synced is not None and synced.seat == 2 and synced.view.hand
    finally:
        host.close()
        watcher.close()


def test_laugh_and_lie_down_takes_no_new_player_once_dealt(server):
    host = NetClient(server.url)
    host.connect()
    seats = [{"kind": "you"}] + [{"kind": "open"}] + [{"kind": "normal"}] * 2
    assert host.create("laugh_and_lie_down", seats, "H", seed=3).ok
    assert host.start().ok
    watcher = spectator(server.url, host.code or "")
    try:
        reply = watcher.sit(1, "Carol")
        assert not reply.ok and reply.message.key == w.NO_NEW_PLAYERS
        assert watcher.sit(0, "Carol").message.key == m.SEAT_TAKEN
        assert watcher.sit(7, "Carol").message.key == m.NO_SEAT
    finally:
        host.close()
        watcher.close()


def test_a_spectator_takes_a_computer_s_seat_between_deals_and_plays_it(server):
    """Kaluki, the host and a computer seat nobody took: the spectator is refused during
    the deal, offered the seat at its end (the computer waits for it), sits down with
    the seat's score, and plays the next deal from its own view."""
    server.server.spectators.window = 60.0  # a loaded machine still catches the break
    players, code = open_table(server.url, "kaluki", 11, humans=1, start=False)
    host = players[0]
    watcher = spectator(server.url, code, "Carol")
    seen = SeatView()
    try:
        assert host.client.start().ok
        play(players, until=lambda: host.view.n >= 2, seconds=30)
        refused = watcher.sit(1, "Carol")
        assert not refused.ok and refused.message.key == w.NOT_BETWEEN_DEALS

        def at_break() -> bool:
            for item in watcher.poll():
                seen.feed(item)
            return bool(seen.free) or host.view.finished

        play(players, until=at_break, seconds=180)
        assert seen.free and 1 in seen.free, "the deal ended with the seat offered"
        table = server.call(lambda: server.server.lobby.tables[code])
        score = table.state.totals[1]
        reply = watcher.sit(1, "Carol")
        assert reply.ok, reply
        assert table.seats[1].kind == "human" and table.seats[1].name == "Carol"
        carol = Player(watcher)
        play([host, carol], until=lambda: carol.view.seat == 1 and host.view.n > 0, seconds=10)
        assert carol.view.view.totals[1] == score and carol.view.lobby is not None
        deal = table.state.deal
        play(
            [host, carol], until=lambda: table.state.deal > deal or host.view.finished, seconds=240
        )
        assert table.state.deal > deal or host.view.finished
        # seat 1 moved through a whole deal with no bot for it: Carol played it
        assert 1 not in table.bots and not carol.refusals
    finally:
        close(players)
        watcher.close()
