"""Indian Rummy, Hard: Normal's reading plus determinised search (game/ai/search.py).

Searched: the draw (stock or discard), playing on where Normal would pack, and the
discard among Normal's best few. Worlds deal the unseen cards (the two packs in play
less this seat's hand, every discard it saw, the indicator and cards known in other
hands) to the other hands and the stock, keeping the indicator at the bottom. Each
option is followed to the end of the deal by :func:`fast_action` with per-seat stock
queues, and scored by what this seat wins or pays in that deal (in Pool, less
``ELIMINATED`` when the deal puts it out). Drops in Pool and Deals follow Hard's own
rule (drops.py), by what a drop costs there and by the scores.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from game.ai.base import BotSettings, Decision
from game.ai.indian_rummy.drops import hard_drops
from game.ai.indian_rummy.policy import Reading, arrangement, explain_indian
from game.ai.knowledge import DealKnowledge
from game.ai.rummy import related
from game.ai.search import SearchBot, check_deadline
from game.ai.stockqueue import StockQueues
from game.engine.actions import DISCARD, STOCK, Action, Discard, Draw
from game.engine.cards import Card, make_deck
from game.engine.solver import best_arrangement
from game.engine.worlds import Hidden
from game.games.indian_rummy import RULES
from game.games.indian_rummy.actions import Declare
from game.games.indian_rummy.dealing import decks_for
from game.games.indian_rummy.rules import thrown_back
from game.games.indian_rummy.scoring import card_points, is_wild, policy_for
from game.games.indian_rummy.state import DRAW, IN_PLAY, PLAY, IndianRummyState, IndianRummyView

DISCARD_OPTIONS = 3
DISCARD_MARGIN = 10.0
ROLLOUT_ACTIONS = 500
ELIMINATED = 100.0  # what being put out of the pool weighs, beyond the points themselves


def fast_action(state: IndianRummyState) -> Action:
    """A quick Normal-like move for the seat to act in a sampled world (nobody packs)."""
    seat = state.seat
    hand = state.hands[seat]
    wild = state.wild_rank
    policy = policy_for(wild)
    if state.phase == DRAW:
        top = state.discard[-1] if state.discard else None
        if top is not None and (
            is_wild(top, wild)
            or (
                any(related(top, c, policy) for c in hand)
                and top not in arrangement([*hand, top], wild).leftover
            )
        ):
            return Draw(DISCARD)
        return Draw(STOCK)
    loose_all = arrangement(hand, wild).leftover
    if len(loose_all) <= 2:  # close: is there a declaration?
        found = best_arrangement(
            hand,
            policy,
            lambda *_: 1,
            require_pure=1,
            require_runs=2,
            pure_length=state.options.pure_run_minimum,
        )
        if (
            found is not None
            and len(found.leftover) == 1
            and not thrown_back(found.leftover[0], state.taken)
        ):
            return Declare(found.leftover[0])
    loose = [c for c in loose_all if not thrown_back(c, state.taken) and not is_wild(c, wild)]
    pool = loose or [c for c in hand if not thrown_back(c, state.taken) and not is_wild(c, wild)]
    pool = pool or [c for c in hand if not thrown_back(c, state.taken)]
    return Discard(max(pool, key=lambda c: (card_points(c, wild), c)))


class IndianWorlds:
    def normal(
        self, view: IndianRummyView, legal: Sequence[Action], knowledge: DealKnowledge
    ) -> Decision:
        return explain_indian(view, legal, Reading(view, knowledge), hard_drops)

    def candidates(
        self,
        view: IndianRummyView,
        legal: Sequence[Action],
        knowledge: DealKnowledge,
        normal: Decision,
    ) -> list[Action]:
        if view.phase == DRAW:
            # Packing is Normal's call alone: the fast rollouts play this seat's hand on
            # worse than it really would, so they make packing look better than it is
            # (searching it, Hard packed five times as often as Normal). The search may
            # still talk Normal out of a pack.
            options = [normal.action]
            for action in (Draw(DISCARD), Draw(STOCK)):
                if action in legal and action not in options:
                    options.append(action)
            return options if view.stock_size > 1 else []
        if view.phase != PLAY or not isinstance(normal.action, Discard):
            return []
        ranked = Reading(view, knowledge).discard_scores()
        best = ranked[0][0]
        options = [normal.action]
        for score, card in ranked:
            if len(options) >= DISCARD_OPTIONS or score < best - DISCARD_MARGIN:
                break
            if card.face != normal.action.card.face:
                options.append(Discard(card))
        return options

    def sample(self, view: IndianRummyView, knowledge: DealKnowledge, rng: random.Random) -> Any:
        decks = decks_for(len(view.order))
        pool = set(make_deck(decks, decks))
        pool.difference_update(view.hand)
        pile = [c for c in knowledge.pile if c in pool]
        if view.discard_top is not None and (not pile or pile[-1] != view.discard_top):
            pile = [c for c in pile if c != view.discard_top] + [view.discard_top]
        pool.difference_update(pile)
        pool.discard(view.indicator)
        known = {
            other: [c for c in knowledge.held.get(other, ()) if c in pool]
            for other in view.order
            if other != view.seat
        }
        for cards in known.values():
            pool.difference_update(cards)
        unseen = sorted(pool)
        rng.shuffle(unseen)
        hands = []
        for other in range(view.options.players):
            if other == view.seat:
                hands.append(tuple(view.hand))
                continue
            size = view.hand_sizes[other]
            mine = known.get(other, [])[:size]
            need = max(0, size - len(mine))
            hands.append((*mine, *unseen[:need]))
            unseen = unseen[need:]
        below = max(0, view.stock_size - 1)  # the stock above the indicator
        stock = (view.indicator, *unseen[:below]) if view.indicator else tuple(unseen[:below])
        rest = unseen[below:]
        set_aside: tuple[tuple[Card, ...], ...] = tuple(() for _ in range(view.options.players))
        if rest:  # packed hands, face down: out of play either way
            packed = [s for s in view.order if view.statuses[s] != IN_PLAY]
            holder = packed[0] if packed else view.seat
            set_aside = tuple(tuple(rest) if s == holder else () for s in range(len(set_aside)))
        hidden = Hidden(tuple(hands), stock, rng.getrandbits(32), tuple(pile), set_aside)
        return RULES.world(view, hidden)

    def outcome(self, world: Any, action: Action, seat: int, rng: random.Random) -> float:
        order = [s for s in world.order if world.statuses[s] == IN_PLAY]
        start = order.index(world.seat) if world.seat in order else 0
        first = order[(start + (0 if world.phase == DRAW else 1)) % len(order)]
        queues = StockQueues(world.stock[1:], world.players, first)
        state = _step(world, action, queues)
        steps = 0
        while state.phase in (DRAW, PLAY) and steps < ROLLOUT_ACTIONS:
            state = _step(state, fast_action(state), queues)
            check_deadline()
            steps += 1
        if len(state.history) > len(world.history):
            record = state.history[-1]
            # Pool: points are a score, and reaching the limit loses the pool outright
            return record.payments[seat] - (ELIMINATED if seat in record.eliminated else 0.0)
        return 0.0


def _step(state: IndianRummyState, action: Action, queues: StockQueues) -> IndianRummyState:
    if action == Draw(STOCK) and len(state.stock) > 1:
        served = queues.serve(state.stock[1:], state.seat)
        state = replace(state, stock=(state.stock[0], *served))
    return RULES.apply(state, action)[0]


class IndianHard(SearchBot):
    def __init__(self, seed: int, seat: int, settings: BotSettings | None = None) -> None:
        super().__init__(IndianWorlds(), seed, seat, settings)
