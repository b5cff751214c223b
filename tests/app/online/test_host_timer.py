"""The turn timer when hosting (issue 25 §3): the Host screen offers off / 30 / 60 / 120 s
a turn (off by default) and, for Indian Rummy with a timer on, what a timeout does; the
table is made with it on a real server, and the waiting room shows it to everyone."""

from __future__ import annotations

import pygame
import pytest

from game.app import fonts, i18n
from game.app.i18n import tr
from game.app.scenes.online.host import ON_SERVER, HostScene
from game.app.scenes.online.room import WaitingRoomScene, timer_text
from tests.app.conftest import frames, headless_app
from tests.app.keys import key, tab_to
from tests.app.online.screens import press_until, retype, until


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_host_chooses_a_turn_timer_and_the_room_shows_it(app, server, language):
    i18n.set_language(language)
    scene = HostScene(app)
    app.start(scene)
    frames(app, 2)
    assert scene.timer == 0 and "on_timeout" not in {c.name for c in scene.controls}
    press_until(app, "game", pygame.K_RIGHT, lambda: scene.game_id == "indian_rummy")
    press_until(app, "timer", pygame.K_RIGHT, lambda: scene.timer == 30)
    # Indian Rummy with a timer: the sites' rule (a drop) is offered.
    press_until(app, "on_timeout", pygame.K_RIGHT, lambda: scene.on_timeout == "drop")
    press_until(app, "listen", pygame.K_RIGHT, lambda: scene.listen == ON_SERVER)
    retype(app, "where", server.url.removeprefix("http://"))
    plan = scene.plan()
    assert not isinstance(plan, str) and (plan.timer, plan.on_timeout) == (30, "drop")
    tab_to(app, "create")
    key(app, pygame.K_RETURN)
    until([app], lambda: scene.task is None)
    room = app.stack.top
    assert isinstance(room, WaitingRoomScene)
    until([app], lambda: room.lobby is not None)
    assert room.lobby is not None and (room.lobby.timer, room.lobby.on_timeout) == (30, "drop")
    assert timer_text(room.lobby) == tr("online.room_timer_drop", n=30)
    table = server.call(lambda: server.server.lobby.tables[room.code])
    assert table.turns.setting.seconds == 30 and table.turns.setting.on_timeout == "drop"
    frames(app, 2)  # the room draws it


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_host_screen_on_a_server_with_a_timer_builds_in_a_low_window(paths, language):
    """At 1024x640, "On a server" (its address and the public switch) left the rules'
    list no height and pygame_gui failed (RecursionError): the deck note gives way."""
    with headless_app(paths, size=(1024, 640), language=language) as app:
        scene = HostScene(app)
        app.start(scene)
        frames(app, 1)
        for game in ("kaluki", "indian_rummy"):
            scene.change("game", game)
            scene.change("listen", ON_SERVER)
            scene.change("timer", 30)
            frames(app, 1)
            assert {"timer", "listen"} <= {control.name for control in scene.controls}
            assert scene.columns[1].bottom <= app.size[1]


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_timer_rows_stay_inside_their_panel_at_both_sizes(paths, language):
    for size in ((1280, 800), (1024, 640)):
        with headless_app(paths, size=size, language=language) as app:
            scene = HostScene(app)
            app.start(scene)
            scene.change("game", "indian_rummy")
            scene.change("timer", 120)
            frames(app, 1)
            left = scene.columns[0]
            for control in scene.controls:
                if control.name in ("timer", "on_timeout"):
                    for button in control.buttons:
                        assert left.contains(button.rect), (size, control.name, button.rect)


@pytest.mark.parametrize("language", ["en", "ja"])
def test_every_field_of_the_seats_panel_stays_inside_it_for_every_game(paths, language):
    """Old: at 1024x640 in English Indian Rummy's player counts 2-10 ran past the panel's
    edge (and over the Rule options heading), and so did the name field and 'seconds'."""
    for size in ((1280, 800), (1024, 640)):
        with headless_app(paths, size=size, language=language) as app:
            scene = HostScene(app)
            app.start(scene)
            for game in ("kaluki", "kalooki", "indian_rummy", "laugh_and_lie_down"):
                scene.change("game", game)
                scene.change("timer", 30)
                frames(app, 1)
                left = scene.columns[0]
                for control in scene.controls:
                    for button in control.buttons:
                        if button.rect.colliderect(left):
                            assert left.contains(button.rect), (size, game, control.name)
                assert left.contains(scene.entries["name"].rect), (size, game)
                for key, (x, y) in scene.labels:
                    if left.collidepoint(x, y):
                        width = fonts.font(19, True).size(tr(key))[0]
                        assert x + width <= left.right - 8, (size, game, key)
