"""Nothing a player did is lost: autosave after every move (written off the UI thread,
flushed on the way out), Continue resumes exactly, Save to a named slot, --load."""

from __future__ import annotations

import shutil
from pathlib import Path

import pygame

from game.app.app import App
from game.app.main import run_app
from game.app.scenes.title import TitleScene
from game.app.table.kaluki import KalukiTable
from game.app.table.overlays import MenuOverlay, SaveDialog
from game.engine.actions import Discard, Draw
from game.persist.saves import autosave_path, list_saves, load_save
from tests.app.conftest import headless_app
from tests.app.table.helpers import card_point, click, drag, frames, kaluki_table, key, until

SAMPLES = Path(__file__).resolve().parents[3] / "saves"


def my_turn_in_a_real_game(app):
    """A dealt game (saves must replay from the seed) at the human's first turn."""
    table = kaluki_table(app, ("human", "easy"), seed=9)
    assert until(app, lambda: table.my_turn)
    table.ai_pause = 60.0
    return table


def test_a_move_is_autosaved(app, paths):
    table = my_turn_in_a_real_game(app)
    drag(app, table.layout.stock.center, table.layout.hand.center)
    card = table.hand_cards()[0]
    drag(app, card_point(table, card), table.layout.discard.center)
    assert table.autosaver.flush()
    saved = load_save(autosave_path(paths))
    assert saved.log[-2:] == (Draw(), Discard(card))
    assert saved.state == table.session.state
    assert saved.thumbnail is not None  # the Load list shows a picture of the table


def test_leaving_the_table_writes_the_last_move_first(app, paths):
    table = my_turn_in_a_real_game(app)
    written = []
    original = table.autosaver._write

    def slow_write(where, saved):
        pygame.time.wait(150)  # a slow disk: the write is still going when the player quits
        original(where, saved)
        written.append(saved)

    table.autosaver._write = slow_write
    table.play(Draw())
    log = tuple(table.session.log)
    app.stack.reset(TitleScene(app))  # quit to title at once
    assert written and written[-1].log == log
    assert load_save(autosave_path(paths)).log == log


def test_continue_resumes_exactly_where_the_game_was(paths):
    with headless_app(paths, reduce_motion=True) as first:
        table = kaluki_table(first, ("human", "easy", "easy"), seed=9)
        assert until(first, lambda: table.my_turn)
        table.play(Draw())
        frames(first, 3)
        state, log = table.session.state, list(table.session.log)
    with headless_app(paths, reduce_motion=True) as second:
        second.start(TitleScene(second))
        frames(second)
        title = second.stack.top
        assert "continue" in title.buttons.values()
        title.choose("continue")
        frames(second, 2)
        resumed = second.stack.top
        assert isinstance(resumed, KalukiTable)
        assert resumed.session.state == state and resumed.session.log == log
        assert resumed.my_turn and len(resumed.hand_cards()) == len(state.hands[0])


def test_save_from_the_menu_writes_a_named_slot(app, paths):
    table = my_turn_in_a_real_game(app)
    key(app, pygame.K_ESCAPE)
    menu = app.stack.top
    assert isinstance(menu, MenuOverlay)
    save_button = next(b for b, name in menu.buttons.items() if name == "save")
    click(app, save_button.rect.center)
    dialog = app.stack.top
    assert isinstance(dialog, SaveDialog)
    dialog.entry.set_text("Before the big swap")
    click(app, dialog.save_button.rect.center)
    saves = [s for s in list_saves(paths) if not s.is_autosave]
    assert [s.name for s in saves] == ["Before the big swap"]
    assert load_save(saves[0].path).state == table.session.state


def test_load_on_the_command_line_opens_the_table(paths, monkeypatch, tmp_path):
    sample = tmp_path / "elsewhere.json"
    shutil.copy(SAMPLES / "sample-kaluki.json", sample)
    saved = load_save(sample)
    opened = []

    def run(self, first, on_first_frame=None):
        self.start(first)
        on_first_frame()
        opened.append(self.stack.top)
        self.shutdown()
        return 0

    monkeypatch.setattr(App, "run", run)
    monkeypatch.setattr("game.persist.paths.app_paths", lambda portable=False: paths)
    assert run_app(load=saved) == 0
    table = opened[0]
    assert isinstance(table, KalukiTable)
    assert table.session.state == saved.state and sample.exists()
