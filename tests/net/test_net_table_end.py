"""A whole networked game at two app tables: each deal's summary shows at both (their
Continue deals the next hand whoever sends it), the results screen ends the game at
both, and the seats' rejoin records are retired."""

from __future__ import annotations

import pytest

from game.ai.base import NORMAL
from game.ai.registry import make_bot
from game.app.scenes.deal_summary import DealSummaryScene
from game.app.scenes.game_over import GameOverScene
from game.persist.online_tables import online_records
from tests.net.tablesetup import close_app, new_app, run, seat_clients, sit, until


@pytest.mark.parametrize("kinds", [["you", "open"], ["normal", "you"]])
def test_a_whole_game_ends_at_every_table_with_every_summary(server, tmp_path, kinds):
    """Two players; then one beside the server's AI (which may deal the next hand before
    the last one's summary shows here: it shows all the same)."""
    clients = seat_clients(server.url, "kaluki", kinds, seed=31)
    apps = [new_app(tmp_path / name) for name in ("ann", "bob")[: len(clients)]]
    try:
        tables = [sit(app, client) for app, client in zip(apps, clients)]
        pairs = list(zip(apps, tables))
        summaries = [0] * len(pairs)
        over = [False] * len(pairs)
        bots = [make_bot("kaluki", NORMAL, 0, t.view_seat) for t in tables]

        def step() -> bool:
            for number, (app, table) in enumerate(pairs):
                top = app.stack.top
                if isinstance(top, DealSummaryScene):
                    summaries[number] += 1
                    top.done()
                    run(app, table)
                elif isinstance(top, GameOverScene):
                    over[number] = True
                elif top is table and table.my_turn and not table.session.finished:
                    s = table.session
                    view, legal = s.view(), s.legal_actions()
                    action = bots[number].choose(view, legal, s.public_history(s.view_seat))
                    assert table.play(action), table.notice
            return all(over)

        until(pairs, step, seconds=150)
        deals = len(tables[0].view.history)
        assert deals >= 1 and summaries == [deals] * len(pairs)
        assert all(t.session.finished for t in tables)
        for app in apps:
            assert online_records(app.paths)[0] == []
    finally:
        for client in clients:
            client.close()
        for app in apps:
            close_app(app)
