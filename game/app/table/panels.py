"""The table's panels: name plates, the score panel, the action log and the status line.

Each draws from plain data (:class:`SeatInfo`, :class:`LogLine`) that the table scene
builds from the view, so the game tables only say *what* to show. The score panel and
the log are rendered into cached images and redrawn only when their content changes,
which keeps a frame cheap.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.app import fonts
from game.app.i18n import tr
from game.app.table.turn_ring import RING_R, draw_ring
from game.app.ui.paint import fit_text, panel, text
from game.app.ui.theme import CREAM, GOLD, MUTED, PANEL_EDGE, RED

# One colour per seat, told apart on the felt and in the score chart.
SEAT_COLOURS = (
    (236, 196, 96),
    (104, 174, 232),
    (232, 120, 104),
    (150, 214, 130),
    (196, 140, 226),
    (96, 210, 200),
    (240, 160, 72),
    (226, 226, 226),
    (214, 120, 170),
    (170, 190, 110),
)
TO_ACT = (255, 222, 120)
GREEN_OK = (140, 220, 150)


def seat_colour(seat: int) -> tuple[int, int, int]:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


OUT = "out"  # SeatInfo.alert of a player out of the game (Kaluki's last one standing)


@dataclass(frozen=True)
class SeatInfo:
    """What a name plate shows."""

    seat: int
    name: str
    kind: str  # "Human", "Normal AI" (already translated)
    cards: int
    score: str  # "34 pts" (already translated)
    dealer: bool = False
    to_act: bool = False
    thinking: bool = False
    badges: tuple[str, ...] = ()  # short extra facts: "Opened", "2 calls"
    alert: str = ""  # "away" / "ai" at a networked table, OUT of the game: the kind line says so
    clock: tuple[float, float] | None = None  # a turn timer: (seconds left, of how many)


@dataclass(frozen=True)
class LogLine:
    seat: int | None  # None: the table itself speaks (a new deal, a reshuffle)
    name: str
    text: str
    deal_start: bool = False  # the separator that opens a deal ("Deal 3")


def draw_plaque(
    surface: pygame.Surface,
    rect: pygame.Rect,
    info: SeatInfo,
    clock: float,
    scale: float,
    backs_room: int = 0,
) -> None:
    """A player's name plate: name, kind, score and badges, lit when it is their turn.
    ``backs_room`` pixels on the right of the lower lines are left for the card backs."""
    lit = info.to_act
    panel(surface, rect, alpha=228 if lit else 196, radius=12, border=TO_ACT if lit else None)
    if lit:
        glow = pygame.Rect(rect).inflate(6, 6)
        pulse = 0.5 + 0.5 * math.sin(clock * 4)
        colour = tuple(round(c * (0.65 + 0.35 * pulse)) for c in TO_ACT)
        pygame.draw.rect(surface, colour, glow, 2, 15)
    pad = round(9 * scale)
    size = max(12, round(16 * scale))
    small = max(11, round(13 * scale))
    x, y = rect.x + pad, rect.y + round(6 * scale)
    dot = max(4, round(5 * scale))
    pygame.draw.circle(surface, seat_colour(info.seat), (x + dot, y + size // 2 + 3), dot)
    name_x = x + 2 * dot + round(6 * scale)
    room = rect.right - pad - name_x - (round(22 * scale) if info.dealer else 0)
    if info.clock is not None:
        room -= round(RING_R * 2 * scale) + 6
    text(surface, _fit(info.name, size, room, True), (name_x, y), size, CREAM, bold=True)
    if info.dealer:
        _dealer_chip(surface, (rect.right - pad - round(9 * scale), y + size // 2 + 3), scale)
    if info.clock is not None:
        ring_x = (
            rect.right - pad - round(RING_R * scale) - (round(22 * scale) if info.dealer else 0)
        )
        draw_ring(surface, (ring_x, y + size // 2 + 3), *info.clock, scale)
    line = y + round(size * 1.45)
    inner = rect.w - 2 * pad - backs_room
    if info.thinking:
        shown = text(surface, _fit(tr("table.thinking"), small, inner - 30), (x, line), small, GOLD)
        _thinking_dots(surface, (shown.right + 8, shown.centery + 1), clock, scale)
    else:
        tone = {"away": RED, "ai": GOLD, "idle": GOLD, OUT: RED}.get(info.alert, MUTED)
        shown_kind = _fit(info.kind, small, inner, bool(info.alert))
        text(surface, shown_kind, (x, line), small, tone, bold=bool(info.alert))
    line += round(small * 1.45)
    if line + small <= rect.bottom - 2:
        text(surface, _fit(info.score, small, inner, True), (x, line), small, CREAM, bold=True)
    line += round(small * 1.45)
    if info.badges and line + round(small * 1.3) <= rect.bottom:
        badge = " · ".join(info.badges)
        text(surface, _fit(badge, small - 1, inner), (x, line), small - 1, GREEN_OK)


def _thinking_dots(
    surface: pygame.Surface, pos: tuple[int, int], clock: float, scale: float
) -> None:
    """Three dots that brighten in turn while an AI thinks."""
    radius = max(2, round(2.6 * scale))
    for i in range(3):
        phase = (math.sin(clock * 6 - i * 0.9) + 1) / 2
        colour = tuple(round(c * (0.35 + 0.65 * phase)) for c in GOLD)
        pygame.draw.circle(surface, colour, (pos[0] + i * (radius * 3), pos[1]), radius)


def _dealer_chip(surface: pygame.Surface, centre: tuple[int, int], scale: float) -> None:
    radius = max(8, round(10 * scale))
    pygame.draw.circle(surface, (250, 244, 226), centre, radius)
    pygame.draw.circle(surface, GOLD, centre, radius, 2)
    text(surface, "D", centre, max(11, round(12 * scale)), (30, 30, 30), bold=True, anchor="center")


def _fit(content: str, size: int, width: int, bold: bool = False) -> str:
    """``content`` cut with an ellipsis to fit ``width`` pixels."""
    font = fonts.font(size, bold)
    if width <= 0 or font.size(content)[0] <= width:
        return content
    while content and font.size(content + "…")[0] > width:
        content = content[:-1]
    return content + "…"


fit_line = _fit


def fit_sized(
    content: str, size: int, smallest: int, width: int, bold: bool = False
) -> tuple[int, str]:
    """The largest size from ``size`` down to ``smallest`` at which ``content`` fits
    ``width`` pixels, and the text; cut with an ellipsis only if not even the smallest
    fits. A text sized to the window's scale can outgrow its box, since boxes do not
    scale alike (the sidebar stops widening at 284 px)."""
    for step in range(size, smallest - 1, -1):
        if fonts.font(step, bold).size(content)[0] <= width:
            return step, content
    return smallest, _fit(content, smallest, width, bold)


def card_count_badge(
    surface: pygame.Surface, count: int, pos: tuple[int, int], scale: float
) -> None:
    """A small round badge with a number (cards in a hidden hand, cards in the stock)."""
    label = str(count)
    size = max(11, round(13 * scale))
    image = fonts.render(label, size, (24, 24, 20), True)
    radius = max(image.get_width(), image.get_height()) // 2 + 4
    pygame.draw.circle(surface, (246, 238, 212), pos, radius)
    pygame.draw.circle(surface, GOLD, pos, radius, 2)
    surface.blit(image, image.get_rect(center=pos))


class CachedPanel:
    """A panel rendered into an image once and blitted each frame until what it shows
    (its ``key``) changes."""

    def __init__(self) -> None:
        self._key = None
        self._image: pygame.Surface | None = None

    def _blit(
        self, surface: pygame.Surface, rect: pygame.Rect, key, render: Callable[[], pygame.Surface]
    ) -> None:
        if key != self._key or self._image is None:
            self._key = key
            self._image = render()
        surface.blit(self._image, rect.topleft)


def _panel_image(size: tuple[int, int], alpha: int) -> tuple[pygame.Surface, pygame.Rect]:
    """A transparent image with room for a panel's shadow, and the panel drawn in it."""
    image = pygame.Surface((size[0] + 12, size[1] + 12), pygame.SRCALPHA)
    rect = pygame.Rect(6, 2, *size)
    panel(image, rect, alpha=alpha)
    return image, rect


