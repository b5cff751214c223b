"""Every game builds a world from a seat's view (``Rules.world``): given the true hidden
cards, the world is the same game as far as any seat can tell, and it plays on the same."""

from __future__ import annotations

from typing import Any

import pytest

from game.ai.playout import PlayoutBot
from game.engine.worlds import Hidden
from game.games.registry import get_game
from tests.conformance.configs import all_configs, config_id

CONFIGS = all_configs()
STEPS = 400
EVERY = 3  # look at every third position of a play-out


def truth(state: Any) -> Hidden:
    """The hidden cards of ``state`` as they really are (what a perfect guess gives)."""
    return Hidden(
        hands=state.hands,
        stock=getattr(state, "stock", ()),
        seed=state.seed,
        discard=getattr(state, "discard", None),
        set_aside=getattr(state, "set_aside", ()),
        discarded_by=getattr(state, "discarded_by", None),
    )


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_a_world_from_the_true_hidden_cards_looks_and_plays_the_same(config):
    game_id, options = config
    info = get_game(game_id)
    rules = info.rules
    state = rules.new_game(info.options(**options), 11)
    bot = PlayoutBot(11)
    checked = 0
    for step in range(STEPS):
        if state.finished:
            break
        seat = state.to_act
        if step % EVERY == 0:
            world = rules.world(rules.view(state, seat), truth(state))
            for other in range(options["players"]):
                assert rules.view(world, other) == rules.view(state, other), (step, other)
            assert rules.legal_actions(world) == rules.legal_actions(state), step
            checked += 1
        state, _ = rules.apply(state, bot.choose(rules.legal_actions(state)))
    assert checked >= 3
