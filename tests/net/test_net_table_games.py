"""Every game's own table at networked seats: two app tables (one in Japanese) and the
server's AI play moves of each game, each table seeing the others' moves."""

from __future__ import annotations

import pytest

from tests.net.tablesetup import close_app, new_app, seat_clients, sit
from tests.net.test_net_table_rejoin import play_moves

GAMES = ["kaluki", "kalooki", "indian_rummy", "laugh_and_lie_down"]


@pytest.mark.parametrize("game_id", GAMES)
def test_each_games_table_plays_at_networked_seats(server, tmp_path, game_id):
    kinds = ["you", "open", "normal"] + (["normal"] if game_id == "laugh_and_lie_down" else [])
    clients = seat_clients(server.url, game_id, kinds, seed=4)
    apps = [new_app(tmp_path / "ann"), new_app(tmp_path / "bob", "ja")]
    try:
        tables = [sit(app, client) for app, client in zip(apps, clients)]
        pairs = list(zip(apps, tables))
        play_moves(pairs, 8)
        for table in tables:
            assert table.session.move_count >= 8 and table.picture.tokens
            assert len(table.log_lines) > 3
    finally:
        for client in clients:
            client.close()
        for app in apps:
            close_app(app)
