"""Which card to throw first: ``legal_actions`` lists the discards in this order, so a
table can suggest one and the play-out bot makes progress towards the contract.

A cheap plan, not a search: keep, for the contract's fours, the best-filled window of
four places in as many different suits, and for its threes the largest sets of one rank
among the other cards; throw cards outside the plan first, the costliest first. Once a
player has laid down, only what is left in hand counts, so the costliest card goes first.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.engine.cards import SUITS, Card
from game.engine.melds import ACE_HIGH
from game.games.kalooki.scoring import Contract, card_penalty


def _best_window(cards: Sequence[Card], suit: str) -> list[Card]:
    """The cards of ``suit`` filling most places of one window of four places."""
    by_place: dict[int, Card] = {}
    for card in cards:
        if card.suit == suit:
            by_place.setdefault(card.rank, card)
            if card.rank == 1:
                by_place.setdefault(ACE_HIGH, card)
    best: list[Card] = []
    for low in range(1, ACE_HIGH - 2):
        inside = [by_place[p] for p in range(low, low + 4) if p in by_place]
        if len(inside) > len(best):
            best = inside
    return best


def planned_cards(hand: Sequence[Card], contract: Contract) -> set[Card]:
    """The real cards worth keeping for the contract (see the module docstring)."""
    reals = [card for card in hand if not card.is_joker]
    keep: set[Card] = set()
    windows = sorted((_best_window(reals, suit) for suit in SUITS), key=len, reverse=True)
    for window in windows[: contract.fours]:
        keep.update(window)
    by_rank: dict[int, list[Card]] = {}
    for card in reals:
        if card not in keep:
            by_rank.setdefault(card.rank, []).append(card)
    sets = sorted(by_rank.values(), key=len, reverse=True)
    for cards in sets[: contract.threes]:
        keep.update(cards)
    return keep


def discard_order(hand: Sequence[Card], contract: Contract, laid_down: bool) -> list[Card]:
    """The real cards of ``hand``, the most sensible discard first."""
    reals = [card for card in hand if not card.is_joker]
    if laid_down:
        return sorted(reals, key=lambda card: -card_penalty(card))
    keep = planned_cards(hand, contract)
    return sorted(reals, key=lambda card: (card in keep, -card_penalty(card)))
