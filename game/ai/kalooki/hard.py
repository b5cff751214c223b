"""Kalooki, Hard: Normal's reading plus determinised search (game/ai/search.py).

Searched: the draw (discard or stock) and whether to deny a call, each only for a card
the plan can use (a useless card is left alone at once, as Normal does), and the discard
among the cards the plan can spare as well as Normal's choice. Not searched: whether to
call. Three calls must last the nine deals, and what a call saved is worth lies in later
deals, beyond the rollouts. So Hard spends one only on a card that leaves its contract
at most one card short (:func:`thrifty_call`), where Normal calls any card that helps
while it has two calls left. With the option of three calls in every deal, calls are not
worth saving, so there Hard calls as Normal does and searches the call. The figures
behind both choices are in docs/ARCHITECTURE.md ("Where the edge is").

Worlds deal the unseen cards to the other hands (cards known to be there stay) and the
stock; each option is followed to the end of the deal by :func:`fast_action` for every
seat and scored by the seat's chance of winning the game with the totals after that
deal (game/ai/standings.py). In a rollout every seat draws from its own stock queue
(game/ai/stockqueue.py): taking the discard or calling would otherwise shift every later
stock card to another player, and the options would differ by luck, not by play.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import game.ai.kalooki.messages  # noqa: F401  (the hints' English templates)
from game.ai.base import BotSettings, Decision, decision
from game.ai.kalooki.plan import quick_distance, quick_plan
from game.ai.kalooki.policy import DECK, Reading, explain_kalooki
from game.ai.knowledge import DealKnowledge
from game.ai.search import SearchBot, check_deadline
from game.ai.standings import win_chance
from game.ai.stockqueue import StockQueues
from game.ai.worlds import deal_hidden
from game.engine.actions import DISCARD, STOCK, Action, Discard, Draw, LayDown, LayOff, Pass
from game.engine.cards import Card
from game.engine.errors import IllegalAction
from game.engine.worlds import Hidden
from game.games.kalooki import RULES
from game.games.kalooki.actions import AllowCall, Call, DeclineCall, DenyCall
from game.games.kalooki.calling import callers_after
from game.games.kalooki.melding import may_fit
from game.games.kalooki.scoring import DEALS, best_contract_melds, card_penalty, contract_for
from game.games.kalooki.state import (
    ANSWER,
    CALL,
    DEAL_OVER,
    DRAW,
    GAME_OVER,
    PLAY,
    KalookiState,
    KalookiView,
)

DISCARD_OPTIONS = 3
REDEALS = 8  # tries for a hand that fits how its holder has played
ROLLOUT_ACTIONS = 600
DEAL_SPREAD = 60.0  # spread of one player's penalty in a deal
CALL_WITHIN = 1  # Hard calls only a card after which its contract is this close


def _helps(hand: Sequence[Card], card: Card, deal: int) -> bool:
    contract = contract_for(deal)
    before = quick_distance(hand, contract)
    return before > 0 and quick_distance([*hand, card], contract) < before


def fast_action(state: KalookiState) -> Action:
    """A quick Normal-like move for the seat to act in a sampled world."""
    phase = state.phase
    if phase == CALL:
        seat = state.asking
        assert seat is not None  # a call is always asked of a seat
        top = state.discard[-1]
        wants = state.calls_left[seat] >= 2 and _helps(state.hands[seat], top, state.deal)
        return Call() if wants else DeclineCall()
    seat = state.seat
    hand = state.hands[seat]
    laid = state.laid_down[seat]
    if phase == ANSWER:
        return DenyCall() if _helps(hand, state.discard[-1], state.deal) else AllowCall()
    if phase == DRAW:
        if not laid and state.discard and _helps(hand, state.discard[-1], state.deal):
            return Draw(DISCARD)
        return Draw(STOCK)
    contract = contract_for(state.deal)
    if not laid:
        plan = quick_plan(hand, contract)
        if plan.distance == 0:
            best = best_contract_melds(hand, state.deal)
            if best is not None:
                return LayDown(best.melds)
        spare = [c for c in hand if not c.is_joker and c not in plan.keep]
        pool = spare or [c for c in hand if not c.is_joker]
    else:
        for card in sorted(hand, key=lambda c: -card_penalty(c)):
            for index, meld in enumerate(state.melds):
                if may_fit(meld, card):
                    return LayOff(index, (card,))
        pool = [c for c in hand if not c.is_joker]
    if not pool:
        return Pass()
    return Discard(max(pool, key=lambda c: (card_penalty(c), c)))


def deal_value(before: KalookiState, after: KalookiState, seat: int) -> float:
    """The seat's chance of winning the game (lowest total after nine deals) with the
    totals after the deal played from ``before`` to ``after``."""
    if len(after.history) > len(before.history):
        cost = after.history[-1].penalties
    else:
        cost = tuple(sum(card_penalty(c) for c in hand) for hand in after.hands)
    totals = [t + c for t, c in zip(before.totals, cost, strict=True)]
    return win_chance(totals, seat, DEALS - before.deal, DEAL_SPREAD)


def plausible(view: KalookiView, other: int, hand: Sequence[Card]) -> bool:
    """Whether a player who plays like Normal could hold ``hand`` between its turns: one
    still collecting cannot have its contract yet (by the plan's count), one laid down
    holds nothing it could add to the table."""
    if not view.laid_down[other]:
        return quick_distance(hand, contract_for(view.deal)) > 0
    return not any(may_fit(meld, card) for card in hand for meld in view.melds)


def _saves_calls(view: KalookiView) -> bool:
    """Whether this is a call decided by :func:`thrifty_call`: calls last the game."""
    return view.phase == CALL and not view.options.calls_per_deal


def thrifty_call(reading: Reading, top: Card) -> Decision:
    """Hard's call: only a card that brings the contract within :data:`CALL_WITHIN`
    cards. Calling any helpful card spends the three calls in the first deals, on steps
    that a stock draw would soon give anyway."""
    if reading.helps(top) and reading.plan([*reading.hand, top]).distance <= CALL_WITHIN:
        return decision(
            Call(),
            "hint.kalooki.call_close",
            card=top,
        )
    return decision(
        DeclineCall(),
        "hint.kalooki.save_call",
        card=top,
    )


class KalookiWorlds:
    def normal(
        self, view: KalookiView, legal: Sequence[Action], knowledge: DealKnowledge
    ) -> Decision:
        reading = Reading(view, knowledge)
        if _saves_calls(view) and Call() in legal:
            return thrifty_call(reading, view.discard[-1])
        return explain_kalooki(view, legal, reading)

    def candidates(
        self,
        view: KalookiView,
        legal: Sequence[Action],
        knowledge: DealKnowledge,
        normal: Decision,
    ) -> list[Action]:
        if _saves_calls(view):
            return []  # the worth of a call saved lies beyond the rollouts
        pairs = {
            DRAW: (Draw(DISCARD), Draw(STOCK)),
            CALL: (Call(), DeclineCall()),
            ANSWER: (DenyCall(), AllowCall()),
        }
        reading = Reading(view, knowledge)
        if view.phase in pairs:
            first, second = pairs[view.phase]
            if first not in legal or second not in legal or view.stock_size == 0:
                return []
            if not reading.helps(view.discard[-1]):
                return []  # a card the plan cannot use is left alone, as Normal does
            return [normal.action, second if normal.action == first else first]
        if view.phase != PLAY or not isinstance(normal.action, Discard) or len(view.hand) < 2:
            return []
        options: list[Action] = [normal.action]
        reals = {c.face: c for c in view.hand if not c.is_joker and c != normal.action.card}
        if reading.laid_down:
            ranked = sorted(reals.values(), key=lambda c: -card_penalty(c))
        else:  # only cards the plan can spare as well as Normal's choice
            distance = _plan_cost(reading, normal.action.card)[0]
            costs = {card: _plan_cost(reading, card) for card in reals.values()}
            ranked = sorted((c for c in costs if costs[c][0] == distance), key=costs.__getitem__)
        for card in ranked:
            if len(options) >= DISCARD_OPTIONS:
                break
            if card.face != normal.action.card.face:
                options.append(Discard(card))
        return options

    def sample(self, view: KalookiView, knowledge: DealKnowledge, rng: random.Random) -> Any:
        pool = set(DECK)
        pool.difference_update(view.hand, view.discard)
        pool.difference_update(card for meld in view.melds for card in meld.cards)

        def fits(other: int, hand: tuple[Card, ...]) -> bool:
            return other in (view.active, view.to_act) or plausible(view, other, hand)

        hands, unseen = deal_hidden(
            pool, view.hand, view.seat, view.hand_sizes, knowledge, rng, REDEALS, fits
        )
        stock = tuple(unseen[: view.stock_size])
        hidden = Hidden(tuple(hands), stock, rng.getrandbits(32), discarded_by=knowledge.top_from)
        return RULES.world(view, hidden)

    def outcome(self, world: Any, action: Action, seat: int, rng: random.Random) -> float:
        first = world.seat if world.phase in (DRAW, CALL, ANSWER) else world.seat + 1
        queues = StockQueues(world.stock, world.players, first % world.players)
        state = _step(world, action, queues)
        steps = 0
        while state.phase not in (DEAL_OVER, GAME_OVER) and steps < ROLLOUT_ACTIONS:
            try:
                state = _step(state, fast_action(state), queues)
            except IllegalAction:  # a shortcut misjudged: take the engine's own first move
                state = _step(state, RULES.legal_actions(state)[0], queues)
            check_deadline()
            steps += 1
        return deal_value(world, state, seat)


def _step(state: KalookiState, action: Action, queues: StockQueues) -> KalookiState:
    """Apply ``action``, first putting on top of the stock the cards its draws take from
    their seats' queues (common random numbers, game/ai/stockqueue.py): the active
    player's draw once no seat is left to call, and an allowed call's penalty card."""
    drawers: list[int] = []
    asked = state.seat if action == Draw(STOCK) else state.asking
    if action in (Draw(STOCK), DeclineCall()) and not callers_after(state, asked or 0):
        drawers = [state.seat]  # (a call is declined only while a seat is asked)
    elif action == AllowCall() or (action == Call() and state.laid_down[state.seat]):
        assert state.asking is not None  # the caller is the seat asked
        drawers = [state.seat, state.asking]  # the caller's penalty card comes off first
    stock = state.stock
    for drawer in drawers:
        stock = queues.serve(stock, drawer)
    if stock is not state.stock:
        state = replace(state, stock=stock)
    return RULES.apply(state, action)[0]


def _plan_cost(reading: Reading, card: Card) -> tuple:
    rest = list(reading.hand)
    rest.remove(card)
    plan = reading.plan(rest)
    return (plan.distance, -plan.outs, -card_penalty(card), card)


class KalookiHard(SearchBot):
    def __init__(self, seed: int, seat: int, settings: BotSettings | None = None) -> None:
        super().__init__(KalookiWorlds(), seed, seat, settings)
