"""Laugh and Lie Down, Easy and Normal.

Normal declares its dead cards at once (they count as captured and nobody can claim
them), claims every dead position another player leaves and the engine lets it prove,
and among its captures takes the most cards first, preferring ranks other players could
also capture (cards of that rank still hidden in their hands); captures only it can make
wait for later, which keeps it in play longer (the last player still playing takes the
bonus). Easy captures whatever comes first to hand, and declares or claims only now and
then.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

import game.ai.laugh_and_lie_down.messages  # noqa: F401  (the hints' English templates)
from game.ai.base import (
    Decision,
    ExplainingBot,
    SeededBot,
    StopCheck,
    decision,
    decision_rng,
    only_move,
)
from game.engine.actions import Action, NextDeal, Pass
from game.engine.cards import Card, rank_text
from game.engine.events import Event
from game.engine.messages import Seat
from game.games.laugh_and_lie_down.state import Capture, ClaimDead, DeclareDead, LieDown

EASY_DECLARES = 0.6
EASY_CLAIMS = 0.3


def hidden_counts(hand: Sequence[Card], layout: Sequence[Card], captured) -> Counter:
    """Cards of each rank still hidden in the other hands."""
    seen = Counter(card.rank for card in hand)
    seen.update(card.rank for card in layout)
    seen.update(card.rank for pile in captured for card in pile)
    return Counter({rank: 4 - seen[rank] for rank in range(1, 14) if seen[rank] < 4})


def capture_value(
    capture: Capture, hand: Sequence[Card], layout: Sequence[Card], hidden: Counter
) -> float:
    """How good a capture is now: the cards it takes, more for a contested rank."""
    rank = capture.card.rank
    in_layout = sum(card.rank == rank for card in layout)
    taken = in_layout if in_layout >= 3 else 1
    value = 1.0 + taken
    if hidden[rank]:
        value += 1.5  # someone else could take it before our next turn
    if in_layout == 2 and hidden[rank]:
        value -= 0.5  # one of them stays for the others whichever we do
    mine = sum(card.rank == rank for card in hand)
    if mine >= 2 and in_layout == 1 and not hidden[rank]:
        value -= 0.5  # the rank is ours alone: no hurry
    return value


def best_capture(view: Any, captures: Sequence[Capture]) -> Capture:
    hidden = hidden_counts(view.hand, view.layout, view.captured)
    return max(
        captures,
        key=lambda c: (capture_value(c, view.hand, view.layout, hidden), -c.card.rank, c.card),
    )


def explain_laugh(view: Any, legal: Sequence[Action]) -> Decision:
    """Normal's move, with its reason."""
    if NextDeal() in legal:
        return decision(NextDeal(), "hint.next_deal")
    declares = [a for a in legal if isinstance(a, DeclareDead)]
    if declares:
        cards = declares[0].cards
        return decision(
            declares[0],
            "hint.laugh.declare",
            count=len(cards),
            rank=rank_text(cards[0].rank),
        )
    claims = [a for a in legal if isinstance(a, ClaimDead)]
    if claims:
        claim = claims[0]
        return decision(
            claim,
            "hint.laugh.claim",
            player=Seat(claim.seat),
            rank=rank_text(claim.rank),
        )
    if Pass() in legal:
        return decision(Pass(), "hint.laugh.pass")
    captures = [a for a in legal if isinstance(a, Capture)]
    if not captures:
        return decision(LieDown(), "hint.laugh.lie_down")
    best = best_capture(view, captures)
    hidden = hidden_counts(view.hand, view.layout, view.captured)
    if sum(card.rank == best.card.rank for card in view.layout) >= 3:
        key = "hint.laugh.capture_three"
    elif hidden[best.card.rank]:
        key = "hint.laugh.capture_contested"
    else:
        key = "hint.laugh.capture"
    return decision(best, key, card=best.card, rank=rank_text(best.card.rank))


def explain_single(view: Any, legal: Sequence[Action]) -> Decision:
    """Normal's move; with one legal move, that move with its own reason (explaining
    picks it anyway, and says why: "No card matches the layout: lie down.")."""
    chosen = explain_laugh(view, legal)
    if len(legal) == 1 and chosen.action != legal[0]:
        return only_move(legal[0])
    return chosen


class LaughNormal(ExplainingBot):
    def explain(self, view: Any, legal: Sequence[Action], history: Sequence[Event]) -> Decision:
        return explain_single(view, legal)


class LaughEasy(SeededBot):
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
        declares = [a for a in legal if isinstance(a, DeclareDead)]
        if declares and rng.random() < EASY_DECLARES:
            return declares[0]
        claims = [a for a in legal if isinstance(a, ClaimDead)]
        if claims and rng.random() < EASY_CLAIMS:
            return claims[0]
        if Pass() in legal:
            return Pass()
        plays = [a for a in legal if isinstance(a, Capture | LieDown)]
        return rng.choice(plays)
