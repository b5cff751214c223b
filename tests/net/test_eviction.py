"""A finished table leaves the server's memory after a while and stays in its store: a
rejoin then hears that the table is gone."""

from __future__ import annotations

import time

from game.net import messages as m
from game.net.client import NetClient
from game.net.server import ServerThread
from game.net.store import Store
from game.net.tables import OVER


def test_a_finished_table_is_evicted_from_memory_and_kept_in_the_store(tmp_path):
    db = tmp_path / "tables.db"
    server = ServerThread("127.0.0.1", 0, db=db, tick=0.05, keep_finished=0.3, test_seeds=True)
    server.start()
    client = NetClient(server.url)
    try:
        client.connect()
        seats = [{"kind": "normal"}, {"kind": "easy"}]
        code = client.create("kaluki", seats, "Host", seed=4).data["code"]
        assert client.start().ok  # the computer plays both seats to the end
        tables = server.server.lobby.tables
        deadline = time.monotonic() + 60
        while server.call(lambda: tables[code].phase if code in tables else "gone") != OVER:
            assert time.monotonic() < deadline, "the game did not end"
            time.sleep(0.02)
        over = time.monotonic()
        while server.call(lambda: code in tables):
            assert time.monotonic() < over + 5, "the finished table stayed in memory"
            time.sleep(0.02)
        assert time.monotonic() - over >= 0.25  # not before its time
        client.code, client.seat, client.credential = code, 0, "x" * 32
        refused = client.rejoin()
        assert not refused.ok and refused.message.key == m.NO_TABLE
    finally:
        client.close()
        server.stop()
    store = Store(db)
    try:
        kept = {table.code: table for table in store.load()}
    finally:
        store.close()
    assert kept[code].phase == OVER and kept[code].log  # the whole game is still there
    restarted = ServerThread("127.0.0.1", 0, db=db)  # a finished game is not loaded again
    restarted.start()
    try:
        assert restarted.call(lambda: code not in restarted.server.lobby.tables)
    finally:
        restarted.stop()
