"""One app run, two hosted tables, one server: a table started leaves the LAN list (its
advert lives as long as it accepts players), Host again on the same port works (the
table goes on the app's one server) and the list shows the new table, by its code. The
table shows the seat nobody took as the computer's from the start."""

from __future__ import annotations

import pygame

from game.app.scenes.dialog import ConfirmDialog
from game.app.scenes.online.join import JoinScene
from game.app.scenes.title import TitleScene
from game.app.table.table_scene import TableScene
from tests.app.conftest import frames, headless_app, paths_in
from tests.app.keys import key, tab_to
from tests.app.online.screens import until
from tests.app.online.test_host_and_join import host_by_keys, open_online, tables  # noqa: F401
from tests.net.test_host_rejoin import free_port


def open_join(app) -> JoinScene:
    open_online(app)
    tab_to(app, "join")
    key(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, JoinScene)
    return app.stack.top


def listed(joining: JoinScene) -> list[str]:
    return [table.code for table in joining.found]


def test_host_twice_in_one_run_on_one_server_and_the_list_follows(tmp_path, tables):  # noqa: F811
    port = str(free_port())
    with (
        headless_app(paths_in(tmp_path / "ann")) as ann,
        headless_app(paths_in(tmp_path / "bob")) as bob,
    ):
        room = host_by_keys(ann, port)
        first, hosting = room.code, room.joined.hosting
        joining = open_join(bob)
        until([ann, bob], lambda: first in listed(joining))

        tab_to(ann, "start")
        key(ann, pygame.K_RETURN)  # nobody joined: the computer plays seat 2 ...
        frames(ann, 1)
        assert isinstance(ann.stack.top, ConfirmDialog)  # ... after asking
        key(ann, pygame.K_RIGHT)
        key(ann, pygame.K_RETURN)  # Yes
        until([ann, bob], lambda: isinstance(ann.stack.top, TableScene))
        table = ann.stack.top
        until([ann], lambda: table.session.setup.seats[1].kind != "human")
        assert table.seat_info(table.view, 1).kind != "Human"  # the computer's seat
        until([ann, bob], lambda: first not in listed(joining))  # it takes no players now

        table.session.close()
        ann.stack.reset(TitleScene(ann))
        again = host_by_keys(ann, port)  # the same port, the game still under way
        assert again.joined.address == f"127.0.0.1:{port}"
        assert again.joined.hosting is hosting and not hosting.stopped  # one server
        second = again.code
        assert second != first
        until([ann, bob], lambda: second in listed(joining))
        assert first not in listed(joining)
        codes = hosting.server.call(lambda: set(hosting.server.server.lobby.tables))
        assert {first, second} <= codes
