"""A host who closed the app sits back down from Continue: nothing listens at the
table's address any more, so the app serves its hosted tables again from their store
(the server resumes each exactly) and rejoins the seat with the kept credential."""

from __future__ import annotations

import socket

from game.app.scenes.online.connect import HOSTED_DB, serve
from game.app.scenes.title import TitleScene
from game.app.table.host_menu import hosting as hosting_session
from game.app.table.table_scene import TableScene
from game.net.client import NetClient
from tests.net.tablesetup import arrive, close_app, new_app, run, sit
from tests.net.test_net_table_rejoin import play_moves


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_the_host_rejoins_after_closing_the_app(tmp_path):
    folder = tmp_path / "ann"
    app = new_app(folder)
    hosting = serve("127.0.0.1", free_port(), app.paths.data / HOSTED_DB)
    client = NetClient(hosting.server.url)
    try:
        client.connect()
        seats = [{"kind": "you"}, {"kind": "easy"}]
        assert client.create("kaluki", seats, "Ann").ok and client.start().ok
        table = sit(app, client)
        play_moves([(app, table)], 2)
        moves = table.session.move_count
    finally:
        client.close()
        close_app(app)
        hosting.stop()  # the app closed: its server went with it

    app = new_app(folder)
    try:
        app.start(TitleScene(app))
        run(app, None)
        title = app.stack.top
        assert title.rejoin is not None
        title.choose("continue")
        back = arrive(app, TableScene)
        assert back.view_seat == 0
        # The host's table menu is there again (Remove a player, Close the table): the
        # record keeps the host's secret (issue 25: it was missing after Continue).
        assert hosting_session(back.session) is back.session
        assert back.session.move_count >= moves
        play_moves([(app, back)], 2)  # served here again: the game goes on
        back.session.close()
    finally:
        close_app(app)
