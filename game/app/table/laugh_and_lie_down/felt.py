"""Where Laugh and Lie Down's parts lie on the felt, and the cards placed there.

The centre of the table (between the name plates and the status line) is divided as::

    +----------------------------------------------------------------+
    | [Ada's captures]   [Bruno's captures]   [Clara's] ...           |  the strip, each
    +-----------+----------------------------------------------------+  pile under its plate
    |  the pot  |   A    2    3    4    5    6    7                   |
    |  notes    |   ▯    ▯    ▯    ▯    ▯    ▯    ▯    rank slots:    |
    |           |     8    9    10   J    Q    K       the layout      |
    | your      |     ▯    ▯    ▯    ▯    ▯    ▯       grouped by rank |
    | captures  |                                                    |
    +-----------+----------------------------------------------------+

The layout lies in thirteen fixed rank slots (A to 7 above, 8 to K below), each tall
enough for all four cards of its rank fanned downwards, so equal ranks are seen at a
glance, a rank is always in the same place, and the layout has room to grow when hands
are laid down into it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import pygame

from game.app.cards import card_size
from game.app.table.compose import Composer
from game.app.table.drag import Target
from game.app.table.layout import TableLayout
from game.app.table.sprites import Place, Token
from game.engine.cards import Card

TOP_RANKS = tuple(range(1, 8))  # A..7 in the upper row of slots
LOW_RANKS = tuple(range(8, 14))  # 8..K in the lower row
CASCADE = 0.27  # of a card's height: how far each card of a rank slot shows below the last
PILE_SHOWN = 8  # cards of a captured pile fanned out (the rest lie under the first)


@dataclass(eq=False)  # compared (and cached) by identity: one per layout
class Felt:
    """The rectangles of the centre for one window size and shown seat."""

    scale: float
    strip: pygame.Rect  # the opponents' captured piles, under their name plates
    column: pygame.Rect  # the left column: pot, notes, your captured pile
    pot: pygame.Rect
    notes: pygame.Rect
    own_pile: pygame.Rect  # your captured pile, with its caption above
    area: pygame.Rect  # the layout's rank slots
    slots: dict[int, pygame.Rect] = field(default_factory=dict)  # rank -> slot
    card_w: int = 60  # layout cards
    step: int = 20  # cascade step inside a slot
    pile_w: int = 36  # captured pile cards
    pile_step: int = 8
    pile_at: dict[int, tuple[int, int]] = field(default_factory=dict)  # seat -> pile top-left
    caption_h: int = 18

    def pile_rect(self, seat: int, count: int) -> pygame.Rect:
        """The part of the felt that ``seat``'s pile of ``count`` cards covers (at least
        one card's room, so an empty pile can still be pointed at)."""
        x, y = self.pile_at[seat]
        cw, ch = card_size(self.pile_w)
        shown = max(1, min(PILE_SHOWN, count))
        return pygame.Rect(x, y, cw + self.pile_step * (shown - 1), ch)


def compute_felt(layout: TableLayout, shown: int) -> Felt:
    scale = layout.scale
    centre = layout.centre
    gap = round(8 * scale)
    pile_w = max(30, round(layout.pile_card_w * 0.55))
    _, pile_h = card_size(pile_w)
    strip = pygame.Rect(centre.x, centre.y, centre.w, pile_h + round(6 * scale))
    below = pygame.Rect(centre.x, strip.bottom + gap, centre.w, centre.bottom - strip.bottom - gap)
    column = pygame.Rect(below.x, below.y, round(186 * scale), below.h)
    caption_h = max(16, round(20 * scale))
    own_pile = pygame.Rect(
        column.x, column.bottom - pile_h - caption_h, column.w, pile_h + caption_h
    )
    pot = pygame.Rect(column.x, column.y, column.w, round(100 * scale))
    notes = pygame.Rect(column.x, pot.bottom + gap, column.w, own_pile.y - pot.bottom - 2 * gap)
    area = pygame.Rect(column.right + gap, below.y, below.right - column.right - gap, below.h)
    felt = Felt(scale, strip, column, pot, notes, own_pile, area, caption_h=caption_h)
    felt.pile_w = pile_w
    felt.pile_step = max(7, round(pile_w * 0.26))
    _place_slots(felt, layout.pile_card_w)
    for seat, spot in layout.seats.items():
        if seat == shown:
            felt.pile_at[seat] = (own_pile.x + round(4 * scale), own_pile.y + caption_h)
        else:
            felt.pile_at[seat] = (spot.plaque.x + round(6 * scale), strip.y + round(3 * scale))
    return felt


