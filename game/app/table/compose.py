"""Building the picture: where each card of a view lies, and the drop zones.

A :class:`Composer` collects tokens and drop zones for one picture. The helpers below
place the parts every rummy table has (stock, discard pile, hidden hands at the name
plates, the shown hand fanned at the bottom, melds flowing in each player's cell); a
game table calls them from its ``compose_*`` hooks and adds its own parts the same way.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

import pygame

from game.app.cards import card_size
from game.app.table.drag import DropZone, Target
from game.app.table.layout import TableLayout
from game.app.table.sprites import Picture, Place, Token
from game.engine.cards import Card
from game.engine.zone_names import hand_zone

STOCK_LAYERS = 6
DISCARD_SHOWN = 4
HIDDEN_BACKS = 6  # backs drawn at a name plate (the exact count is on a badge)


@dataclass(frozen=True)
class MeldCard:
    card: Card
    label: str = ""  # a joker's "stands for"


@dataclass
class MeldDraw:
    """One meld to lay out in a cell. ``zone`` is its engine zone ("meld:3") or a table
    zone ("stage:0"); ``target`` the drop target for the whole meld; ``joker_targets``
    whether each joker answers drops on its own (swaps)."""

    zone: str
    cards: list[MeldCard]
    target: Target | None = None
    joker_kind: str = "joker"
    index: int = -1
    staged: bool = False


@dataclass
class HandGeometry:
    x0: float = 0.0
    step: float = 0.0
    count: int = 0
    width: int = 0

    def insert_index(self, x: float) -> int:
        """Where a card dropped at ``x`` goes in the hand (0..count)."""
        if self.count == 0:
            return 0
        if self.step <= 0:
            return 0 if x < self.x0 + self.width / 2 else 1
        return max(0, min(self.count, round((x - self.x0) / self.step)))


@dataclass
class Composer:
    layout: TableLayout
    picture: Picture = field(default_factory=Picture)
    zones: list[DropZone] = field(default_factory=list)
    hand: HandGeometry = field(default_factory=HandGeometry)
    meld_rects: dict[str, pygame.Rect] = field(default_factory=dict)  # zone -> rect
    staged_rects: list[pygame.Rect] = field(default_factory=list)
    cell_width: int = 0  # the card width the melds were drawn at

    def zone(self, target: Target, rect: pygame.Rect, priority: int = 0) -> None:
        self.zones.append(DropZone(target, pygame.Rect(rect), priority))


def compose_stock(c: Composer, count: int, zone: str = "stock") -> None:
    rect = c.layout.stock
    layers = min(STOCK_LAYERS, math.ceil(count / 12)) if count else 0
    for i in range(layers):
        place = Place(rect.x - i * 1.2, rect.y - i * 1.6, c.layout.pile_card_w, face_up=False)
        c.picture.add(Token(("back", zone, i), None, place, zone))
    c.zone(Target("stock"), rect.inflate(20, 20), 2)


def compose_discard(c: Composer, cards: Sequence[Card], zone: str = "discard") -> None:
    """The top few discards, the lower ones a little askew like a real pile."""
    rect = c.layout.discard
    shown = list(cards)[-DISCARD_SHOWN:]
    for i, card in enumerate(shown):
        top = i == len(shown) - 1
        jitter = 0 if top else (card.id * 37 % 7) - 3
        angle = 0.0 if top else float((card.id * 53 % 9) - 4)
        place = Place(rect.x + jitter, rect.y + jitter * 0.6, c.layout.pile_card_w, True, angle)
        c.picture.add(Token(card, card, place, zone))
    c.zone(Target("discard"), rect.inflate(24, 24), 2)


def compose_hidden_hands(c: Composer, hand_sizes: Sequence[int], shown: int) -> None:
    """Each other player's cards as a small fan of backs at their name plate."""
    w = c.layout.back_card_w
    cw, ch = card_size(w)
    for seat, count in enumerate(hand_sizes):
        if seat == shown or seat not in c.layout.seats:
            continue
        n = min(HIDDEN_BACKS, count)
        step = max(4, round(cw * 0.2))
        total = cw + step * max(0, n - 1)
        cx, cy = backs_centre(c.layout, seat)
        for i in range(n):
            angle = (i - (n - 1) / 2) * -5.0
            place = Place(cx - total / 2 + i * step, cy - ch / 2, w, False, angle)
            zone = hand_zone(seat)
            c.picture.add(Token(("back", zone, i), None, place, zone))


