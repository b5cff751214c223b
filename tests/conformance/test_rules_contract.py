"""Each game's rules declare their types and who is to act (issue 28): the generic
``Rules`` contract is met the same way by every game, at every step of a played game."""

from __future__ import annotations

import pytest

from game.ai.playout import PlayoutBot
from game.engine.game import Rules
from game.games.registry import GAMES
from game.net.client import view_type


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_rules_name_their_state_and_view_and_say_who_acts_until_the_end(game_id):
    info = GAMES[game_id]
    rules = info.rules
    assert Rules in type(rules).__mro__  # each game's rules subclass the contract
    state, _events = rules.start(info.options(players=info.min_players + 1), 5)
    bot = PlayoutBot(5)
    for _step in range(50_000):
        assert isinstance(state, rules.state_type)
        assert rules.to_act(state) == state.to_act
        assert rules.finished(state) is bool(state.finished)
        if rules.finished(state):
            break
        seat = rules.to_act(state)
        assert seat is not None, "an unfinished game has a seat to act"
        assert type(rules.view(state, seat)) is rules.view_type
        state, _events = rules.apply(state, bot.choose(rules.legal_actions(state)))
    assert rules.finished(state) and rules.to_act(state) is None


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_network_client_decodes_views_into_the_type_the_rules_declare(game_id):
    assert view_type(game_id) is GAMES[game_id].rules.view_type
