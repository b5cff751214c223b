"""Save, load, continue = continue without saving, for every registered game."""

from __future__ import annotations

import random

import pytest

from game.ai.playout import PlayoutBot
from game.games.registry import get_game
from game.persist.saves import load_save, write_save
from tests.conformance.configs import all_configs, config_id
from tests.persist.helpers import checkpoints, played

CONFIGS = all_configs()
GAME_MOVES = 1200  # points are chosen among a game's first moves (several deals)
CONTINUE_MOVES = 300  # enough to cross into the next deal in every game


def _continue(game_id, state, seed, limit=CONTINUE_MOVES):
    """Play on with a seeded bot; the states and events along the way."""
    rules = get_game(game_id).rules
    bot = PlayoutBot(seed)
    trail = []
    while not state.finished and len(trail) < limit:
        state, events = rules.apply(state, bot.choose(rules.legal_actions(state)))
        trail.append((state, tuple(events)))
    return state, trail


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_a_game_saved_at_random_points_continues_exactly_as_unsaved(config, tmp_path):
    game_id, options = config
    rng = random.Random(f"{game_id}{sorted(options.items())}")
    every = checkpoints(game_id, options, seed=11, every=1, limit=GAME_MOVES)
    for saved in rng.sample(every, min(3, len(every))):
        path = tmp_path / f"at-{len(saved.log)}.json"
        write_save(path, saved)
        loaded = load_save(path)
        assert loaded == saved
        unsaved_end, unsaved_trail = _continue(game_id, saved.state, seed=len(saved.log))
        loaded_end, loaded_trail = _continue(game_id, loaded.state, seed=len(saved.log))
        assert loaded_trail == unsaved_trail
        assert loaded_end == unsaved_end


@pytest.mark.parametrize("game_id", sorted({g for g, _ in CONFIGS}))
def test_a_finished_game_saves_and_loads(game_id, tmp_path):
    saved = played(game_id, seed=3, moves=100_000)
    assert saved.state.finished
    write_save(tmp_path / "done.json", saved)
    assert load_save(tmp_path / "done.json") == saved


def test_a_game_saved_at_its_first_move_loads(tmp_path):
    saved = played("kaluki", seed=5, moves=0)
    write_save(tmp_path / "start.json", saved)
    assert load_save(tmp_path / "start.json") == saved
