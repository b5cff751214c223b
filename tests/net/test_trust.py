"""Only the server draws a table's seed: whoever knows it knows every hidden card. A
client's seed is refused, except by a server started for tests (``--test-seeds``)."""

from __future__ import annotations

from game.net import messages as m
from game.net.client import NetClient
from game.net.server import ServerThread

KALUKI = [{"kind": "you"}, {"kind": "easy"}]


def test_a_client_cannot_choose_the_seed(tmp_path):
    server = ServerThread("127.0.0.1", 0, db=tmp_path / "t.db")
    server.start()
    client = NetClient(server.url)
    try:
        client.connect()
        refused = client.create("kaluki", KALUKI, "Eve", seed=4)
        assert not refused.ok and refused.message.key == m.SEED_REFUSED
        assert server.call(lambda: len(server.server.lobby.tables)) == 0
        codes = []
        for _ in range(2):  # the server's own seeds: two tables are dealt differently
            reply = client.create("kaluki", KALUKI, "Ann")
            assert reply.ok
            codes.append(reply.data["code"])
        tables = server.server.lobby.tables
        seeds = server.call(lambda: [tables[code].seed for code in codes])
        assert seeds[0] != seeds[1]
    finally:
        client.close()
        server.stop()


def test_a_server_for_tests_deals_the_seed_it_is_given(tmp_path):
    server = ServerThread("127.0.0.1", 0, db=tmp_path / "t.db", test_seeds=True)
    server.start()
    client = NetClient(server.url)
    try:
        client.connect()
        reply = client.create("kaluki", KALUKI, "Ann", seed=4)
        assert reply.ok
        code = reply.data["code"]
        assert server.call(lambda: server.server.lobby.tables[code].seed) == 4
    finally:
        client.close()
        server.stop()
