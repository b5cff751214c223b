"""Who holds a seat: one connection at most one seat at one table; a seat leaves an
Indian Rummy table between rounds only by its own player (or the host); every name any
path sets is printable text, as a chat line; a connection whose seat was taken over by
a rejoin elsewhere hears no more of that table and cannot chat there."""

from __future__ import annotations

import time
from typing import Any

import pytest

from game.engine import codec
from game.games.indian_rummy.actions import JoinTable, LeaveTable
from game.net import messages as m
from game.net.client import ChatLine, NetClient, Notice
from tests.net.netplay import Player, close

SECONDS = 20.0


def connected(url: str) -> NetClient:
    client = NetClient(url)
    client.connect()
    return client


def until(condition: Any, seconds: float = SECONDS) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.01)


def test_join_one_join_two_rejoin_one_then_close_frees_both_seats(server):
    host, eve = connected(server.url), connected(server.url)
    try:
        seats = [{"kind": "you"}, {"kind": "open"}, {"kind": "open"}]
        assert host.create("kaluki", seats, "Ann", grace=0.2).ok
        first = eve.join(host.code, "Eve", 1)
        assert first.ok
        assert eve.join(host.code, "Eve", 2).ok  # lets go of seat 1
        eve.seat, eve.credential = 1, first.data["credential"]
        assert eve.rejoin().ok  # takes seat 1 back: lets go of seat 2
        table = server.server.lobby.tables[host.code]
        held = server.call(lambda: [seat.sid is not None for seat in table.seats])
        assert held == [True, True, False]
        assert host.start().ok
        eve.close()  # used to leave seat 2 "connected" for ever: no grace, no computer
        until(lambda: server.call(lambda: [seat.ai for seat in table.seats]) == [False, True, True])
    finally:
        eve.close()
        host.close()


def test_a_displaced_connection_leaves_the_table_room_and_cannot_chat(server):
    host, bob, bob_again = (connected(server.url) for _ in range(3))
    try:
        assert host.create("kaluki", [{"kind": "you"}, {"kind": "open"}], "Ann").ok
        assert bob.join(host.code, "Bob").ok
        bob_again.code, bob_again.seat, bob_again.credential = bob.code, bob.seat, bob.credential
        assert bob_again.rejoin().ok  # the same player, from another computer
        until(lambda: any(isinstance(i, Notice) for i in bob.poll()))  # told it lost the seat
        refused = bob.chat("still here?")
        assert not refused.ok and refused.message.key == m.NOT_SEATED
        assert host.chat("hello").ok
        until(lambda: any(isinstance(i, ChatLine) for i in bob_again.poll()))
        time.sleep(0.2)
        assert not [i for i in bob.poll() if isinstance(i, ChatLine)]  # out of the room
        assert host.start().ok
        time.sleep(0.3)
        assert not [kind for kind, _ in bob.frames if kind in ("lobby", "sync", "update")]
    finally:
        for client in (host, bob, bob_again):
            client.close()


def round_break(url: str, host_sits: bool) -> tuple[list[Player], Player]:
    """Two humans and a Normal at Indian Rummy (Points), played to the first round's
    end; the players and the one to act there (not yet acted). The host sits at seat 0,
    or creates the table and then joins it as anyone does."""
    players = [Player(connected(url)) for _ in range(2)]
    first = {"kind": "you" if host_sits else "open"}
    seats = [first, {"kind": "open"}, {"kind": "normal"}]
    creator = players[0].client
    assert creator.create("indian_rummy", seats, "Ann", {"rounds": 2}, seed=4).ok
    if not host_sits:
        assert creator.join(creator.code, "Ann", 0).ok
    assert players[1].client.join(creator.code, "Bob").ok
    assert creator.start().ok
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        for player in players:
            player.pump()
            view = player.view
            if view.my_turn and getattr(view.view, "phase", "") == "round_over":
                return players, player
            player.step()
        time.sleep(0.002)
    raise AssertionError("no round ended")


