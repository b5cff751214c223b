"""Melds shared by the three rummies: runs and groups, with jokers and wild ranks.

Each game passes a :class:`MeldPolicy` (minimum sizes, distinct suits, joker limits, the
wild rank). A meld on the table is a tuple of :class:`Slot`: each card with the card it
stands for, so a joker always shows what it represents and a run keeps its order.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from itertools import combinations, pairwise, product
from typing import TYPE_CHECKING, NamedTuple

from game.engine.cards import SUIT_SYMBOLS, SUITS, Card, rank_text
from game.engine.errors import IllegalAction

if TYPE_CHECKING:  # messages imports this module (Meld is a message parameter)
    from game.engine.messages import Message

RUN = "run"
GROUP = "group"
ACE_HIGH = 14  # position of an ace played above the king


class Slot(NamedTuple):
    """A card in a meld and what it stands for (``rank`` 14 is an ace above the king;
    ``suit`` "" is a joker in a group whose suit does not matter)."""

    card: Card
    rank: int
    suit: str

    @property
    def is_natural(self) -> bool:
        card = self.card
        return (
            not card.is_joker
            and card.rank == (1 if self.rank == ACE_HIGH else self.rank)
            and card.suit == self.suit
        )

    def label(self) -> str:
        """What the slot shows: ``"7♥"``, or ``"7"`` for a suitless joker."""
        return rank_text(self.rank) + SUIT_SYMBOLS.get(self.suit, "")


@dataclass(frozen=True)
class MeldPolicy:
    """How one game's melds work. Names are used in messages to the player."""

    run_name: str = "sequence"
    group_name: str = "group"
    min_run: int = 3
    min_group: int = 3
    max_group: int | None = 4
    group_distinct_suits: bool = True
    group_joker_suits: bool = True  # a joker in a group stands for a named suit
    min_real_run: int = 0
    min_real_group: int = 0
    adjacent_jokers: bool = True
    wild_rank: int | None = None  # every card of this rank is wild (Indian Rummy)

    def is_wild(self, card: Card) -> bool:
        return card.is_joker or card.rank == self.wild_rank


@dataclass(frozen=True)
class Meld:
    kind: str
    slots: tuple[Slot, ...]
    owner: int = -1

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(slot.card for slot in self.slots)

    @property
    def substitutes(self) -> tuple[Slot, ...]:
        """Slots where a joker or wild card stands in for another card."""
        return tuple(slot for slot in self.slots if not slot.is_natural)

    @property
    def is_pure(self) -> bool:
        return not self.substitutes

    @property
    def rank(self) -> int:
        """The group's rank, or the run's lowest position."""
        return self.slots[0].rank

    @property
    def suit(self) -> str:
        return self.slots[0].suit if self.kind == RUN else ""

    @property
    def high(self) -> int:
        return self.slots[-1].rank

    def describe(self) -> str:
        return " ".join(
            slot.label() if slot.is_natural else f"[{slot.label()}]" for slot in self.slots
        )

    def with_slots(self, slots: Iterable[Slot]) -> Meld:
        return replace(self, slots=tuple(slots))


def _position_choices(card: Card) -> tuple[int, ...]:
    return (1, ACE_HIGH) if card.rank == 1 else (card.rank,)


def _run_from(
    naturals: Sequence[Card], positions: Sequence[int], jokers: Sequence[Card], policy: MeldPolicy
) -> list[tuple[Slot, ...]]:
    """Every window of the right length holding ``naturals`` at ``positions``."""
    size = len(naturals) + len(jokers)
    taken = dict(zip(positions, naturals, strict=True))
    suit = naturals[0].suit
    results = []
    for low in range(max(1, max(positions) - size + 1), min(min(positions), 15 - size) + 1):
        window = range(low, low + size)
        gaps = [pos for pos in window if pos not in taken]
        if not policy.adjacent_jokers and any(b - a == 1 for a, b in pairwise(gaps)):
            continue
        fill = dict(zip(gaps, jokers, strict=True))
        results.append(tuple(Slot(taken.get(pos) or fill[pos], pos, suit) for pos in window))
    return results


