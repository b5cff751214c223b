"""No engine speaks prose: in seeded games of every game, each log line, deal note and
refusal met is a message whose key has an English template and a Japanese entry, so a
Japanese table never falls back to English. Moves listed earlier in the game are tried
again at each turn, which the rules mostly refuse, each with its own message."""

from __future__ import annotations

import random

import pytest

from game.ai.base import BotSettings
from game.ai.seat import Seat, TableHistory, seat_inputs
from game.app.messages import missing_keys
from game.engine.errors import IllegalAction
from game.engine.events import DealScored, Said
from game.engine.messages import Message
from game.games.registry import GAMES
from tests.ai.common import start

PLAYERS = {"kaluki": 4, "kalooki": 4, "indian_rummy": 2, "laugh_and_lie_down": 4}
TRIES = 6  # earlier moves tried again at each turn
ACTIONS = 400  # per game: enough for every phase of a deal and more


def messages_in_play(game_id: str, seed: int) -> list[object]:
    """Every log line, deal note and refusal met in one seeded game."""
    info, state, events = start(game_id, {"players": PLAYERS[game_id]}, seed)
    players = PLAYERS[game_id]
    seats = [Seat(game_id, p, "easy", seed, BotSettings()) for p in range(players)]
    history = TableHistory(players)
    history.record(events)
    met: list[object] = []
    earlier: list = []
    rng = random.Random(seed)
    for _ in range(ACTIONS):
        met += [e.message for e in events if isinstance(e, Said)]
        met += [e.note for e in events if isinstance(e, DealScored) and e.note is not None]
        if state.finished:
            break
        legal = info.rules.legal_actions(state)
        earlier = [*earlier[-300:], *legal[:5]]
        for action in rng.sample(earlier, min(TRIES, len(earlier))):
            try:
                info.rules.apply(state, action)
            except IllegalAction as refusal:
                met.append(refusal.message)
        view, legal, seen = seat_inputs(info.rules, state, state.to_act, history)
        state, events = info.rules.apply(state, seats[state.to_act].decide(view, legal, seen))
        history.record(events)
    return met


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_message_met_in_play_has_english_and_japanese(game_id):
    met = messages_in_play(game_id, seed=7)
    assert all(isinstance(message, Message) for message in met)
    keys = sorted({message.key for message in met if isinstance(message, Message)})
    assert any(key.startswith(f"{game_id}.") for key in keys)
    assert missing_keys("en", keys) == []
    assert missing_keys("ja", keys) == []
