"""How many watch a table (issue 25 §3, "watch a table"): the table's lobby frame tells
every seat and spectator, as spectators come and go (watching, leaving, a lost
connection, taking a seat); a frame without the field (nobody watches, or an older
server) reads as 0, and a bad count is refused by the client's reader. Real server and
clients on 127.0.0.1."""

from __future__ import annotations

import time

import pytest

from game.net.client import NetClient, decode_frame
from tests.net.netplay import Player, close, open_table
from tests.net.test_spectators import spectator


def counts(player: Player) -> int:
    """The count the seat last heard (its lobby frame)."""
    player.pump()
    lobby = player.view.lobby
    return lobby.watching if lobby is not None else -1


def heard(players: list[Player], count: int, seconds: float = 20.0) -> None:
    deadline = time.monotonic() + seconds
    while any(counts(p) != count for p in players):
        assert time.monotonic() < deadline, [counts(p) for p in players]
        time.sleep(0.02)


def test_every_seat_and_spectator_hears_how_many_watch_as_they_come_and_go(server):
    players, code = open_table(server.url, "kaluki", 5, humans=2)
    try:
        heard(players, 0)
        sam = spectator(server.url, code, "Sam")
        heard(players, 1)
        kim = spectator(server.url, code, "Kim")
        heard(players, 2)
        deadline = time.monotonic() + 20
        while not any(k == "lobby" and d.get("watching") == 2 for k, d in sam.frames):
            assert time.monotonic() < deadline, "the first spectator hears the second"
            time.sleep(0.02)
        assert sam.send("leave", {}).result(10).ok
        heard(players, 1)
        kim.close()  # a lost connection counts as leaving
        heard(players, 0)
        lobby = server.call(lambda: server.server.lobby.tables[code].lobby().data)
        assert "watching" not in lobby  # nobody watches: the frame older clients know
    finally:
        close(players)


def test_a_spectator_who_takes_a_seat_no_longer_counts(server):
    host = NetClient(server.url)
    host.connect()
    assert host.create("kaluki", [{"kind": "you"}, {"kind": "open"}], "Ann").ok
    ann = Player(host)
    try:
        sam = spectator(server.url, host.code or "", "Sam")
        heard([ann], 1)
        assert sam.send("sit", {"seat": 1, "name": "Sam"}).result(10).ok
        heard([ann], 0)
        sam.close()
    finally:
        host.close()


def test_the_count_is_read_with_its_type_and_absent_reads_as_none_watching():
    data = {"code": "ABCDEFGH", "game": "kaluki", "phase": "waiting", "grace": 60.0}
    data["seats"] = []
    assert decode_frame("kaluki", "lobby", data).watching == 0  # an older server's frame
    assert decode_frame("kaluki", "lobby", data | {"watching": 3}).watching == 3
    for bad in ("3", True, -1, 2.5, None):
        with pytest.raises(ValueError):
            decode_frame("kaluki", "lobby", data | {"watching": bad})