def _runs(cards: Sequence[Card], policy: MeldPolicy) -> list[tuple[Slot, ...]]:
    if not policy.min_run <= len(cards) <= ACE_HIGH:
        return []
    fixed = [c for c in cards if not policy.is_wild(c)]
    optional = [c for c in cards if c.rank == policy.wild_rank and not c.is_joker]
    results: list[tuple[Slot, ...]] = []
    for use in product((True, False), repeat=len(optional)):
        naturals = fixed + [c for c, natural in zip(optional, use, strict=True) if natural]
        jokers = [c for c in cards if c not in naturals]
        if len(naturals) < max(1, policy.min_real_run) or len({c.suit for c in naturals}) > 1:
            continue
        for positions in product(*(_position_choices(c) for c in naturals)):
            if len(set(positions)) == len(positions):
                results.extend(_run_from(naturals, positions, jokers, policy))
    return results


def _groups(cards: Sequence[Card], policy: MeldPolicy) -> list[tuple[Slot, ...]]:
    size = len(cards)
    if size < policy.min_group or (policy.max_group is not None and size > policy.max_group):
        return []
    fixed = [c for c in cards if not policy.is_wild(c)]
    if len({c.rank for c in fixed}) > 1:
        return []
    rank = fixed[0].rank if fixed else policy.wild_rank
    if rank is None:
        return []
    optional = [c for c in cards if c.rank == rank and c not in fixed]
    results: list[tuple[Slot, ...]] = []
    for use in product((True, False), repeat=len(optional)):
        naturals = fixed + [c for c, natural in zip(optional, use, strict=True) if natural]
        jokers = [c for c in cards if c not in naturals]
        suits = [c.suit for c in naturals]
        if len(naturals) < max(1, policy.min_real_group):
            continue
        if policy.group_distinct_suits and len(set(suits)) < len(suits):
            continue
        natural_slots = tuple(Slot(c, rank, c.suit) for c in naturals)
        if not policy.group_joker_suits:
            results.append(natural_slots + tuple(Slot(j, rank, "") for j in jokers))
            continue
        missing = [s for s in SUITS if s not in suits] if policy.group_distinct_suits else SUITS
        for chosen in combinations(missing, len(jokers)):
            joker_slots = tuple(Slot(j, rank, s) for j, s in zip(jokers, chosen, strict=True))
            results.append(natural_slots + joker_slots)
    return results


def arrangements(cards: Sequence[Card], policy: MeldPolicy, kind: str | None = None) -> list[Meld]:
    """Every valid way to read ``cards`` as one meld (several when jokers are ambiguous)."""
    found: dict[tuple[str, tuple[Slot, ...]], Meld] = {}
    for meld_kind, finder in ((RUN, _runs), (GROUP, _groups)):
        if kind in (None, meld_kind):
            for slots in finder(cards, policy):
                key = (meld_kind, tuple(sorted(slots)) if meld_kind == GROUP else slots)
                found.setdefault(key, Meld(meld_kind, slots))
    return list(found.values())


def extensions(meld: Meld, added: Sequence[Card], policy: MeldPolicy) -> list[Meld]:
    """Ways to add ``added`` to ``meld`` while every card already there keeps its place.

    :func:`arrangements` hands the jokers to the gaps in card order, so a reading where a
    new joker lies below an old one (``6D [7D] 8D`` + joker as 5D) first comes out with the
    old joker moved; such readings are kept with the wild cards swapped back (they are
    interchangeable in their slots). They come after the readings that needed no swap, so
    a choice that took the first reading before still takes the same one.
    """
    fixed = {slot.card: (slot.rank, slot.suit) for slot in meld.slots}
    direct: list[Meld] = []
    swapped: list[Meld] = []
    seen: set[tuple[Slot, ...]] = set()
    for option in arrangements([*meld.cards, *added], policy, meld.kind):
        kept = option if _keeps_places(option, fixed) else _wilds_put_back(option, fixed)
        if kept is None:
            continue
        key = kept.slots if kept.kind == RUN else tuple(sorted(kept.slots))
        if key not in seen:
            seen.add(key)
            (direct if kept is option else swapped).append(replace(kept, owner=meld.owner))
    return direct + swapped


