"""Kalooki, Easy and Normal.

Normal steers by the contract plan (plan.py): it takes or calls a discard only when the
card brings the contract closer (calling only while it has calls to spare or is close),
denies a call when it wants the card itself, lays the contract down the moment the
engine's solver finds it, then adds and tacks everything it can (jokers first: they cost
50) and throws the card its plan needs least, the costliest first, avoiding what the
players still collecting have been taking. Once the stock has gone round twice it counts
as live only the cards that went round (the rest sit in other hands), and if none of the
cards its plan waits for did, it gives the plan up and throws the plan's cards, costliest
first: the others are most likely waiting for them, and bots alone would otherwise hold
each other up for ever. Easy follows the engine's simple discard
order, calls rarely, always allows calls and sometimes misses a lay-down or an add.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

import game.ai.kalooki.messages  # noqa: F401  (the hints' English templates)
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
from game.ai.kalooki.plan import Plan, live_key, make_plan
from game.ai.knowledge import DealKnowledge
from game.ai.rummy import face, related, unseen_faces
from game.engine.actions import DISCARD, Action, Discard, Draw, LayDown, LayOff, NextDeal, Pass
from game.engine.cards import Card, make_deck
from game.engine.events import Event
from game.games.kalooki.actions import AllowCall, Call, DeclineCall, DenyCall, Tack
from game.games.kalooki.scoring import POLICY, card_penalty, contract_for
from game.games.kalooki.state import ANSWER, CALL, DRAW

DECK = tuple(make_deck(2, 4))
RELATED_DANGER = 3.0
STUCK_REBUILDS = 2  # the stock went round twice with nobody out: the deal may be stuck


class Reading:
    """One seat's reading of a Kalooki position."""

    def __init__(self, view: Any, knowledge: DealKnowledge) -> None:
        self.view, self.knowledge = view, knowledge
        self.seat = view.seat
        self.hand: Sequence[Card] = view.hand
        self.contract = contract_for(view.deal)
        self.laid_down = view.laid_down[self.seat]
        self.live: Counter
        if knowledge.rebuilds >= STUCK_REBUILDS:
            # the stock has gone round twice: what can still come is what went round (the
            # last stock and the pile since); the other unseen cards sit in other hands
            self.live = Counter(face(c) for c in [*knowledge.restocked, *knowledge.pile])
        else:
            others = knowledge.all_known_in_hands(self.seat)
            table = (c for m in view.melds for c in m.cards)
            self.live = unseen_faces(DECK, [*self.hand, *view.discard, *table, *others])
        self.live_key = live_key(self.live)

    def plan(self, cards: Sequence[Card]) -> Plan:
        return make_plan(cards, self.contract, self.live_key)

    def helps(self, card: Card) -> bool:
        """Whether ``card`` brings the contract closer."""
        if self.laid_down:
            return False
        return self.plan([*self.hand, card]).distance < self.plan(self.hand).distance

    def stuck(self) -> bool:
        """Whether this seat waits for cards that will never come: the stock has gone
        round twice and none of the cards its plan is missing went round, so the other
        players hold them all, most likely waiting in turn for cards this seat holds.
        Holding on would go round for ever."""
        if self.laid_down or self.knowledge.rebuilds < STUCK_REBUILDS:
            return False
        plan = self.plan(self.hand)
        return plan.distance > 0 and plan.outs == 0

    def danger(self, card: Card) -> float:
        """How much the players still collecting seem to want ``card``."""
        value = 0.0
        for other, taken in self.knowledge.held.items():
            if other != self.seat and not self.view.laid_down[other]:
                value += RELATED_DANGER * sum(related(card, c, POLICY) for c in taken)
        return min(value, 3 * RELATED_DANGER)

    def discard_choice(self, careful: bool = True) -> Card:
        reals = {c.face: c for c in self.hand if not c.is_joker}
        if self.laid_down:
            return max(
                reals.values(),
                key=lambda c: (card_penalty(c) - (self.danger(c) if careful else 0), c),
            )

        keep = self.plan(self.hand).keep
        if self.stuck():  # give the plan up: free the cards others wait for, dearest first
            freed = [c for c in reals.values() if c in keep] or list(reals.values())
            return max(freed, key=lambda c: (card_penalty(c), c))
        spare = [c for c in reals.values() if c not in keep]
        worry = self.danger if careful else (lambda _card: 0.0)
        if spare:  # the plan does not need these: the costliest, unless someone wants it
            return max(spare, key=lambda c: (card_penalty(c) - worry(c), c))

        def cost(card: Card) -> tuple:
            rest = list(self.hand)
            rest.remove(card)
            plan = self.plan(rest)
            return (plan.distance, -plan.outs + worry(card) / 2, -card_penalty(card), card)

        return min(reals.values(), key=cost)


