"""Dealing a sampled world for a rummy Hard bot: the cards the seat cannot see go to the
other hands and the stock, cards known to be in a hand (taken from the discard and not
seen again) stay there, and a hand that does not fit how its holder has played is dealt
again a few times (``fits``)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence

from game.ai.knowledge import DealKnowledge
from game.engine.cards import Card

Hand = tuple[Card, ...]


def deal_hidden(
    unseen_pool: Iterable[Card],
    own_hand: Sequence[Card],
    seat: int,
    hand_sizes: Sequence[int],
    knowledge: DealKnowledge,
    rng: random.Random,
    redeals: int,
    fits: Callable[[int, Hand], bool],
) -> tuple[list[Hand], list[Card]]:
    """Every seat's hand (``seat`` keeps its own) and the cards left over, shuffled (the
    stock comes from their front). ``unseen_pool`` is every card the seat has not seen
    played: the pack less its hand, the discards and the melds."""
    pool = set(unseen_pool)
    known = {
        other: [c for c in knowledge.held.get(other, ()) if c in pool]
        for other in range(len(hand_sizes))
        if other != seat
    }
    for cards in known.values():
        pool.difference_update(cards)
    unseen = sorted(pool)  # sorted first: the same position always deals the same worlds
    rng.shuffle(unseen)
    hands: list[Hand] = []
    for other, size in enumerate(hand_sizes):
        if other == seat:
            hands.append(tuple(own_hand))
            continue
        need = max(0, size - len(known[other]))
        for _attempt in range(redeals):
            hand = (*known[other][:size], *unseen[:need])
            if fits(other, hand):
                break
            rng.shuffle(unseen)
        hands.append(hand)
        unseen = unseen[need:]
    return hands, unseen
