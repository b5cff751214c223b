"""Against the computer, undo and redo without limit within a deal (as PySolFC has):
past a card drawn from the stock and past the computer's answers, to the deal's start;
kept across quit and resume, the hand coming back in exactly the order it was in."""

from __future__ import annotations

import pygame

from game.app.scenes.title import TitleScene
from game.app.table import resume_table
from game.engine.actions import Discard, Draw
from game.persist.saves import load_save
from tests.app.conftest import headless_app
from tests.app.table.helpers import frames, kaluki_table, key, until


def my_turn(app, table) -> None:
    table.ai_pause = 0.0
    assert until(app, lambda: table.my_turn and not table.animator.busy, 3000)
    table.ai_pause = 60.0


def play_a_turn(app, table, arrange=None):
    """Draw, arrange the hand (``arrange`` turns the order into another), discard its
    first card; then the computer answers. Returns (state, hand order) before the
    discard."""
    table.drawn_from = list(table.hand_cards())  # the hand before the draw
    table.play(Draw())
    if arrange is not None:
        table.set_seat_groups(table.view_seat, [arrange(table.hand_cards())])
        table.refresh()
        table.hand_rearranged()
    before = (table.session.state, list(table.hand_cards()))
    table.play(Discard(table.hand_cards()[0]))
    my_turn(app, table)
    return before


def test_undo_goes_back_past_a_draw_and_the_computers_moves_and_redo_returns(app):
    table = kaluki_table(app, ("human", "easy"), seed=9)
    my_turn(app, table)
    start, opened = table.session.state, list(table.session.log)  # the computer began
    play_a_turn(app, table)
    after_one = table.session.state
    play_a_turn(app, table)
    after_two, log = table.session.state, list(table.session.log)
    for _ in range(4):  # two discards and two draws (each showed a card from the stock)
        key(app, pygame.K_u)
    assert table.session.state == start and table.session.log == opened
    key(app, pygame.K_u)  # nothing before the player's first move of the deal
    assert table.session.state == start
    key(app, pygame.K_y, pygame.KMOD_CTRL)
    key(app, pygame.K_y, pygame.KMOD_CTRL)
    assert table.session.state == after_one
    key(app, pygame.K_z, pygame.KMOD_CTRL | pygame.KMOD_SHIFT)
    key(app, pygame.K_z, pygame.KMOD_CTRL | pygame.KMOD_SHIFT)
    assert table.session.state == after_two and table.session.log == log
    key(app, pygame.K_y, pygame.KMOD_CTRL)
    assert table.notice == "Nothing to redo."


def test_undo_and_redo_carry_on_across_quit_and_resume_with_the_exact_hand_order(paths):
    with headless_app(paths, reduce_motion=True) as first:
        table = kaluki_table(first, ("human", "easy"), seed=9)
        my_turn(first, table)
        play_a_turn(first, table)
        arranged_state, arranged = play_a_turn(first, table, lambda cards: cards[::-1])
        before_draw = table.drawn_from
        end_state = table.session.state
        table.undo()  # back to before the last discard: redo has one group
        assert table.session.state == arranged_state and table.hand_cards() == arranged
        assert table.autosaver.flush()
        path = table.autosaver.path
        first.stack.reset(TitleScene(first))
    saved = load_save(path)
    assert saved.redo and saved.undo_hands
    with headless_app(paths, reduce_motion=True) as second:
        second.start(TitleScene(second))
        table = resume_table(second, saved, path)
        frames(second, 2)
        assert table.session.state == arranged_state and table.hand_cards() == arranged
        table.redo()
        assert table.session.state == end_state
        table.undo()
        table.undo()  # the draw before it, after the resume: the hand as it was then
        assert table.session.log == list(saved.log[:-1])
        assert table.hand_cards() == before_draw  # exactly as it lay, not re-sorted
        table.redo()
        assert table.session.state == arranged_state