def explain_kalooki(view: Any, legal: Sequence[Action], reading: Reading) -> Decision:
    """Normal's move in any Kalooki position, with its reason."""
    if NextDeal() in legal:
        return decision(NextDeal(), "hint.next_deal")
    if len(legal) == 1:
        return only_move(legal[0])
    top = view.discard[-1] if view.discard else None
    if view.phase == DRAW:
        if Draw(DISCARD) in legal and top is not None and reading.helps(top):
            return decision(
                Draw(DISCARD),
                "hint.kalooki.take_discard",
                card=top,
            )
        if top is None:
            return decision(Draw(), "hint.kalooki.draw_stock_empty")
        return decision(Draw(), "hint.kalooki.draw_stock", card=top)
    if view.phase == CALL:
        return _call(reading, top)
    if view.phase == ANSWER:
        if top is not None and reading.helps(top):
            return decision(
                DenyCall(),
                "hint.kalooki.deny",
                card=top,
            )
        return decision(
            AllowCall(),
            "hint.kalooki.allow",
        )
    return _play(view, legal, reading)


def _call(reading: Reading, top: Card | None) -> Decision:
    if top is not None and reading.helps(top):
        left = reading.view.calls_left[reading.seat]
        after = reading.plan([*reading.hand, top]).distance
        if left >= 2 or after <= 2:
            return decision(
                Call(),
                "hint.kalooki.call",
                card=top,
            )
    if top is None:
        return decision(DeclineCall(), "hint.kalooki.decline_none")
    return decision(DeclineCall(), "hint.kalooki.decline", card=top)


def _play(view: Any, legal: Sequence[Action], reading: Reading) -> Decision:
    downs = [a for a in legal if isinstance(a, LayDown)]
    if downs:
        return decision(
            downs[0],
            "hint.kalooki.lay_down",
            contract=reading.contract.describe(),
        )
    adds = [a for a in legal if isinstance(a, LayOff)]
    if adds:
        add = max(adds, key=lambda a: (card_penalty(a.cards[0]), a.cards[0]))
        return decision(
            add,
            "hint.kalooki.add",
            card=add.cards[0],
            meld=view.melds[add.target],
        )
    tacks = [a for a in legal if isinstance(a, Tack)]
    if tacks:
        return decision(
            tacks[0],
            "hint.kalooki.tack",
            card=tacks[0].card,
        )
    if not any(isinstance(a, Discard) for a in legal):
        return decision(Pass(), "hint.kalooki.pass")
    card = reading.discard_choice()
    if len(view.hand) == 1:
        key = "hint.kalooki.go_out"
    elif reading.laid_down:
        key = "hint.kalooki.discard_high"
    elif card not in reading.plan(reading.hand).keep and not reading.stuck():
        # the contract plan leaves it out: say so, and how many cards could still join it
        return discard_decision(card, (), reading.live, POLICY)
    else:
        key = "hint.kalooki.discard"
    return decision(Discard(card), key, card=card)


class KalookiNormal(ExplainingBot):
    def explain(self, view: Any, legal: Sequence[Action], history: Sequence[Event]) -> Decision:
        return explain_kalooki(view, legal, Reading(view, self.reader.update(history)))


class KalookiEasy(SeededBot):
    def choose(
        self,
        view: Any,
        legal_actions: Sequence[Action],
        public_history: Sequence[Event],
        stop: StopCheck | None = None,
    ) -> Action:
        legal = list(legal_actions)
        if len(legal) == 1:
            return legal[0]
        rng = decision_rng(self.seed, self.seat, len(public_history), len(legal))
        top = view.discard[-1] if view.discard else None
        if view.phase in (DRAW, CALL):
            reading = Reading(view, DealKnowledge())
            useful = top is not None and reading.helps(top)
            if view.phase == CALL:
                return Call() if useful and rng.random() < 0.3 else DeclineCall()
            if Draw(DISCARD) in legal and useful and rng.random() < 0.5:
                return Draw(DISCARD)
            return Draw()
        if view.phase == ANSWER:
            return AllowCall()
        downs = [a for a in legal if isinstance(a, LayDown)]
        if downs and rng.random() < 0.8:
            return downs[0]
        adds = [a for a in legal if isinstance(a, LayOff | Tack)]
        if adds and rng.random() < 0.5:
            return rng.choice(adds)
        discards = [a for a in legal if isinstance(a, Discard)]
        if not discards:
            return next((a for a in legal if isinstance(a, Pass | LayOff)), legal[0])
        if rng.random() < 0.25:
            return rng.choice(discards)
        return discards[0]  # the engine lists the simplest sensible discard first
