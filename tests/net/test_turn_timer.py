"""The turn timer (issue 25 §3): a table option (off / 30 / 60 / 120 s a turn); when the
time of a human seat runs out the computer plays the turn (Indian Rummy may choose the
drop at the cost in force); three timeouts in a row make the seat away until its player
acts again. A real server on 127.0.0.1 whose timers all run 1 s (``test_timer``, the
test-only ``serve --test-timer``: the protocol itself takes only 0/30/60/120), real
clients, loops bounded in time."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

import pytest

from game.engine.events import Said
from game.games.indian_rummy.state import FIRST_DROP
from game.net import messages as m
from game.net import protocol as p
from game.net.client import Clocked, LobbyInfo, NetClient, Notice
from game.net.server import ServerThread
from game.net.turn_timer import MISSES_AWAY
from game.persist.savedgame import HUMAN
from tests.net.netplay import Player

SECONDS = 40.0  # generous: the machine may be loaded (each turn times out in 1 s, but the
# computer then plays it through the shared thinking budget: seconds a move at load 20)
TURN = 1.0
# A seeded deal (--test-seeds) long enough for every timeout these tests wait for: with a
# random deal the computer, playing the timed-out seats, sometimes went out first.
LONG_DEAL = 1


def serve(path: Any) -> ServerThread:
    thread = ServerThread("127.0.0.1", 0, db=path, tick=0.05, test_timer=TURN, test_seeds=True)
    thread.start()
    return thread


@pytest.fixture
def server(tmp_path):
    thread = serve(tmp_path / "tables.db")
    yield thread
    thread.stop()


@dataclass
class Seen:
    """Everything one client heard (the frames read as they come)."""

    client: NetClient
    notices: list[Notice] = field(default_factory=list)
    clocks: list[Clocked] = field(default_factory=list)
    lobby: LobbyInfo | None = None

    def pump(self) -> None:
        for item in self.client.poll():
            if isinstance(item, Notice):
                self.notices.append(item)
            elif isinstance(item, Clocked):
                self.clocks.append(item)
            elif isinstance(item, LobbyInfo):
                self.lobby = item

    def heard(self) -> list[str]:
        return [notice.message.key for notice in self.notices]


def connected(url: str) -> NetClient:
    client = NetClient(url)
    client.connect()
    return client


def until(condition: Any, pump: list[Seen], seconds: float = SECONDS) -> None:
    deadline = time.monotonic() + seconds
    while True:
        for seen in pump:
            seen.pump()
        if condition():
            return
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.02)


def table_at(server: ServerThread, code: str) -> Any:
    return server.call(lambda: server.server.lobby.tables.get(code))


def a_timed_table(
    server: ServerThread, game: str = "kaluki", seats: int = 2, **timer: Any
) -> tuple[NetClient, NetClient]:
    ann, bob = connected(server.url), connected(server.url)
    plan = [{"kind": "you"}, {"kind": "open"}] + [{"kind": "normal"}] * (seats - 2)
    assert ann.create(game, plan, "Ann", timer=30, seed=LONG_DEAL, **timer).ok
    assert bob.join(ann.code, "Bob").ok
    return ann, bob


def test_a_timer_running_out_has_the_computer_play_the_turn(server):
    ann, bob = a_timed_table(server)
    seen = [Seen(ann), Seen(bob)]
    try:
        until(lambda: seen[1].lobby is not None and seen[1].lobby.timer == 30, seen)
        assert ann.start().ok
        # Nobody moves: the first seat's time runs out and the computer plays its turn.
        until(lambda: m.TIME_RAN_OUT in seen[1].heard(), seen)
        first = seen[1].notices[seen[1].heard().index(m.TIME_RAN_OUT)].message.value("player")
        table = table_at(server, ann.code)
        until(lambda: table.state.to_act != first.seat, seen)
        assert len(table.log) >= 2  # a whole turn (a draw, then a discard) was played
        # The clock came as a duration of the turn's length, for the seat to act.
        running = [clock for clock in seen[0].clocks if clock.seat is not None]
        assert running and all(0 <= clock.left <= clock.of == TURN for clock in running)
        assert running[0].seat == first.seat
        assert not table.seats[first.seat].away  # one timeout is not away
    finally:
        ann.close()
        bob.close()


def test_three_timeouts_make_a_seat_away_and_back_or_a_move_bring_it_back(server):
    ann, bob = a_timed_table(server)
    seen = [Seen(ann), Seen(bob)]
    try:
        assert ann.start().ok
        table = table_at(server, ann.code)

        def away(name: str) -> bool:
            lobby = seen[0].lobby
            return (
                lobby is not None
                and any(s["away"] for s in lobby.seats if s["name"] == name)
                and any(n.message.key == m.PLAYER_AWAY for n in seen[0].notices)
            )

        until(lambda: away("Bob"), seen, SECONDS * 4)
        bob_seat = bob.seat
        assert table.seats[bob_seat].away
        assert [
            n.message.value("player").seat
            for n in seen[0].notices
            if n.message.key == m.TIME_RAN_OUT
        ].count(bob_seat) == MISSES_AWAY
        # "I'm back": every client hears it, and the seat is no longer away.
        assert bob.back().ok
        until(lambda: m.PLAYER_ACTIVE in seen[0].heard(), seen)
        assert not table.seats[bob_seat].away
        assert seen[0].lobby is not None and not seen[0].lobby.seats[bob_seat]["away"]

        # Away again (three more timeouts), then a move of Bob's own brings him back.
        seen[0].notices.clear()
        until(lambda: away("Bob"), seen, SECONDS * 4)
        player = Player(bob)  # reads Bob's frames from here on
        player.view.seat = bob_seat
        deadline = time.monotonic() + SECONDS * 4
        while table.seats[bob_seat].away:  # his turn: he moves (in time, at some turn)
            assert time.monotonic() < deadline, "Bob's move never landed"
            player.step()
            seen[0].pump()
            time.sleep(0.01)
        seen = seen[:1]
        until(lambda: m.PLAYER_ACTIVE in seen[0].heard(), seen)
        assert not any(r.message and r.message.key == m.BAD_FRAME for r in player.refusals)
    finally:
        ann.close()
        bob.close()


@pytest.mark.parametrize(("modern", "cost"), [(False, 10), (True, 20)])
def test_an_indian_rummy_timeout_drops_at_the_cost_in_force(server, modern, cost):
    ann, bob = connected(server.url), connected(server.url)
    seats = [{"kind": "you"}, {"kind": "open"}, {"kind": "normal"}]
    options = {"modern_drop_values": modern}
    reply = ann.create("indian_rummy", seats, "Ann", options=options, timer=30, on_timeout="drop")
    assert reply.ok, reply.message
    assert bob.join(ann.code, "Bob").ok
    seen = [Seen(ann), Seen(bob)]
    try:
        until(lambda: seen[0].lobby is not None and seen[0].lobby.on_timeout == "drop", seen)
        assert ann.start().ok
        until(lambda: m.TIME_RAN_OUT_DROP in seen[0].heard(), seen)
        dropped = seen[0].notices[seen[0].heard().index(m.TIME_RAN_OUT_DROP)]
        number = dropped.message.value("player").seat
        table = table_at(server, ann.code)
        until(lambda: table.state.statuses[number] == FIRST_DROP, seen)
        packs = [
            event
            for event in server.call(table.history.for_seat, number)
            if isinstance(event, Said) and event.message.key == "indian_rummy.pack"
        ]
        assert [event.message.value("points") for event in packs] == [cost]
    finally:
        ann.close()
        bob.close()


@pytest.mark.parametrize(
    ("field_values", "why"),
    [
        ({"timer": 45}, "timer"),
        ({"timer": "30"}, "timer"),
        ({"timer": True}, "timer"),
        ({"timer": 30.0}, "timer"),
        ({"timer": 1}, "timer"),
        ({"timer": 30, "on_timeout": "nap"}, "on_timeout"),
        ({"timer": 30, "on_timeout": 1}, "on_timeout"),
    ],
)
def test_bad_timer_values_are_refused(field_values, why):
    seats = [{"kind": "you"}, {"kind": "open"}]
    frame = {"game": "kaluki", "seats": seats, "name": "Ann", **field_values}
    with pytest.raises(p.Refusal) as refused:
        p.parse("create", (frame,))
    assert refused.value.message.key == m.BAD_FRAME
    assert why in str(refused.value.message.value("why"))


def test_a_drop_on_timeout_is_an_indian_rummy_rule_only_and_good_values_pass():
    kaluki = {"game": "kaluki", "seats": [{"kind": "you"}, {"kind": "open"}], "name": "Ann"}
    with pytest.raises(p.Refusal) as refused:
        p.parse("create", ({**kaluki, "timer": 30, "on_timeout": "drop"},))
    assert refused.value.message.key == m.BAD_SETUP
    for seconds in (0, 30, 60, 120):
        request = p.parse("create", ({**kaluki, "timer": seconds},))
        assert isinstance(request, p.Create) and request.timer == seconds
    assert p.parse("create", (kaluki,)).timer == 0  # off unless asked
    rummy = {**kaluki, "game": "indian_rummy", "timer": 60, "on_timeout": "drop"}
    assert p.parse("create", (rummy,)).on_timeout == "drop"


def test_the_timer_and_an_away_seat_survive_a_server_restart(tmp_path):
    path = tmp_path / "tables.db"
    server = serve(path)
    ann, bob = a_timed_table(server, seats=3)
    seen = [Seen(ann), Seen(bob)]
    try:
        assert ann.start().ok
        table = table_at(server, ann.code)
        until(lambda: any(seat.away for seat in table.seats), seen, SECONDS * 4)
        away = {n for n, seat in enumerate(table.seats) if seat.away}
        code, bob_seat, credential = ann.code, bob.seat, bob.credential
    finally:
        ann.close()
        bob.close()
        server.stop()
    again = serve(path)
    try:
        table = table_at(again, code)
        assert table.turns.setting.seconds == 30 and table.turns.setting.length == TURN
        assert {n for n, seat in enumerate(table.seats) if seat.away} == away
        assert all(table.seats[n].kind == HUMAN for n in away)
        # Bob rejoins: the seats say who is away, and the clock of the turn comes.
        bob = NetClient(again.url)
        bob.connect()
        bob.code, bob.seat, bob.credential, bob.game_id = code, bob_seat, credential, "kaluki"
        watch = Seen(bob)
        assert bob.rejoin().ok
        until(lambda: watch.lobby is not None and bool(watch.clocks), [watch])
        assert watch.lobby is not None and watch.lobby.timer == 30
        assert {n for n, s in enumerate(watch.lobby.seats) if s["away"]} == away
        bob.close()
    finally:
        again.stop()


def test_a_spectator_who_comes_in_mid_turn_gets_the_clock(tmp_path):
    thread = ServerThread(
        "127.0.0.1", 0, db=tmp_path / "t.db", tick=0.05, test_timer=30.0, test_seeds=True
    )
    thread.start()
    ann, bob = a_timed_table(thread)
    sam = connected(thread.url)
    try:
        assert ann.start().ok
        until(lambda: table_at(thread, ann.code).turns.seat is not None, [])
        time.sleep(1.0)  # the turn's clock went out (to the seats) before Sam came
        watching = Seen(sam)
        assert sam.watch(ann.code, "Sam").ok
        # at once (within 10 s), not only when the 30 s turn is over
        until(lambda: any(clock.seat is not None for clock in watching.clocks), [watching], 10)
        clock = next(clock for clock in watching.clocks if clock.seat is not None)
        assert 0 < clock.left <= clock.of == 30.0
    finally:
        for client in (ann, bob, sam):
            client.close()
        thread.stop()
