"""The waiting room and Host's "on a server": a table made on a dedicated server (nothing
served here), the connection lost shown as such, Copy never a crash."""

from __future__ import annotations

import pygame
import pytest

from game.app.i18n import tr
from game.app.scenes.online.host import ON_SERVER, HostScene
from game.app.scenes.online.room import WaitingRoomScene
from game.net.server import ServerThread
from tests.app.conftest import frames
from tests.app.keys import key, tab_to
from tests.app.online.screens import press_until, retype, until


def host_on(app, address: str) -> HostScene:
    scene = HostScene(app)
    app.start(scene)
    frames(app, 2)
    press_until(app, "listen", pygame.K_RIGHT, lambda: scene.listen == ON_SERVER)
    retype(app, "where", address)
    tab_to(app, "create")
    key(app, pygame.K_RETURN)
    until([app], lambda: scene.task is None)
    return scene


def test_a_table_on_a_dedicated_server_serves_nothing_here(app, server):
    address = server.url.removeprefix("http://")
    host_on(app, address)
    room = app.stack.top
    assert isinstance(room, WaitingRoomScene) and room.joined.hosting is None
    assert room.joined.address == address
    until([app], lambda: room.lobby is not None)
    tables = server.call(lambda: list(server.server.lobby.tables))
    assert tables == [room.code]
    # Friends type the server's address and the code: a server's tables are never listed.
    assert "list" not in tr(room.hint_key) and "address" in tr(room.hint_key)


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_host_screen_says_a_table_here_keeps_its_deck_here_and_offers_a_server(app, language):
    from game.app import i18n

    i18n.set_language(language)
    scene = HostScene(app)
    app.start(scene)
    frames(app, 2)
    assert scene.listen != ON_SERVER and scene.where_note.h > 0
    here = scene.deck_note
    assert here == tr("online.deck_here") and tr("online.on_server") in here
    press_until(app, "listen", pygame.K_RIGHT, lambda: scene.listen == ON_SERVER)
    assert scene.deck_note == tr("online.deck_on_server") != here


def test_a_server_address_typed_wrong_is_said_before_anything_starts(app):
    scene = host_on(app, "not an address")
    assert app.stack.top is scene and scene.status.bad
    assert scene.status.line == "Type the server's address, like 192.168.1.20:41414."


def test_a_lost_connection_is_said_in_the_room_and_leave_still_works(app, tmp_path):
    other = ServerThread("127.0.0.1", 0, db=tmp_path / "other.db")
    other.start()
    try:
        host_on(app, other.url.removeprefix("http://"))
        room = app.stack.top
        until([app], lambda: room.lobby is not None)
    finally:
        other.stop()  # the server goes away under the room
    until([app], lambda: room.status.bad)
    assert room.status.line.startswith("The connection to the table was lost")
    tab_to(app, "leave")
    key(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, HostScene)
    assert room.closing is not None and room.closing.wait(15)


def test_copy_puts_the_code_on_the_clipboard_or_says_it_cannot(app, server):
    host_on(app, server.url.removeprefix("http://"))
    room = app.stack.top
    if "copy" not in room.buttons:
        pytest.skip("no clipboard support in this pygame")
    tab_to(app, "copy")
    key(app, pygame.K_RETURN)
    assert room.copied or (room.status.bad and "clipboard" in room.status.line)
