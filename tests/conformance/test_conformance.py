"""One suite every registered game must pass: seeded play-outs finish, every listed action
applies, cards are conserved, randomness is the state's own, views leak nothing, and a
JSON round trip at any point continues the same game."""

from __future__ import annotations

import dataclasses
import json
import random
from collections import Counter
from typing import Any

import pytest

from game.ai.playout import PlayoutBot
from game.engine import codec
from game.engine.actions import Action
from game.engine.cards import Card
from game.engine.errors import IllegalAction
from game.engine.events import PUBLIC, CardMoved, events_for
from game.engine.game import publicly_hidden
from game.engine.play import play_out
from game.games.registry import get_game
from tests.conformance.configs import all_configs, config_id

CONFIGS = all_configs()
MAX_STEPS = 60_000


def _start(game_id: str, options: dict[str, Any], seed: int):
    info = get_game(game_id)
    return info, info.rules.new_game(info.options(**options), seed)


def _bot_chooser(seed: int):
    bot = PlayoutBot(seed)
    return lambda _state, actions: bot.choose(actions)


def _cards_in(value: Any) -> list[Card]:
    """Every card object inside a view (dataclasses, tuples, lists, dicts), except in
    ``history``: records of finished deals are public and name cards dealt again since."""
    found: list[Card] = []
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, Card):
            found.append(item)
        elif dataclasses.is_dataclass(item) and not isinstance(item, type):
            fields = dataclasses.fields(item)
            stack.extend(getattr(item, f.name) for f in fields if f.name != "history")
        elif isinstance(item, tuple | list | set | frozenset):
            stack.extend(item)
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
    return found


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_seeded_playouts_finish(config):
    game_id, options = config
    for seed in range(3):
        info, state = _start(game_id, options, seed)
        played = play_out(info.rules, state, _bot_chooser(seed), MAX_STEPS)
        assert played.state.finished, f"seed {seed}: no end after {played.steps} steps"
        results = info.rules.results(played.state)
        assert results.winners, "a finished game names its winners"


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_every_listed_action_applies_and_cards_are_conserved(config):
    game_id, options = config
    info, state = _start(game_id, options, seed=11)
    rules = info.rules
    deck = Counter(card.id for card in rules.all_cards(state))
    assert all(n == 1 for n in deck.values()), "every card has a unique id"
    bot = PlayoutBot(11)
    steps = 0
    while not state.finished and steps < MAX_STEPS:
        actions = rules.legal_actions(state)
        assert actions, f"no legal action in phase {getattr(state, 'phase', '?')}"
        if steps % 7 == 0:  # every listed action must apply (sampled to keep this quick)
            for action in actions:
                try:
                    rules.apply(state, action)
                except IllegalAction as error:
                    pytest.fail(f"listed action {action} refused: {error}")
        before = json.dumps(codec.encode(state))
        state_next, _ = rules.apply(state, bot.choose(actions))
        assert json.dumps(codec.encode(state)) == before, "apply changed its input"
        state = state_next
        assert Counter(card.id for card in rules.all_cards(state)) == deck
        steps += 1
    assert state.finished


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_same_seed_same_game_whatever_global_random_does(config):
    game_id, options = config

    def run(disturb: int) -> str:
        info, state = _start(game_id, options, seed=5)
        noise = random.Random(disturb)
        bot = PlayoutBot(5)

        def choose(_state, actions):
            random.seed(noise.random())  # the engine must not depend on global random
            random.random()
            return bot.choose(actions)

        played = play_out(info.rules, state, choose, MAX_STEPS)
        return json.dumps(codec.encode(played.state))

    assert run(1) == run(2)


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_views_never_show_hidden_cards(config):
    game_id, options = config
    info, state = _start(game_id, options, seed=3)
    rules = info.rules
    bot = PlayoutBot(3)
    players = state.options.players
    steps = 0
    while not state.finished and steps < 3000:
        for seat in range(players):
            hidden = rules.hidden_from(state, seat)
            leaked = [c for c in _cards_in(rules.view(state, seat)) if c in hidden]
            assert not leaked, f"seat {seat} sees hidden {leaked[:3]}"
        state, _ = rules.apply(state, bot.choose(rules.legal_actions(state)))
        steps += 1


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_the_public_view_and_events_never_show_a_card_hidden_from_any_seat(config):
    """What a spectator is sent (``public_view``, the events for ``PUBLIC``) names no
    card that any seat may not see at that moment, and shows no hand at all."""
    game_id, options = config
    info, state = _start(game_id, options, seed=4)
    rules = info.rules
    bot = PlayoutBot(4)
    steps = 0
    while not state.finished and steps < 3000:
        players = len(rules.view(state, 0).hand_sizes)
        hidden = publicly_hidden(rules, state, players)
        view = rules.public_view(state)
        assert type(view) is type(rules.view(state, 0))
        assert not view.hand, "a spectator holds no hand"
        assert tuple(view.hand_sizes) == tuple(rules.view(state, 0).hand_sizes)
        leaked = [c for c in _cards_in(view) if c in hidden]
        assert not leaked, f"the public view shows hidden {leaked[:3]} at step {steps}"
        after, events = rules.apply(state, bot.choose(rules.legal_actions(state)))
        still = publicly_hidden(rules, after, len(rules.view(after, 0).hand_sizes))
        moves = [e for e in events_for(events, PUBLIC) if isinstance(e, CardMoved)]
        assert all(e.card is None for e in moves if not e.face_up), "a card moved face down"
        # A card turned face up is shown by the rules; one hidden before and after the
        # move went out of sight again within it (a discard reshuffled into the stock).
        for index, e in enumerate(moves):
            if e.card in hidden and e.card in still:
                later = moves[index + 1 :]
                assert any(m.src == e.dst and not m.face_up for m in later), (
                    f"a public event shows hidden {e.card} at step {steps}"
                )
        state = after
        steps += 1


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_json_round_trip_at_random_points_continues_the_same_game(config):
    game_id, options = config
    info, state = _start(game_id, options, seed=9)
    rules = info.rules
    stops = random.Random(9)
    straight = play_out(rules, state, _bot_chooser(9), MAX_STEPS)
    actions: list[Action] = straight.actions
    for _ in range(4):
        cut = stops.randrange(len(actions))
        replay = state
        for action in actions[:cut]:
            replay, _ = rules.apply(replay, action)
        text = json.dumps(codec.encode(replay))
        reloaded = codec.decode(rules.state_type, json.loads(text))
        assert reloaded == replay
        logged = [codec.decode(Action, json.loads(json.dumps(codec.encode(a)))) for a in actions]
        for action in logged[cut:]:
            reloaded, _ = rules.apply(reloaded, action)
        assert reloaded == straight.state
