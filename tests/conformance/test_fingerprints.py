"""Refactors change no behaviour: seeded games of bots replay to the same states.

Each game plays ``GAMES`` seeded games with Easy and Normal seats; the fingerprint of a game
is a hash of every action chosen and of the state (as the engine codec's JSON) at the end of
every deal and of the game, so a changed decision or a changed field of a state shows. The
fingerprints are committed in ``fingerprints.json``. A deliberate change of the rules or of a
bot regenerates them, in a commit of its own that says why:
``CARD_PARLOUR_FINGERPRINTS=write pytest tests/conformance/test_fingerprints.py``.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import pytest

from game.ai.seat import Seat, TableHistory, seat_inputs
from game.engine.codec import encode
from game.engine.events import DealScored
from game.games.registry import GAMES as REGISTERED
from game.tools.simulate import _start

GAMES = 40
LINEUP = ("normal", "easy")
FILE = Path(__file__).with_name("fingerprints.json")
WRITE = os.environ.get("CARD_PARLOUR_FINGERPRINTS") == "write"


def fingerprint(game_id: str, number: int) -> str:
    info = REGISTERED[game_id]
    players = max(3, info.min_players)
    options = info.options(players=players)
    seed = 7_000 + number
    state, events = _start(info, options, seed)
    seats = [Seat(game_id, p, LINEUP[(p + number) % 2], seed) for p in range(players)]
    history = TableHistory(players)
    history.record(events)
    digest = hashlib.sha256(json.dumps(encode(state)).encode())
    steps = 0
    while not state.finished and steps < 20_000:
        to_act = state.to_act
        view, legal, seen = seat_inputs(info.rules, state, to_act, history)
        action = seats[to_act].decide(view, legal, seen)
        state, events = info.rules.apply(state, action)
        history.record(events)
        digest.update(json.dumps(encode(action)).encode())
        if any(isinstance(event, DealScored) for event in events):
            digest.update(json.dumps(encode(state)).encode())
        steps += 1
    digest.update(json.dumps(encode(state)).encode())
    return digest.hexdigest()[:16]


def all_fingerprints(game_id: str) -> list[str]:
    return [fingerprint(game_id, number) for number in range(GAMES)]


@pytest.mark.parametrize("game_id", sorted(REGISTERED))
def test_seeded_bot_games_replay_to_the_committed_states(game_id):
    found = all_fingerprints(game_id)
    known = json.loads(FILE.read_text()) if FILE.exists() else {}
    if WRITE:
        known[game_id] = found
        FILE.write_text(json.dumps(known, indent=1, sort_keys=True) + "\n")
    assert found == known.get(game_id), f"{game_id}: a seeded game now plays differently"
