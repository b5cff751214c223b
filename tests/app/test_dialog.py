"""Dialogs by keyboard: a question starts on its safe answer, and the focus moves."""

from __future__ import annotations

import pygame

from game.app.scenes.dialog import ConfirmDialog, MessageDialog
from game.app.scenes.title import TitleScene
from tests.app.conftest import frames, press


def ask(app) -> list[str]:
    answers: list[str] = []
    app.start(TitleScene(app))
    app.confirm("Delete?", ["It cannot be undone."], lambda: answers.append("yes"))
    frames(app, 2)
    return answers


def test_enter_on_a_question_gives_the_safe_answer(app):
    answers = ask(app)
    dialog = app.stack.top
    assert isinstance(dialog, ConfirmDialog) and dialog.focused == 0  # No
    press(app, pygame.K_RETURN)
    assert answers == [] and isinstance(app.stack.top, TitleScene)


def test_tab_arrows_and_space_choose_yes_and_come_back(app):
    answers = ask(app)
    dialog = app.stack.top
    press(app, pygame.K_TAB)
    assert dialog.focused == 1
    press(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert dialog.focused == 0
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_DOWN)  # one row: Down changes nothing
    assert dialog.focused == 1
    press(app, pygame.K_SPACE)
    assert answers == ["yes"]


def test_escape_is_no_and_a_message_focuses_ok(app):
    answers = ask(app)
    press(app, pygame.K_ESCAPE)
    assert answers == [] and isinstance(app.stack.top, TitleScene)
    closed: list[bool] = []
    app.notify(["Saved."], on_close=lambda: closed.append(True))
    frames(app, 2)
    assert isinstance(app.stack.top, MessageDialog) and app.stack.top.focused == 0
    press(app, pygame.K_RETURN)
    assert closed == [True]


def test_a_rebuild_keeps_the_focus(app):
    ask(app)
    dialog = app.stack.top
    press(app, pygame.K_RIGHT)
    dialog.rebuild()
    assert dialog.focused == 1
