"""A replay of a whole seeded game of each game, stepped forward to the end and back to
the start, shows exactly the game's states; a jump lands on the start of each deal."""

from __future__ import annotations

import pytest

from game.ai.playout import PlayoutBot
from game.engine.replay import Replay
from game.games.registry import GAMES

FEWEST = {"kalooki": 3}  # two only with a house rule
MOVES_LIMIT = 20_000  # a whole game of two is far shorter; this only bounds a bug


def whole_game(game_id: str, seed: int):
    info = GAMES[game_id]
    options = info.options(players=FEWEST.get(game_id, info.min_players))
    state, _ = info.rules.start(options, seed)
    bot = PlayoutBot(seed)
    states, log = [state], []
    while not state.finished and len(log) < MOVES_LIMIT:
        action = bot.choose(info.rules.legal_actions(state))
        state, _ = info.rules.apply(state, action)
        states.append(state)
        log.append(action)
    assert state.finished, "the seeded game did not end"
    return info, options, states, tuple(log)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_replay_stepped_both_ways_equals_the_games_states(game_id):
    info, options, states, log = whole_game(game_id, seed=7)
    replay = Replay(info.rules, options, 7, log)
    assert len(replay) == len(states)
    assert replay.state == states[0]
    for number in range(1, len(states)):
        assert replay.forward() == number
        assert replay.state == states[number]
        assert replay.step.action == log[number - 1]
    assert replay.forward() == len(states) - 1 and replay.state.finished  # stays at the end
    for number in range(len(states) - 2, -1, -1):
        assert replay.back() == number
        assert replay.state == states[number]
    assert replay.back() == 0  # stays at the start


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_jump_lands_on_the_start_of_each_deal(game_id):
    info, options, _states, log = whole_game(game_id, seed=11)
    replay = Replay(info.rules, options, 11, log)
    deals = replay.deals
    assert deals[0] == 1 and deals == sorted(deals)
    for deal in deals:
        at = replay.jump_to_deal(deal)
        assert replay.step.deal == deal and (at == 0 or replay.steps[at - 1].deal < deal)
    replay.go(0)
    seen = [replay.step.deal]
    while replay.at < len(replay) - 1:
        replay.next_deal()
        seen.append(replay.step.deal)
    assert seen[: len(deals)] == deals
    replay.previous_deal()
    assert replay.step.deal in deals