def _keeps_places(option: Meld, fixed: dict[Card, tuple[int, str]]) -> bool:
    placed = {slot.card: (slot.rank, slot.suit) for slot in option.slots}
    return all(placed[card] == where for card, where in fixed.items())


def _wilds_put_back(option: Meld, fixed: dict[Card, tuple[int, str]]) -> Meld | None:
    """``option`` with the cards standing in for others reassigned among their slots so
    that each one already in the meld is back where it stood (None if no swap does it)."""
    standing = [i for i, slot in enumerate(option.slots) if not slot.is_natural]
    wilds = [option.slots[i].card for i in standing]
    free = list(standing)
    owner: dict[int, Card] = {}
    for card in wilds:
        if card in fixed:
            spot = next((i for i in free if option.slots[i][1:] == fixed[card]), None)
            if spot is None:
                return None
            free.remove(spot)
            owner[spot] = card
    for card in wilds:
        if card not in fixed:
            owner[free.pop(0)] = card
    slots = [
        slot._replace(card=owner[i]) if i in owner else slot for i, slot in enumerate(option.slots)
    ]
    kept = option.with_slots(slots)
    return kept if _keeps_places(kept, fixed) else None


def _same_reading(a: Meld, b: Meld) -> bool:
    if a.kind != b.kind:
        return False
    return a.slots == b.slots if a.kind == RUN else sorted(a.slots) == sorted(b.slots)


def read_meld(meld: Meld, policy: MeldPolicy, prefer: Callable[[Meld], int] | None = None) -> Meld:
    """``meld`` checked against the rules, or IllegalAction saying what is wrong.

    A loose meld (slots with ``rank`` 0, see :func:`loose_meld`) takes the valid reading
    that ``prefer`` scores highest (the first one without ``prefer``).
    """
    from game.engine import common_messages as say  # messages imports this module
    from game.engine.messages import Term, msg

    problem = meld_problem(meld.cards, policy)
    if problem:
        raise IllegalAction(problem)
    options = arrangements(meld.cards, policy, meld.kind or None)
    if not options:
        name = policy.run_name if meld.kind == RUN else policy.group_name
        raise IllegalAction(msg(say.NOT_A_MELD_KIND, name=Term(name)))
    if all(slot.rank == 0 for slot in meld.slots):
        best = max(options, key=prefer) if prefer else options[0]
        return replace(best, owner=meld.owner)
    for option in options:
        if _same_reading(option, meld):
            return replace(option, owner=meld.owner)
    raise IllegalAction(msg(say.JOKERS_CANNOT, meld=meld))


def loose_meld(cards: Sequence[Card], kind: str = "") -> Meld:
    """Cards meant as a meld, leaving the reading to :func:`read_meld`."""
    return Meld(kind, tuple(Slot(card, 0, "") for card in cards))


