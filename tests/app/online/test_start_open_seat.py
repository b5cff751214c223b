"""Start with a seat still open asks first ("Start with 2 of 3 seats filled? The computer
plays the open seat"): No leaves the table waiting, Yes starts it, and a full table
starts without a question. A real server on 127.0.0.1, the host's real headless app and
a friend's real client."""

from __future__ import annotations

import pygame
import pytest

from game.app import i18n
from game.app.i18n import tr
from game.app.scenes.dialog import ConfirmDialog
from game.app.scenes.online.host import ON_SERVER, HostScene
from game.app.scenes.online.room import WaitingRoomScene
from game.app.table.table_scene import TableScene
from game.net.client import NetClient
from tests.app.conftest import frames
from tests.app.keys import key, tab_to
from tests.app.online.screens import press_until, retype, until


def host_three_seats(app, address: str) -> WaitingRoomScene:
    scene = HostScene(app)
    app.start(scene)
    frames(app, 2)
    press_until(app, "game", pygame.K_LEFT, lambda: scene.game_id == "kaluki")
    press_until(app, "players", pygame.K_LEFT, lambda: scene.choices.players == 3)
    seat_kind = lambda: [kind for _, kind in scene.choices.seats[:3]]  # noqa: E731
    press_until(app, "seat:2", pygame.K_LEFT, lambda: seat_kind() == ["you", "open", "open"])
    press_until(app, "listen", pygame.K_RIGHT, lambda: scene.listen == ON_SERVER)
    retype(app, "where", address)
    tab_to(app, "create")
    key(app, pygame.K_RETURN)
    until([app], lambda: isinstance(app.stack.top, WaitingRoomScene) and app.stack.top.lobby)
    return app.stack.top


def phase(server, code: str) -> str:
    return server.call(lambda: server.server.lobby.tables[code].phase)


def seated(room: WaitingRoomScene, names: list[str]) -> bool:
    return room.lobby is not None and [s["name"] for s in room.lobby.seats][: len(names)] == names


@pytest.mark.parametrize("language", ["en", "ja"])
def test_start_with_an_open_seat_asks_and_no_keeps_the_table_waiting(app, server, language):
    i18n.set_language(language)
    room = host_three_seats(app, server.url.removeprefix("http://"))
    friend = NetClient(server.url)
    try:
        friend.connect()
        assert friend.join(room.code, "Bob").ok
        until([app], lambda: seated(room, [room.lobby.seats[0]["name"], "Bob"]))
        assert room.lobby.seats[2]["open"]

        tab_to(app, "start")
        key(app, pygame.K_RETURN)
        frames(app, 1)
        asked = app.stack.top
        assert isinstance(asked, ConfirmDialog) and asked.focused == 0  # No, the safe answer
        assert asked.lines == [tr("online.start_open_one", filled=2, total=3, empty=1)]
        if language == "en":
            assert asked.lines == [
                "Start with 2 of 3 seats filled? The computer plays the open seat."
            ]
        key(app, pygame.K_RETURN)  # No
        frames(app, 3)
        assert app.stack.top is room and room.starting is None
        assert phase(server, room.code) == "waiting"  # nothing was sent

        key(app, pygame.K_RETURN)  # Start again (the ring is still on it): Yes this time
        frames(app, 1)
        assert isinstance(app.stack.top, ConfirmDialog)
        key(app, pygame.K_RIGHT)
        key(app, pygame.K_RETURN)
        until([app], lambda: isinstance(app.stack.top, TableScene))
        assert phase(server, room.code) != "waiting"
        app.stack.top.session.client.close()
    finally:
        friend.close()


def test_two_open_seats_are_counted_and_a_full_table_starts_without_asking(app, server):
    room = host_three_seats(app, server.url.removeprefix("http://"))
    assert room.open_seats_question == (
        "Start with 1 of 3 seats filled? The computer plays the 2 open seats."
    )
    friends = [NetClient(server.url), NetClient(server.url)]
    try:
        for friend, name in zip(friends, ["Bob", "Cy"], strict=True):
            friend.connect()
            assert friend.join(room.code, name).ok
        until([app], lambda: seated(room, [room.lobby.seats[0]["name"], "Bob", "Cy"]))
        assert room.open_seats_question is None
        tab_to(app, "start")
        key(app, pygame.K_RETURN)
        until([app], lambda: isinstance(app.stack.top, TableScene))
        app.stack.top.session.client.close()
    finally:
        for friend in friends:
            friend.close()
