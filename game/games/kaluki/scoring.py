"""Kaluki's card values, opening totals and penalties."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from game.engine.cards import Card
from game.engine.melds import ACE_HIGH, RUN, Meld, MeldPolicy
from game.engine.solver import Arrangement, best_arrangement

POLICY = MeldPolicy(run_name="sequence", group_name="group")
JOKER_PENALTY = 25
OPENING_MINIMUM = 51  # the seed's first meld; a table may choose another (come_down)


@dataclass(frozen=True)
class CardValues:
    """What cards are worth at one table: ``ace`` in hand and in melds, ``low_ace`` at
    the low end of a run in a first meld (Kalooki 40: 1), ``joker`` left in hand."""

    ace: int = 15
    low_ace: int = 15
    joker: int = JOKER_PENALTY


SEED_VALUES = CardValues()


def rank_value(rank: int, values: CardValues = SEED_VALUES) -> int:
    """Value of a rank (1 or 14 is an ace) in melds and penalties."""
    if rank in (1, ACE_HIGH):
        return values.ace
    return min(rank, 10)


def _run_value(rank: int, values: CardValues) -> int:
    """A place in a run towards the first meld: position 1 is the low ace."""
    return values.low_ace if rank == 1 else rank_value(rank, values)


def card_penalty(card: Card, values: CardValues = SEED_VALUES) -> int:
    return values.joker if card.is_joker else rank_value(card.rank, values)


def penalty(cards: Iterable[Card], values: CardValues = SEED_VALUES) -> int:
    """Penalty points of cards left in hand (A 15 or 11, joker 25 or 15, J Q K 10)."""
    return sum(card_penalty(card, values) for card in cards)


def meld_total(melds: Iterable[Meld], values: CardValues = SEED_VALUES) -> int:
    """Opening value: each card, joker included, counts as the card it stands for (an
    ace at the low end of a run as ``values.low_ace``)."""
    return sum(
        _run_value(slot.rank, values) if meld.kind == RUN else rank_value(slot.rank, values)
        for meld in melds
        for slot in meld.slots
    )


def best_opening_arrangement(
    cards: Sequence[Card], values: CardValues = SEED_VALUES, must_use: Card | None = None
) -> Arrangement | None:
    """The highest-valued disjoint melds of ``cards``, with ``must_use`` (or a card of its
    face) in one of them; None when it fits in none."""
    if must_use is not None and must_use.is_joker:
        return _best_with_a_joker(cards, values)
    low_differs = values.low_ace != values.ace
    return best_arrangement(
        cards,
        POLICY,
        lambda _card, rank, _suit: _run_value(rank, values),
        require_card=must_use,
        group_score=(lambda _c, rank, _s: rank_value(rank, values)) if low_differs else None,
    )


def _uses_a_joker(arrangement: Arrangement | None) -> bool:
    return arrangement is not None and any(c.is_joker for m in arrangement.melds for c in m.cards)


def _best_with_a_joker(cards: Sequence[Card], values: CardValues) -> Arrangement | None:
    """Decision: a joker stands in a meld for another card, never as itself, so the
    solver's required card cannot name one; the best melds are checked to hold a joker
    instead. They nearly always do: a spare joker only raises the total of any meld it
    can join. Only when every meld is full (groups of four) is one natural card at a time
    set aside to make room, keeping the best that then holds a joker."""
    best = best_opening_arrangement(cards, values)
    if _uses_a_joker(best):
        return best
    options = []
    for aside in {card.face: card for card in cards if not card.is_joker}.values():
        rest = list(cards)
        rest.remove(aside)
        option = best_opening_arrangement(rest, values)
        if option is not None and _uses_a_joker(option):
            options.append(replace(option, leftover=(*option.leftover, aside)))
    return max(options, key=lambda a: a.score, default=None)


def best_first_meld(
    hand: Sequence[Card], values: CardValues, must_use: Card | None, keep_one: bool
) -> Arrangement | None:
    """The highest-valued first meld from ``hand`` (with ``must_use`` in it), keeping one
    card back when the player may only go out by discarding."""
    best = best_opening_arrangement(hand, values, must_use)
    if best is None or best.leftover or not keep_one:
        return best
    options = []
    for held in {card.face: card for card in hand if card != must_use}.values():
        rest = [card for card in hand if card != held]
        option = best_opening_arrangement(rest, values, must_use)
        if option is not None:
            options.append(replace(option, leftover=(*option.leftover, held)))
    return max(options, key=lambda a: meld_total(a.melds, values), default=None)


def melds_keeping_one(hand: Sequence[Card], values: CardValues = SEED_VALUES) -> tuple[Meld, ...]:
    """The least-penalty melds of ``hand`` less one card (the one kept to discard when
    going out needs a discard), for a hand that is one whole meld: 3C 4C 5C 6C may not
    all go down, but 3C 4C 5C may, and without it the bots could never go out."""
    best: Arrangement | None = None
    for held in {card.face: card for card in hand}.values():
        rest = list(hand)
        rest.remove(held)
        option = least_penalty_arrangement(rest, values)
        if option.melds and (best is None or option.score > best.score):  # most melded
            best = option
    return best.melds if best else ()


def best_opening(cards: Sequence[Card], values: CardValues = SEED_VALUES) -> int:
    """The highest total of disjoint valid melds these cards can make (0 if none)."""
    arrangement = best_opening_arrangement(cards, values)
    return arrangement.score if arrangement else 0


def least_penalty_arrangement(
    cards: Sequence[Card], values: CardValues = SEED_VALUES
) -> Arrangement:
    arrangement = best_arrangement(
        cards, POLICY, lambda card, _rank, _suit: card_penalty(card, values)
    )
    assert arrangement is not None  # no requirement: leaving everything is always possible
    return arrangement


def chips_owed(cards: Iterable[Card]) -> int:
    """Chips a player pays the one who went out: 1 a card, 2 a joker."""
    return sum(2 if card.is_joker else 1 for card in cards)
