"""What the Laugh and Lie Down bots do, and Hard's fast rollout against the engine."""

from __future__ import annotations

import random

from game.ai.laugh_and_lie_down.fastdeal import counts, play_out
from game.ai.laugh_and_lie_down.hard import rollout_action
from game.ai.laugh_and_lie_down.policy import LaughNormal
from game.engine.actions import Pass
from game.games.laugh_and_lie_down import RULES, Capture, ClaimDead, DeclareDead, LaughOptions
from game.games.laugh_and_lie_down.state import CLAIMS, DEAL_OVER, PLAY
from tests.games.laugh_and_lie_down.position import position
from tests.helpers import cards


def normal_move(state):
    return LaughNormal(1, state.seat).choose(
        RULES.view(state, state.seat), RULES.legal_actions(state), []
    )


def test_normal_declares_dead_cards_before_playing():
    state = position(["7S 7H 7D 2C", "3S 4S", "5D 6D", "8C 9C"], "2H 10S")
    move = normal_move(state)
    assert isinstance(move, DeclareDead) and len(move.cards) == 2


def test_normal_takes_three_of_a_rank_over_a_single_card():
    state = position(["9S 4C", "3S 4S", "5D 6D", "8C 10C"], "9H 9D 9C 4H JS")
    move = normal_move(state)
    assert isinstance(move, Capture) and move.card == cards("9S")[0]


def test_normal_captures_a_contested_rank_before_one_only_it_can_take():
    # Both other 5s are captured already: the 5 waits. A king may still be in another hand.
    state = position(
        ["5S KC", "3S 4S", "2D 6D", "8C 10C"],
        "5H KH JS",
        captured=["", "5D 5C", "", ""],
    )
    move = normal_move(state)
    assert isinstance(move, Capture) and move.card == cards("KC")[0]


def test_normal_claims_what_the_engine_lets_it_prove_and_otherwise_passes():
    state = position(["2S 3C", "4S 4H", "6D", "8C"], "9H", auto_declare=False)
    from dataclasses import replace

    claim_state = replace(state, phase=CLAIMS)
    legal = RULES.legal_actions(claim_state)
    move = normal_move(claim_state)
    claims = [a for a in legal if isinstance(a, ClaimDead)]
    assert move == (claims[0] if claims else Pass())


def test_fast_rollout_ends_the_deal_like_the_engine():
    """The rank-only play-out settles exactly as the engine does with Normal's policy."""
    for seed in range(12):
        state = RULES.new_game(LaughOptions(players=4 + seed % 2), seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(0, 12)):  # start somewhere in the deal
            if state.phase != PLAY:
                break
            state, _ = RULES.apply(state, rollout_action(state))
        if state.phase != PLAY:
            continue
        hands = [counts(h) for h in state.hands]
        out = [state.lain_down[s] or not state.hands[s] for s in range(state.players)]
        expected = play_out(
            hands,
            counts(state.layout),
            counts([c for pile in state.captured for c in pile]),
            [len(p) for p in state.captured],
            out,
            state.mover,
            state.seat,
            state.dealer,
        )
        while state.phase != DEAL_OVER:
            state, _ = RULES.apply(state, rollout_action(state))
        assert list(state.history[-1].changes) == expected, f"seed {seed}"
