"""Kaluki's card values, opening totals and penalties."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from game.engine.cards import Card
from game.engine.melds import ACE_HIGH, Meld, MeldPolicy
from game.engine.solver import Arrangement, best_arrangement

POLICY = MeldPolicy(run_name="sequence", group_name="group")
JOKER_PENALTY = 25
OPENING_MINIMUM = 51  # the seed's first meld; a table may choose another (come_down)


def rank_value(rank: int, ace_value: int = 15) -> int:
    """Value of a rank (1 or 14 is an ace) in melds and penalties."""
    if rank in (1, ACE_HIGH):
        return ace_value
    return min(rank, 10)


def card_penalty(card: Card, ace_value: int = 15) -> int:
    return JOKER_PENALTY if card.is_joker else rank_value(card.rank, ace_value)


def penalty(cards: Iterable[Card], ace_value: int = 15) -> int:
    """Penalty points of cards left in hand (A 15 or 11, joker 25, J Q K 10)."""
    return sum(card_penalty(card, ace_value) for card in cards)


def meld_total(melds: Iterable[Meld], ace_value: int = 15) -> int:
    """Opening value: each card, joker included, counts as the card it stands for."""
    return sum(rank_value(slot.rank, ace_value) for meld in melds for slot in meld.slots)


def best_opening_arrangement(
    cards: Sequence[Card], ace_value: int = 15, must_use: Card | None = None
) -> Arrangement | None:
    """The highest-valued disjoint melds of ``cards``, with ``must_use`` (or a card of its
    face) in one of them; None when it fits in none."""
    if must_use is not None and must_use.is_joker:
        return _best_with_a_joker(cards, ace_value)
    return best_arrangement(
        cards,
        POLICY,
        lambda _card, rank, _suit: rank_value(rank, ace_value),
        require_card=must_use,
    )


def _uses_a_joker(arrangement: Arrangement | None) -> bool:
    return arrangement is not None and any(c.is_joker for m in arrangement.melds for c in m.cards)


def _best_with_a_joker(cards: Sequence[Card], ace_value: int) -> Arrangement | None:
    """Decision: a joker stands in a meld for another card, never as itself, so the
    solver's required card cannot name one; the best melds are checked to hold a joker
    instead. They nearly always do: a spare joker only raises the total of any meld it
    can join. Only when every meld is full (groups of four) is one natural card at a time
    set aside to make room, keeping the best that then holds a joker."""
    best = best_opening_arrangement(cards, ace_value)
    if _uses_a_joker(best):
        return best
    options = []
    for aside in {card.face: card for card in cards if not card.is_joker}.values():
        rest = list(cards)
        rest.remove(aside)
        option = best_opening_arrangement(rest, ace_value)
        if option is not None and _uses_a_joker(option):
            options.append(replace(option, leftover=(*option.leftover, aside)))
    return max(options, key=lambda a: a.score, default=None)


def best_first_meld(
    hand: Sequence[Card], ace_value: int, must_use: Card | None, keep_one: bool
) -> Arrangement | None:
    """The highest-valued first meld from ``hand`` (with ``must_use`` in it), keeping one
    card back when the player may only go out by discarding."""
    best = best_opening_arrangement(hand, ace_value, must_use)
    if best is None or best.leftover or not keep_one:
        return best
    options = []
    for held in {card.face: card for card in hand if card != must_use}.values():
        rest = [card for card in hand if card != held]
        option = best_opening_arrangement(rest, ace_value, must_use)
        if option is not None:
            options.append(replace(option, leftover=(*option.leftover, held)))
    return max(options, key=lambda a: meld_total(a.melds, ace_value), default=None)


def melds_keeping_one(hand: Sequence[Card], ace_value: int = 15) -> tuple[Meld, ...]:
    """The least-penalty melds of ``hand`` less one card (the one kept to discard when
    going out needs a discard), for a hand that is one whole meld: 3C 4C 5C 6C may not
    all go down, but 3C 4C 5C may, and without it the bots could never go out."""
    best: Arrangement | None = None
    for held in {card.face: card for card in hand}.values():
        rest = list(hand)
        rest.remove(held)
        option = least_penalty_arrangement(rest, ace_value)
        if option.melds and (best is None or option.score > best.score):  # most melded
            best = option
    return best.melds if best else ()


def best_opening(cards: Sequence[Card], ace_value: int = 15) -> int:
    """The highest total of disjoint valid melds these cards can make (0 if none)."""
    arrangement = best_opening_arrangement(cards, ace_value)
    return arrangement.score if arrangement else 0


def least_penalty_arrangement(cards: Sequence[Card], ace_value: int = 15) -> Arrangement:
    arrangement = best_arrangement(
        cards, POLICY, lambda card, _rank, _suit: card_penalty(card, ace_value)
    )
    assert arrangement is not None  # no requirement: leaving everything is always possible
    return arrangement


def chips_owed(cards: Iterable[Card]) -> int:
    """Chips a player pays the one who went out: 1 a card, 2 a joker."""
    return sum(2 if card.is_joker else 1 for card in cards)
