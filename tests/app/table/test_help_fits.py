"""The key help fits its box for every game in both languages at both window sizes:
every rendered line is measured against the box it is drawn in."""

from __future__ import annotations

import pygame
import pytest

from game.app import fonts, i18n
from game.app.table.overlays import HelpOverlay
from game.games.registry import GAMES
from tests.app.conftest import headless_app
from tests.app.table.helpers import frames, key
from tests.persist.helpers import played


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
@pytest.mark.parametrize("language", ["en", "ja"])
def test_every_key_help_line_fits_its_box(paths, size, language):
    with headless_app(paths, size=size, reduce_motion=True, language=language) as app:
        from game.app.scenes.title import TitleScene
        from game.app.table import resume_table

        app.start(TitleScene(app))
        for game_id in sorted(GAMES):
            players = {"kalooki": 4, "laugh_and_lie_down": 4}.get(game_id, 4)
            table = resume_table(app, played(game_id, {"players": players}, seed=3, moves=2))
            table.ai_pause = 60.0
            frames(app, 2)
            if app.stack.top is not table:  # a hot-seat hand-off or a prompt: not here
                app.stack.top.ready() if hasattr(app.stack.top, "ready") else None
            key(app, pygame.K_F1)
            help_box = app.stack.top
            assert isinstance(help_box, HelpOverlay), game_id
            box, pt = help_box.box, help_box.size_pt
            assert box.top >= 0 and box.bottom <= size[1]
            x = box.x + 36
            step = round(pt * 1.45)
            for keys, wrapped, y in help_box.rows:
                keys_w = fonts.font(pt, True).size(keys)[0]
                assert x + keys_w <= x + help_box.key_w, (game_id, keys)
                for number, words in enumerate(wrapped):
                    right = x + help_box.key_w + fonts.font(pt).size(words)[0]
                    assert right <= box.right - 24, (game_id, language, size, words)
                    assert y + number * step + step <= box.bottom - 40, (game_id, words)
            assert help_box.rows and not any("…" in k for k, _w, _y in help_box.rows)
            key(app, pygame.K_SPACE)
        i18n.set_language("en")


def _open_each_game(app, game_id: str):
    from game.app.table import resume_table

    table = resume_table(app, played(game_id, {"players": 4}, seed=3, moves=2))
    table.ai_pause = 60.0
    frames(app, 2)
    if app.stack.top is not table and hasattr(app.stack.top, "ready"):
        app.stack.top.ready()  # a hot-seat hand-off: the table behind it is what counts
        frames(app, 2)
    return table


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
@pytest.mark.parametrize("language", ["en", "ja"])
def test_every_score_header_fits_its_panel_uncut(paths, size, language):
    """Issue 29: the Japanese Kalooki header was cut ("...フォ") at 1280x800, where its
    type grows with the window faster than the sidebar does. Every deal's header of
    Kalooki, and each game's header on screen, is drawn whole inside its panel."""
    from game.app.table.kalooki.words import deal_contract

    with headless_app(paths, size=size, reduce_motion=True, language=language) as app:
        from game.app.scenes.title import TitleScene

        app.start(TitleScene(app))
        for game_id in sorted(GAMES):
            table = _open_each_game(app, game_id)
            titles = [table.score_title(table.view)]
            if game_id == "kalooki":
                titles += [
                    i18n.tr("kalooki.scores_title", n=deal, contract=deal_contract(deal))
                    for deal in range(1, 10)
                ]
            layout = table.layout
            for title in titles:
                table.score_panel.draw(app.surface, layout.score, title, [], layout.scale)
                size_pt, shown, room = table.score_panel.title_drawn
                assert shown == title, (game_id, language, size, title)
                assert fonts.font(size_pt, True).size(shown)[0] <= room, (game_id, title)
                assert size_pt >= 11
        i18n.set_language("en")


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
@pytest.mark.parametrize("language", ["en", "ja"])
def test_every_side_button_label_stays_clear_of_its_border(paths, size, language):
    """Issue 29: "Sort by rank" touched its button's border at 1024x640. Each button of
    every table is measured in the font the button really draws with: the label keeps
    BUTTON_CLEARANCE (border and air) on both sides."""
    from pygame_gui.core.utility import translate

    from game.app.ui.widgets import BUTTON_CLEARANCE

    with headless_app(paths, size=size, reduce_motion=True, language=language) as app:
        from game.app.scenes.title import TitleScene

        app.start(TitleScene(app))
        for game_id in sorted(GAMES):
            table = _open_each_game(app, game_id)
            widgets = [*table.side_buttons, *table.context_widgets]
            assert len(widgets) >= 6, game_id
            for button in widgets:
                label = translate(button.text, **button.text_kwargs)  # as the button does
                width = button.font.size(label)[0]
                assert width + 2 * BUTTON_CLEARANCE <= button.rect.w, (
                    game_id,
                    language,
                    size,
                    label,
                    width,
                    button.rect.w,
                )
        i18n.set_language("en")
