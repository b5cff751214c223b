"""Every level of every registered game: whole seeded games without an illegal move, the
same seed replays the same game, and decisions depend only on what the seat may see."""

from __future__ import annotations

import random

import pytest

from game.ai.base import LEVELS, BotSettings
from game.ai.registry import kit_for, make_bot
from game.ai.seat import TableHistory
from game.games.registry import GAMES
from tests.ai.common import QUICK, play, quick_options, redeal_hidden, start

GAME_IDS = sorted(GAMES)
BRIEF = BotSettings(budget_ms=5)  # Hard searches one world a decision: the code runs, quickly


def test_every_registered_game_has_its_own_bots():
    assert [kit_for(g).game_id for g in GAME_IDS] == GAME_IDS


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_a_whole_game_without_an_illegal_move(game_id, level):
    options = quick_options(game_id)
    players = options.get("players", GAMES[game_id].min_players)
    others = "normal" if level != "normal" else "easy"
    levels = [level] + [others] * (players - 1)
    state, actions = play(game_id, options, seed=3, levels=levels, settings=BRIEF)
    assert state.finished, f"no end after {len(actions)} moves"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_same_seed_replays_the_same_game(game_id):
    options = quick_options(game_id)
    levels = ["hard", "normal", "easy"]
    first = play(game_id, options, seed=8, levels=levels, max_steps=100)
    second = play(game_id, options, seed=8, levels=levels, max_steps=100)
    assert first[1] == second[1]
    assert first[0] == second[0]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_decisions_do_not_change_when_hidden_cards_are_dealt_differently(game_id):
    """The bots never peek: re-dealing every card a seat cannot see (the others' hands,
    the stock order) leaves each level's decision unchanged."""
    info, state, events = start(game_id, quick_options(game_id), seed=21)
    rules = info.rules
    players = state.options.players
    history = TableHistory(players)
    history.record(events)
    driver = [make_bot(game_id, "normal", 21, p, QUICK) for p in range(players)]
    rng = random.Random(5)
    checked = changed = 0
    for step in range(260):
        if state.finished:
            break
        seat = state.to_act
        view, legal = rules.view(state, seat), rules.legal_actions(state)
        seen = history.for_seat(seat)
        if step % 6 == 0 and len(legal) > 1:
            other = redeal_hidden(rules, state, seat, rng)
            assert rules.view(other, seat) == view
            changed += other != state
            for level in LEVELS:
                here = make_bot(game_id, level, 21, seat, QUICK).choose(view, legal, seen)
                other_view, other_legal = rules.view(other, seat), rules.legal_actions(other)
                there = make_bot(game_id, level, 21, seat, QUICK).choose(
                    other_view, other_legal, seen
                )
                assert here == there, f"{level} decided differently at step {step}"
            checked += 1
        action = driver[seat].choose(view, legal, seen)
        state, events = rules.apply(state, action)
        history.record(events)
    assert checked >= 10 and changed >= checked // 2


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_hints_name_a_legal_move_in_one_sentence(game_id):
    from game.ai.hint import hint

    info, state, events = start(game_id, quick_options(game_id), seed=4)
    rules = info.rules
    history = TableHistory(state.options.players)
    history.record(events)
    keys = set()
    for _step in range(120):
        if state.finished:
            break
        seat = state.to_act
        legal = rules.legal_actions(state)
        advice = hint(game_id, rules.view(state, seat), legal, history.for_seat(seat))
        assert advice.action in legal or rules.apply(state, advice.action)
        assert advice.text.endswith(".") and len(advice.text) < 120
        assert advice.message.key.startswith("hint.")
        keys.add(advice.message.key)
        state, events = rules.apply(state, advice.action)
        history.record(events)
    assert len(keys) >= 3, f"only {keys}"
