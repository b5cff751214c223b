"""One damaged table in the store (seats that are not JSON, a move that cannot be read)
is set aside with one log line when the server starts; every other table loads and its
players sit back down."""

from __future__ import annotations

import logging
import sqlite3

from game.net import messages as m
from game.net.client import NetClient
from game.net.server import ServerThread

KALUKI = [{"kind": "you"}, {"kind": "easy"}]


def created(url: str, count: int) -> list[NetClient]:
    clients = []
    for _ in range(count):
        client = NetClient(url)
        client.connect()
        assert client.create("kaluki", KALUKI, "Ann").ok and client.start().ok
        clients.append(client)
    return clients


def test_one_damaged_table_is_set_aside_and_the_others_load(tmp_path, caplog):
    db = tmp_path / "tables.db"
    server = ServerThread("127.0.0.1", 0, db=db)
    server.start()
    try:
        clients = created(server.url, 4)
        kept = [(c.code, c.seat, c.credential) for c in clients]
        for client in clients:
            client.close()
    finally:
        server.stop()
    bad_seats, bad_move, bad_kind, good = (code for code, _, _ in kept)
    with sqlite3.connect(db) as store:
        (seats,) = store.execute("SELECT seats FROM tables WHERE code = ?", (bad_kind,)).fetchone()
        no_bot = seats.replace('"easy"', '"grandmaster"')  # no bot plays it: set aside
        store.execute("UPDATE tables SET seats = ? WHERE code = ?", (no_bot, bad_kind))
        store.execute("UPDATE tables SET seats = 'not json' WHERE code = ?", (bad_seats,))
        store.execute("INSERT OR REPLACE INTO actions VALUES (?, 0, '{\"type\": 1}')", (bad_move,))

    caplog.set_level(logging.INFO, logger="game.net")
    again = ServerThread("127.0.0.1", 0, db=db)
    again.start()  # used to stop here: "Expecting value: line 1 column 1"
    try:
        assert again.call(lambda: sorted(again.server.lobby.tables)) == [good]
        set_aside = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
        assert len(set_aside) == 3
        for code in (bad_seats, bad_move, bad_kind):
            assert any(code in line and "\n" not in line for line in set_aside)
        for code, seat, credential in kept:
            client = NetClient(again.url, reconnect=False)
            client.connect()
            client.code, client.seat, client.credential = code, seat, credential
            reply = client.rejoin()
            if code == good:
                assert reply.ok
            else:
                assert not reply.ok and reply.message.key == m.NO_TABLE
            client.close()
    finally:
        again.stop()
    with sqlite3.connect(db) as store:  # set aside, never deleted
        assert store.execute("SELECT COUNT(*) FROM tables").fetchone()[0] == 4
