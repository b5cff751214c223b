"""Kaluki hand analysis for the bots, cached: a turn asks about the same hand several
times (draw, meld, lay off, discard) and the solver costs about a millisecond a hand."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from game.ai.knowledge import DealKnowledge
from game.ai.rummy import fits_table, outs, unseen_faces
from game.engine.cards import Card, make_deck
from game.engine.solver import Arrangement
from game.games.kaluki.scoring import (
    POLICY,
    CardValues,
    best_first_meld,
    card_penalty,
    least_penalty_arrangement,
    meld_total,
)
from game.games.kaluki.state import KalukiView

DECK = tuple(make_deck(2, 4))


@lru_cache(maxsize=4)
def deck_for(jokers: int) -> tuple[Card, ...]:
    """The pack a table plays with (the jokers option: 4 or 2)."""
    return tuple(make_deck(2, jokers))


@lru_cache(maxsize=2048)
def _arrangement(cards: tuple[Card, ...], values: CardValues) -> Arrangement:
    return least_penalty_arrangement(cards, values)


def arrangement(cards: Sequence[Card], values: CardValues) -> Arrangement:
    """Least-penalty melds of ``cards`` (what is left is the deadwood)."""
    return _arrangement(tuple(sorted(cards)), values)


def deadwood(cards: Sequence[Card], values: CardValues) -> int:
    return sum(card_penalty(c, values) for c in arrangement(cards, values).leftover)


@lru_cache(maxsize=2048)
def _opening(cards: tuple[Card, ...], values: CardValues, must: Card | None, keep_one: bool) -> int:
    best = best_first_meld(cards, values, must, keep_one)
    return meld_total(best.melds, values) if best else 0


def opening(
    cards: Sequence[Card], values: CardValues, must: Card | None = None, keep_one: bool = False
) -> int:
    """The best first-meld total these cards make (with ``must`` in it)."""
    return _opening(tuple(sorted(cards)), values, must, keep_one)


@dataclass
class Table:
    """One seat's reading of a Kaluki position: its hand, the live cards, who threatens."""

    view: KalukiView
    knowledge: DealKnowledge

    def __post_init__(self) -> None:
        view = self.view
        self.seat = view.seat
        self.hand = view.hand
        self.values = view.options.values
        self.players = view.options.players
        self.melded = view.melded[self.seat]
        self.keep_one = view.options.go_out_by_discard
        others = self.knowledge.all_known_in_hands(self.seat)
        seen = [*self.hand, *view.discard, *(c for m in view.melds for c in m.cards), *others]
        self.live: Counter = unseen_faces(deck_for(view.options.jokers), seen)
        self.next_seat = (self.seat + 1) % self.players

    @property
    def arrangement(self) -> Arrangement:
        return arrangement(self.hand, self.values)

    def penalty(self, card: Card) -> int:
        return card_penalty(card, self.values)

    def threat(self) -> float:
        """0..1: how soon an opponent may go out (the cue to shed high cards)."""
        worst = 0.0
        for other, size in enumerate(self.view.hand_sizes):
            if other == self.seat:
                continue
            if self.view.melded[other]:
                level = 1.0 if size <= 2 else 0.75 if size <= 4 else 0.45 if size <= 7 else 0.2
            else:
                level = 0.1
            worst = max(worst, level)
        return worst

    def next_may_take(self) -> bool:
        return self.view.melded[self.next_seat] or self.view.options.open_discard

    def fits_table(self, card: Card) -> bool:
        return fits_table(card, self.view.melds, POLICY)

    def outs(self, card: Card, loose: Sequence[Card]) -> tuple[float, float]:
        return outs(card, loose, POLICY, self.live)