def meld_problem(cards: Sequence[Card], policy: MeldPolicy) -> Message | None:
    """Why ``cards`` are not a meld, in words a player understands (None if they are)."""
    from game.engine import common_messages as say  # messages imports this module
    from game.engine.messages import Term, msg

    smallest = min(policy.min_run, policy.min_group)
    if len(cards) < smallest:
        return msg(say.MELD_TOO_SMALL, n=smallest, have=len(cards))
    if arrangements(cards, policy):
        return None
    run, group = Term(policy.run_name), Term(policy.group_name)
    naturals = [c for c in cards if not policy.is_wild(c)]
    wild_count = len(cards) - len(naturals)
    if not naturals:
        return msg(say.MELD_NEEDS_REAL)
    if len({c.rank for c in naturals}) == 1:
        return _group_problem(cards, naturals, policy)
    if len({c.suit for c in naturals}) == 1:
        ranks = sorted(c.rank for c in naturals)
        if len(set(ranks)) < len(ranks) and 1 not in ranks:
            twin = next(c for c in naturals if ranks.count(c.rank) > 1)
            return msg(say.RUN_TWIN, name=run, rank=rank_text(twin.rank))
        if 1 in ranks and 13 in ranks and 2 in ranks:
            return msg(say.NO_CORNER, name=run)
        if len(cards) < policy.min_run:
            return msg(say.KIND_TOO_SMALL, name=run, n=policy.min_run)
        if len(naturals) < policy.min_real_run:
            return msg(say.KIND_NEEDS_REAL, name=run, n=policy.min_real_run)
        if not policy.adjacent_jokers and wild_count > 1:
            return msg(say.JOKERS_SIDE, name=run)
        if wild_count == 0:
            return msg(say.TOO_FAR, name=run)
        if wild_count == 1:
            return msg(say.TOO_FAR_JOKER, name=run)
        return msg(say.TOO_FAR_JOKERS, name=run, n=wild_count)
    return msg(say.NOT_A_MELD, group=group, run=run)


def _group_problem(cards: Sequence[Card], naturals: Sequence[Card], policy: MeldPolicy) -> Message:
    from game.engine import common_messages as say
    from game.engine.messages import Term, msg

    group = Term(policy.group_name)
    if len(cards) < policy.min_group:
        return msg(say.KIND_TOO_SMALL, name=group, n=policy.min_group)
    if policy.max_group is not None and len(cards) > policy.max_group:
        return msg(say.GROUP_MAX, name=group, n=policy.max_group)
    if len(naturals) < policy.min_real_group:
        return msg(say.KIND_NEEDS_REAL, name=group, n=policy.min_real_group)
    if policy.group_distinct_suits:
        seen: set[str] = set()
        for card in naturals:
            if card.suit in seen:
                return msg(say.GROUP_TWIN, card=card, name=group)
            seen.add(card.suit)
    return msg(say.NOT_A_MELD_KIND, name=group)


def extension_problem(meld: Meld, added: Sequence[Card], policy: MeldPolicy) -> Message:
    """Why ``added`` cannot be laid off on ``meld`` (when :func:`extensions` finds no way),
    naming the rule: a group's one rank, its distinct suits and its size, a run's suit and
    its ends."""
    from game.engine import meld_messages  # noqa: F401  (messages imports this module)
    from game.engine.messages import Term, msg

    naturals = [c for c in added if not policy.is_wild(c)]
    if meld.kind == GROUP:
        group = Term(policy.group_name)
        other = next((c for c in naturals if c.rank != meld.rank), None)
        if other is not None:
            return msg("meld.add_group_rank", card=other, meld=meld, group=group)
        if policy.max_group is not None and len(meld.slots) + len(added) > policy.max_group:
            return msg("meld.add_group_full", meld=meld, group=group, n=policy.max_group)
        if policy.group_distinct_suits:
            held = {slot.suit for slot in meld.slots}
            twin = next((c for c in naturals if c.suit in held), None)
            if twin is not None:
                return msg("meld.add_group_suit", card=twin, meld=meld, group=group)
    elif meld.kind == RUN:
        run = Term(policy.run_name)
        other = next((c for c in naturals if c.suit != meld.suit), None)
        if other is not None:
            return msg("meld.add_run_suit", card=other, meld=meld, run=run)
        return msg("meld.add_run_ends", cards=tuple(added), meld=meld, run=run)
    return msg("meld.cannot_add", cards=tuple(added), meld=meld)
