"""Drawing Laugh and Lie Down's furniture: the rank slots of the layout, the pot, the
notes, the captured piles' places and counts, and a captured pile shown in full.

Everything here reads the game's hooks (the felt, the pile rectangles) and, through them,
the table (its view, layout, session) and changes nothing.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from game.app import fonts
from game.app.cards import card_size
from game.app.i18n import tr
from game.app.table.laugh_and_lie_down.chips import signed_plain
from game.app.table.laugh_and_lie_down.felt import Felt
from game.app.table.panels import card_count_badge, fit_line
from game.app.table.sprites import Place, draw_card
from game.app.ui.paint import panel, text
from game.app.ui.theme import CREAM, GOLD, MUTED, RED
from game.engine.cards import Card, rank_text, sort_by_rank
from game.games.laugh_and_lie_down.settlement import baseline, bonus
from game.games.laugh_and_lie_down.state import CLAIMS, DEAL_OVER, PLAY

if TYPE_CHECKING:
    from game.app.table.laugh_and_lie_down.hooks import LaughHooks

SLOT_FILL = (14, 60, 39)
SLOT_EDGE = (44, 104, 72)
EMPTY_RANK = (52, 112, 80)
CHIP_COLOURS = ((196, 52, 48), (40, 92, 176), (236, 230, 214), (212, 170, 76))


def felt(hooks: LaughHooks, surface: pygame.Surface) -> None:
    """Under the cards: the rank slots, the pot, the notes, the piles' places."""
    f: Felt = hooks.felt
    view = hooks.table.view
    _slots(surface, f, {card.rank for card in view.layout})
    _pot(surface, hooks, f)
    _notes(surface, hooks, f)
    _pile_places(surface, hooks, f)
    _out_of_the_deal(surface, hooks)


def _out_of_the_deal(surface: pygame.Surface, hooks: LaughHooks) -> None:
    """Where your hand was, once you lay down or played it out."""
    view = hooks.table.view
    seat = hooks.table.view_seat
    watching = not hooks.table.session.setup.humans  # an all-AI table: nobody is "you"
    if view.phase not in (PLAY, CLAIMS) or view.hand or hooks.table.covered or watching:
        return
    key = (
        "laugh_and_lie_down.you_lay_down"
        if view.lain_down[seat]
        else ("laugh_and_lie_down.you_played_out")
    )
    area = hooks.laid_out.hand
    size = max(13, round(17 * hooks.laid_out.scale))
    text(surface, fit_line(tr(key), size, area.w - 20), area.center, size, MUTED, anchor="center")


def _slots(surface: pygame.Surface, f: Felt, present: set[int]) -> None:
    board = _slot_board(f, frozenset(present))
    surface.blit(board, (f.area.x - BOARD_PAD, f.area.y - BOARD_PAD))


BOARD_PAD = 6


