"""Where Indian Rummy's things lie on the felt, and the drawing the framework does not do.

- The centre holds, side by side: the stock with the wild indicator face up and sideways
  under it (its rank peeps out above the stock, as the rules lay it), the discard pile
  (only its top card shows) and the Finish slot where the 14th card goes to declare.
- The hand lies in the player's groups with a gap between groups; above each group a
  small label says what it makes ("Pure run", "Run", "Set") or what its cards count.
- No meld cells: nothing is laid on the table until the showdown.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

import pygame

from game.app import fonts
from game.app.cards import card_size
from game.app.table.compose import Composer, HandGeometry
from game.app.table.drag import Target
from game.app.table.layout import TableLayout
from game.app.table.panels import fit_line
from game.app.table.sprites import Place, Token
from game.app.ui.paint import text
from game.app.ui.theme import CREAM, GOLD, MUTED
from game.engine.cards import Card

INDICATOR_ZONE = "indicator"  # the engine's zone for the face-up card under the stock
PEEP = 0.42  # how much of the sideways indicator shows above the stock (of its height)
PURE_GREEN = (120, 222, 140)
RUN_GREEN = (178, 226, 160)
LOOSE_GREY = (150, 176, 160)
SLOT_FILL = (20, 70, 46)
SLOT_EDGE = (60, 128, 92)


@dataclass
class Felt:
    """The rectangles of Indian Rummy's centre, computed once per layout."""

    finish: pygame.Rect
    buttons: pygame.Rect  # where the Group / Auto-group buttons sit (right of the centre)


