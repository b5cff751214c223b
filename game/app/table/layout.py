"""Where everything sits on the table, for 2 to 10 seats, from 1024x640 up.

One :class:`TableLayout` is computed per window size (and seat count); the table scene
and every game table read rectangles from it and never place things by hand::

    +--------------------------------------------------+------------+
    | [seat] [seat] [seat] [seat] [seat]                | scores     |
    | [seat]                                     [seat] |            |
    |  stock discard |  meld cells, one per player     | action log |
    |  (piles)       |  (the "table")                   |            |
    | status line ......................... [context]  |            |
    | [you] |   the hand, fanned, large               | [buttons]  |
    +--------------------------------------------------+------------+

Seats go clockwise from the bottom (the player whose hand is shown): first up the left
side, then along the top from left to right, then down the right side, so the seat after
yours is on your left as at a real table. Up to five opponents sit along the top; more
fill the sides.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import pygame

from game.app.cards import card_size

SIDEBAR_MIN, SIDEBAR_MAX = 232, 284
MARGIN = 12
TOP_MAX = 5  # opponents that fit along the top before the sides fill


@dataclass
class SeatSpot:
    """One player's place: the name plate and where that player's cards gather."""

    seat: int
    side: str  # "bottom", "left", "top", "right"
    plaque: pygame.Rect
    backs: tuple[int, int]  # centre of the small fan of card backs (flights aim here)


@dataclass
class TableLayout:
    size: tuple[int, int]
    scale: float
    play: pygame.Rect  # the felt on the left of the sidebar
    sidebar: pygame.Rect
    score: pygame.Rect
    log: pygame.Rect
    buttons: pygame.Rect  # the sidebar's button grid
    status: pygame.Rect  # the status line above the hand
    hand: pygame.Rect  # where the shown hand fans out
    hand_card_w: int
    pile_card_w: int
    meld_card_w: int  # the largest a meld's cards are drawn
    back_card_w: int  # the small backs beside a name plate
    seats: dict[int, SeatSpot]
    centre: pygame.Rect  # between the name plates and the status line
    piles: pygame.Rect  # the column holding stock and discard
    stock: pygame.Rect
    discard: pygame.Rect
    table: pygame.Rect  # the meld area (the centre without the piles)
    cells: dict[int, pygame.Rect] = field(default_factory=dict)  # meld area per seat

    @property
    def small(self) -> bool:
        return self.size[1] < 720

    def font(self, size: int) -> int:
        """A font size scaled for this window (never below 11)."""
        return max(11, round(size * self.scale))

    def button_cells(self, count: int, columns: int = 2) -> list[pygame.Rect]:
        """``count`` equal buttons filling the sidebar's button grid, row by row."""
        rows = max(1, -(-count // columns))
        gap = 8
        w = (self.buttons.w - gap * (columns - 1)) // columns
        h = min(40, (self.buttons.h - gap * (rows - 1)) // rows)
        cells = []
        for i in range(count):
            r, c = divmod(i, columns)
            cells.append(
                pygame.Rect(self.buttons.x + c * (w + gap), self.buttons.y + r * (h + gap), w, h)
            )
        return cells


def seating_order(players: int, bottom: int) -> list[int]:
    """Seats clockwise starting with the bottom one."""
    return [(bottom + i) % players for i in range(players)]


def _side_counts(opponents: int) -> tuple[int, int, int]:
    """(left, top, right) for this many opponents."""
    if opponents <= TOP_MAX:
        return 0, opponents, 0
    sides = opponents - TOP_MAX
    left = (sides + 1) // 2
    right = sides - left
    top = opponents - left - right
    return left, top, right


def compute_layout(
    size: tuple[int, int], players: int, bottom: int, order: Sequence[int] | None = None
) -> TableLayout:
    """The layout of a table of ``players`` seats with ``bottom``'s hand shown.
    ``order`` lists the seats at the table clockwise when it is not every seat in seat
    order (players drawn to their chairs, some away); ``players`` still counts every
    seat for the score panel."""
    w, h = size
    scale = max(0.78, min(1.12, min(w / 1280, h / 800)))
    sidebar_w = max(SIDEBAR_MIN, min(SIDEBAR_MAX, round(w * 0.21)))
    sidebar = pygame.Rect(w - sidebar_w - MARGIN, MARGIN, sidebar_w, h - 2 * MARGIN)
    play = pygame.Rect(MARGIN, MARGIN, sidebar.x - 2 * MARGIN, h - 2 * MARGIN)

    hand_card_w = max(62, min(100, round(h * 0.108)))
    pile_card_w = round(hand_card_w * 0.84)
    meld_card_w = round(hand_card_w * 0.8)
    back_card_w = max(22, round(hand_card_w * 0.3))
    hand_h = card_size(hand_card_w)[1] + round(26 * scale)  # room for a lifted card
    hand = pygame.Rect(play.x, play.bottom - hand_h, play.w, hand_h)
    status_h = round(40 * scale)
    status = pygame.Rect(play.x, hand.y - status_h - round(6 * scale), play.w, status_h)

    # The shown player's name plate sits left of the hand.
    plaque_w = round(156 * scale)
    plaque_h = max(78, round(86 * scale))
    own = pygame.Rect(0, 0, plaque_w, plaque_h)
    own.bottomleft = (play.x, play.bottom - round(8 * scale))
    hand = pygame.Rect(own.right + MARGIN, hand.y, play.right - own.right - MARGIN, hand.h)

    if order is None:
        order = seating_order(players, bottom)
    else:
        at = list(order).index(bottom) if bottom in order else 0
        order = [bottom, *[s for s in [*order[at:], *order[:at]] if s != bottom]]
    opponents = order[1:]
    left_n, top_n, right_n = _side_counts(len(opponents))
    top_y = play.y
    seats: dict[int, SeatSpot] = {
        bottom: SeatSpot(bottom, "bottom", own, (own.right - back_card_w, own.y))
    }
    top_h = plaque_h
    gap = round(10 * scale)
    side_w = plaque_w if (left_n or right_n) else 0
    top_span = pygame.Rect(
        play.x + (side_w + gap if left_n else 0),
        top_y,
        play.w - (side_w + gap if left_n else 0) - (side_w + gap if right_n else 0),
        top_h,
    )
    if top_n:
        pw = min(round(190 * scale), (top_span.w - gap * (top_n - 1)) // top_n)
        # Spread evenly along the top, as players sit around a table.
        slot = top_span.w / top_n
        for i, seat in enumerate(opponents[left_n : left_n + top_n]):
            rect = pygame.Rect(0, top_y, pw, top_h)
            rect.centerx = round(top_span.x + slot * (i + 0.5))
            seats[seat] = SeatSpot(seat, "top", rect, (rect.centerx, rect.bottom))
    centre_top = top_y + top_h + round(12 * scale)
    centre = pygame.Rect(play.x, centre_top, play.w, status.y - centre_top - round(6 * scale))
    for side, seats_here in (
        ("left", list(reversed(opponents[:left_n]))),  # clockwise: up the left side
        ("right", opponents[left_n + top_n :]),
    ):
        if not seats_here:
            continue
        step = min(plaque_h + gap, centre.h // len(seats_here))
        y = centre.y + (centre.h - step * len(seats_here)) // 2
        for seat in seats_here:
            x = play.x if side == "left" else play.right - plaque_w
            rect = pygame.Rect(x, y, plaque_w, min(plaque_h, step - gap))
            anchor = (rect.right, rect.centery) if side == "left" else (rect.x, rect.centery)
            seats[seat] = SeatSpot(seat, side, rect, anchor)
            y += step
    if left_n:
        centre.x += plaque_w + gap
        centre.w -= plaque_w + gap
    if right_n:
        centre.w -= plaque_w + gap

    # Stock and discard side by side at the left of the centre.
    pile_w, pile_h = card_size(pile_card_w)
    pile_gap = round(26 * scale)
    piles = pygame.Rect(centre.x, centre.y, 2 * pile_w + pile_gap + round(28 * scale), centre.h)
    pile_y = piles.y + (piles.h - pile_h) // 2 - round(18 * scale)
    stock = pygame.Rect(piles.x + round(10 * scale), pile_y, pile_w, pile_h)
    discard = pygame.Rect(stock.right + pile_gap, pile_y, pile_w, pile_h)
    table = pygame.Rect(piles.right + gap, centre.y, centre.right - piles.right - gap, centre.h)

    layout = TableLayout(
        size=size,
        scale=scale,
        play=play,
        sidebar=sidebar,
        score=pygame.Rect(0, 0, 0, 0),
        log=pygame.Rect(0, 0, 0, 0),
        buttons=pygame.Rect(0, 0, 0, 0),
        status=status,
        hand=hand,
        hand_card_w=hand_card_w,
        pile_card_w=pile_card_w,
        meld_card_w=meld_card_w,
        back_card_w=back_card_w,
        seats=seats,
        centre=centre,
        piles=piles,
        stock=stock,
        discard=discard,
        table=table,
    )
    _sidebar(layout, players)
    layout.cells = meld_cells(table, [*opponents, bottom], scale)
    return layout


def _sidebar(layout: TableLayout, players: int) -> None:
    side = layout.sidebar
    row = round(24 * layout.scale)
    score_h = round(44 * layout.scale) + row * players
    layout.score = pygame.Rect(side.x, side.y, side.w, score_h)
    buttons_h = 3 * round(40 * layout.scale) + 2 * 8
    layout.buttons = pygame.Rect(side.x, side.bottom - buttons_h, side.w, buttons_h)
    top = layout.score.bottom + round(14 * layout.scale)
    layout.log = pygame.Rect(side.x, top, side.w, layout.buttons.y - 14 - top)


def row_counts(count: int, area: pygame.Rect) -> list[int]:
    """How many cells each row holds (top row first), giving every cell the most room
    for rows of melds: a cell is best about twice as wide as tall. Rows differ by one
    cell at most, the top rows holding the extra ones."""
    best, best_score = [count], -1.0
    for rows in range(1, min(count, 4) + 1):
        base, extra = divmod(count, rows)
        counts = [base + (1 if r < extra else 0) for r in range(rows)]
        ch = area.h / rows
        score = min(min(area.w / n / 2.2, ch) for n in counts)
        if score > best_score:
            best, best_score = counts, score
    return best


def meld_cells(area: pygame.Rect, seats: list[int], scale: float) -> dict[int, pygame.Rect]:
    """One cell per seat in screen order, row by row (the bottom seat's cell last,
    nearest its hand); the opponents' cells follow their name plates left to right."""
    counts = row_counts(len(seats), area)
    gap = round(8 * scale)
    ch = (area.h - gap * (len(counts) - 1)) // len(counts)
    cells = {}
    index = 0
    for r, n in enumerate(counts):
        cw = (area.w - gap * (n - 1)) // n
        for c in range(n):
            rect = pygame.Rect(area.x + c * (cw + gap), area.y + r * (ch + gap), cw, ch)
            cells[seats[index]] = rect
            index += 1
    return cells
