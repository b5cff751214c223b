"""The lasting notice at the table while the game cannot be saved (a full or read-only
disk): "Your game is not being saved: the disk is full", in a red-edged strip just
above the status line until a write succeeds. The autosaver keeps trying; the last
good save on disk is intact meanwhile. It sits over the bottom edge of the felt, where
it hides no seat, pile or score."""

from __future__ import annotations

import pygame

from game.app.i18n import tr
from game.app.table.panels import fit_line
from game.app.ui.paint import panel, text
from game.app.ui.theme import CREAM, MUTED, RED

HEIGHT = 34


def save_problem_lines(problem: str) -> tuple[str, str]:
    """The notice's two parts for an autosaver's ``problem`` ("full", "read_only" ...)."""
    return tr(f"table.not_saved_{problem}"), tr("table.not_saved_retry")


def draw_save_problem(
    surface: pygame.Surface, problem: str | None, status: pygame.Rect | None = None
) -> pygame.Rect | None:
    """Draw the notice above ``status`` (the status line; the window's bottom when
    unknown) while ``problem`` is set; returns its box."""
    if problem is None:
        return None
    w, h = surface.get_size()
    base = status if status is not None else pygame.Rect(20, h - 60, w - 40, 40)
    box = pygame.Rect(base.x, base.y - HEIGHT - 6, base.w, HEIGHT)
    panel(surface, box, alpha=245, radius=10, border=RED)
    first, second = save_problem_lines(problem)
    room = box.w - 32
    shown = text(
        surface,
        fit_line(first, 16, room, True),
        (box.x + 16, box.centery),
        16,
        CREAM,
        bold=True,
        anchor="midleft",
    )
    rest = box.right - 16 - (shown.right + 20)
    if rest > 80:
        text(
            surface,
            fit_line(second, 14, rest, False),
            (shown.right + 20, box.centery),
            14,
            MUTED,
            anchor="midleft",
        )
    return box