def arrange_centre(layout: TableLayout) -> Felt:
    """Stock, discard and Finish side by side in the middle of the centre; the piles column
    (the notes under them) spans the three."""
    centre = layout.centre
    scale = layout.scale
    pw, ph = card_size(layout.pile_card_w)
    gap = round(40 * scale)
    total = 3 * pw + 2 * gap
    x0 = centre.centerx - total // 2
    peep = round(pw * PEEP)
    y = centre.y + max(peep + 6, (centre.h - ph) // 2 - round(40 * scale))
    layout.stock = pygame.Rect(x0, y, pw, ph)
    layout.discard = pygame.Rect(x0 + pw + gap, y, pw, ph)
    finish = pygame.Rect(x0 + 2 * (pw + gap), y, pw, ph)
    bh = round(36 * scale)
    buttons = pygame.Rect(centre.x, centre.bottom - bh, centre.w, bh)
    # The notes under the piles stop above the row of buttons.
    layout.piles = pygame.Rect(x0 - 12, centre.y, total + 24, buttons.y - 8 - centre.y)
    layout.table = pygame.Rect(centre)
    layout.cells = {}
    return Felt(finish, buttons)


def widen_top_row(layout: TableLayout) -> None:
    """With players on the sides (7 or more), the plates along the top use the whole
    width above the side columns, so ten players' names and levels stay readable."""
    spots = layout.seats.values()
    if not any(spot.side in ("left", "right") for spot in spots):
        return
    tops = sorted((spot for spot in spots if spot.side == "top"), key=lambda s: s.plaque.x)
    if not tops:
        return
    play = layout.play
    gap = round(10 * layout.scale)
    width = min(round(190 * layout.scale), (play.w - gap * (len(tops) - 1)) // len(tops))
    slot = play.w / len(tops)
    for i, spot in enumerate(tops):
        rect = pygame.Rect(0, spot.plaque.y, width, spot.plaque.h)
        rect.centerx = round(play.x + slot * (i + 0.5))
        spot.plaque = rect
        spot.backs = (rect.centerx, rect.bottom)


def indicator_place(layout: TableLayout) -> Place:
    """The indicator: sideways, centred under the stock, its top part showing above it."""
    pw, ph = card_size(layout.pile_card_w)
    stock = layout.stock
    # A card turned a quarter is ph wide and pw tall, drawn centred on its place's centre.
    cx = stock.centerx
    cy = stock.y - round(pw * PEEP) + pw / 2
    return Place(cx - pw / 2, cy - ph / 2, layout.pile_card_w, True, 90.0)


def indicator_hit(layout: TableLayout) -> pygame.Rect:
    pw, ph = card_size(layout.pile_card_w)
    stock = layout.stock
    return pygame.Rect(stock.centerx - ph // 2, stock.y - round(pw * PEEP), ph, pw)


def compose_indicator(c: Composer, card: Card | None) -> None:
    if card is None:
        return
    token = Token(card, card, indicator_place(c.layout), INDICATOR_ZONE)
    token.hit = indicator_hit(c.layout)
    c.picture.add(token)


@dataclass
class GroupGeometry(HandGeometry):
    """The grouped hand's drop positions (the composer's ``hand``, as a flat hand's are):
    ``insert_index(x)`` gives the number of the nearest slot, and ``slots[n]`` what it
    means for :func:`groups.move_cards`."""

    points: list[float] = field(default_factory=list)
    slots: list[tuple] = field(default_factory=list)
    spans: list[tuple[int, int]] = field(default_factory=list)  # each group's x extent

    def insert_index(self, x: float) -> int:
        if not self.points:
            return 0
        return min(range(len(self.points)), key=lambda i: abs(self.points[i] - x))


def compose_groups(
    c: Composer,
    groups: list[list[Card]],
    zone: str,
    *,
    selected: set[Card] | frozenset = frozenset(),
    face_up: bool = True,
    glow: set[Card] | frozenset = frozenset(),
    labels: dict[Card, str] | None = None,
) -> GroupGeometry:
    """The hand fanned along the bottom in its groups, a gap between groups."""
    layout = c.layout
    area = layout.hand
    w = layout.hand_card_w
    cw, ch = card_size(w)
    n = sum(len(g) for g in groups)
    count = max(1, len(groups))
    avail = area.w - 16
    # Groups apart: each group's last card whole, then a strip of felt. When that leaves
    # too little of each card, groups close up (their last cards overlap a little).
    gap = max(8, round(cw * 0.14))
    step = (avail - count * cw - (count - 1) * gap) / max(1, n - count)
    step = min(cw * 0.68, step)
    apart = n > count and step >= cw * 0.3
    advance: float
    if apart:
        advance = cw + gap  # from a group's last card to the next group's first
    else:
        gap = round(cw * 0.3)
        step = _step(avail, cw, n, count, gap)
        advance = step + gap
    total = cw + step * max(0, n - count) + advance * (count - 1)
    x = area.centerx - total / 2
    y = area.bottom - ch - round(4 * layout.scale)
    lift = round(22 * layout.scale)
    geometry = GroupGeometry()
    geometry.points.append(x - gap / 2)
    geometry.slots.append(("new", 0))
    flat = 0
    for g, group in enumerate(groups):
        start = x
        for i, card in enumerate(group):
            up = card in selected
            place = Place(x, y - (lift if up else 0), w, face_up)
            last_of_hand = flat == n - 1
            last_of_group = i == len(group) - 1
            if last_of_hand:
                visible = cw
            elif last_of_group:
                visible = max(1, round(min(cw, advance)))
            else:
                visible = max(1, round(step))
            hit = pygame.Rect(round(x), round(place.y), visible, ch + (lift if up else 0))
            key = card if face_up else ("back", zone, flat)
            label = (labels or {}).get(card, "") if face_up else ""
            token = Token(key, card if face_up else None, place, zone, label, up, hit=hit)
            token.dim = bool(glow) and card not in glow
            c.picture.add(token)
            geometry.points.append(x)
            geometry.slots.append(("in", g, i))
            flat += 1
            if not last_of_group:
                x += step
        end = x + cw
        geometry.spans.append((round(start), round(min(end, x + advance - gap))))
        geometry.points.append(x + min(cw, advance - gap) * 0.7)
        geometry.slots.append(("in", g, len(group)))
        if g < len(groups) - 1:
            x += advance
            geometry.points.append(x - gap / 2)
            geometry.slots.append(("new", g + 1))
    geometry.points.append(x + cw + gap / 2 + 2)
    geometry.slots.append(("new", len(groups)))
    c.hand = geometry  # what a drop in the hand means (the scene asks insert_index)
    c.zone(Target("hand"), area.inflate(0, 10), 1)
    return geometry


def _step(avail: float, cw: int, n: int, groups: int, gap: int) -> float:
    """The distance between cards of a group when ``n`` cards and the gaps fill ``avail``."""
    if n <= 1:
        return cw * 0.68
    return max(6.0, min(cw * 0.68, (avail - cw - gap * (groups - 1)) / (n - 1)))


# --- drawing on the felt (under the cards) ---------------------------------------------


def draw_slot(surface: pygame.Surface, rect: pygame.Rect, lit: bool) -> None:
    """An empty card place like the stock's and discard's, its edge gold when it invites."""
    slot = rect.inflate(6, 6)
    pygame.draw.rect(surface, SLOT_FILL, slot, 0, 10)
    pygame.draw.rect(surface, GOLD if lit else SLOT_EDGE, slot, 2, 10)


def draw_finish(
    surface: pygame.Surface,
    rect: pygame.Rect,
    title: str,
    inside: str,
    scale: float,
    lit: bool,
) -> None:
    """The Finish slot: its name under it like the piles', a short invitation inside."""
    draw_slot(surface, rect, lit)
    size = max(11, round(13 * scale))
    small = max(11, round(12 * scale))
    lines = fonts.wrap(inside, small, rect.w - 10, False)[:5]
    step = round(small * 1.25)
    y = rect.centery - step * len(lines) // 2
    for line in lines:
        text(surface, line, (rect.centerx, y), small, CREAM if lit else MUTED, anchor="midtop")
        y += step
    text(surface, title, (rect.centerx, rect.bottom + 8), size, MUTED, anchor="midtop")


def draw_group_labels(
    surface: pygame.Surface,
    spans: list[tuple[int, int]],
    labels: list[tuple[str, str]],
    top: int,
    scale: float,
) -> None:
    """Above each group (in the band the lifted cards use): a line along the group and
    what it makes. ``labels``: (kind, text) per group; kind picks the colour."""
    size = max(11, round(12 * scale))
    for (x0, x1), (kind, words) in zip(spans, labels, strict=False):
        colour = {"pure": PURE_GREEN, "run": RUN_GREEN, "set": RUN_GREEN}.get(kind, LOOSE_GREY)
        y = top + size + 3
        pygame.draw.line(surface, colour, (x0 + 3, y), (x1 - 3, y), 2)
        if words:
            image = _label(fit_line(words, size, x1 - x0 - 4, True), size, colour)
            surface.blit(image, image.get_rect(midbottom=((x0 + x1) // 2, y - 1)))


@lru_cache(maxsize=128)
def _label(words: str, size: int, colour: tuple[int, int, int]) -> pygame.Surface:
    return fonts.render(words, size, colour, True)
