"""Small helpers for the zones every card game keeps as tuples: hands, piles, melds."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TypeVar

from game.engine import common_messages as say
from game.engine.cards import Card
from game.engine.errors import IllegalAction
from game.engine.melds import Meld
from game.engine.messages import msg

T = TypeVar("T")


def take_from_hand(hand: Sequence[Card], cards: Iterable[Card]) -> tuple[Card, ...]:
    """``hand`` without ``cards``; IllegalAction naming a card that is not in it."""
    rest = list(hand)
    for card in cards:
        if card not in rest:
            raise IllegalAction(msg(say.NOT_IN_HAND, card=card))
        rest.remove(card)
    return tuple(rest)


def replaced(values: Sequence[T], index: int, value: T) -> tuple[T, ...]:
    """``values`` with the item at ``index`` replaced (a seat's hand, score, flag)."""
    return tuple(value if i == index else old for i, old in enumerate(values))


def distinct_faces(cards: Iterable[Card]) -> list[Card]:
    """One card of each face: identical copies make the same move, so list it once."""
    seen: dict[str, Card] = {}
    for card in cards:
        seen.setdefault(card.face, card)
    return list(seen.values())


def meld_at(melds: Sequence[Meld], index: int) -> Meld:
    if not 0 <= index < len(melds):
        raise IllegalAction(msg(say.NO_SUCH_MELD))
    return melds[index]


def other_hands(hands: Sequence[Sequence[Card]], seat: int) -> set[Card]:
    """The cards in every hand but ``seat``'s."""
    return {card for other, hand in enumerate(hands) if other != seat for card in hand}


def cards_on_table(
    hands: Sequence[Sequence[Card]],
    stock: Sequence[Card],
    discard: Sequence[Card],
    melds: Sequence[Meld] = (),
) -> list[Card]:
    """Every card of a rummy deal: hands, stock, discard pile and melds."""
    cards = [card for hand in hands for card in hand]
    cards.extend(stock)
    cards.extend(discard)
    cards.extend(card for meld in melds for card in meld.cards)
    return cards
