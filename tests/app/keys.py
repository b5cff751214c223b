"""Driving a screen by keys alone: key presses handed to the app as the event loop would,
and walking the focus ring by Tab to a named stop."""

from __future__ import annotations

import pygame

from tests.app.conftest import frames

MAX_STOPS = 200


def key(app, code: int, mod: int = 0, unicode: str = "") -> None:
    """One key press and release, handled at once (no frame drawn)."""
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode=unicode))
    app.handle_event(pygame.event.Event(pygame.KEYUP, key=code, mod=mod))


def type_text(app, text: str) -> None:
    for char in text:
        app.handle_event(pygame.event.Event(pygame.TEXTINPUT, text=char))


def tab_to(app, name: str) -> None:
    """Press Tab until the ring of the top screen is on ``name`` (it must get there)."""
    scene = app.stack.top
    ring = scene.ring if scene.ring.items else getattr(scene, "focus", scene.ring)  # the title's
    for _ in range(MAX_STOPS):
        if ring.name == name:
            frames(app, 1)
            return
        key(app, pygame.K_TAB)
    raise AssertionError(f"Tab never reaches {name!r}; stops: {[i.name for i in ring.items]}")
