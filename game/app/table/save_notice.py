"""The lasting notice at the table while the game cannot be saved (a full or read-only
disk): "Your game is not being saved: the disk is full", over the top of the table until
a write succeeds. The autosaver keeps trying; the last good save on disk is intact."""

from __future__ import annotations

import pygame

from game.app.i18n import tr
from game.app.table.panels import fit_line
from game.app.ui.paint import panel, text
from game.app.ui.theme import CREAM, MUTED, RED


def save_problem_lines(problem: str) -> tuple[str, str]:
    """The notice's two lines for an autosaver's ``problem`` ("full", "read_only" ...)."""
    return tr(f"table.not_saved_{problem}"), tr("table.not_saved_retry")


def draw_save_problem(surface: pygame.Surface, problem: str | None) -> pygame.Rect | None:
    """Draw the notice at the top centre when ``problem`` is set; returns its box."""
    if problem is None:
        return None
    w = surface.get_width()
    first, second = save_problem_lines(problem)
    width = min(w - 40, 720)
    box = pygame.Rect(0, 0, width, 62)
    box.midtop = (w // 2, 10)
    panel(surface, box, alpha=240, radius=12, border=RED)
    room = width - 32
    text(
        surface,
        fit_line(first, 17, room, True),
        (box.centerx, box.y + 9),
        17,
        CREAM,
        bold=True,
        anchor="midtop",
    )
    text(
        surface,
        fit_line(second, 14, room, False),
        (box.centerx, box.y + 36),
        14,
        MUTED,
        anchor="midtop",
    )
    return box
