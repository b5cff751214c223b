"""A store that cannot write (a full disk, made real with SQLite's own page limit; a
database gone read-only) never costs a move or a seat: the table waits and says so,
tries again by itself and goes on; a start or a join that cannot be stored changes
nothing."""

from __future__ import annotations

import time

from game.net import messages as m
from game.net.client import NetClient
from game.net.server import ServerThread
from game.net.store import Store
from tests.net.netplay import close, open_table, play

NO_LIMIT = 1_073_741_823  # SQLite's largest page count


def heard(player, key: str) -> bool:
    player.pump()
    return any(notice.message.key == key for notice in player.notices)


def test_a_full_disk_pauses_the_table_tells_its_player_and_it_goes_on_by_itself(tmp_path):
    db = tmp_path / "t.db"
    server = ServerThread("127.0.0.1", 0, db=db, tick=0.05, test_seeds=True)
    server.start()
    store = server.server.store
    players, code = open_table(server.url, "kaluki", 7, humans=1)  # three Normal bots
    table = server.server.lobby.tables[code]
    try:
        play(players, until=lambda: players[0].view.n >= 3)

        def disk_full() -> None:  # no page beyond those the file has now
            pages = store.db.execute("PRAGMA page_count").fetchone()[0]
            store.db.execute(f"PRAGMA max_page_count = {pages}")

        server.call(disk_full)
        play(players, until=lambda: heard(players[0], m.CANNOT_SAVE), seconds=30)
        waiting_at = server.call(lambda: len(table.log))
        time.sleep(0.5)  # ten ticks: each tries the write again, the bots wait
        assert server.call(lambda: (len(table.log), table.unsaved is not None)) == (
            waiting_at,
            True,
        )
        assert not server.server.thinking  # the bots' task waits without failing
        server.call(lambda: store.db.execute(f"PRAGMA max_page_count = {NO_LIMIT}"))
        play(
            players,
            until=lambda: heard(players[0], m.SAVING_AGAIN) and players[0].view.n >= waiting_at + 8,
            seconds=30,
        )
        moves = server.call(lambda: list(table.log))
    finally:
        close(players)
        server.stop()
    kept = {stored.code: stored for stored in Store(db).load()}[code]
    assert kept.log[: len(moves)] == moves  # nothing the table played was lost
    assert all(not r.ok and r.message.key != m.CANNOT_SAVE for r in players[0].refusals)


def read_only(server: ServerThread) -> None:
    server.call(lambda: server.server.store.db.execute("PRAGMA query_only = 1"))


def test_a_start_the_store_cannot_write_leaves_the_seats_open(tmp_path):
    server = ServerThread("127.0.0.1", 0, db=tmp_path / "t.db", tick=0.05)
    server.start()
    host, guest = NetClient(server.url), NetClient(server.url)
    try:
        host.connect()
        guest.connect()
        seats = [{"kind": "you"}, {"kind": "open"}, {"kind": "open"}]
        assert host.create("kaluki", seats, "Ann").ok
        read_only(server)
        refused = host.start()
        assert not refused.ok and refused.message.key == m.CANNOT_SAVE
        table = server.server.lobby.tables[host.code]
        assert server.call(lambda: [(s.kind, s.open) for s in table.seats]) == [
            ("human", False),
            ("human", True),
            ("human", True),
        ]
        assert server.call(lambda: (table.phase, table.state)) == ("waiting", None)
        refused = guest.join(host.code, "Bob")  # a join that cannot be kept is not made
        assert not refused.ok and refused.message.key == m.CANNOT_SAVE
        assert server.call(lambda: table.seats[1].open)
        server.call(lambda: server.server.store.db.execute("PRAGMA query_only = 0"))
        assert guest.join(host.code, "Bob").ok and host.start().ok
        assert server.call(lambda: [s.name for s in table.seats]) == ["Ann", "Bob", "AI 3"]
    finally:
        guest.close()
        host.close()
        server.stop()
