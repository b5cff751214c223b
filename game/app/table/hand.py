"""The shown hand as its player arranges it (a part of the table). ``FlatHand`` keeps each
seat's cards in one order: a fresh deal sorted, a card drawn where it was dropped, drags
within the hand, the keyboard's Shift+arrows and the sort buttons. ``GroupedHand`` keeps
groups beside that order (Indian Rummy): the groups follow the hand as cards come and go,
a card dropped in the hand goes into the group or the gap under the mouse. A game names
its model with the ``hand_model`` hook.

An arrangement never goes to the engine; saves keep it (``seat_groups``,
``set_seat_groups``), and every rearrangement is autosaved (``hand_rearranged``).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Protocol

from game.app.table.context import TableContext
from game.app.table.sprites import Picture, Place
from game.engine.cards import Card, sort_by_rank, sort_by_suit

Groups = list[list[Card]]
Land = Callable[[Picture, dict[Hashable, Place]], None]  # cards settle after a change


class FlatHand:
    def __init__(self, ctx: TableContext, land: Land, rearranged: Callable[[], None]) -> None:
        """``land``: after a change, dragged cards fly from the mouse and the others
        slide; ``rearranged``: the arrangement changed (autosaved)."""
        self.ctx = ctx
        self.land = land
        self.rearranged = rearranged
        self.insert_at: int | None = None  # where in the hand a card being drawn goes

    @property
    def order(self) -> list[Card]:
        """The shown seat's cards as arranged (staged cards too)."""
        return self.ctx.hand_orders.setdefault(self.ctx.view_seat, [])

    def sync(self) -> None:
        """The view changed: cards gone leave the order, new ones join it."""
        ctx = self.ctx
        hand = list(getattr(ctx.view, "hand", ()))
        order = self.order
        held = set(hand)
        kept = [card for card in order if card in held]
        new = [card for card in hand if card not in set(kept)]
        if not kept and new:
            new = ctx.hooks.fresh_hand_order(new)  # a fresh deal arrives sorted
        if self.insert_at is not None:
            at = max(0, min(len(kept), self.insert_at))
            kept[at:at] = new
            self.insert_at = None
        else:
            kept.extend(new)
        order[:] = kept
        ctx.selected &= held
        staged_cards = [c for meld in ctx.staged for c in ctx.hooks.staged_cards(meld)]
        if any(card not in held for card in staged_cards) or not ctx.my_turn:
            ctx.staged = []

    def reorder(self, cards: list[Card], index: int, places: dict[Hashable, Place]) -> None:
        """``cards`` dragged within the hand to ``index`` (of the cards shown)."""
        ctx = self.ctx
        order = self.order
        visible = ctx.hand_cards()
        before = [c for c in visible[:index] if c not in cards]
        anchor = before[-1] if before else None
        rest = [c for c in order if c not in cards]
        at = rest.index(anchor) + 1 if anchor is not None else 0
        rest[at:at] = cards
        old = ctx.picture
        order[:] = rest
        ctx.refresh()
        self.land(old, places)
        self.rearranged()

    def shift(self, step: int) -> None:
        """The keyboard's card one place left (-1) or right (+1)."""
        ctx = self.ctx
        cards = ctx.hand_cards()
        index = max(0, min(ctx.focus, len(cards) - 1))
        card = cards[index]
        new = max(0, min(len(cards) - 1, index + step))
        if new == index:
            return
        other = cards[new]
        order = self.order
        i, j = order.index(card), order.index(other)
        order[i], order[j] = order[j], order[i]
        ctx.focus = new
        old = ctx.picture
        ctx.refresh()
        ctx.animator.settle(old, ctx.picture, set())
        self.rearranged()

    def sort(self, by_rank: bool) -> None:
        ctx = self.ctx
        old = ctx.picture
        self.order[:] = (sort_by_rank if by_rank else sort_by_suit)(self.order)
        ctx.refresh()
        ctx.animator.settle(old, ctx.picture, set())
        self.rearranged()

    def seat_groups(self, seat: int) -> Groups:
        """``seat``'s arrangement for the save: the flat order as one group."""
        order = self.ctx.hand_orders.get(seat)
        return [list(order)] if order else []

    def set_seat_groups(self, seat: int, groups: Groups) -> None:
        self.ctx.hand_orders.setdefault(seat, [])[:] = [card for group in groups for card in group]

    def forget(self) -> None:
        """A new deal: every arrangement goes."""
        self.ctx.hand_orders.clear()


class Grouping(Protocol):
    """What a game with groups says of them (Indian Rummy's, in its hand.py)."""

    def deal(self) -> int:
        """The deal now (groups kept from another deal are forgotten)."""

    def first(self, hand: list[Card]) -> Groups:
        """How a fresh hand is grouped."""

    def sorted(self, hand: list[Card], by_rank: bool) -> Groups:
        """The sort buttons' groups."""


