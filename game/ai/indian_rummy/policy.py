"""Indian Rummy, Easy and Normal.

Normal declares the moment the engine finds a declaration, takes a discard that is wild
or goes straight into a meld, and otherwise draws from the stock. It throws the unmatched
card that is worth the most points after counting its live outs (runs count more than
sets: a hand needs its pure run and a second run before sets help), and never a card the
next player has been collecting when another will do. It packs on its first turn with a
hand that has no pure run, no wild card, hardly a start of one and many points (the
cheap drop), and later only with a hopeless hand late in the deal. Between rounds it
simply plays on. Pool's questions (rejoin, split) are answered by drops left, at every
level (drops.py).
Easy draws from the stock unless the discard obviously helps, throws the engine's first
suggested discard (or any card now and then), sometimes misses a declaration and never
packs.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

import game.ai.indian_rummy.messages  # noqa: F401  (the hints' English templates)
from game.ai.base import (
    Decision,
    ExplainingBot,
    SeededBot,
    StopCheck,
    decision,
    decision_rng,
    only_move,
)
from game.ai.discard_reason import discard_decision
from game.ai.indian_rummy.drops import pool_answer
from game.ai.knowledge import DealKnowledge
from game.ai.rummy import JOKER_FACE, outs, related, unseen_faces
from game.engine.actions import DISCARD, STOCK, Action, Discard, Draw, NextDeal
from game.engine.cards import Card, make_deck
from game.engine.events import Event
from game.engine.melds import RUN
from game.engine.solver import Arrangement, best_arrangement
from game.games.indian_rummy.actions import Declare, Pack
from game.games.indian_rummy.dealing import decks_for
from game.games.indian_rummy.rules import thrown_back
from game.games.indian_rummy.scoring import (
    card_points,
    count_hand,
    is_wild,
    least_deadwood,
    most_placed,
    policy_for,
)
from game.games.indian_rummy.state import DRAW, PLAY

OUT_WEIGHT = 2.0
SET_WEIGHT = 0.6  # sets matter only once the two runs are there
RELATED_DANGER = 4.0
SOLVER_CHOICES = 4  # discards weighed by the solver
EASY_DECLARES = 0.8  # Easy sees its declaration this often
EASY_RANDOM_DISCARD = 0.35
FIRST_DROP_POINTS = 70  # pack at once with this many points, no pure run, wild or run start
MIDDLE_DROP_POINTS = 80
MIDDLE_DROP_MISSING = 8  # cards still to place for a declaration
MIDDLE_DROP_TURNS = 8


@lru_cache(maxsize=4096)
def _deadwood(cards: tuple[Card, ...], wild: int | None) -> Arrangement:
    return least_deadwood(cards, wild)


@lru_cache(maxsize=4096)
def _placed(cards: tuple[Card, ...], wild: int | None, pure: int) -> int:
    return most_placed(cards, wild, pure)


@lru_cache(maxsize=4096)
def _has_pure_run(cards: tuple[Card, ...], wild: int | None, pure: int) -> bool:
    found = best_arrangement(
        cards, policy_for(wild), lambda *_: 1, kinds=(RUN,), require_pure=1, pure_length=pure
    )
    return found is not None


def arrangement(cards: Sequence[Card], wild: int | None) -> Arrangement:
    return _deadwood(tuple(sorted(cards)), wild)


def placed(cards: Sequence[Card], wild: int | None, pure: int) -> int:
    """Cards of ``cards`` that fit runs and sets with a pure run and a second run."""
    return _placed(tuple(sorted(cards)), wild, pure)


class Reading:
    """One seat's reading of an Indian Rummy position."""

    def __init__(self, view: Any, knowledge: DealKnowledge) -> None:
        self.view, self.knowledge = view, knowledge
        self.seat = view.seat
        self.hand: Sequence[Card] = view.hand
        self.wild = view.wild_rank
        self.policy = policy_for(self.wild)
        self.pure = view.options.pure_run_minimum
        self.modern = view.options.modern_scoring
        deck = make_deck(decks_for(len(view.order)), decks_for(len(view.order)))
        others = knowledge.all_known_in_hands(self.seat)
        seen = [*self.hand, *knowledge.pile, *others]
        if view.indicator is not None:
            seen.append(view.indicator)
        if view.discard_top is not None and view.discard_top not in knowledge.pile:
            seen.append(view.discard_top)
        live: Counter = unseen_faces(deck, seen)
        if self.wild is not None:  # wild-rank cards fill gaps like jokers
            live[JOKER_FACE] += sum(n for (rank, _s), n in live.items() if rank == self.wild)
        self.live = live

    def points(self, card: Card) -> int:
        return card_points(card, self.wild)

    def wild_card(self, card: Card) -> bool:
        return is_wild(card, self.wild)

    def helps(self, card: Card) -> bool:
        """Whether ``card`` is wild, would sit in a meld at once, or brings the
        declaration closer (more cards placed with a pure run and a second run)."""
        if self.wild_card(card):
            return True
        if card not in arrangement([*self.hand, card], self.wild).leftover:
            return True
        return placed([*self.hand, card], self.wild, self.pure) > placed(
            self.hand, self.wild, self.pure
        )

    def choose_discard(self) -> Card:
        """Normal's discard: the best few by points and outs, settled by the solver (the
        most cards placed towards a declaration, then the fewest points owed)."""
        ranked = self.discard_scores()
        if len(ranked) == 1:
            return ranked[0][1]

        def after(item: tuple[float, Card]) -> tuple:
            score, card = item
            rest = list(self.hand)
            rest.remove(card)
            owed = count_hand(rest, self.wild, self.pure, self.modern).points
            return (placed(rest, self.wild, self.pure), -owed, score)

        return max(ranked[:SOLVER_CHOICES], key=after)[1]

    def next_seat(self) -> int:
        order: list[int] = [s for s in self.view.order if self.view.statuses[s] == "in"]
        if self.seat not in order:
            return int(self.seat)
        return order[(order.index(self.seat) + 1) % len(order)]

    def danger(self, card: Card) -> float:
        collected = self.knowledge.held.get(self.next_seat(), ())
        return min(2, sum(related(card, c, self.policy) for c in collected)) * RELATED_DANGER

    def discard_scores(self, careful: bool = True) -> list[tuple[float, Card]]:
        taken = self.view.taken
        arr = arrangement(self.hand, self.wild)
        usable = [c for c in self.hand if not thrown_back(c, taken)]
        loose = [c for c in arr.leftover if not thrown_back(c, taken) and not self.wild_card(c)]
        pool = loose or [c for c in usable if not self.wild_card(c)] or usable
        scored: dict[str, tuple[float, Card]] = {}
        for card in pool:
            if card.face in scored:
                continue
            strong, weak = outs(card, arr.leftover, self.policy, self.live, SET_WEIGHT)
            value = self.points(card) - OUT_WEIGHT * (strong + 0.4 * weak)
            if not loose:  # breaking a meld: prefer the one that costs the least
                rest = list(self.hand)
                rest.remove(card)
                value -= 5 * (13 - placed(rest, self.wild, self.pure))
            if careful:
                value -= self.danger(card)
            scored[card.face] = (value, card)
        return sorted(scored.values(), key=lambda item: (-item[0], item[1]))

    def run_starts(self) -> int:
        """Pairs of natural cards of one suit close enough to grow into a pure run."""
        naturals = [c for c in self.hand if not self.wild_card(c)]
        return sum(
            1
            for i, a in enumerate(naturals)
            for b in naturals[i + 1 :]
            if a.suit == b.suit and a.rank != b.rank and related(a, b, self.policy)
        )

    def has_pure_run(self) -> bool:
        return _has_pure_run(tuple(sorted(self.hand)), self.wild, self.pure)

    def placed_now(self) -> int:
        """Cards of the hand placed towards a declaration (pure run and second run)."""
        return placed(self.hand, self.wild, self.pure)

    def should_pack(self) -> bool:
        view = self.view
        hand = tuple(sorted(self.hand))
        count = count_hand(self.hand, self.wild, self.pure, self.modern).owed
        if not view.has_played[self.seat]:
            if count < FIRST_DROP_POINTS or any(self.wild_card(c) for c in self.hand):
                return False
            if _has_pure_run(hand, self.wild, self.pure):
                return False
            return self.run_starts() <= 1
        missing = 13 - placed(self.hand, self.wild, self.pure)
        turns = sum(1 for c in self.knowledge.discarded.get(self.seat, ()))
        return (
            count >= MIDDLE_DROP_POINTS
            and missing >= MIDDLE_DROP_MISSING
            and turns >= MIDDLE_DROP_TURNS
        )


