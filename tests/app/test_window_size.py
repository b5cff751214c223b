"""The layout follows the real window size: after a resize (with or without an event),
after F11 (fullscreen at the desktop's size) and back."""

from __future__ import annotations

import pygame

from game.app.scenes.new_game import NewGameScene
from game.app.scenes.title import TitleScene
from tests.app.conftest import frames, headless_app, press


def desktop() -> tuple[int, int]:
    return tuple(pygame.display.get_desktop_sizes()[0])


def sizes(app) -> set[tuple[int, int]]:
    return {scene.size for scene in app.stack.scenes} | {
        scene.ui.window_resolution for scene in app.stack.scenes if scene.ui
    }


def test_f11_fills_the_desktop_and_lays_out_for_it_then_comes_back(paths):
    with headless_app(paths, (1100, 700)) as app:
        app.start(TitleScene(app))
        app.stack.push(NewGameScene(app, "kaluki"))
        frames(app, 2)
        press(app, pygame.K_F11)
        assert app.settings.fullscreen
        assert app.window.size == desktop() and app.size == desktop()
        assert sizes(app) == {desktop()}
        start = app.stack.top.start_button.rect
        assert start.right <= desktop()[0] and start.bottom <= desktop()[1]
        press(app, pygame.K_F11)
        assert not app.settings.fullscreen
        assert app.window.size == (1100, 700) and sizes(app) == {(1100, 700)}
        assert app.settings.window_size == (1100, 700)  # the windowed size is kept


def test_a_resize_no_event_told_of_is_followed_all_the_same(paths):
    with headless_app(paths, (1280, 800)) as app:
        app.start(TitleScene(app))
        frames(app, 1)
        app.window.size = (1100, 700)
        pygame.event.clear()  # as if the window system had said nothing
        frames(app, 1)
        assert sizes(app) == {(1100, 700)}


def test_every_resize_event_lays_out_again(paths):
    with headless_app(paths, (1280, 800)) as app:
        app.start(TitleScene(app))
        frames(app, 1)
        for size, kind in (((1150, 720), pygame.WINDOWRESIZED), ((1200, 760), pygame.VIDEORESIZE)):
            app.window.size = size
            app.handle_event(pygame.event.Event(kind, x=size[0], y=size[1], size=size))
            assert sizes(app) == {size}


def test_the_table_follows_f11(paths):
    from tests.app.table.helpers import kaluki_table

    with headless_app(paths, (1100, 700), reduce_motion=True) as app:
        table = kaluki_table(app)
        press(app, pygame.K_F11)
        frames(app, 2)
        assert table.size == desktop() and table.layout is not None
        right = max(cell.right for cell in table.layout.cells.values())
        assert right <= desktop()[0] and table.layout.hand.bottom <= desktop()[1]
