"""What the Kalooki table draws on the felt itself: the contract banner above the piles
(the deal, its contract and a pip per meld, lit as staged melds make them) and the
call prompts in the player's own meld area (a player asked to call, or to answer a
call, has not laid down, so that area is always empty then). A prompt grows over the
table when its cell is small or its words need room, but never over a meld.

Pure drawing from plain values; the table decides what to show."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.app import fonts
from game.app.cards import CardArt, card_size
from game.app.table.layout import TableLayout
from game.app.table.panels import GREEN_OK
from game.app.table.sprites import Place, draw_card
from game.app.ui.paint import fit_text, panel, text
from game.app.ui.theme import CREAM, GOLD, MUTED

PIP_DARK = (16, 40, 28)
PROMPT_MIN = (400, 112)  # at scale 1: below this the prompt grows over the table
PROMPT_MAX = (560, 190)  # at scale 1: wider or taller cells keep the panel this size


@dataclass(frozen=True)
class Banner:
    deal_line: str  # "Deal 4 of 9"
    contract: str  # "3 fours"
    pips: tuple[tuple[str, bool], ...]  # ("3" or "4", made) per meld of the contract
    note: str = ""  # "You have laid down ✓" or the staged progress


@dataclass(frozen=True)
class Prompt:
    title: str
    lines: tuple[str, ...]
    keys: str


def banner_rect(layout: TableLayout) -> pygame.Rect:
    """The piles column above the stock and the discard pile."""
    piles = layout.piles
    bottom = layout.stock.y - round(16 * layout.scale)
    return pygame.Rect(piles.x + 2, piles.y, piles.w - 4, max(0, bottom - piles.y))


def draw_banner(surface: pygame.Surface, layout: TableLayout, banner: Banner) -> None:
    """The deal, its contract and its pips in a panel at the top of the piles column
    (as tall as its content; nothing when the column has no room)."""
    area = banner_rect(layout)
    scale = layout.scale
    if area.h < 40:
        return
    pad = round(10 * scale)
    width = area.w - 2 * pad
    small = layout.font(13)
    sizes = tuple(layout.font(s) for s in (20, 18, 16, 15, 14))
    size, lines = fit_text(banner.contract, width, sizes, bold=True)
    lines = lines[:2]
    pip_h = round(30 * scale)
    note = fonts.wrap(banner.note, small, width, True)[:1] if banner.note else []
    parts = [round(small * 1.45), len(lines) * round(size * 1.25)]
    parts += [round(4 * scale) + pip_h] if banner.pips else []
    parts += [round(6 * scale) + small] if note else []
    height = round(7 * scale) + sum(parts) + round(10 * scale)
    if height > area.h:  # too low: the pips and the note go
        pips: tuple[tuple[str, bool], ...] = ()
        note, height = [], round(7 * scale) + sum(parts[:2]) + round(8 * scale)
    else:
        pips = banner.pips
    rect = pygame.Rect(area.x, area.y, area.w, min(area.h, height))
    panel(surface, rect, alpha=160, radius=12)
    x, y = rect.x + pad, rect.y + round(7 * scale)
    text(surface, banner.deal_line, (x, y), small, GOLD, bold=True)
    y += round(small * 1.45)
    for line in lines:
        text(surface, line, (x, y), size, CREAM, bold=True)
        y += round(size * 1.25)
    if pips:
        y += round(4 * scale)
        _pips(surface, (x, y), pips, pip_h, width)
        y += pip_h + round(6 * scale)
    if note:
        text(surface, note[0], (x, y), small, GREEN_OK, bold=True)


def _pips(
    surface: pygame.Surface,
    pos: tuple[int, int],
    pips: tuple[tuple[str, bool], ...],
    height: int,
    width: int,
) -> None:
    """One small card-shaped pip per meld of the contract, filled once it is made."""
    w = round(height * 0.74)
    gap = max(3, min(round(w * 0.35), (width - w * len(pips)) // max(1, len(pips) - 1)))
    size = max(11, round(height * 0.55))
    x, y = pos
    for label, made in pips:
        rect = pygame.Rect(x, y, w, height)
        if made:
            pygame.draw.rect(surface, GREEN_OK, rect, 0, 5)
            text(surface, label, rect.center, size, PIP_DARK, bold=True, anchor="center")
        else:
            pygame.draw.rect(surface, PIP_DARK, rect, 0, 5)
            pygame.draw.rect(surface, GOLD, rect, 2, 5)
            text(surface, label, rect.center, size, GOLD, bold=True, anchor="center")
        x += w + gap


def prompt_rect(layout: TableLayout, seat: int, avoid: Sequence[pygame.Rect] = ()) -> pygame.Rect:
    """The seat's meld cell, grown over the table (up and to the left) when it is too
    small for the prompt, unless growing would cover a meld (``avoid``)."""
    cell = layout.cells.get(seat, layout.table)
    header = round(22 * layout.scale)  # the cell's title stays readable
    inside = pygame.Rect(cell.x + 6, cell.y + header, cell.w - 12, cell.h - header - 6)
    grown = _capped(layout, _grown(layout, inside))
    return _capped(layout, inside) if grown.collidelist(list(avoid)) >= 0 else grown


def _grown(layout: TableLayout, rect: pygame.Rect) -> pygame.Rect:
    """``rect`` grown up and to the left to the prompt's smallest size."""
    rect = pygame.Rect(rect)
    table = layout.table
    min_w = min(table.w, round(PROMPT_MIN[0] * layout.scale))
    min_h = min(table.h, round(PROMPT_MIN[1] * layout.scale))
    if rect.w < min_w:
        rect.x, rect.w = max(table.x, rect.right - min_w), min_w
    if rect.h < min_h:
        rect.y, rect.h = max(table.y, rect.bottom - min_h), min_h
    return rect


