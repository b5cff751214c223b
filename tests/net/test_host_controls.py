"""The host may remove a seat's player (the computer plays the seat on; a waiting
table opens it again) and close the table; only the host's seat may, and everyone is
told. A real server on 127.0.0.1 and real clients."""

from __future__ import annotations

import time
from typing import Any

from game.net import messages as m
from game.net.client import NetClient, Notice
from tests.net.netplay import Player, play

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


def heard(client: NetClient, key: str, seconds: float = SECONDS) -> bool:
    """Whether a notice ``key`` reaches ``client`` within ``seconds`` (frames read)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        for item in client.poll():
            if isinstance(item, Notice) and item.message.key == key:
                return True
        time.sleep(0.01)
    return False


def table_at(server, code: str) -> Any:
    return server.call(lambda: server.server.lobby.tables.get(code))


def two_at_a_table(server, start: bool) -> tuple[NetClient, NetClient]:
    ann, bob = connected(server.url), connected(server.url)
    assert ann.create("kaluki", [{"kind": "you"}, {"kind": "open"}], "Ann").ok
    assert bob.join(ann.code, "Bob").ok
    if start:
        assert ann.start().ok
    return ann, bob


def test_the_host_removes_a_player_and_the_computer_plays_the_seat_on(server):
    ann, bob = two_at_a_table(server, start=True)
    host = Player(ann)
    try:
        refused = bob.remove(0)
        assert not refused.ok and refused.message.key == m.NOT_THE_HOST
        own = ann.remove(0)
        assert not own.ok and own.message.key == m.NOT_REMOVABLE
        assert ann.remove(1).ok
        assert heard(bob, m.YOU_WERE_REMOVED)
        seat = table_at(server, ann.code).seats[1]
        assert seat.ai and seat.sid is None and not seat.open
        # Bob is no longer at the table: no chat there, and his credential rejoins nothing.
        assert bob.chat("hello").message.key == m.NOT_SEATED
        assert bob.rejoin().message.key == m.BAD_CREDENTIAL

        # The computer plays seat 2 on: with Ann playing her turns, both seats move.
        # (alone, Ann's moves would stop at seat 2's first turn)
        def both_moved() -> bool:
            return len(table_at(server, ann.code).log) >= 8

        play([host], until=both_moved, seconds=SECONDS)
        host.pump()
        assert any(n.message.key == m.PLAYER_REMOVED for n in host.notices)
        assert table_at(server, ann.code).seats[1].ai  # still the computer's
    finally:
        ann.close()
        bob.close()


def test_a_player_removed_from_a_waiting_table_frees_the_seat_for_another(server):
    ann, bob = two_at_a_table(server, start=False)
    cleo = connected(server.url)
    try:
        assert ann.remove(1).ok
        assert heard(bob, m.YOU_WERE_REMOVED)
        assert table_at(server, ann.code).seats[1].open
        assert cleo.join(ann.code, "Cleo", 1).ok
        assert table_at(server, ann.code).seats[1].name == "Cleo"
    finally:
        for client in (ann, bob, cleo):
            client.close()


def test_the_host_closes_the_table_for_everyone(server):
    ann, bob = two_at_a_table(server, start=True)
    try:
        refused = bob.close_table()
        assert not refused.ok and refused.message.key == m.NOT_THE_HOST
        assert table_at(server, ann.code) is not None
        assert ann.close_table().ok
        assert heard(bob, m.TABLE_CLOSED) and heard(ann, m.TABLE_CLOSED)
        assert table_at(server, ann.code) is None
        assert bob.rejoin().message.key == m.NO_TABLE
        assert bob.chat("still here?").message.key == m.NOT_SEATED
        stored = server.call(lambda: server.server.lobby.store.load_one(ann.code))
        assert stored is not None and stored.phase == "over"  # not restored on a restart
    finally:
        ann.close()
        bob.close()