def _place_slots(felt: Felt, max_w: int) -> None:
    """Two rows of rank slots, centred, at the largest card size that fits."""
    area = felt.area
    gap_x = round(12 * felt.scale)
    gap_y = round(10 * felt.scale)
    width = min(max_w, (area.w - gap_x * (len(TOP_RANKS) - 1)) // len(TOP_RANKS))

    def slot_h(w: int) -> int:
        h = card_size(w)[1]
        return h + 3 * round(h * CASCADE)

    while width > 30 and 2 * slot_h(width) + gap_y > area.h:
        width -= 1
    h = card_size(width)[1]
    felt.card_w = width
    felt.step = round(h * CASCADE)
    sh = slot_h(width)
    top = area.y + (area.h - 2 * sh - gap_y) // 2
    for row, ranks in enumerate((TOP_RANKS, LOW_RANKS)):
        row_w = len(ranks) * width + (len(ranks) - 1) * gap_x
        x = area.x + (area.w - row_w) // 2
        y = top + row * (sh + gap_y)
        for rank in ranks:
            felt.slots[rank] = pygame.Rect(x, y, width, sh)
            x += width + gap_x


def compose_layout(c: Composer, felt: Felt, layout_cards: Sequence[Card]) -> None:
    """The layout's cards in their rank slots, each a drop target for a capture: with
    two of a rank, each card answers for itself (the one dropped on is taken); the
    lowest card's target runs to the foot of the slot, so a drop anywhere in a slot
    lands on a card."""
    cw, ch = card_size(felt.card_w)
    by_rank: dict[int, list[tuple[int, Card]]] = {}
    for index, card in enumerate(layout_cards):
        by_rank.setdefault(card.rank, []).append((index, card))
    c.zone(Target("layout_area"), felt.area, 1)
    pad = round(5 * felt.scale)
    for rank, slot in felt.slots.items():
        cards = by_rank.get(rank, [])
        for i, (index, card) in enumerate(cards):
            place = Place(slot.x, slot.y + i * felt.step, felt.card_w)
            last = i == len(cards) - 1
            hit = pygame.Rect(round(place.x), round(place.y), cw, ch if last else felt.step)
            c.picture.add(Token(card, card, place, "layout", hit=hit))
            zone = hit.inflate(2 * pad, 0)
            if i == 0:
                zone.top -= pad
            if last:
                zone.height = slot.bottom + pad - zone.y
            c.zone(Target("layout", index), zone, 2)


def compose_piles(
    c: Composer, felt: Felt, captured: Sequence[Sequence[Card]], own: int
) -> dict[int, pygame.Rect]:
    """Every player's captured cards, face up (they are public): the newest few fanned
    (the older ones lie under the first and are not drawn; a card flying there lands on
    the pile's anchor). Your pile is a drop target (declaring dead cards). Returns each
    pile's rectangle (for pointing at it)."""
    rects = {}
    for seat, pile in enumerate(captured):
        if seat not in felt.pile_at:
            continue
        x, y = felt.pile_at[seat]
        for j, card in enumerate(pile[-PILE_SHOWN:]):
            place = Place(x + j * felt.pile_step, y, felt.pile_w)
            c.picture.add(Token(card, card, place, f"captured:{seat}"))
        rects[seat] = felt.pile_rect(seat, len(pile))
    c.zone(Target("captured", own), felt.own_pile, 2)
    return rects
