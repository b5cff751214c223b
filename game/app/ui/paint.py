"""Drawing helpers shared by the scenes: felt background, panels, text, card fans.

Everything here only draws; cached surfaces depend only on their arguments.
"""

from __future__ import annotations

import contextlib
import math
from collections import OrderedDict
from collections.abc import Sequence
from functools import lru_cache

import pygame

from game.app import fonts
from game.app.cards import CardArt, card_size
from game.app.ui.theme import CREAM, GOLD, PANEL, PANEL_EDGE

_backgrounds: OrderedDict[tuple[int, int], pygame.Surface] = OrderedDict()


def felt_background(size: tuple[int, int], art: CardArt) -> pygame.Surface:
    """The felt tiled over ``size`` with a soft dark vignette, cached per size."""
    surface = _backgrounds.get(size)
    if surface is not None:
        return surface
    tile = art.felt()
    surface = pygame.Surface(size)
    tw, th = tile.get_size()
    for y in range(0, size[1], th):
        for x in range(0, size[0], tw):
            surface.blit(tile, (x, y))
    surface.blit(_vignette(size), (0, 0))
    with contextlib.suppress(pygame.error):  # no window yet
        surface = surface.convert()
    _backgrounds[size] = surface
    if len(_backgrounds) > 3:
        _backgrounds.popitem(last=False)
    return surface


def _vignette(size: tuple[int, int]) -> pygame.Surface:
    """A radial darkening toward the edges, drawn small and smoothly scaled up."""
    small = pygame.Surface((64, 40), pygame.SRCALPHA)
    cx, cy = 32, 17
    for y in range(40):
        for x in range(64):
            d = math.hypot((x - cx) / 36, (y - cy) / 26)
            alpha = int(max(0.0, min(1.0, (d - 0.45) / 0.9)) ** 1.6 * 150)
            small.set_at((x, y), (0, 10, 4, alpha))
    return pygame.transform.smoothscale(small, size)


def panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    *,
    alpha: int = 200,
    radius: int = 14,
    border: tuple[int, int, int] | None = PANEL_EDGE,
    fill: tuple[int, int, int] = PANEL,
) -> None:
    """A translucent dark-green rounded panel with a thin border and a soft shadow."""
    rect = pygame.Rect(rect)
    surface.blit(_panel_image(rect.size, alpha, radius, border, fill), (rect.x - 6, rect.y - 2))


@lru_cache(maxsize=64)
def _panel_image(
    size: tuple[int, int],
    alpha: int,
    radius: int,
    border: tuple[int, int, int] | None,
    fill: tuple[int, int, int],
) -> pygame.Surface:
    w, h = size
    image = pygame.Surface((w + 12, h + 12), pygame.SRCALPHA)
    pygame.draw.rect(image, (0, 0, 0, 60), image.get_rect().inflate(-4, -4), 0, radius + 4)
    body = pygame.Surface(size, pygame.SRCALPHA)
    # A faint light from above: the top of the panel a shade lighter than the bottom.
    top = tuple(min(255, c + 10) for c in fill)
    for y in range(0, h, 4):
        t = y / max(1, h - 1)
        colour = tuple(round(a + (b - a) * t) for a, b in zip(top, fill))
        pygame.draw.rect(body, (*colour, alpha), (0, y, w, 4))
    mask = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), 0, radius)
    body.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    if border is not None:
        pygame.draw.rect(body, (*border, 255), body.get_rect(), 1, radius)
    image.blit(body, (6, 2))
    return image


