"""Helpers for driving the Play online screens: apps side by side, waiting by the clock
(never by a frame count: the server and clients answer on their own threads)."""

from __future__ import annotations

import time
from collections.abc import Callable

import pygame

from tests.app.conftest import frames
from tests.app.keys import key, tab_to, type_text

WAIT = 20.0  # seconds: a loaded machine answers on loopback within this


def until(apps, done: Callable[[], bool], seconds: float = WAIT) -> None:
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, "the screens never got there"
        for app in apps:
            frames(app, 1)
        time.sleep(0.01)


def retype(app, stop: str, text: str) -> None:
    """Go to the text field ``stop``, clear it and type ``text``."""
    tab_to(app, stop)
    entry = app.stack.top.ring.focused.typing
    for _ in range(len(entry.get_text()) + 1):
        key(app, pygame.K_END)
        key(app, pygame.K_BACKSPACE)
    type_text(app, text)
    frames(app, 1)
    assert entry.get_text() == text


def press_until(app, stop: str, code: int, reached: Callable[[], bool], presses: int = 12) -> None:
    tab_to(app, stop)
    for _ in range(presses):
        if reached():
            return
        key(app, code)
    assert reached(), f"{stop} never reached the value"
