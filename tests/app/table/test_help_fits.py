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
