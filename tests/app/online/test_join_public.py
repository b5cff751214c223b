"""The Join screen lists the public tables of the server whose address is typed, beside
the LAN list (issue 25 §3): game, rule set in the player's language, host, seats free;
a private table never shows; one picked is joined; a table that fills leaves the list;
a server that does not answer says so."""

from __future__ import annotations

import socket

import pygame
import pytest

from game.app import i18n
from game.app.i18n import tr
from game.app.scenes.online import server_list
from game.app.scenes.online.join import public_label, public_labels
from game.app.scenes.online.room import WaitingRoomScene
from game.app.scenes.online.server_list import EMPTY, LISTED, NO_SERVER, UNREACHABLE
from game.net.client import NetClient
from tests.app.keys import key, tab_to
from tests.app.online.screens import retype, until
from tests.app.online.test_refusals import open_join

TWO_OPEN = [{"kind": "you"}, {"kind": "open"}, {"kind": "open"}]


@pytest.fixture(autouse=True)
def quick_refresh(monkeypatch):
    monkeypatch.setattr(server_list, "REFRESH", 0.3)
    monkeypatch.setattr(server_list, "SETTLE", 0.1)


def hosts(url: str) -> list[NetClient]:
    """Ann lists a Pool 101 table, Cy a Kaluki one; Dee's table is private."""
    made = []
    for name, game, options, public in (
        ("Ann", "indian_rummy", {"format": "pool_101"}, True),
        ("Cy", "kaluki", {}, True),
        ("Dee", "kaluki", {}, False),
    ):
        client = NetClient(url, reconnect=False)
        client.connect()
        assert client.create(game, TWO_OPEN, name, options=options, public=public).ok
        made.append(client)
    return made


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_server_s_public_tables_are_listed_and_one_is_joined(app, server, language):
    i18n.set_language(language)
    made = hosts(server.url)
    try:
        scene = open_join(app)
        assert scene.server.state == NO_SERVER
        retype(app, "address", server.url.removeprefix("http://"))
        until([app], lambda: len(scene.public_buttons) == 2)
        labels = [button.text for button in scene.public_buttons]
        pool = tr("options.indian_rummy.format.choice_pool_101")
        assert any(pool in label for label in labels), labels
        assert not any("Dee" in label for label in labels)
        assert [t.code for t in scene.server.tables] == sorted(
            [made[0].code, made[1].code],
            key=lambda code: "indian_rummy" if code == made[0].code else "kaluki",
        )
        ann = next(t for t in scene.server.tables if t.host == "Ann")
        assert "Ann" in public_label(ann) and pool in public_label(ann)
        # each row the longest of its lines that fits: the seats free always show
        for button, table in scene.public_buttons.items():
            assert button.text in public_labels(table) and str(table.free) in button.text
        index = [t.host for t in scene.server.tables].index("Ann")
        retype(app, "name", "Bob")
        tab_to(app, f"public:{index}")
        key(app, pygame.K_RETURN)
        until([app], lambda: isinstance(app.stack.top, WaitingRoomScene))
        assert app.stack.top.joined.client.code == made[0].code
    finally:
        for client in made:
            client.close()


def test_a_table_that_fills_leaves_the_list_and_an_empty_server_says_so(app, server):
    ann = NetClient(server.url, reconnect=False)
    ann.connect()
    guests = [NetClient(server.url, reconnect=False) for _ in range(2)]
    try:
        assert ann.create("kaluki", TWO_OPEN, "Ann", public=True).ok
        scene = open_join(app)
        retype(app, "address", server.url.removeprefix("http://"))
        until([app], lambda: scene.server.state == LISTED and len(scene.public_buttons) == 1)
        for name, guest in zip(("Bob", "Cy"), guests):
            guest.connect()
            assert guest.join(ann.code, name).ok
        until([app], lambda: scene.server.state == EMPTY and not scene.public_buttons)
    finally:
        for client in (ann, *guests):
            client.close()


def test_a_server_that_does_not_answer_is_said_and_the_screen_keeps_drawing(app):
    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    scene = open_join(app)
    retype(app, "address", f"127.0.0.1:{port}")
    until([app], lambda: scene.server.state == UNREACHABLE)
    assert not scene.public_buttons


@pytest.mark.parametrize("listed", [True, False])
def test_the_host_lists_a_table_on_the_server_only_when_asked(app, server, listed):
    from game.app.scenes.online.host import ON_SERVER, HostScene
    from game.net import public_tables
    from tests.app.conftest import frames
    from tests.app.online.screens import press_until

    scene = HostScene(app)
    app.start(scene)
    frames(app, 2)
    press_until(app, "listen", pygame.K_RIGHT, lambda: scene.listen == ON_SERVER)
    retype(app, "where", server.url.removeprefix("http://"))
    assert not scene.public  # private unless the host says otherwise
    if listed:
        tab_to(app, "public")
        key(app, pygame.K_RETURN)
        assert scene.public
    tab_to(app, "create")
    key(app, pygame.K_RETURN)
    until([app], lambda: isinstance(app.stack.top, WaitingRoomScene))
    code = app.stack.top.code
    assert [t.code for t in public_tables.fetch(server.url)] == ([code] if listed else [])


def test_a_public_table_s_waiting_room_says_it_is_listed(app, server):
    from game.app.scenes.online.host import ON_SERVER, HostScene
    from tests.app.conftest import frames
    from tests.app.online.screens import press_until

    scene = HostScene(app)
    app.start(scene)
    frames(app, 2)
    press_until(app, "listen", pygame.K_RIGHT, lambda: scene.listen == ON_SERVER)
    retype(app, "where", server.url.removeprefix("http://"))
    tab_to(app, "public")
    key(app, pygame.K_RETURN)
    tab_to(app, "create")
    key(app, pygame.K_RETURN)
    until([app], lambda: isinstance(app.stack.top, WaitingRoomScene))
    assert app.stack.top.hint_key == "online.hint_host_public"
