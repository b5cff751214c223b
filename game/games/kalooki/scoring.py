"""Kalooki's melds, contracts and penalty values (rules/kalooki.md)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from game.engine.cards import Card
from game.engine.contract import best_contract, contract_exists
from game.engine.melds import MeldPolicy
from game.engine.solver import Arrangement

# A three: 3+ cards of one rank, duplicates allowed, jokers suitless, 2+ real cards.
# A four: 4+ consecutive cards of one suit, ace at an end only, no two jokers side by side.
POLICY = MeldPolicy(
    run_name="four",
    group_name="three",
    min_run=4,
    min_group=3,
    max_group=None,
    group_distinct_suits=False,
    group_joker_suits=False,
    min_real_group=2,
    adjacent_jokers=False,
)

DEALS = 9
JOKER_PENALTY = 50


class Contract(NamedTuple):
    cards: int  # dealt to each player
    threes: int
    fours: int

    def describe(self) -> str:
        parts = []
        if self.threes:
            parts.append(f"{self.threes} three{'s' if self.threes > 1 else ''}")
        if self.fours:
            parts.append(f"{self.fours} four{'s' if self.fours > 1 else ''}")
        return " and ".join(parts)


CONTRACTS = (
    Contract(9, 3, 0),
    Contract(10, 2, 1),
    Contract(11, 1, 2),
    Contract(12, 0, 3),
    Contract(12, 4, 0),
    Contract(13, 3, 1),
    Contract(14, 2, 2),
    Contract(15, 1, 3),
    Contract(16, 0, 4),
)


def contract_for(deal_number: int) -> Contract:
    """The contract of deal 1..9."""
    if not 1 <= deal_number <= DEALS:
        raise ValueError(f"Kalooki has deals 1 to {DEALS}, not {deal_number}")
    return CONTRACTS[deal_number - 1]


def card_penalty(card: Card) -> int:
    """Joker 50, black ace 15, red ace 1, K Q J 10 are 10, 2..9 their face value."""
    if card.is_joker:
        return JOKER_PENALTY
    if card.rank == 1:
        return 15 if card.suit in ("S", "C") else 1
    return min(card.rank, 10)


def penalty(cards: Iterable[Card]) -> int:
    """Penalty points of cards left in hand."""
    return sum(card_penalty(card) for card in cards)


def best_contract_melds(cards: Sequence[Card], deal_number: int) -> Arrangement | None:
    """The contract of that deal from ``cards`` that gets rid of the most penalty points
    (jokers included), or None if the cards cannot make it."""
    contract = contract_for(deal_number)
    if not contract_exists(cards, POLICY, contract.threes, contract.fours):
        return None  # the quick yes/no search first: most hands cannot make it
    return best_contract(
        cards,
        POLICY,
        lambda card, _rank, _suit: card_penalty(card),
        groups=contract.threes,
        runs=contract.fours,
    )


def satisfies_contract(cards: Sequence[Card], deal_number: int) -> bool:
    """Whether ``cards`` (jokers included) can be laid down as deal ``deal_number``'s
    contract: its threes of different ranks and fours of different suits, with every
    joker restriction. Cards not needed for the contract may be left over."""
    contract = contract_for(deal_number)
    return contract_exists(cards, POLICY, contract.threes, contract.fours)
