"""The host's table menu at a networked table: Remove a player (which player, then a
question) and Close the table (a question), each sent without waiting; a guest's menu
has neither. A real server on 127.0.0.1, the host's real headless app, English and
Japanese."""

from __future__ import annotations

import pygame
import pytest

from game.app.i18n import tr
from game.app.messages import render
from game.app.scenes.dialog import ConfirmDialog, MessageDialog
from game.app.scenes.title import TitleScene
from game.app.table.host_menu import RemoveOverlay, host_actions
from game.app.table.overlays import MenuOverlay
from game.engine.messages import msg
from game.net import messages as m
from game.persist.online_tables import online_records
from tests.app.keys import key, tab_to
from tests.net.tablesetup import close_app, new_app, run, seat_clients, sit, until


def answer_yes(app, table) -> None:
    assert isinstance(app.stack.top, ConfirmDialog)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)
    run(app, table)


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_host_removes_a_player_then_closes_the_table_from_the_menu(server, tmp_path, language):
    clients = seat_clients(server.url, "kaluki", ["you", "open"], seed=3)
    ann, bob = clients
    app, guest = new_app(tmp_path / "ann", language), new_app(tmp_path / "bob", language)
    try:
        table = sit(app, ann)
        bobs = sit(guest, bob)
        assert host_actions(guest, bobs.session) == {}  # a guest has no host items
        table.open_menu()
        run(app, table)
        menu = app.stack.top
        assert isinstance(menu, MenuOverlay) and {"remove", "close_table"} <= set(menu.actions)
        tab_to(app, "remove")
        key(app, pygame.K_RETURN)
        run(app, table)
        chooser = app.stack.top
        assert isinstance(chooser, RemoveOverlay)
        assert list(chooser.buttons.values()) == [(1, "Bob")]
        key(app, pygame.K_RETURN)  # Bob
        run(app, table)
        assert app.stack.top.lines == [tr("table.remove_body", name="Bob")]
        answer_yes(app, table)
        until(
            [(app, table)],
            lambda: server.call(lambda: server.server.lobby.tables[ann.code].seats[1].ai),
        )
        # Bob's app says so and goes to the title; nothing is left to Continue there.
        until([(guest, bobs)], lambda: isinstance(guest.stack.top, MessageDialog))
        assert guest.stack.top.lines == [render(msg(m.YOU_WERE_REMOVED))]
        key(guest, pygame.K_RETURN)
        run(guest, None)
        assert isinstance(guest.stack.top, TitleScene) and online_records(guest.paths)[0] == []

        seats = lambda: table.session.seat.lobby.seats  # noqa: E731
        until([(app, table)], lambda: seats()[1]["ai"] and not seats()[1]["connected"])
        table.open_menu()
        run(app, table)
        assert "remove" not in app.stack.top.actions  # nobody left to remove
        tab_to(app, "close_table")
        key(app, pygame.K_RETURN)
        run(app, table)
        assert app.stack.top.lines == [tr("table.close_body")]
        answer_yes(app, table)
        code = ann.code
        until([(app, table)], lambda: server.call(lambda: code not in server.server.lobby.tables))
        # The host is told and leaves for the title; nothing is left to Continue.
        until([(app, table)], lambda: isinstance(app.stack.top, MessageDialog))
        assert app.stack.top.lines == [render(msg(m.TABLE_CLOSED))]
        key(app, pygame.K_RETURN)
        run(app, None)
        assert isinstance(app.stack.top, TitleScene)
        assert online_records(app.paths)[0] == []
    finally:
        for client in clients:
            client.close()
        close_app(app)
        close_app(guest)
