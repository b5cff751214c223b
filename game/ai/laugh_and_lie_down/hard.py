"""Laugh and Lie Down, Hard: Normal's play plus determinised search over its captures.

Worlds deal the cards a seat cannot see (52 less its hand, the layout and every captured
pile) to the other players still holding cards; a world where someone would be sitting
on dead cards they should have declared is dealt again. Each capture (one per rank: suits
never matter) is followed to the end of the deal with Normal's policy for every seat and
scored by the chips the settlement gives this seat. The rest of the deal is played by
the rank-only simulation in fastdeal.py (Normal's captures, own dead cards declared).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from types import SimpleNamespace
from typing import Any

from game.ai.base import BotSettings, Decision
from game.ai.knowledge import DealKnowledge
from game.ai.laugh_and_lie_down.fastdeal import counts, play_out
from game.ai.laugh_and_lie_down.policy import explain_laugh, explain_single
from game.ai.search import SearchBot
from game.engine.actions import Action
from game.engine.cards import make_deck
from game.engine.worlds import Hidden
from game.games.laugh_and_lie_down import RULES
from game.games.laugh_and_lie_down.dead_cards import dead_sets
from game.games.laugh_and_lie_down.state import (
    DEAL_OVER,
    GAME_OVER,
    PLAY,
    Capture,
    LaughState,
    LaughView,
)

DECK = tuple(make_deck())
REDEALS = 20  # tries for a world without undeclared dead cards


def rollout_action(state: LaughState) -> Action:
    """Normal's move for the seat to act in a sampled world."""
    legal = RULES.legal_actions(state)
    if len(legal) == 1:
        return legal[0]
    seat = state.seat
    sight = SimpleNamespace(hand=state.hands[seat], layout=state.layout, captured=state.captured)
    return explain_laugh(sight, legal).action


class LaughWorlds:
    def normal(
        self, view: LaughView, legal: Sequence[Action], knowledge: DealKnowledge
    ) -> Decision:
        return explain_single(view, legal)

    def candidates(
        self, view: LaughView, legal: Sequence[Action], knowledge: DealKnowledge, normal: Decision
    ) -> list[Action]:
        if view.phase != PLAY or not isinstance(normal.action, Capture):
            return []
        options: list[Action] = [normal.action]
        ranks = {normal.action.card.rank}
        for action in legal:
            if isinstance(action, Capture) and action.card.rank not in ranks:
                ranks.add(action.card.rank)
                options.append(action)
        return options

    def sample(self, view: LaughView, knowledge: DealKnowledge, rng: random.Random) -> Any:
        seen = set(view.hand) | set(view.layout)
        seen.update(card for pile in view.captured for card in pile)
        unseen = [card for card in DECK if card not in seen]
        for _attempt in range(REDEALS):
            rng.shuffle(unseen)
            hands, rest = [], list(unseen)
            for seat, size in enumerate(view.hand_sizes):
                if seat == view.seat:
                    hands.append(tuple(view.hand))
                else:
                    hands.append(tuple(rest[:size]))
                    rest = rest[size:]
            clean = all(
                not dead_sets(hand, view.captured)
                for seat, hand in enumerate(hands)
                if seat != view.seat
            )
            if clean:
                break
        return RULES.world(view, Hidden(tuple(hands), (), rng.getrandbits(32)))

    def outcome(self, world: Any, action: Action, seat: int, rng: random.Random) -> float:
        state, _ = RULES.apply(world, action)
        if state.phase in (DEAL_OVER, GAME_OVER):
            return float(state.history[-1].changes[seat])
        hands = [counts(hand) for hand in state.hands]
        layout = counts(state.layout)
        taken = counts([card for pile in state.captured for card in pile])
        captured = [len(pile) for pile in state.captured]
        out = [state.lain_down[s] or not state.hands[s] for s in range(state.players)]
        to_move = state.seat if state.phase == PLAY else None
        changes = play_out(hands, layout, taken, captured, out, state.mover, to_move, state.dealer)
        return float(changes[seat])


class LaughHard(SearchBot):
    def __init__(self, seed: int, seat: int, settings: BotSettings | None = None) -> None:
        super().__init__(LaughWorlds(), seed, seat, settings)
