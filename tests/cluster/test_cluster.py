"""Three table server processes on one real PostgreSQL and one real Redis, tables of real
clients (issue 30): each table is served by one process whichever process a client first
reached; a process killed under load loses no acknowledged move and its tables are served
again by the others within the lease and 2 s, every client back by itself; a process
stopped with SIGTERM hands its tables over with no lease wait; one added later takes new
tables; Redis and PostgreSQL restarted during play lose nothing."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

import pytest
import redis

from game.ai.base import NORMAL
from game.engine import codec
from game.games.registry import get_game
from game.net.client import NetClient
from game.net.presence_redis import TABLE as TABLE_KEY
from game.net.store import StoredTable, open_store
from tests.cluster.servers import Servers, wait_until
from tests.net.netplay import Player, close

GAME = "laugh_and_lie_down"


@dataclass
class Seat(Player):
    """A player that keeps every move the server acknowledged: (move number, action)."""

    acked: list[tuple[int, Any]] = field(default_factory=list)
    sent: tuple[int, Any] = (-1, None)

    def step(self) -> bool:
        self.pump()
        if self.pending is not None:
            if not self.pending.done():
                return False
            reply = self.pending.result()
            if reply.ok:
                self.acked.append(self.sent)
            else:
                self.refusals.append(reply)
                self.acted = -1
            self.pending = None
        if not self.view.my_turn or self.view.n == self.acted:
            return False
        if self.bot is None:
            from game.ai.registry import make_bot

            self.bot = make_bot(GAME, NORMAL, 0, self.view.seat or 0)
        action = self.bot.choose(self.view.view, list(self.view.legal), self.view.history)
        data = {"seat": self.view.seat, "n": self.view.n, "action": codec.encode(action)}
        self.sent = (self.view.n, codec.encode(action))
        self.pending, self.acted = self.client.send("act", data), self.view.n
        return True


@dataclass
class Tables:
    """Tables of two players each (the other two seats the server's Normal): the host
    reached one process, the guest another."""

    seats: dict[str, list[Seat]] = field(default_factory=dict)
    home: dict[str, str] = field(default_factory=dict)  # code -> the host's process

    def open(self, host_url: str, guest_url: str, seed: int) -> str:
        host, guest = NetClient(host_url), NetClient(guest_url)
        host.connect()
        guest.connect()
        plan = [{"kind": "you"}, {"kind": "open"}, {"kind": NORMAL}, {"kind": NORMAL}]
        reply = host.create(GAME, plan, "Host", seed=seed, grace=120)
        assert reply.ok, reply
        code = reply.data["code"]
        assert guest.join(code, "Guest").ok  # redirected to the host's process
        assert host.start().ok
        self.seats[code] = [Seat(host), Seat(guest)]
        self.home[code] = host_url
        return code

    @property
    def players(self) -> list[Seat]:
        return [seat for seats in self.seats.values() for seat in seats]

    def moves(self) -> dict[str, int]:
        return {code: min(s.view.n for s in seats) for code, seats in self.seats.items()}

    def play_until(self, enough, seconds: float) -> None:
        deadline = time.monotonic() + seconds
        while not enough():
            if time.monotonic() > deadline:
                raise AssertionError(f"the tables did not get there in time: {self.moves()}")
            if not any(seat.step() for seat in self.players):
                time.sleep(0.005)

    def check(self, db: str) -> None:
        """Every acknowledged move is in the store's log at its number (none lost, none
        twice), and every seat's view is the stored game's at the count it saw."""
        store = open_store(db)
        rules = get_game(GAME).rules
        try:
            for code, seats in self.seats.items():
                stored = store.load_one(code)
                assert isinstance(stored, StoredTable)
                logged = [codec.encode(action) for action in stored.log]
                for seat in seats:
                    for n, action in seat.acked:
                        assert logged[n] == action, (code, n)
                state, _ = rules.start(get_game(GAME).options(players=4), stored.seed)
                states = [state]
                for action in stored.log:
                    state, _ = rules.apply(state, action)
                    states.append(state)
                for seat in seats:
                    seen = seat.view
                    expected = rules.view(states[seen.n], seen.seat)
                    assert codec.encode(seen.view) == codec.encode(expected), code
        finally:
            store.close()

    def close(self) -> None:
        close(self.players)


@pytest.fixture
def servers(postgres_url, redis_url, tmp_path):
    cluster = Servers(postgres_url, redis_url, lease=2.0, logs=tmp_path)
    yield cluster
    cluster.stop()


@pytest.fixture
def tables():
    made = Tables()
    yield made
    made.close()


def owner(presence: redis.Redis, code: str) -> str | None:
    held = presence.get(TABLE_KEY + code)
    return None if held is None else held.decode()


def test_thirty_tables_on_three_processes_and_one_killed_under_load(servers, tables, redis_url):
    urls = [servers.start() for _ in range(3)]
    for number in range(30):  # host and guest reach different processes
        tables.open(urls[number % 3], urls[(number + 1) % 3], seed=number + 1)
    for code, (host, guest) in tables.seats.items():
        assert guest.client.url == host.client.url == tables.home[code]  # one owner
    # A move at any table is seen by every seat, whichever process each reached.
    tables.play_until(lambda: min(tables.moves().values()) >= 4, 60)
    presence = redis.Redis.from_url(redis_url)
    victim = urls[0]
    lost = [code for code, home in tables.home.items() if home == victim]
    assert len(lost) == 10 and all(owner(presence, code) == victim for code in lost)
    at_kill = tables.moves()
    servers.kill(victim)  # under load: moves in flight at its tables
    taken = wait_until(
        lambda: all(owner(presence, code) not in (None, victim) for code in lost),
        servers.lease + 2.0,
        "the killed process's tables served again",
    )
    # Every client comes back by itself and its table plays on.
    tables.play_until(lambda: all(n >= at_kill[code] + 4 for code, n in tables.moves().items()), 60)
    for code in lost:
        assert all(seat.client.url != victim for seat in tables.seats[code])
    tables.check(servers.db)
    print(f"tables served again {taken:.2f} s after the kill (lease {servers.lease} s)")


def test_sigterm_hands_over_at_once_and_a_process_added_later_takes_new_tables(
    postgres_url, redis_url, tables, tmp_path
):
    servers = Servers(postgres_url, redis_url, lease=10.0, logs=tmp_path)  # a wait would show
    try:
        first, second = servers.start(), servers.start()
        for number in range(4):
            tables.open(first, second, seed=40 + number)
        tables.play_until(lambda: min(tables.moves().values()) >= 3, 60)
        presence = redis.Redis.from_url(redis_url)
        before = tables.moves()
        stopped_at = time.monotonic()
        servers.terminate(first)
        tables.play_until(
            lambda: all(n >= before[code] + 3 for code, n in tables.moves().items()), 30
        )
        assert time.monotonic() - stopped_at < servers.lease  # no lease wait
        assert all(owner(presence, code) == second for code in tables.seats)
        third = servers.start()
        code = tables.open(third, second, seed=50)
        assert owner(presence, code) == third
        assert tables.seats[code][1].client.url == third
        tables.play_until(lambda: tables.moves()[code] >= 3, 30)
        tables.check(postgres_url)
    finally:
        servers.stop()


def test_redis_and_postgresql_restarted_during_play_lose_nothing(
    servers, tables, redis_server, postgres_server
):
    first, second = servers.start(), servers.start()
    for number in range(4):
        tables.open(first if number % 2 else second, second if number % 2 else first, 60 + number)
    tables.play_until(lambda: min(tables.moves().values()) >= 3, 60)
    redis_server.restart()  # every lease forgotten: the owners take theirs back
    before = tables.moves()
    tables.play_until(lambda: all(n >= before[c] + 3 for c, n in tables.moves().items()), 30)
    presence = redis.Redis.from_url(redis_server.url)
    wait_until(
        lambda: all(owner(presence, code) == tables.home[code] for code in tables.seats),
        servers.lease + 2.0,
        "the leases taken back after Redis restarted",
    )
    postgres_server.restart()  # moves meanwhile wait (told net.cannot_save), then go on
    before = tables.moves()
    tables.play_until(lambda: all(n >= before[c] + 3 for c, n in tables.moves().items()), 30)
    tables.check(servers.db)
