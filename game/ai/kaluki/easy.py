"""Kaluki, Easy level: a beginner. It opens when it can (but not always at once), takes
the discard only now and then when it melds, lays off some of what it could, and throws
its highest loose card without looking at what anybody else needs."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.ai.base import SeededBot, StopCheck, decision_rng
from game.ai.kaluki.hand import Table
from game.ai.kaluki.normal import gain_of
from game.ai.knowledge import DealKnowledge
from game.engine.actions import (
    DISCARD,
    Action,
    Discard,
    Draw,
    LayDown,
    LayOff,
    NextDeal,
    Pass,
    SwapJoker,
)
from game.engine.events import Event
from game.games.kaluki.state import DRAW, FIRST_ROUND

MISS_OPENING = 0.3  # chance of not seeing an opening this time
MISS_LAY_OFF = 0.5
TAKE_DISCARD = 0.5  # chance of noticing that the discard melds
RANDOM_DISCARD = 0.25


class KalukiEasy(SeededBot):
    def choose(
        self,
        view: Any,
        legal_actions: Sequence[Action],
        public_history: Sequence[Event],
        stop: StopCheck | None = None,
    ) -> Action:
        legal = list(legal_actions)
        if NextDeal() in legal or len(legal) == 1:
            return legal[0]
        rng = decision_rng(self.seed, self.seat, len(public_history), len(legal))
        table = Table(view, DealKnowledge())  # a beginner tracks nothing
        if view.phase in (DRAW, FIRST_ROUND):
            top = view.discard[-1] if view.discard else None
            wanted = top is not None and (
                (top.is_joker and len(view.hand) >= 3)
                or (gain_of(table, top) > 0 and rng.random() < TAKE_DISCARD)
            )
            if wanted and Draw(DISCARD) in legal:
                return Draw(DISCARD)
            return Pass() if view.phase == FIRST_ROUND else Draw()
        downs = [a for a in legal if isinstance(a, LayDown)]
        if downs and (view.taken_discard is not None or rng.random() > MISS_OPENING):
            return max(downs, key=lambda a: len(a.melds))
        swaps = [a for a in legal if isinstance(a, SwapJoker)]
        if swaps and (view.taken_discard is not None or rng.random() < 0.3):
            return swaps[0]
        offs = [a for a in legal if isinstance(a, LayOff) and not a.cards[0].is_joker]
        if offs and rng.random() > MISS_LAY_OFF:
            return rng.choice(offs)
        loose = [c for c in table.arrangement.leftover if not c.is_joker]
        pool = loose or [c for c in view.hand if not c.is_joker] or list(view.hand)
        if rng.random() < RANDOM_DISCARD:
            return Discard(rng.choice(sorted(pool)))
        return Discard(max(pool, key=lambda c: (table.penalty(c), c)))
