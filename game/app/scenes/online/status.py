"""The line under a form that says what is happening (connecting ...) or what went wrong,
in words the player can act on (never a traceback)."""

from __future__ import annotations

import pygame

from game.app.i18n import tr
from game.app.messages import render
from game.app.scenes.online.connect import Failed
from game.app.ui.paint import paragraph
from game.app.ui.theme import GOLD, RED


def failure_text(error: BaseException) -> str:
    if isinstance(error, Failed):
        if error.message is not None:
            return render(error.message)
        return tr(error.key)
    return tr("online.unexpected")


class Status:
    def __init__(self) -> None:
        self.line = ""
        self.bad = False
        self.rect = pygame.Rect(0, 0, 0, 0)

    def wait(self, line: str) -> None:
        self.line, self.bad = line, False

    def fail(self, line: str) -> None:
        self.line, self.bad = line, True

    def failure(self, error: BaseException) -> None:
        self.fail(failure_text(error))

    def clear(self) -> None:
        self.line, self.bad = "", False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.line:
            return
        colour = RED if self.bad else GOLD
        lines = max(1, self.rect.h // 21)
        paragraph(surface, self.line, self.rect, 16, colour, bold=self.bad, max_lines=lines)
