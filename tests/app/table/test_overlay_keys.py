"""The table's own screens by keys alone: the menu, saving to a slot (replacing one asks,
No first), the results."""

from __future__ import annotations

import pygame

from game.app.scenes.dialog import ConfirmDialog, MessageDialog
from game.app.scenes.game_over import GameOverScene
from game.app.table.overlays import MenuOverlay, SaveDialog
from game.persist.saves import slot_path
from game.tools.showcase.kaluki import sample_result
from tests.app.keys import key, type_text
from tests.app.table.helpers import frames, kaluki_table


def test_menu_then_save_to_a_named_slot_by_keys(app, paths):
    table = kaluki_table(app)
    key(app, pygame.K_ESCAPE)
    menu = app.stack.top
    assert isinstance(menu, MenuOverlay) and menu.ring.name == "resume"
    key(app, pygame.K_DOWN)
    assert menu.ring.name == "save"
    key(app, pygame.K_RETURN)
    dialog = app.stack.top
    assert isinstance(dialog, SaveDialog) and dialog.ring.name == "name"
    assert dialog.text_entry_focused()  # the typing goes into the name at once
    dialog.entry.set_text("")
    type_text(app, "Keys")
    key(app, pygame.K_TAB)
    assert dialog.ring.name == "back" and not dialog.text_entry_focused()
    key(app, pygame.K_TAB)
    key(app, pygame.K_SPACE)
    assert slot_path(paths, "Keys").exists()
    assert isinstance(app.stack.top, MessageDialog)
    key(app, pygame.K_RETURN)
    assert app.stack.top is table
    # Saving again under the same name asks first, and Enter keeps the old file.
    before = slot_path(paths, "Keys").stat().st_mtime_ns
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    app.stack.top.entry.set_text("Keys")
    key(app, pygame.K_TAB)
    key(app, pygame.K_TAB)
    key(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, ConfirmDialog)
    key(app, pygame.K_RETURN)
    assert slot_path(paths, "Keys").stat().st_mtime_ns == before
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is table


def test_results_by_keys_enter_plays_again_tab_then_enter_goes_to_the_menu(app):
    chosen: list[str] = []
    app.stack.reset(
        GameOverScene(
            app, sample_result(), lambda: chosen.append("again"), lambda: chosen.append("menu")
        )
    )
    frames(app, 2)
    scene = app.stack.top
    assert scene.ring.name == "again"
    key(app, pygame.K_TAB)
    assert scene.ring.name == "menu"
    key(app, pygame.K_RETURN)
    assert chosen == ["menu"]
    key(app, pygame.K_ESCAPE)
    assert chosen == ["menu", "menu"]
