"""The undo history in a save (redo groups, the hand before each move) survives a
write and a read, and a wrong one is ignored whole: it never costs the game."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from game.persist.saves import load_save, write_save
from tests.persist.helpers import played


def test_redo_and_the_hands_before_each_move_survive_the_file(tmp_path):
    whole = played("kaluki", {"players": 2}, seed=4, moves=12)
    kept = played("kaluki", {"players": 2}, seed=4, moves=9)
    hand = tuple(kept.state.hands[0])
    game = replace(kept, redo=(whole.log[9:],), undo_hands=((7, (hand[:3], hand[3:])),))
    path = tmp_path / "game.json"
    write_save(path, game)
    again = load_save(path)
    assert again.redo == (whole.log[9:],) and again.undo_hands == game.undo_hands


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("redo", [[{"type": "Discard", "card": "ZZ"}]]),
        ("redo", [[{"type": "Draw", "source": "stock"}, {"type": "Draw", "source": "stock"}]]),
        ("redo", "everything"),
        ("undo_hands", [[99999, [["AS"]]]]),
        ("undo_hands", [[1, [["AS", "AS"]]]]),
        ("undo_hands", [[1, [["XX"]]]]),
    ],
)
def test_a_wrong_undo_history_is_ignored_and_the_game_loads(tmp_path, field, value):
    game = played("kaluki", {"players": 2}, seed=4, moves=9)
    path = tmp_path / "game.json"
    write_save(path, game)
    data = json.loads(path.read_text(encoding="utf-8"))
    data[field] = value
    path.write_text(json.dumps(data), encoding="utf-8")
    again = load_save(path)
    assert again.log == game.log and again.redo == () and again.undo_hands == ()