def explain_indian(
    view: Any,
    legal: Sequence[Action],
    reading: Reading,
    drops: Callable[[Any, Reading], bool] | None = None,
) -> Decision:
    """Normal's move in any Indian Rummy position, with its reason; ``drops`` decides
    whether to drop instead of Normal's rule (Hard's, by the format: drops.py)."""
    if NextDeal() in legal:
        return decision(NextDeal(), "hint.next_deal")
    answer = pool_answer(view, legal)
    if answer is not None:
        return answer
    if len(legal) == 1:
        return only_move(legal[0])
    declares = [a for a in legal if isinstance(a, Declare)]
    if declares:
        best = max(declares, key=lambda a: (reading.points(a.discard), a.discard))
        return decision(
            best,
            "hint.indian.declare",
            card=best.discard,
        )
    top = view.discard_top
    if view.phase == DRAW:
        wants = reading.should_pack() if drops is None else drops(view, reading)
        if Pack() in legal and wants:
            opts = view.options
            cost = opts.middle_drop if view.has_played[view.seat] else opts.first_drop
            return decision(
                Pack(),
                "hint.indian.pack",
                cost=cost,
            )
        if top is not None and Draw(DISCARD) in legal and reading.helps(top):
            return decision(
                Draw(DISCARD),
                "hint.indian.take_discard",
                card=top,
            )
        if top is None:
            return decision(Draw(STOCK), "hint.indian.draw_stock_plain")
        return decision(Draw(STOCK), "hint.indian.draw_stock", card=top)
    assert view.phase == PLAY
    card = reading.choose_discard()
    melds = arrangement(reading.hand, reading.wild).melds
    return discard_decision(card, melds, reading.live, reading.policy)