class GroupedHand(FlatHand):
    def __init__(
        self, ctx: TableContext, land: Land, rearranged: Callable[[], None], grouping: Grouping
    ) -> None:
        super().__init__(ctx, land, rearranged)
        self.grouping = grouping
        self.by_seat: dict[int, tuple[int, Groups]] = {}  # seat -> (deal, groups)

    @property
    def groups(self) -> Groups:
        return self.by_seat.get(self.ctx.view_seat, (0, []))[1]

    def set_groups(self, groups: Groups) -> None:
        self.set_seat_groups(self.ctx.view_seat, groups)

    def seat_groups(self, seat: int) -> Groups:
        """``seat``'s groups in this deal (for the save)."""
        deal, groups = self.by_seat.get(seat, (None, []))
        return groups if deal == self.grouping.deal() else []

    def set_seat_groups(self, seat: int, groups: Groups) -> None:
        self.by_seat[seat] = (self.grouping.deal(), groups)
        self.ctx.hand_orders.setdefault(seat, [])[:] = flatten(groups)

    def forget(self) -> None:
        super().forget()
        self.by_seat.clear()

    def sync(self) -> None:
        """The flat order follows the hand; the groups too: cards gone leave their group, a
        card drawn goes where it was dropped, or into a group of its own."""
        ctx = self.ctx
        insert = self.insert_at
        self.insert_at = None
        super().sync()
        hand = list(getattr(ctx.view, "hand", ()))
        deal, groups = self.by_seat.get(ctx.view_seat, (None, []))
        slots = self._slots()
        slot = slots[insert] if insert is not None and 0 <= insert < len(slots) else None
        held = set(hand)
        if deal != self.grouping.deal() or not any(card in held for card in flatten(groups)):
            groups = self.grouping.first(hand)
        else:
            groups = synced(groups, hand, slot)
        self.set_groups(groups)

    def _slots(self) -> list[tuple[object, ...]]:
        """Where a card may go in the hand as drawn (a group's place, or a gap)."""
        geometry = self.ctx.composer.hand if self.ctx.composer is not None else None
        slots: list[tuple[object, ...]] = getattr(geometry, "slots", [])
        return slots

    def rearrange(self, groups: Groups, places: dict[Hashable, Place] | None = None) -> None:
        ctx = self.ctx
        old = ctx.picture
        self.set_groups(groups)
        ctx.refresh()
        if places:
            self.land(old, places)
        else:
            ctx.animator.settle(old, ctx.picture, set())
        self.rearranged()

    def reorder(self, cards: list[Card], index: int, places: dict[Hashable, Place]) -> None:
        """A drag within the hand: into a group, or into a gap (a new group)."""
        slots = self._slots()
        slot = slots[index] if 0 <= index < len(slots) else ("new", len(self.groups))
        self.rearrange(move_cards(self.groups, cards, slot), places)

    def shift(self, step: int) -> None:
        ctx = self.ctx
        cards = ctx.hand_cards()
        if not cards:
            return
        card = cards[max(0, min(ctx.focus, len(cards) - 1))]
        self.rearrange(shift(self.groups, card, step))
        ctx.focus = ctx.hand_cards().index(card)

    def sort(self, by_rank: bool) -> None:
        self.rearrange(self.grouping.sorted(self.ctx.hand_cards(), by_rank))


# --- groups as plain data: a list of groups, each a list of cards, left to right ---------


def flatten(groups: Sequence[Sequence[Card]]) -> list[Card]:
    return [card for group in groups for card in group]


def synced(
    groups: Sequence[Sequence[Card]], hand: Sequence[Card], insert: tuple | None = None
) -> Groups:
    """The groups after the hand changed: cards that left drop out (an emptied group
    disappears); new cards go to ``insert`` (a slot, see :func:`move_cards`) or, by
    default, into a group of their own at the right."""
    held = set(hand)
    kept = [[card for card in group if card in held] for group in groups]
    kept = [group for group in kept if group]
    placed = set(flatten(kept))
    new = [card for card in hand if card not in placed]
    if not new:
        return kept
    if insert is None or not kept:
        return [*kept, new]
    return move_cards(kept, new, insert)


def move_cards(groups: Sequence[Sequence[Card]], cards: Sequence[Card], slot: tuple) -> Groups:
    """``cards`` (taken from wherever they are, or new) put at ``slot``:
    ``("in", g, i)`` before position ``i`` of group ``g`` (``i`` = its length: at its end),
    or ``("new", g)`` as a new group before group ``g`` (``g`` = the number of groups: at
    the right). Emptied groups disappear."""
    moving = set(cards)
    kind, g = slot[0], slot[1]
    result: Groups = []
    for index, group in enumerate(groups):
        if kind == "new" and index == g:
            result.append(list(cards))
        if kind == "in" and index == g:
            i = slot[2]
            before = [c for c in group[:i] if c not in moving]
            after = [c for c in group[i:] if c not in moving]
            result.append([*before, *cards, *after])
            continue
        rest = [card for card in group if card not in moving]
        if rest:
            result.append(rest)
    if kind == "new" and g >= len(groups):
        result.append(list(cards))
    if kind == "in" and g >= len(groups):
        result.append(list(cards))
    return [group for group in result if group]


def shift(groups: Sequence[Sequence[Card]], card: Card, step: int) -> Groups:
    """``card`` moved one place left (``step`` -1) or right (+1); past the end of its
    group it joins the neighbouring group (at the near end), or, at either end of the
    hand, it leaves its group to stand alone there."""
    result = [list(group) for group in groups]
    g = next(i for i, group in enumerate(result) if card in group)
    group = result[g]
    i = group.index(card)
    j = i + step
    if 0 <= j < len(group):
        group[i], group[j] = group[j], group[i]
        return result
    group.remove(card)
    if step < 0:
        if g > 0:
            result[g - 1].append(card)
        elif group:
            result.insert(0, [card])
        else:
            group.append(card)
    else:
        if g + 1 < len(result):
            result[g + 1].insert(0, card)
        elif group:
            result.append([card])
        else:
            group.append(card)
    return [group for group in result if group]