def _capped(layout: TableLayout, rect: pygame.Rect) -> pygame.Rect:
    """In a wide cell (few players) the panel keeps a readable measure, centred."""
    rect = pygame.Rect(rect)
    max_w, max_h = round(PROMPT_MAX[0] * layout.scale), round(PROMPT_MAX[1] * layout.scale)
    if rect.w > max_w:
        rect.x, rect.w = rect.centerx - max_w // 2, max_w
    if rect.h > max_h:
        rect.y, rect.h = rect.centery - max_h // 2, max_h
    return rect.clamp(layout.table)


def draw_prompt(
    surface: pygame.Surface,
    art: CardArt,
    layout: TableLayout,
    rect: pygame.Rect,
    card,
    prompt: Prompt,
    clock: float,
    avoid: Sequence[pygame.Rect] = (),
) -> None:
    """The card asked about, large, with the question and what each answer does (in
    the panel :func:`prompt_panel` sizes)."""
    scale = layout.scale
    pad = round(12 * scale)
    rect, blocks = prompt_panel(layout, rect, prompt, avoid)
    card_w = max(36, min(layout.pile_card_w, round((rect.h - 2 * pad) / 1.42)))
    cw, ch = card_size(card_w)
    x = rect.x + pad + cw + round(14 * scale)
    pulse = 0.5 + 0.5 * math.sin(clock * 3.2)
    glow = 0.7 + 0.3 * pulse
    edge = (round(GOLD[0] * glow), round(GOLD[1] * glow), round(GOLD[2] * glow))
    panel(surface, rect, alpha=236, radius=14, border=edge)
    draw_card(surface, art, card, Place(rect.x + pad, rect.centery - ch / 2, card_w))
    y = rect.y + pad + max(0, (rect.h - 2 * pad - _height(blocks)) // 2)
    for lines, size, colour, bold in blocks:
        for line in lines:
            text(surface, line, (x, y), size, colour, bold=bold)
            y += round(size * 1.28)
        y += round(3 * scale)


Block = tuple[list[str], int, tuple[int, int, int], bool]


def prompt_panel(
    layout: TableLayout, rect: pygame.Rect, prompt: Prompt, avoid: Sequence[pygame.Rect] = ()
) -> tuple[pygame.Rect, list[Block]]:
    """The panel and its wrapped texts: it grows upwards over the table while its words
    need more room, and stops short of a meld (``avoid``): the words shrink instead."""
    scale = layout.scale
    pad = round(12 * scale)
    rect = pygame.Rect(rect)
    obstacles = list(avoid)
    while True:
        card_w = max(36, min(layout.pile_card_w, round((rect.h - 2 * pad) / 1.42)))
        x = rect.x + pad + card_size(card_w)[0] + round(14 * scale)
        blocks, fits = _fit_blocks(prompt, rect.right - pad - x, rect.h - 2 * pad, layout)
        if fits or rect.y <= layout.table.y:
            return rect, blocks
        grow = min(rect.y - layout.table.y, round(16 * scale))
        taller = pygame.Rect(rect.x, rect.y - grow, rect.w, rect.h + grow)
        if taller.collidelist(obstacles) >= 0:
            return rect, blocks
        rect = taller


def _height(blocks: list[Block]) -> int:
    return sum(len(lines) * round(size * 1.28) + 3 for lines, size, _c, _b in blocks)


def _fit_blocks(
    prompt: Prompt, width: int, height: int, layout: TableLayout
) -> tuple[list[Block], bool]:
    """The prompt's texts wrapped to ``width`` at the largest sizes that fit ``height``
    (the keys line left out last), and whether they fit at all (if not: the smallest,
    each text cut to its first line)."""
    blocks: list[Block] = []
    for shrink in (1.0, 0.92, 0.85, 0.78):
        title, body, small = (max(11, round(layout.font(b) * shrink)) for b in (19, 15, 13))
        blocks = [(fonts.wrap(prompt.title, title, width, True), title, GOLD, True)]
        blocks += [(fonts.wrap(line, body, width), body, CREAM, False) for line in prompt.lines]
        keys: Block = (fonts.wrap(prompt.keys, small, width), small, MUTED, False)
        if _height([*blocks, keys]) <= height:
            return [*blocks, keys], True
    if _height(blocks) <= height:
        return blocks, True
    return [(lines[:1], size, colour, bold) for lines, size, colour, bold in blocks], False


def draw_offer_ring(surface: pygame.Surface, layout: TableLayout, clock: float) -> None:
    """A pulsing ring round the discard pile: its top card is being offered to callers."""
    pulse = 0.5 + 0.5 * math.sin(clock * 4)
    colour = tuple(round(c * (0.55 + 0.45 * pulse)) for c in GOLD)
    pygame.draw.rect(surface, colour, layout.discard.inflate(14, 14), 3, 12)