def act(player: Player, action: Any) -> Any:
    data = {"seat": player.view.seat, "n": player.view.n, "action": codec.encode(action)}
    return player.client.request("act", data)


def test_between_rounds_the_host_may_take_a_seat_from_the_table(server):
    players, mover = round_break(server.url, host_sits=True)
    try:
        assert mover.view.seat == 0  # the host is to act (this seed)
        leaves = {a.seat for a in mover.view.legal if isinstance(a, LeaveTable)}
        assert leaves == {0, 1, 2}
        assert act(mover, LeaveTable(1)).ok
    finally:
        close(players)


def test_between_rounds_a_seat_leaves_only_by_its_own_player(server):
    players, mover = round_break(server.url, host_sits=False)
    try:
        other = 1 - (mover.view.seat or 0)
        leaves = {a.seat for a in mover.view.legal if isinstance(a, LeaveTable)}
        assert leaves == {mover.view.seat, 2}  # itself and the computer's seat, not Bob
        refused = act(mover, LeaveTable(other))
        assert not refused.ok and refused.message.key == m.NOT_YOUR_LEAVE
        for name in ("Eve\u202e", "Zed\u200b", "A\x07B", "\u200dMo"):  # override, zero
            refused = act(mover, JoinTable(name))  # width, bell, joiner
            assert not refused.ok and refused.message.key == m.BAD_FRAME, name
        assert act(mover, JoinTable("Zoë 周")).ok  # every script's letters are fine
    finally:
        close(players)


@pytest.mark.parametrize("name", ["Eve\u202e", "Z\u200bed", "A\x1bB", "\u2066Li"])
def test_a_name_that_is_not_printable_is_refused_on_every_path(server, name):
    client = connected(server.url)
    try:
        refused = client.create("kaluki", [{"kind": "you"}, {"kind": "open"}], name)
        assert not refused.ok and refused.message.key == m.BAD_FRAME
        seats = [{"kind": "you"}, {"kind": "open", "name": name}]
        refused = client.create("kaluki", seats, "Ann")
        assert not refused.ok and refused.message.key == m.BAD_FRAME
        assert client.create("kaluki", [{"kind": "you"}, {"kind": "open"}], "Ann").ok
        other = connected(server.url)
        refused = other.join(client.code, name)
        assert not refused.ok and refused.message.key == m.BAD_FRAME
        other.close()
    finally:
        client.close()


def test_a_local_table_refuses_an_unprintable_name_between_rounds_too():
    from game.engine.errors import IllegalAction
    from game.games.indian_rummy import seat_changes
    from game.games.registry import get_game

    info = get_game("indian_rummy")
    state, _ = info.rules.start(info.options(players=3), 1)
    with pytest.raises(IllegalAction) as refused:
        seat_changes.join(state, JoinTable("Eve\u202e"))
    assert refused.value.message.key.endswith("name_unprintable")


def test_the_round_table_offers_no_leave_the_server_would_refuse(server, tmp_path):
    import pygame

    from game.app.table.indian_rummy.round_table import RoundScene
    from game.app.table.indian_rummy.showdown import ShowdownScene
    from tests.app.table.helpers import key
    from tests.net.tablesetup import close_app, new_app, run, sit

    players, mover = round_break(server.url, host_sits=False)
    app = new_app(tmp_path / "app")
    try:
        assert mover.client.rejoin().ok  # its whole view again, for the app's table
        table = sit(app, mover.client)
        deadline = time.monotonic() + SECONDS
        while not isinstance(app.stack.top, ShowdownScene):
            assert time.monotonic() < deadline
            run(app, table)
        key(app, pygame.K_RETURN)
        scene = app.stack.top
        assert isinstance(scene, RoundScene)
        me = mover.view.seat or 0
        assert scene.may_leave(me) and scene.may_leave(2)  # itself, the computer's seat
        assert not scene.may_leave(1 - me)  # the other human's: not this player's call
    finally:
        close_app(app)
        close(players)
