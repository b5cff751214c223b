"""Tables one client may open: a cap per connection and per address, and a cap on the
server's waiting tables, with waiting tables nobody is at forgotten (they never were)."""

from __future__ import annotations

import time

import pytest

from game.net import messages as m
from game.net.client import NetClient
from game.net.limits import Limits
from game.net.server import ServerThread

OPEN_TABLE = [{"kind": "open"}, {"kind": "open"}]  # the creator sits at none of them


def clients(url: str, count: int) -> list[NetClient]:
    made = [NetClient(url, reconnect=False) for _ in range(count)]
    for client in made:
        client.connect()
    return made


def test_tables_are_capped_per_connection_and_per_address(server):
    """Old: one connection opened 1,081 waiting tables a minute."""
    limits = Limits()
    made = clients(server.url, 5)
    try:
        first = made[0]
        replies = [first.create("kaluki", OPEN_TABLE, "Eve") for _ in range(6)]
        assert [r.ok for r in replies] == [True] * limits.tables_per_connection + [False] * 2
        assert replies[-1].message.key == m.TOO_MANY_TABLES
        assert replies[-1].message.params[0].number == limits.tables_per_connection
        opened = limits.tables_per_connection
        refused = None
        for client in made[1:]:
            for _ in range(limits.tables_per_connection):
                reply = client.create("kaluki", OPEN_TABLE, "Eve")
                opened += reply.ok
                refused = refused or (None if reply.ok else reply)
        assert opened == limits.tables_per_address
        assert refused is not None and refused.message.key == m.TOO_MANY_TABLES
    finally:
        for client in made:
            client.close()


@pytest.fixture
def small_server(tmp_path):
    servers = []

    def start(**limits) -> ServerThread:
        thread = ServerThread(
            "127.0.0.1", 0, db=tmp_path / f"t{len(servers)}.db", tick=0.05, limits=Limits(**limits)
        )
        thread.start()
        servers.append(thread)
        return thread

    yield start
    for thread in servers:
        thread.stop()


def test_waiting_tables_are_capped_and_the_oldest_empty_one_makes_room(small_server):
    server = small_server(waiting_tables=3)
    made = clients(server.url, 3)
    try:
        host, other, third = made
        seated = host.create("kaluki", [{"kind": "you"}, {"kind": "open"}], "Ann")
        empty = [other.create("kaluki", OPEN_TABLE, "Eve") for _ in range(2)]
        assert seated.ok and all(r.ok for r in empty)
        # A fourth waiting table makes room by forgetting the oldest one nobody is at.
        assert third.create("kaluki", OPEN_TABLE, "Eve").ok
        codes = server.call(lambda: set(server.server.lobby.tables))
        assert empty[0].data["code"] not in codes and seated.data["code"] in codes
        assert third.join(empty[0].data["code"], "Bob").message.key == m.NO_TABLE
        # Every table held by a connection stays: the server is busy instead.
        assert third.join(empty[1].data["code"], "Bob").ok
        assert other.join(third_code(server, empty, seated), "Cy").ok
        busy = host.create("kaluki", OPEN_TABLE, "Ann")
        assert not busy.ok and busy.message.key == m.SERVER_BUSY
    finally:
        for client in made:
            client.close()


def test_a_waiting_table_nobody_is_at_is_forgotten_after_a_while(small_server):
    server = small_server(waiting_seconds=1.0)
    made = clients(server.url, 3)
    try:
        host, other, third = made
        seated = host.create("kaluki", [{"kind": "you"}, {"kind": "open"}], "Ann")
        empty = other.create("kaluki", OPEN_TABLE, "Eve")
        left = third.create("kaluki", [{"kind": "you"}, {"kind": "open"}], "Cy")
        assert seated.ok and empty.ok and left.ok
        third.close()  # its seat's player is gone: nobody is at that table now
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            codes = server.call(lambda: set(server.server.lobby.tables))
            if codes == {seated.data["code"]}:
                break
            time.sleep(0.1)
        assert codes == {seated.data["code"]}
        stored = server.call(lambda: {t.code: t.phase for t in server.server.store.load()})
        waiting = [code for code, phase in stored.items() if phase == "waiting"]
        assert waiting == [seated.data["code"]]  # the others are set aside for good
    finally:
        for client in made:
            client.close()


def third_code(server, empty, seated) -> str:
    """The code of the table the third client opened."""
    codes = server.call(lambda: set(server.server.lobby.tables))
    return (codes - {empty[1].data["code"], seated.data["code"]}).pop()
