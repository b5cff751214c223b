"""The turn timer's ring on the acting seat's name plate (an online table whose host
chose a timer): an arc that runs down by this computer's own monotonic clock from the
server's "seconds left" (``SeatView.time_left``), turning the warning colour in the last
``WARN_S`` seconds, with the whole seconds left inside it."""

from __future__ import annotations

import math

import pygame
import pygame.gfxdraw

from game.app import fonts
from game.app.ui.theme import CREAM

RING_R = 11  # the ring's radius at scale 1
RING = (110, 200, 255)  # time enough
WARN = (255, 96, 72)  # the last seconds
TRACK = (20, 44, 34)  # the time already gone
WARN_S = 10.0


def ring_colour(left: float) -> tuple[int, int, int]:
    return WARN if left <= WARN_S else RING


def _arc(centre: tuple[int, int], outer: float, inner: float, share: float) -> list:
    """The points of a ring's arc from twelve o'clock clockwise over ``share`` of it."""
    steps = max(2, round(96 * share))
    sweep = 2 * math.pi * share
    angles = [-math.pi / 2 + sweep * i / steps for i in range(steps + 1)]
    cx, cy = centre
    out = [(cx + outer * math.cos(a), cy + outer * math.sin(a)) for a in angles]
    back = [(cx + inner * math.cos(a), cy + inner * math.sin(a)) for a in reversed(angles)]
    return out + back


def draw_ring(
    surface: pygame.Surface, centre: tuple[int, int], left: float, of: float, scale: float
) -> pygame.Rect:
    """The ring at ``centre``: ``left`` of ``of`` seconds; the rectangle it covers."""
    radius = max(8, round(RING_R * scale))
    width = max(3, round(3 * scale))
    share = max(0.0, min(1.0, left / of)) if of > 0 else 0.0
    colour = ring_colour(left)
    x, y = centre
    pygame.gfxdraw.filled_circle(surface, x, y, radius, TRACK)
    pygame.gfxdraw.aacircle(surface, x, y, radius, TRACK)
    if share > 0.002:
        points = _arc(centre, radius, radius - width, share)
        pygame.gfxdraw.filled_polygon(surface, points, colour)
        pygame.gfxdraw.aapolygon(surface, points, colour)
    seconds = str(math.ceil(left))
    size = max(9, round((9 if len(seconds) > 2 else 10) * scale))
    label = fonts.render(seconds, size, colour if left <= WARN_S else CREAM, True)
    surface.blit(label, label.get_rect(center=(x, y + 1)))
    return pygame.Rect(x - radius, y - radius, 2 * radius + 1, 2 * radius + 1)
