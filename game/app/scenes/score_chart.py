"""A line chart of cumulative scores over the deals, drawn with pygame (no plotting
library): one coloured line per player, a dot per deal, a dashed line at the target."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.app.table.panels import seat_colour
from game.app.ui.paint import text
from game.app.ui.theme import GOLD, MUTED

GRID = (46, 100, 72)


def nice_step(span: float) -> int:
    """A round grid step giving about five lines over ``span``."""
    raw = max(1.0, span / 5)
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000):
        if step >= raw:
            return step
    return 10_000


def draw_score_chart(
    surface: pygame.Surface,
    rect: pygame.Rect,
    series: Sequence[Sequence[int]],
    *,
    target: int | None = None,
    deal_label: str = "",
) -> None:
    """``series[seat]`` holds the running total after deal 0 (the start: 0), 1, 2 ..."""
    if not series or not series[0]:
        return
    deals = len(series[0]) - 1
    values = [v for line in series for v in line] + ([target] if target is not None else [])
    low, high = min(0, *values), max(1, *values)
    step = nice_step(high - low)
    high = -(-high // step) * step
    low = (low // step) * step
    left = rect.x + 46
    plot = pygame.Rect(left, rect.y + 8, rect.right - left - 10, rect.h - 40)

    def point(deal: int, value: float) -> tuple[int, int]:
        x = plot.x + (plot.w * deal / max(1, deals))
        y = plot.bottom - plot.h * (value - low) / max(1, high - low)
        return round(x), round(y)

    value = low
    while value <= high:
        y = point(0, value)[1]
        pygame.draw.line(surface, GRID, (plot.x, y), (plot.right, y), 1)
        text(surface, str(value), (plot.x - 8, y), 13, MUTED, anchor="midright")
        value += step
    for deal in range(deals + 1):
        x = point(deal, low)[0]
        if deals <= 12 or deal % max(1, deals // 10) == 0:
            text(surface, str(deal), (x, plot.bottom + 6), 13, MUTED, anchor="midtop")
    if deal_label:
        text(surface, deal_label, (plot.centerx, plot.bottom + 22), 13, MUTED, anchor="midtop")
    if target is not None and low <= target <= high:
        y = point(0, target)[1]
        for x in range(plot.x, plot.right, 12):
            pygame.draw.line(surface, GOLD, (x, y), (min(x + 6, plot.right), y), 2)
        text(
            surface, str(target), (plot.right - 4, y - 3), 13, GOLD, bold=True, anchor="bottomright"
        )
    for seat, line in enumerate(series):
        colour = seat_colour(seat)
        points = [point(deal, v) for deal, v in enumerate(line)]
        if len(points) > 1:
            pygame.draw.lines(surface, colour, False, points, 3)
        for p in points:
            pygame.draw.circle(surface, colour, p, 4)