def text(
    surface: pygame.Surface,
    content: str,
    pos: tuple[int, int],
    size: int,
    colour: tuple[int, int, int] = CREAM,
    *,
    bold: bool = False,
    anchor: str = "topleft",
    shadow: bool = False,
) -> pygame.Rect:
    """Draw one line; ``anchor`` is a pygame.Rect attribute name. Returns its rect."""
    image = fonts.render(content, size, colour, bold)
    rect = image.get_rect(**{anchor: pos})
    if shadow:
        dark = fonts.render(content, size, (0, 0, 0), bold, alpha=110)
        surface.blit(dark, rect.move(0, max(1, size // 14)))
    surface.blit(image, rect)
    return rect


def paragraph(
    surface: pygame.Surface,
    content: str,
    rect: pygame.Rect,
    size: int,
    colour: tuple[int, int, int] = CREAM,
    *,
    bold: bool = False,
    line_height: float = 1.35,
    max_lines: int | None = None,
    align: str = "left",
) -> int:
    """Word-wrapped text inside ``rect``; returns the height used."""
    lines = fonts.wrap(content, size, rect.w, bold)
    if max_lines is not None and len(lines) > max_lines:
        lines = lines[:max_lines]
        lines[-1] = lines[-1].rstrip(" .。") + "…"
    step = round(size * line_height)
    y = rect.y
    for line in lines:
        if align == "center":
            text(surface, line, (rect.centerx, y), size, colour, bold=bold, anchor="midtop")
        else:
            text(surface, line, (rect.x, y), size, colour, bold=bold)
        y += step
    return y - rect.y


def heading(surface: pygame.Surface, title: str, subtitle: str = "") -> int:
    """The scene title at the top left with a gold rule under it; returns its bottom."""
    w = surface.get_width()
    margin = page_margin(surface.get_size())
    rect = text(surface, title, (margin, 22), 34, CREAM, bold=True, shadow=True)
    bottom = rect.bottom
    if subtitle:
        text(surface, subtitle, (rect.right + 18, rect.bottom - 8), 16, GOLD, anchor="bottomleft")
    pygame.draw.line(surface, (*GOLD, 255), (margin, bottom + 8), (w - margin, bottom + 8), 1)
    return bottom + 8


def page_margin(size: tuple[int, int]) -> int:
    return 48 if size[0] >= 1200 else 32


def two_columns(
    size: tuple[int, int], top: int = 104, bottom: int = 96, gap: int = 28
) -> tuple[pygame.Rect, pygame.Rect]:
    """A page's two panels side by side, between the heading and the footer."""
    w, h = size
    margin = page_margin(size)
    half = (w - 2 * margin - gap) // 2
    left = pygame.Rect(margin, top, half, h - bottom - top)
    right = pygame.Rect(left.right + gap, top, w - margin - left.right - gap, h - bottom - top)
    return left, right


def focus_ring(surface: pygame.Surface, rect: pygame.Rect, radius: int = 12) -> None:
    """The keyboard focus: a gold outline just outside ``rect``."""
    outer = pygame.Rect(rect).inflate(10, 10)
    pygame.draw.rect(surface, GOLD, outer, 3, radius + 4)


def card_fan(
    surface: pygame.Surface,
    art: CardArt,
    faces: Sequence[str],
    center: tuple[int, int],
    width: int,
    spread: float = 9.0,
    overlap: float = 0.45,
) -> None:
    """A fan of cards (faces by name, "back" for a card back) around ``center``."""
    n = len(faces)
    if n == 0:
        return
    cw, ch = card_size(width)
    for i, face in enumerate(faces):
        offset = i - (n - 1) / 2
        rotated = _tilted(art, face, width, -offset * spread)
        x = center[0] + offset * cw * overlap
        y = center[1] + abs(offset) ** 1.6 * ch * 0.035
        surface.blit(rotated, rotated.get_rect(center=(round(x), round(y))))


_tilts: OrderedDict[tuple, pygame.Surface] = OrderedDict()


def _tilted(art: CardArt, face: str, width: int, angle: float) -> pygame.Surface:
    """A card turned by ``angle`` degrees, cached (menus draw the same fans every frame)."""
    key = (face, width, round(angle, 2), art.four_colour, art.back_design)
    image = _tilts.get(key)
    if image is None:
        flat = art.back(width) if face == "back" else art.face(face, width)
        image = pygame.transform.rotozoom(flat, angle, 1.0)
        _tilts[key] = image
        if len(_tilts) > 128:
            _tilts.popitem(last=False)
    return image


def card_row(
    surface: pygame.Surface,
    art: CardArt,
    faces: Sequence[str],
    topleft: tuple[int, int],
    width: int,
    step: float = 0.34,
) -> pygame.Rect:
    """Cards overlapping left to right, as a meld lies on the table; returns its rect."""
    cw, ch = card_size(width)
    x, y = topleft
    for i, face in enumerate(faces):
        image = art.back(width) if face == "back" else art.face(face, width)
        surface.blit(image, (round(x + i * cw * step), y))
    total = cw + round(cw * step * max(0, len(faces) - 1))
    return pygame.Rect(x, y, total, ch)


def fit_text(
    content: str, width: int, sizes: Sequence[int], bold: bool = False
) -> tuple[int, list[str]]:
    """The largest of ``sizes`` at which ``content`` fits on one line of ``width``; if
    none does, the smallest size wrapped over several lines."""
    for size in sizes:
        if fonts.font(size, bold).size(content)[0] <= width:
            return size, [content]
    size = sizes[-1]
    f = fonts.font(size, bold)
    # Two lines broken at the space or "・" that balances them best, if there is one.
    best: list[str] | None = None
    best_width = None
    for i, ch in enumerate(content):
        if ch in " ・":
            first = content[: i + 1].rstrip() if ch == "・" else content[:i]
            lines = [first, content[i + 1 :].strip()]
            widest = max(f.size(line)[0] for line in lines)
            if widest <= width and (best_width is None or widest < best_width):
                best, best_width = lines, widest
    return size, best or fonts.wrap(content, size, width, bold)