@lru_cache(maxsize=8)
def _slot_board(f: Felt, present: frozenset[int]) -> pygame.Surface:
    """The thirteen rank slots drawn once per felt and set of ranks present: an empty
    slot shows its rank large, an occupied one small at its foot."""
    image = pygame.Surface(f.area.inflate(2 * BOARD_PAD, 2 * BOARD_PAD).size, pygame.SRCALPHA)
    dx, dy = BOARD_PAD - f.area.x, BOARD_PAD - f.area.y
    cw, ch = card_size(f.card_w)
    big = max(14, round(f.card_w * 0.42))
    small = max(11, round(13 * f.scale))
    for rank, slot in f.slots.items():
        slot = slot.move(dx, dy)
        box = slot.inflate(8, 8)
        pygame.draw.rect(image, SLOT_FILL, box, 0, 10)
        pygame.draw.rect(image, SLOT_EDGE, box, 1, 10)
        label = rank_text(rank)
        if rank in present:
            text(
                image,
                label,
                (slot.centerx, slot.bottom - 2),
                small,
                EMPTY_RANK,
                bold=True,
                anchor="midbottom",
            )
        else:
            first = pygame.Rect(slot.x, slot.y, cw, ch)
            pygame.draw.rect(image, EMPTY_RANK, first, 1, max(4, f.card_w // 9))
            text(image, label, first.center, big, EMPTY_RANK, bold=True, anchor="center")
    return image.convert_alpha() if pygame.display.get_surface() is not None else image


def _pot(surface: pygame.Surface, hooks: LaughHooks, f: Felt) -> None:
    view = hooks.table.view
    rect = f.pot
    scale = f.scale
    panel(surface, rect, alpha=176, radius=12)
    pad = round(10 * scale)
    _chip_stack(
        surface,
        (rect.x + pad + round(17 * scale), rect.centery + round(8 * scale)),
        scale,
        view.pot,
    )
    x = rect.x + pad + round(42 * scale)
    room = rect.right - pad - x
    label = max(11, round(13 * scale))
    text(
        surface,
        fit_line(tr("laugh_and_lie_down.pot"), label, room),
        (x, rect.y + pad),
        label,
        MUTED,
    )
    colour = RED if view.pot < 0 else GOLD
    big = max(18, round(28 * scale))
    shown = text(
        surface,
        signed_plain(view.pot),
        (x, rect.y + pad + round(label * 1.2)),
        big,
        colour,
        bold=True,
    )
    size = max(11, round(12 * scale))
    y = shown.bottom + 1
    lines = [part for note in _pot_notes(view) for part in fonts.wrap(note, size, room)]
    for line in lines[:2]:
        text(surface, fit_line(line, size, room), (x, y), size, MUTED)
        y += round(size * 1.25)


def _pot_notes(view) -> list[str]:
    """What the pot holds: this deal's antes and what was carried over (a debt shows
    with a minus), or, between deals, what it carries into the next."""
    if view.phase == DEAL_OVER or view.deal == 0:
        if view.pot < 0:
            return [tr("laugh_and_lie_down.pot_owed_next")]
        return [tr("laugh_and_lie_down.pot_carries")] if view.pot else []
    carried = view.history[-1].pot if view.history else 0
    notes = [tr("laugh_and_lie_down.pot_antes", antes=view.pot - carried)]
    if carried:
        notes.append(tr("laugh_and_lie_down.pot_carried", carried=signed_plain(carried)))
    return notes


def _chip_stack(surface: pygame.Surface, centre: tuple[int, int], scale: float, pot: int) -> None:
    """A little stack of chips, taller for a bigger pot; an empty ring when it is empty
    or owed."""
    w = round(30 * scale)
    h = round(10 * scale)
    cx, base = centre
    count = 0 if pot <= 0 else min(6, 1 + pot // 4)
    if not count:
        ring = pygame.Rect(0, 0, w, h)
        ring.center = (cx, base)
        pygame.draw.ellipse(surface, RED if pot < 0 else MUTED, ring, 2)
        return
    for i in range(count):
        colour = CHIP_COLOURS[i % len(CHIP_COLOURS)]
        chip = pygame.Rect(0, 0, w, h)
        chip.center = (cx, base - i * round(5 * scale))
        edge = pygame.Rect(chip.x, chip.y + 2, chip.w, chip.h)
        pygame.draw.ellipse(surface, tuple(c // 2 for c in colour), edge)
        pygame.draw.ellipse(surface, colour, chip)
        pygame.draw.ellipse(surface, (250, 246, 232), chip.inflate(-w // 2, -h // 2), 1)


def _notes(surface: pygame.Surface, hooks: LaughHooks, f: Felt) -> None:
    view = hooks.table.view
    options = view.options
    players = options.players
    lines = [
        tr("laugh_and_lie_down.note_deal", n=max(1, view.deal), total=options.deal_count),
        tr("laugh_and_lie_down.note_baseline", n=baseline(players)),
        tr("laugh_and_lie_down.note_bonus", n=bonus(players)),
        tr(
            "laugh_and_lie_down.note_auto_on"
            if options.auto_declare
            else "laugh_and_lie_down.note_auto_off"
        ),
    ]
    size = max(11, round(13 * f.scale))
    step = round(size * 1.35)
    y = f.notes.y + round(4 * f.scale)
    for line in lines:
        if y + size > f.notes.bottom:
            break
        text(surface, fit_line(line, size, f.notes.w - 8), (f.notes.x + 4, y), size, GOLD)
        y += step


def _pile_places(surface: pygame.Surface, hooks: LaughHooks, f: Felt) -> None:
    view = hooks.table.view
    cw, ch = card_size(f.pile_w)
    size = max(11, round(13 * f.scale))
    caption = tr("laugh_and_lie_down.your_captures")
    text(
        surface,
        fit_line(caption, size, f.own_pile.w - 8, True),
        (f.own_pile.x + 4, f.own_pile.y),
        size,
        MUTED,
        bold=True,
    )
    for seat, (x, y) in f.pile_at.items():
        if seat < len(view.captured) and not view.captured[seat]:
            outline = pygame.Rect(x, y, cw, ch)
            pygame.draw.rect(surface, SLOT_EDGE, outline, 1, max(4, f.pile_w // 9))


def pile_counts(hooks: LaughHooks, surface: pygame.Surface) -> None:
    """Over the cards: how many cards each captured pile holds."""
    view = hooks.table.view
    for seat, rect in hooks.pile_rects.items():
        count = len(view.captured[seat]) if seat < len(view.captured) else 0
        if count:
            card_count_badge(
                surface, count, (rect.right + 2, rect.bottom - 4), hooks.laid_out.scale * 0.9
            )


def inspected_pile(hooks: LaughHooks, surface: pygame.Surface) -> None:
    """A captured pile in full, sorted by rank, over the table (pointed at or pinned)."""
    seat = hooks.shown_pile()
    if seat is None or seat not in hooks.pile_rects:
        return
    f: Felt = hooks.felt
    view = hooks.table.view
    cards = sort_by_rank(view.captured[seat])
    scale = hooks.laid_out.scale
    names = hooks.names()
    if seat == hooks.table.view_seat and len(hooks.table.session.setup.humans) <= 1:
        title = tr("laugh_and_lie_down.inspect_yours", n=len(cards))
    else:
        title = tr("laugh_and_lie_down.inspect_title", name=names[seat], n=len(cards))
    card_w = max(34, round(46 * scale))
    cw, ch = card_size(card_w)
    step = round(cw * 0.34)
    group_gap = round(cw * 0.45)
    groups: list[list[Card]] = []
    for card in cards:
        if groups and groups[-1][0].rank == card.rank:
            groups[-1].append(card)
        else:
            groups.append([card])
    play = hooks.laid_out.play
    max_w = min(round(640 * scale), play.w - 40)
    pad = round(14 * scale)
    head = max(12, round(15 * scale))
    rows: list[list[list[Card]]] = [[]]
    width = 0
    for group in groups:
        gw = cw + step * (len(group) - 1)
        if rows[-1] and width + group_gap + gw > max_w - 2 * pad:
            rows.append([])
            width = 0
        width += (group_gap if rows[-1] else 0) + gw
        rows[-1].append(group)
    widest = max((_row_width(row, cw, step, group_gap) for row in rows), default=0)
    title_w = min(max_w - 2 * pad, _text_w(title, head))
    box_w = max(widest, title_w, round(180 * scale)) + 2 * pad
    body_h = (ch + round(8 * scale)) * len(rows) if cards else round(24 * scale)
    box = pygame.Rect(0, 0, box_w, pad + round(head * 1.6) + body_h + pad // 2)
    pile = hooks.pile_rects[seat]
    if seat == hooks.table.view_seat:
        box.bottomleft = (pile.x, f.own_pile.y - 6)
    else:
        box.topleft = (pile.x, f.strip.bottom + 4)
    box.clamp_ip(play)
    panel(surface, box, alpha=246, radius=12, border=GOLD)
    text(
        surface,
        fit_line(title, head, box.w - 2 * pad, True),
        (box.x + pad, box.y + pad - 2),
        head,
        GOLD,
        bold=True,
    )
    y = box.y + pad + round(head * 1.6)
    if not cards:
        text(surface, tr("laugh_and_lie_down.inspect_empty"), (box.x + pad, y), head - 1, CREAM)
        return
    for row in rows:
        x = box.x + pad
        for group in row:
            for i, card in enumerate(group):
                draw_card(surface, hooks.table.app.cards, card, Place(x + i * step, y, card_w))
            x += cw + step * (len(group) - 1) + group_gap
        y += ch + round(8 * scale)


def _row_width(row: list[list[Card]], cw: int, step: int, gap: int) -> int:
    return sum(cw + step * (len(g) - 1) for g in row) + gap * max(0, len(row) - 1)


def _text_w(content: str, size: int) -> int:
    return fonts.font(size, True).size(content)[0]
