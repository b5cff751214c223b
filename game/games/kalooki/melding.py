"""Kalooki's table moves on melds: checking a contract, adding to a three or four, and
tacking a joker. Pure functions: they return new melds or raise IllegalAction."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

from game.engine.cards import SUIT_SYMBOLS, Card, rank_text
from game.engine.errors import IllegalAction
from game.engine.melds import ACE_HIGH, GROUP, RUN, Meld, Slot, extensions, read_meld
from game.engine.messages import Message, msg
from game.games.kalooki import messages as say
from game.games.kalooki.scoring import POLICY, Contract


def read_contract(melds: Sequence[Meld], contract: Contract, owner: int) -> tuple[Meld, ...]:
    """The melds of a first lay-down, checked against the deal's contract: exactly its
    threes (of different ranks) and fours (of different suits), each valid."""
    read = tuple(read_meld(Meld(m.kind, m.slots, owner), POLICY) for m in melds)
    threes = [m for m in read if m.kind == GROUP]
    fours = [m for m in read if m.kind == RUN]
    if len(threes) != contract.threes or len(fours) != contract.fours:
        raise IllegalAction(
            msg(
                say.CONTRACT,
                contract=say.contract_term(contract),
                threes=len(threes),
                three=say.count_term(len(threes), "three"),
                fours=len(fours),
                four=say.count_term(len(fours), "four"),
            )
        )
    seen_ranks: set[int] = set()
    for meld in threes:
        if meld.rank in seen_ranks:
            raise IllegalAction(msg(say.THREE_RANKS, rank=rank_text(meld.rank)))
        seen_ranks.add(meld.rank)
    seen_suits: set[str] = set()
    for meld in fours:
        if meld.suit in seen_suits:
            raise IllegalAction(msg(say.FOUR_SUITS, suit=SUIT_SYMBOLS[meld.suit]))
        seen_suits.add(meld.suit)
    return read


def _same_reading(a: Meld, b: Meld) -> bool:
    if a.kind != b.kind:
        return False
    return a.slots == b.slots if a.kind == RUN else sorted(a.slots) == sorted(b.slots)


def _grows_legally(old: Meld, new: Meld) -> bool:
    """A four grows upwards until it reaches the ace; only then at its lower end."""
    if old.kind != RUN:
        return True
    return new.slots[0].rank >= old.slots[0].rank or new.slots[-1].rank == ACE_HIGH


def add_to_meld(meld: Meld, cards: Sequence[Card], wanted: Meld | None = None) -> Meld:
    """``meld`` with ``cards`` added (``wanted`` picks a reading when jokers allow two)."""
    if not cards:
        raise IllegalAction(msg(say.CHOOSE_CARDS))
    what = tuple(cards)
    options = extensions(meld, cards, POLICY)
    allowed = [option for option in options if _grows_legally(meld, option)]
    if not allowed:
        growing_end = meld.slots[0] if meld.high == ACE_HIGH else meld.slots[-1]
        if meld.kind == RUN and growing_end.card.is_joker and any(c.is_joker for c in cards):
            raise IllegalAction(msg(say.JOKER_BY_JOKER, meld=meld))
        if options:
            raise IllegalAction(msg(say.GROWS_UP, cards=what, meld=meld))
        raise IllegalAction(_why_not_added(meld, what))
    if wanted is None:
        return allowed[0]
    for option in allowed:
        if _same_reading(option, wanted):
            return option
    raise IllegalAction(msg(say.JOKERS_CANNOT, meld=meld))


def _why_not_added(meld: Meld, cards: tuple[Card, ...]) -> Message:
    """The rule an addition breaks: a three takes only its rank; a four only its next card
    in its suit (upwards until the ace, then at the bottom), and none once ace to ace."""
    if meld.kind == GROUP:
        return msg(say.CANNOT_ADD_THREE, cards=cards, meld=meld)
    low, high = meld.slots[0].rank, meld.slots[-1].rank
    if high == ACE_HIGH and low == 1:
        return msg(say.CANNOT_ADD_FULL, meld=meld)
    place = low - 1 if high == ACE_HIGH else high + 1
    following = Card(1 if place == ACE_HIGH else place, meld.suit)
    return msg(say.CANNOT_ADD_FOUR, cards=cards, meld=meld, next=following)


def stands_for(slot: Slot, card: Card) -> bool:
    """Whether ``card`` is the real card the joker in ``slot`` represents."""
    rank = 1 if slot.rank == ACE_HIGH else slot.rank
    return slot.card.is_joker and not card.is_joker and (card.rank, card.suit) == (rank, slot.suit)


def tack(meld: Meld, card: Card) -> tuple[Meld, Card]:
    """Put ``card`` in place of the joker standing for it in the four ``meld``; the joker
    moves to the top end (the bottom end once the four reaches the ace). Returns the new
    meld and the joker moved."""
    if meld.kind != RUN:
        raise IllegalAction(msg(say.THREE_JOKER))
    index = next((i for i, slot in enumerate(meld.slots) if stands_for(slot, card)), None)
    if index is None:
        raise IllegalAction(msg(say.NO_JOKER_FOR, meld=meld, card=card))
    slots = list(meld.slots)
    moved = slots[index].card
    slots[index] = slots[index]._replace(card=card)
    suit = meld.suit
    if slots[-1].rank == ACE_HIGH:
        low = slots[0].rank
        if low == 1:
            raise IllegalAction(msg(say.ACE_TO_ACE, meld=meld))
        slots.insert(0, Slot(moved, low - 1, suit))
    else:
        slots.append(Slot(moved, slots[-1].rank + 1, suit))
    if any(a.card.is_joker and b.card.is_joker for a, b in pairwise(slots)):
        raise IllegalAction(msg(say.TACK_JOKERS, card=card, meld=meld))
    return meld.with_slots(slots), moved


def may_fit(meld: Meld, card: Card) -> bool:
    """A quick, exact test of whether one card can be added to ``meld`` (before the
    full check)."""
    if meld.kind == GROUP:
        return card.is_joker or card.rank == meld.rank
    if meld.high == ACE_HIGH:
        end, position = meld.slots[0], meld.rank - 1
        if position < 1:
            return False
    else:
        end, position = meld.slots[-1], meld.high + 1
    if card.is_joker:
        return not end.card.is_joker
    rank = 1 if position == ACE_HIGH else position
    return (card.rank, card.suit) == (rank, meld.suit)


def can_add(meld: Meld, card: Card) -> bool:
    """Whether ``card`` alone can be added to ``meld`` now."""
    if not may_fit(meld, card):
        return False
    try:
        add_to_meld(meld, (card,))
    except IllegalAction:
        return False
    return True


def can_tack(meld: Meld, card: Card) -> bool:
    """Whether ``card`` can be tacked in place of a joker of the four ``meld`` now."""
    if meld.kind != RUN or not any(stands_for(slot, card) for slot in meld.slots):
        return False
    try:
        tack(meld, card)
    except IllegalAction:
        return False
    return True
