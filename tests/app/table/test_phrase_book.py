"""Every sentence the engine says in play, and every reason it gives for refusing a move,
has a Japanese sentence in the tables' phrase book (instead of falling back to English).
Seeded games with Easy seats; at each turn moves listed earlier in the game are tried
again, which the engine mostly refuses, each refusal with its own reason. Each game is
checked in a fresh process that has opened only that game's table, as the app does: a
sentence all engines share must be taught by the common phrase book, not by one table."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from game.ai.base import BotSettings
from game.ai.seat import Seat, TableHistory, seat_inputs
from game.app.table import phrases, table_class
from game.engine.errors import IllegalAction
from game.engine.events import Said
from game.engine.messages import ENGLISH, Message
from game.games.registry import GAMES
from tests.ai.common import start

PLAYERS = {"kaluki": 4, "kalooki": 4, "indian_rummy": 2, "laugh_and_lie_down": 4}
TRIES = 6  # earlier moves tried again at each turn
ACTIONS = 400  # per game: enough for every phase of a deal and more


def sentences_in_play(game_id: str, seed: int) -> tuple[set[str], set[str], int]:
    """(log lines, refusal reasons, refusals) met in one seeded game: only the plain
    sentences of a game not yet moved to messages (the message tests check keyed ones)."""
    info, state, events = start(game_id, {"players": PLAYERS[game_id]}, seed)
    players = PLAYERS[game_id]
    seats = [Seat(game_id, p, "easy", seed, BotSettings()) for p in range(players)]
    history = TableHistory(players)
    history.record(events)
    said = {e.text for e in events if isinstance(e, Said) and plain(e.message)}
    reasons: set[str] = set()
    refusals = 0
    earlier: list = []
    rng = random.Random(seed)
    for _ in range(ACTIONS):
        if state.finished:
            break
        legal = info.rules.legal_actions(state)
        earlier = [*earlier[-300:], *legal[:5]]
        for action in rng.sample(earlier, min(TRIES, len(earlier))):
            try:
                info.rules.apply(state, action)
            except IllegalAction as refusal:
                refusals += 1
                if plain(refusal.message):
                    reasons.add(str(refusal))
        view, legal, seen = seat_inputs(info.rules, state, state.to_act, history)
        action = seats[state.to_act].decide(view, legal, seen)
        state, events = info.rules.apply(state, action)
        history.record(events)
        said.update(e.text for e in events if isinstance(e, Said) and plain(e.message))
    return said, reasons, refusals


def plain(message: Message | str) -> bool:
    """A sentence with no message key (phrases.py still translates those)."""
    return not (isinstance(message, Message) and message.key in ENGLISH)


def untranslated(game_id: str) -> dict[str, list[str]]:
    """The log lines and reasons met in a seeded game that find no Japanese phrase once
    only this game's table is loaded."""
    table_class(game_id)  # loads the table as the app does when the game opens
    said, reasons, refusals = sentences_in_play(game_id, seed=7)
    assert refusals, "the game refused nothing: no illegal move was tried"
    return {
        "said": sorted(s for s in said if phrases._translate(s, phrases.SAID) is None),
        "reasons": sorted(r for r in reasons if phrases._translate(r, phrases.REASONS) is None),
    }


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_sentence_met_in_play_has_a_japanese_phrase(game_id):
    root = Path(__file__).resolve().parents[3]
    script = (
        "import json; from tests.app.table.test_phrase_book import untranslated; "
        f"print(json.dumps(untranslated({game_id!r})))"
    )
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    run = subprocess.run(
        [sys.executable, "-c", script], cwd=root, env=env, capture_output=True, text=True
    )
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout.strip().splitlines()[-1]) == {"said": [], "reasons": []}
