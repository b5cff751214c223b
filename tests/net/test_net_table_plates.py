"""A networked table's name plates: a seat nobody took is the computer's (Normal, named by
the server); a dropped player's plate is tested in test_net_table_rejoin.py."""

from __future__ import annotations

from game.net.client import NetClient
from tests.net.tablesetup import close_app, new_app, sit


def test_an_open_seat_nobody_took_shows_as_the_computers(server, tmp_path):
    client = NetClient(server.url)
    client.connect()
    seats = [{"kind": "you"}, {"kind": "open"}, {"kind": "easy"}]
    assert client.create("kaluki", seats, "Ann", seed=4).ok
    assert client.start().ok
    app = new_app(tmp_path / "ann")
    try:
        table = sit(app, client)
        kinds = [table.seat_info(table.view, seat).kind for seat in range(3)]
        assert kinds == ["Human", "Normal AI", "Easy AI"]
        assert table.names()[1] != "Player 2"  # the server named it
    finally:
        client.close()
        close_app(app)