class ScorePanel(CachedPanel):
    """Players and their totals, the player to act marked."""

    # The title as last drawn: (size, text, room in pixels), measured by the fit test.
    title_drawn: tuple[int, str, int] = (0, "", 0)

    def draw(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        title: str,
        rows: list[tuple[int, str, str, bool, bool]],
        scale: float,
    ) -> None:
        """``rows``: (seat, name, score text, to act, is the shown player)."""
        key = (rect.size, title, tuple(rows), scale)
        self._blit(surface, rect, key, lambda: self._render(rect.size, title, rows, scale))

    def _render(self, size, title, rows, scale) -> pygame.Surface:
        image, rect = _panel_image(size, 214)
        pad = round(12 * scale)
        head, shown = fit_sized(title, max(12, round(15 * scale)), 11, rect.w - 2 * pad, True)
        self.title_drawn = (head, shown, rect.w - 2 * pad)
        text(image, shown, (rect.x + pad, rect.y + round(9 * scale)), head, GOLD, bold=True)
        y = rect.y + round(36 * scale)
        row_h = round(24 * scale)
        body = max(12, round(15 * scale))
        for seat, name, score, to_act, me in rows:
            if to_act:
                band = pygame.Rect(rect.x + 4, y - 2, rect.w - 8, row_h)
                pygame.draw.rect(image, (40, 96, 66), band, 0, 6)
            pygame.draw.circle(image, seat_colour(seat), (rect.x + pad + 4, y + row_h // 2 - 2), 4)
            score_img = fonts.render(score, body, CREAM, True)
            image.blit(score_img, score_img.get_rect(topright=(rect.right - pad, y)))
            room = rect.w - 2 * pad - 16 - score_img.get_width() - 8
            colour = TO_ACT if to_act else CREAM
            text(image, _fit(name, body, room, me), (rect.x + pad + 14, y), body, colour, bold=me)
            y += row_h
        return image


def draw_separator(
    image: pygame.Surface, label: str, left: int, right: int, y: int, size: int
) -> None:
    """A deal's separator in the log: its label centred in gold, a rule either side."""
    shown = fonts.render(label, size, GOLD, True)
    x = (left + right - shown.get_width()) // 2
    image.blit(shown, (x, y))
    middle, gap = y + shown.get_height() // 2, max(6, size // 2)
    if x - gap > left:
        pygame.draw.line(image, GOLD, (left, middle), (x - gap, middle))
    if x + shown.get_width() + gap < right:
        pygame.draw.line(image, GOLD, (x + shown.get_width() + gap, middle), (right, middle))


class LogPanel(CachedPanel):
    """What happened in the deal, newest at the bottom: "Ada discards the 7♥". ``scroll``
    lines at the bottom are hidden while the player reads back; arrows say more is there."""

    def draw(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        title: str,
        lines: list[LogLine],
        scale: float,
        scroll: int = 0,
    ) -> None:
        key = (rect.size, title, len(lines), lines[-1] if lines else None, scale, scroll)
        self.drawn_at = (rect.size, scale)  # for max_scroll
        shown = lines[: len(lines) - scroll] if scroll else lines
        self._blit(
            surface, rect, key, lambda: self._render(rect.size, title, shown, scale, scroll > 0)
        )

    drawn_at: tuple[tuple[int, int], float] | None = None

    def max_scroll(self, lines: list[LogLine]) -> int:
        """How far back the log may be read: until its first line is at the top (never
        past it into an empty panel), as the panel was last drawn."""
        if self.drawn_at is None:
            return max(0, len(lines) - 1)
        (_w, h), scale = self.drawn_at
        width = _w - 2 * round(12 * scale) - round(10 * scale)
        body = max(11, round(14 * scale))
        step = round(body * 1.38)
        room = h - round(12 * scale) - round(36 * scale)  # from the top line to the bottom
        joiner = tr("table.log_joiner")
        used, fit = 0, 0
        for line in lines:  # the oldest first: how many fit from the top
            words = f"{line.name}{joiner}{line.text}" if line.name else line.text
            need = step * len(fonts.wrap(words, body, width)) + round(3 * scale)
            if used + need - round(3 * scale) > room:
                break
            used += need
            fit += 1
        return max(0, len(lines) - max(1, fit))

    def _render(self, size, title, lines: list[LogLine], scale, newer: bool) -> pygame.Surface:
        image, rect = _panel_image(size, 200)
        pad = round(12 * scale)
        head = max(12, round(15 * scale))
        text(image, title, (rect.x + pad, rect.y + round(9 * scale)), head, GOLD, bold=True)
        body = max(11, round(14 * scale))
        step = round(body * 1.38)
        top = rect.y + round(36 * scale)
        y = rect.bottom - pad - step
        width = rect.w - 2 * pad - round(10 * scale)
        joiner = tr("table.log_joiner")
        older = False
        for line in reversed(lines):
            words = f"{line.name}{joiner}{line.text}" if line.name else line.text
            wrapped = fonts.wrap(words, body, width)
            if y - step * (len(wrapped) - 1) < top:
                older = True
                break
            for i, part in enumerate(reversed(wrapped)):
                row_y = y - i * step
                first = i == len(wrapped) - 1
                if line.deal_start:  # a deal's separator: centred, ruled either side
                    draw_separator(image, part, rect.x + pad, rect.x + pad + width, row_y, body)
                elif first and line.name and part.startswith(line.name):
                    name_img = fonts.render(line.name, body, seat_colour(line.seat or 0), True)
                    image.blit(name_img, (rect.x + pad, row_y))
                    rest = part[len(line.name) :]
                    text(image, rest, (rect.x + pad + name_img.get_width(), row_y), body, CREAM)
                else:
                    colour = MUTED if line.seat is None else CREAM
                    text(image, part, (rect.x + pad, row_y), body, colour)
            y -= step * len(wrapped) + round(3 * scale)
        mark = max(10, round(12 * scale))
        if older:  # older lines above: the wheel or Page Up shows them
            text(image, "▲", (rect.right - pad, top), mark, GOLD, anchor="topright")
        if newer:
            text(
                image, "▼", (rect.right - pad, rect.bottom - pad), mark, GOLD, anchor="bottomright"
            )
        return image


def draw_status(
    surface: pygame.Surface,
    rect: pygame.Rect,
    message: str,
    scale: float,
    *,
    notice: str = "",
    progress: str = "",
    progress_ok: bool = False,
    right_room: int = 0,
    colour: tuple[int, int, int] | None = None,
) -> None:
    """The status line: what to do next, or (for a moment) why a move was refused."""
    panel(surface, rect, alpha=190, radius=10, border=PANEL_EDGE)
    pad = round(14 * scale)
    x = rect.x + pad
    room = rect.w - 2 * pad - right_room
    if progress:
        size = max(14, round(20 * scale))
        colour = GREEN_OK if progress_ok else GOLD
        shown = text(
            surface, progress, (x, rect.centery), size, colour, bold=True, anchor="midleft"
        )
        x = shown.right + round(14 * scale)
        room -= shown.w + round(14 * scale)
    content, colour = (notice, RED) if notice else (message, colour or CREAM)
    sizes = tuple(max(11, round(s * scale)) for s in (17, 16, 15, 14, 13))
    size, lines = fit_text(content, room, sizes, bold=True)
    if len(lines) > 2 or (len(lines) == 2 and 2 * size * 1.2 > rect.h):
        size = sizes[-1]
        lines = fonts.wrap(content, size, room, True)[:2]
        lines[-1] = _fit(lines[-1], size, room, True)
    step = round(size * 1.2)
    y = rect.centery - step * len(lines) // 2 + step // 2
    for line in lines:
        text(surface, line, (x, y), size, colour, bold=True, anchor="midleft")
        y += step