def backs_centre(layout: TableLayout, seat: int) -> tuple[int, int]:
    """Where a hidden hand's backs sit: the lower right of its name plate."""
    plaque = layout.seats[seat].plaque
    cw, ch = card_size(layout.back_card_w)
    return (
        plaque.right - round(10 * layout.scale) - round(cw * 0.9),
        plaque.bottom - round(8 * layout.scale) - ch // 2,
    )


def compose_hand(
    c: Composer,
    cards: Sequence[Card],
    zone: str,
    *,
    selected: set[Card] | frozenset = frozenset(),
    face_up: bool = True,
    glow: set[Card] | frozenset = frozenset(),
) -> None:
    """The shown hand fanned along the bottom; selected cards lifted."""
    layout = c.layout
    area = layout.hand
    w = layout.hand_card_w
    cw, ch = card_size(w)
    n = len(cards)
    avail = area.w - 16
    step = min(cw * 0.68, (avail - cw) / (n - 1)) if n > 1 else 0.0
    total = cw + step * max(0, n - 1)
    x0 = area.centerx - total / 2
    y = area.bottom - ch - round(4 * layout.scale)
    lift = round(22 * layout.scale)
    c.hand = HandGeometry(x0, step, n, cw)
    for i, card in enumerate(cards):
        up = card in selected
        place = Place(x0 + i * step, y - (lift if up else 0), w, face_up)
        visible = cw if i == n - 1 else max(1, round(step))
        hit = pygame.Rect(round(place.x), round(place.y), visible, ch + (lift if up else 0))
        key = card if face_up else ("back", zone, i)
        token = Token(key, card if face_up else None, place, zone, selected=up, hit=hit)
        token.dim = bool(glow) and card not in glow
        c.picture.add(token)
    c.zone(Target("hand"), area.inflate(0, 10), 1)


def flow_melds(
    c: Composer,
    cells: dict[int, pygame.Rect],
    melds: dict[int, list[MeldDraw]],
    max_w: int,
    min_w: int = 30,
    header: int = 26,
) -> None:
    """Lay each seat's melds in rows inside its cell, all at one card width: the largest
    (up to ``max_w``) at which every cell's melds fit."""
    width = max_w
    while width > min_w and not all(
        _fits(cells[seat], melds.get(seat, []), width, header) for seat in cells
    ):
        width -= 2
    c.cell_width = width
    for seat, rect in cells.items():
        _place_cell(c, rect, melds.get(seat, []), width, header)


def _step(width: int) -> int:
    return max(17, round(width * 0.4))


def _rows(rect: pygame.Rect, group: list[MeldDraw], width: int, header: int):
    """(meld, x, y) for each meld, or None when they do not fit."""
    cw, ch = card_size(width)
    pad = 8
    gap = max(8, round(width * 0.22))
    x, y = rect.x + pad, rect.y + header
    out = []
    for meld in group:
        mw = cw + _step(width) * max(0, len(meld.cards) - 1)
        if x + mw > rect.right - pad and x > rect.x + pad:
            x = rect.x + pad
            y += ch + gap // 2 + 4
        if x + mw > rect.right - pad + 2:
            return None
        out.append((meld, x, y))
        x += mw + gap
    if out and y + ch > rect.bottom - 4:
        return None
    return out


def _fits(rect: pygame.Rect, group: list[MeldDraw], width: int, header: int) -> bool:
    return _rows(rect, group, width, header) is not None


def _place_cell(
    c: Composer, rect: pygame.Rect, group: list[MeldDraw], width: int, header: int
) -> None:
    rows = _rows(rect, group, width, header)
    if rows is None:  # even the smallest cards do not fit: let the last row run over
        rows = _rows(pygame.Rect(rect.x, rect.y, rect.w, 10_000), group, width, header) or []
    cw, ch = card_size(width)
    step = _step(width)
    for meld, x, y in rows:
        rects = []
        for i, mc in enumerate(meld.cards):
            place = Place(x + i * step, y, width)
            last = i == len(meld.cards) - 1
            hit = pygame.Rect(round(place.x), round(y), cw if last else step, ch)
            c.picture.add(Token(mc.card, mc.card, place, meld.zone, label=mc.label, hit=hit))
            rects.append(hit)
            if mc.label and meld.target is not None and meld.target.kind == "meld":
                c.zone(Target(meld.joker_kind, meld.target.index, i), hit.inflate(4, 6), 3)
        bounds = rects[0].unionall(rects[1:]) if rects else pygame.Rect(x, y, cw, ch)
        c.meld_rects[meld.zone] = bounds
        if meld.staged:
            c.staged_rects.append(bounds.inflate(10, 6))
        if meld.target is not None:
            c.zone(meld.target, bounds.inflate(12, 12), 2)
