"""Quitting while the disk refuses the game's autosaves asks first (Keep playing is the
default answer) and offers to save it in another folder; settings the disk refuses are
told once."""

from __future__ import annotations

import errno
import tempfile
import time
from pathlib import Path

import pygame

from game.app.scenes.dialog import MessageDialog
from game.app.table.leave_unsaved import LeaveUnsavedDialog, SaveElsewhereDialog
from game.persist.saves import load_save
from tests.app.conftest import frames, headless_app, press
from tests.app.table.helpers import kaluki_table, until


def refuse_writes_under(monkeypatch, folder: Path, number: int = errno.ENOSPC) -> None:
    """The disk refuses every write in ``folder`` (and below it), and only there."""
    real = tempfile.mkstemp

    def mkstemp(*args, **kwargs):
        where = Path(kwargs.get("dir") or ".").resolve()
        if where == folder.resolve() or folder.resolve() in where.parents:
            raise OSError(number, "No space left on device")
        return real(*args, **kwargs)

    monkeypatch.setattr(tempfile, "mkstemp", mkstemp)


def within(app, condition, seconds: float = 10.0) -> bool:
    deadline = time.monotonic() + seconds
    while not condition() and time.monotonic() < deadline:
        frames(app)
        time.sleep(0.005)
    return condition()


def close_window(app) -> None:
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    frames(app)


def test_closing_the_window_while_saves_fail_asks_and_saves_elsewhere(paths, tmp_path, monkeypatch):
    with headless_app(paths, reduce_motion=True) as app:
        table = kaluki_table(app, ("human", "easy"), seed=9)
        assert until(app, lambda: table.my_turn)
        table.ai_pause = 60.0
        table.autosaver.retry_s = 0.05
        refuse_writes_under(monkeypatch, paths.saves)
        table.hand_rearranged()
        assert within(app, lambda: table.autosaver.problem is not None)
        app.running = True
        close_window(app)
        dialog = app.stack.top
        assert app.running and isinstance(dialog, LeaveUnsavedDialog)
        assert dialog.focused == 0  # Keep playing: an Enter out of habit loses nothing
        press(app, pygame.K_RETURN)
        assert app.running and app.stack.top is table
        close_window(app)
        app.stack.top.choose(1)  # Save elsewhere...
        frames(app, 2)
        elsewhere = app.stack.top
        assert isinstance(elsewhere, SaveElsewhereDialog)
        stick = tmp_path / "stick"
        stick.mkdir()
        elsewhere.entry.set_text(str(stick))
        elsewhere.save()
        frames(app, 2)
        (saved,) = stick.glob("*.json")
        assert load_save(saved).log == tuple(table.session.log)
        assert isinstance(app.stack.top, MessageDialog) and app.running
        press(app, pygame.K_RETURN)  # OK: the game is safe, the app closes
        assert not app.running


def test_a_folder_that_does_not_exist_is_refused_in_the_dialog(paths, tmp_path, monkeypatch):
    with headless_app(paths, reduce_motion=True) as app:
        table = kaluki_table(app, ("human", "easy"), seed=9)
        assert until(app, lambda: table.my_turn)
        table.ai_pause = 60.0
        refuse_writes_under(monkeypatch, paths.saves, errno.EROFS)
        table.hand_rearranged()
        assert within(app, lambda: table.autosaver.problem is not None)
        app.running = True
        close_window(app)
        close_window(app)  # closing again while it asks: quit
        assert not app.running
        app.running = True
        table.ask_before_leaving(app.quit)
        app.stack.top.choose(1)
        frames(app)
        elsewhere = app.stack.top
        elsewhere.entry.set_text(str(tmp_path / "nowhere"))
        elsewhere.save()
        assert app.stack.top is elsewhere and elsewhere.problem == "There is no such folder."


def test_a_game_that_saves_quits_without_a_question(app):
    table = kaluki_table(app, ("human", "easy"), seed=9)
    assert until(app, lambda: table.my_turn)
    app.running = True
    close_window(app)
    assert not app.running


def test_settings_the_disk_refuses_are_told_once(app, paths, monkeypatch):
    refuse_writes_under(monkeypatch, paths.config)
    app.update_settings(volume=0.3)
    app.update_settings(volume=0.4)
    frames(app, 2)
    told = [s for s in app.stack.scenes if isinstance(s, MessageDialog)]
    assert len(told) == 1
    assert told[0].lines == [
        "Your settings could not be saved: the disk is full. They apply until Card Parlour closes."
    ]
