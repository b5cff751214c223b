"""Nothing a player did is lost: autosave after every move and every rearrangement of the
hand (written off the UI thread, flushed on the way out), Continue resumes exactly, the
hands as arranged included, Save to a named slot, --load."""

from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path

import pygame

from game.app.app import App
from game.app.main import run_app
from game.app.scenes.title import TitleScene
from game.app.table import open_table, resume_table
from game.app.table.indian_rummy import IndianRummyHooks
from game.app.table.kaluki import KalukiHooks
from game.app.table.overlays import MenuOverlay, SaveDialog
from game.app.table.table_scene import TableScene
from game.engine.actions import Discard, Draw
from game.engine.cards import sort_by_rank, sort_by_suit
from game.persist.saves import list_saves, load_save
from game.tools.showcase.indian_rummy import playing_session
from tests.app.conftest import headless_app
from tests.app.table.helpers import (
    card_point,
    click,
    continue_from_title,
    drag,
    frames,
    kaluki_table,
    key,
    settle,
    until,
)

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
    saved = load_save(table.autosaver.path)
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
    assert load_save(table.autosaver.path).log == log


def test_continue_resumes_exactly_where_the_game_was(paths):
    with headless_app(paths, reduce_motion=True) as first:
        table = kaluki_table(first, ("human", "easy", "easy"), seed=9)
        assert until(first, lambda: table.my_turn)
        table.play(Draw())
        frames(first, 3)
        state, log = table.session.state, list(table.session.log)
    with headless_app(paths, reduce_motion=True) as second:
        resumed = continue_from_title(second)
        assert isinstance(resumed, TableScene) and isinstance(resumed.hooks, KalukiHooks)
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
    saved = load_save(saves[0].path)
    assert saved.state == table.session.state
    assert saved.hand_groups[0] == (tuple(table.hand_cards()),)


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
    assert isinstance(table, TableScene) and isinstance(table.hooks, KalukiHooks)
    assert table.session.state == saved.state and sample.exists()


# --- the hand as the player arranged it -------------------------------------------------


def autosaved_order(table) -> list:
    assert table.autosaver.flush()
    return [card for group in load_save(table.autosaver.path).hand_groups[0] for card in group]


def test_a_hand_dragged_into_a_new_order_comes_back_on_continue(paths):
    with headless_app(paths, reduce_motion=True) as first:
        table = my_turn_in_a_real_game(first)
        order, moves = table.hand_cards(), len(table.session.log)
        last = table.picture.get(order[-1]).rect
        drag(first, card_point(table, order[0]), (last.right - 4, last.centery))
        arranged = [*order[1:], order[0]]
        assert table.hand_cards() == arranged and len(table.session.log) == moves
        assert autosaved_order(table) == arranged  # a rearrangement is saved like a move
    with headless_app(paths, reduce_motion=True) as second:
        resumed = continue_from_title(second)
        assert isinstance(resumed, TableScene) and isinstance(resumed.hooks, KalukiHooks)
        assert resumed.hand_cards() == arranged


def test_sorting_and_the_keyboard_rearrangement_are_autosaved(app):
    table = my_turn_in_a_real_game(app)
    key(app, pygame.K_r)
    assert table.hand_cards() == sort_by_rank(table.hand_cards())
    assert autosaved_order(table) == table.hand_cards()
    key(app, pygame.K_s)
    assert table.hand_cards() == sort_by_suit(table.hand_cards())
    assert autosaved_order(table) == table.hand_cards()
    before = table.hand_cards()
    table.focus = 0
    key(app, pygame.K_RIGHT, pygame.KMOD_SHIFT)
    assert table.hand_cards() == [before[1], before[0], *before[2:]]
    assert autosaved_order(table) == table.hand_cards()


def test_a_drawn_card_is_saved_where_it_was_dropped_and_new_cards_come_after(app):
    table = my_turn_in_a_real_game(app)
    key(app, pygame.K_r)
    first = table.picture.get(table.hand_cards()[0]).rect
    drag(app, table.layout.stock.center, (first.x + 2, first.centery))
    assert table.session.log[-1] == Draw()
    drawn = table.session.state.hands[0][-1]
    assert table.hand_cards()[0] == drawn
    assert autosaved_order(table) == table.hand_cards()
    # a save that does not mention a card: it goes where a newly arrived card would
    saved = load_save(table.autosaver.path)
    without = replace(saved, hand_groups=((tuple(table.hand_cards()[1:]),), ()))
    resumed = resume_table(app, without)
    frames(app, 2)
    assert resumed.hand_cards() == [*table.hand_cards()[1:], drawn]


def test_indian_rummy_groups_are_autosaved_and_come_back(app):
    session = playing_session(2)
    moves = len(session.log)
    table = open_table(app, session)
    table.ai_pause = 60.0
    frames(app, 2)
    assert (
        isinstance(table, TableScene)
        and isinstance(table.hooks, IndianRummyHooks)
        and table.my_turn
    )
    key(app, pygame.K_a)  # auto-group
    cards = table.hand_cards()
    click(app, card_point(table, cards[-1]))
    click(app, card_point(table, cards[0]))
    key(app, pygame.K_g)  # those two in a group of their own
    settle(app, table)
    groups = [list(group) for group in table.hooks.groups]
    assert [cards[0], cards[-1]] in groups or [cards[-1], cards[0]] in groups
    assert len(session.log) == moves  # arranging plays nothing
    assert table.autosaver.flush()
    saved = load_save(table.autosaver.path)
    assert [list(group) for group in saved.hand_groups[0]] == groups
    resumed = resume_table(app, saved)
    frames(app, 2)
    assert (
        isinstance(resumed, TableScene)
        and isinstance(resumed.hooks, IndianRummyHooks)
        and resumed is not table
    )
    assert resumed.hooks.groups == groups


def test_saving_over_a_slot_asks_first_and_no_is_the_default(app, paths):
    from game.app.scenes.dialog import ConfirmDialog
    from game.persist.saves import slot_path

    table = my_turn_in_a_real_game(app)
    before = table.saved_game()
    save_named_via_menu(app, "Slot")
    old = slot_path(paths, "Slot").read_bytes()
    table.play(Draw())
    save_named_via_menu(app, "Slot")
    assert isinstance(app.stack.top, ConfirmDialog)
    key(app, pygame.K_RETURN)  # No: the slot keeps the earlier game
    assert slot_path(paths, "Slot").read_bytes() == old
    assert load_save(slot_path(paths, "Slot")).log == before.log
    save_named_via_menu(app, "Slot")
    key(app, pygame.K_TAB)  # Yes
    key(app, pygame.K_RETURN)
    assert load_save(slot_path(paths, "Slot")).log == tuple(table.session.log)


def save_named_via_menu(app, name: str) -> None:
    while not isinstance(app.stack.top, TableScene):
        app.stack.remove(app.stack.top)
        frames(app, 1)
    key(app, pygame.K_ESCAPE)
    menu = app.stack.top
    save_button = next(b for b, which in menu.buttons.items() if which == "save")
    click(app, save_button.rect.center)
    dialog = app.stack.top
    dialog.entry.set_text(name)
    click(app, dialog.save_button.rect.center)
