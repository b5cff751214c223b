"""A finished online game's record that arrives a moment after its player left the
results is still kept for replay (issue 29 section 2): the table's connection listens for
it a little longer, instead of closing at once and dropping it."""

from __future__ import annotations

import time

from game.app.net_session import NetSession
from game.app.scenes.title import TitleScene
from game.app.table import open_net_table
from game.persist.replays import list_replays, replay_folder
from tests.app.online.test_rematch_screens import results
from tests.net.netplay import close, open_table, play
from tests.net.tablesetup import close_app, new_app, run


def test_a_record_arriving_after_the_results_were_left_is_kept(server, tmp_path):
    players, code = open_table(server.url, "laugh_and_lie_down", 5, humans=2)
    app = new_app(tmp_path / "ann")
    try:
        play(players)  # the clients' own bots play the whole game
        table = open_net_table(app, NetSession(players[0].client, players[0].view))
        over = results(app, table)
        for kept in replay_folder(app.paths).glob("*.json"):
            kept.unlink()  # as if the record had not come before the results were left
        table.session.record = None
        players[0].client.ask_record()  # the server's record is on its way ...
        over.on_menu()  # ... as the player leaves the results
        assert isinstance(app.stack.top, TitleScene)
        deadline = time.monotonic() + 10
        while not list_replays(app.paths):
            assert time.monotonic() < deadline, "the late record was not kept"
            run(app, None)
            time.sleep(0.01)
        (kept,) = list_replays(app.paths)
        assert kept.finished and code in kept.path.name and kept.online
    finally:
        close(players)
        close_app(app)
