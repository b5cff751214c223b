"""The record of an online game (game/net/record.py): a real server on 127.0.0.1 and real
clients play a whole seeded game of each game; the record reaches every seat only once
the game is over (no frame before carries it or its seed, and asking for it is refused
with the reason), and replayed both ways it is every state the server's game went
through (the moves as the store holds them)."""

from __future__ import annotations

import json
import time

import pytest

from game.engine import codec
from game.engine.replay import Replay
from game.games.registry import get_game
from game.net import messages as m
from game.net.client import NetClient
from game.net.record import MAX_ASKS, RECORD, GameRecord, read_record, record_frame
from tests.net.netplay import Player, close, open_table, play, replayed_states

GAMES = ["kaluki", "kalooki", "indian_rummy", "laugh_and_lie_down"]
SEED = 738_291_046_155  # a number no other field of a frame could be


def records_of(player: Player | NetClient, seconds: float = 20.0) -> list[GameRecord]:
    """The records a player (or a bare client) received, waiting (bounded) for the first."""
    deadline = time.monotonic() + seconds
    found: list[GameRecord] = []
    while not found and time.monotonic() < deadline:
        if isinstance(player, Player):
            player.pump()
            found = list(player.records)
        else:
            found = [item for item in player.poll() if isinstance(item, GameRecord)]
        if not found:
            time.sleep(0.02)
    return found


@pytest.mark.parametrize("game_id", GAMES)
def test_a_whole_online_game_is_sent_as_its_record_at_the_end_and_replays_both_ways(
    server, game_id
):
    players, code = open_table(server.url, game_id, SEED, record=True, humans=2)
    try:
        play(players, until=lambda: players[0].view.n >= 3)
        early = players[1].client.request(RECORD, {})
        assert not early.ok and early.message is not None
        assert early.message.key == m.RECORD_NOT_YET  # refused, with the reason
        play(players, seconds=120)
        records = [records_of(player) for player in players]  # (they come after the end)
        frames = [list(player.client.frames) for player in players]
    finally:
        close(players)
    store = server.server.store
    stored = store.load_one(code)
    table = server.call(lambda: server.server.lobby.tables[code])
    assert stored is not None and stored.log == table.log and table.state.finished
    for seat_frames, seat_records in zip(frames, records, strict=True):
        kinds = [kind for kind, _data in seat_frames]
        assert kinds.count(RECORD) == 1
        at = kinds.index(RECORD)
        over = [i for i, (kind, data) in enumerate(seat_frames) if data.get("phase") == "over"]
        assert over and over[0] < at  # the record came after the last move, not before
        before = json.dumps(seat_frames[:at])
        assert str(SEED) not in before  # nor anything of it (the seed tells every card)
        assert len(seat_records) == 1 and seat_records[0].problem is None
        saved = seat_records[0].saved
        assert saved is not None and seat_records[0].code == code
        assert list(saved.log) == stored.log and saved.seed == SEED
        assert codec.encode(saved.state) == codec.encode(table.state)
        states = replayed_states(game_id, SEED, stored.log, players=len(table.seats))
        replay = Replay(get_game(game_id).rules, saved.options, saved.seed, saved.log)
        assert len(replay) == len(states)
        for number in range(len(states)):  # forward, move by move
            assert replay.go(number) == number
            assert replay.state == states[number]
        while replay.at > 0:  # and back to the deal
            at_before = replay.at
            replay.back()
            assert replay.at == at_before - 1 and replay.state == states[replay.at]


def test_asking_again_after_the_end_is_answered_a_few_times_and_a_rejoin_gets_it(server):
    players, code = open_table(server.url, "laugh_and_lie_down", 11, humans=2)
    late = NetClient(server.url)
    try:
        play(players, seconds=60)
        guest = players[1].client
        assert records_of(players[1])
        for _ in range(MAX_ASKS):
            reply = guest.request(RECORD, {})
            assert reply.ok and read_record(reply.data["record"]).state.finished
        again = guest.request(RECORD, {})
        assert not again.ok and again.message is not None
        assert again.message.key == m.RECORD_SENT
        # The guest's seat from another connection (the app after a restart): the
        # finished table's record comes with the rejoin.
        late.code, late.seat, late.game_id = code, guest.seat, guest.game_id
        late.connect()
        late.credential = guest.credential
        assert late.rejoin().ok
        [record] = records_of(late)
        assert record.saved is not None and record.saved.state.finished
    finally:
        late.close()
        close(players)


def test_a_seat_that_never_sat_is_refused_the_record(server):
    players, _code = open_table(server.url, "laugh_and_lie_down", 12, humans=2)
    stranger = NetClient(server.url)
    try:
        play(players, seconds=60)
        stranger.connect()
        reply = stranger.request(RECORD, {})
        assert not reply.ok and reply.message is not None
        assert reply.message.key == m.NOT_SEATED
        assert not any(isinstance(item, GameRecord) for item in stranger.poll())
    finally:
        stranger.close()
        close(players)


def finished_record(server) -> dict:
    players, _code = open_table(server.url, "laugh_and_lie_down", 13, humans=2)
    try:
        play(players, seconds=60)
        return players[0].client.request(RECORD, {}).data
    finally:
        close(players)


def test_a_damaged_record_is_refused_with_the_reason_never_raised(server):
    good = finished_record(server)
    assert record_frame(good).saved is not None
    moves = json.loads(json.dumps(good))
    moves["record"]["log"] = moves["record"]["log"][:-1]  # the last move lost on the way
    cut = record_frame(moves)
    assert cut.saved is None and cut.problem and cut.raw == moves["record"]
    swapped = json.loads(json.dumps(good))
    log = swapped["record"]["log"]
    log[2], log[3] = log[3], log[2]
    assert record_frame(swapped).saved is None
    for nonsense in (None, [], {"record": 5}, {"record": {"game": "chess"}}, {"code": "../x"}):
        refused = record_frame(nonsense)
        assert refused.saved is None and refused.problem
        assert refused.code.isalnum()