class IndianNormal(ExplainingBot):
    def explain(self, view: Any, legal: Sequence[Action], history: Sequence[Event]) -> Decision:
        return explain_indian(view, legal, Reading(view, self.reader.update(history)))


class IndianEasy(SeededBot):
    def choose(
        self,
        view: Any,
        legal_actions: Sequence[Action],
        public_history: Sequence[Event],
        stop: StopCheck | None = None,
    ) -> Action:
        legal = list(legal_actions)
        answer = pool_answer(view, legal)
        if answer is not None:
            return answer.action
        if NextDeal() in legal or len(legal) == 1:
            return NextDeal() if NextDeal() in legal else legal[0]
        rng = decision_rng(self.seed, self.seat, len(public_history), len(legal))
        declares = [a for a in legal if isinstance(a, Declare)]
        if declares and rng.random() < EASY_DECLARES:
            return declares[0]
        if view.phase == DRAW:
            top = view.discard_top
            reading = Reading(view, DealKnowledge())
            lucky = top is not None and Draw(DISCARD) in legal and rng.random() < 0.5
            if lucky and reading.helps(top):
                return Draw(DISCARD)
            return Draw(STOCK)
        discards = [a for a in legal if isinstance(a, Discard)]
        if rng.random() < EASY_RANDOM_DISCARD:
            return rng.choice(discards)
        return discards[0]  # the engine lists its simple suggestion first
