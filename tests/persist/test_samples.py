"""The repository's sample saves (one mid-deal position per game) and their generator."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

import game
from game.engine.actions import NextDeal
from game.games.registry import GAMES, get_game
from game.persist.saveformat import save_to_dict
from game.persist.saves import load_save
from game.persist.store import DamagedFile, write_json

SAVES = Path(game.__file__).resolve().parent.parent / "saves"


def _generator():
    spec = importlib.util.spec_from_file_location("make_samples", SAVES / "make_samples.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_game_has_a_sample_save_that_loads_mid_deal(game_id):
    path = SAVES / f"sample-{game_id}.json"
    assert path.exists(), f"no sample for {game_id}: run  python saves/make_samples.py {game_id}"
    saved = load_save(path)
    rules = get_game(game_id).rules
    assert saved.game_id == game_id
    assert not saved.state.finished
    assert saved.state.to_act == 0 and saved.seats[0].kind == "human"
    assert not any(isinstance(a, NextDeal) for a in rules.legal_actions(saved.state))


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_generator_makes_a_mid_deal_sample_for_every_game(game_id, tmp_path):
    saved = _generator().play_to_mid_deal(game_id)
    path = tmp_path / "sample.json"
    write_json(path, save_to_dict(saved, _generator().STAMP))
    assert load_save(path) == saved
    assert len(saved.log) >= _generator().MIN_MOVES and saved.state.to_act == 0


def test_no_stray_files_in_the_samples_folder():
    names = {p.name for p in SAVES.iterdir() if not p.name.startswith(".")}
    expected = {"make_samples.py"} | {f"sample-{g}.json" for g in GAMES}
    assert names - {"__pycache__"} >= expected


def test_a_save_from_before_a_state_field_was_added_still_loads(tmp_path):
    """The Kalooki sample was written before the state counted idle stock rebuilds: the
    moves give the count, so the save loads; a snapshot whose count disagrees does not."""
    data = json.loads((SAVES / "sample-kalooki.json").read_text(encoding="utf-8"))
    assert "idle_rebuilds" not in data["snapshot"]
    replayed = load_save(SAVES / "sample-kalooki.json").state
    data["snapshot"]["idle_rebuilds"] = replayed.idle_rebuilds + 1
    write_json(tmp_path / "wrong.json", data)
    with pytest.raises(DamagedFile, match="does not match its moves"):
        load_save(tmp_path / "wrong.json")
