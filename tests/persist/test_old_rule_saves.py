"""Saves written before issue 27 changed Indian Rummy's Pool and Deals rules (under the
same format 1) load and replay as they were played, and save again as format 2 (the
issue 27 regression: they were moved to damaged/). The files are real: see
tests/persist/old_saves/README.md."""

from __future__ import annotations

import json
import shutil
from datetime import datetime, timezone
from pathlib import Path

import pytest

from game.engine import codec
from game.games.indian_rummy import formats
from game.games.indian_rummy.actions import AgreeSplit
from game.games.registry import get_game
from game.persist.migrations import CURRENT_FORMAT, OTHER_READINGS
from game.persist.paths import Paths
from game.persist.saveformat import save_from_dict, save_to_dict
from game.persist.saves import load_save, open_save

OLD = Path(__file__).parent / "old_saves"
LEGACY = ("pool_101-joker-turned-up", "pool_101-split-by-points", "deals_6-chips-a-player")
WHEN = datetime(2026, 12, 2, tzinfo=timezone.utc)


def old(name: str) -> dict:
    return json.loads((OLD / f"{name}.json").read_text())


def without_readings(options: dict) -> dict:
    legacy = ("joker_indicator", "pool_split", "deals_chips")
    return {key: value for key, value in options.items() if key not in legacy}


@pytest.mark.parametrize("name", [*LEGACY, "pool_101-new-rules-format-1"])
def test_an_old_pool_or_deals_save_opens_from_the_saves_folder_and_stays_there(tmp_path, name):
    paths = Paths(saves=tmp_path / "saves", config=tmp_path, data=tmp_path)
    paths.saves.mkdir()
    path = paths.saves / f"{name}.json"
    shutil.copy(OLD / f"{name}.json", path)
    saved, messages = open_save(paths, path)
    assert messages == [] and saved is not None
    assert path.exists() and not (paths.saves / "damaged").exists()


@pytest.mark.parametrize("name", LEGACY)
def test_an_old_save_replays_to_its_own_position_under_the_rules_it_was_played_by(name):
    data = old(name)
    assert data["format"] == 1
    saved = save_from_dict(data)
    replayed = codec.encode(saved.state)
    # the very position in the file; only the readings it was played by are named now
    assert replayed["options"]["joker_indicator"] == "jokers"
    assert without_readings(replayed["options"]) == data["snapshot"]["options"]
    assert {**replayed, "options": None} == {**data["snapshot"], "options": None}


def test_a_joker_turned_up_in_an_old_pool_game_made_only_the_jokers_wild():
    saved = save_from_dict(old("pool_101-joker-turned-up"))
    assert saved.options.joker_indicator == "jokers"
    rules = get_game("indian_rummy").rules
    state = rules.new_game(saved.options, saved.seed)
    under_a_joker = []
    for action in saved.log:
        if state.indicator is not None and state.indicator.is_joker:
            under_a_joker.append(state.wild_rank)
        state, _events = rules.apply(state, action)
    assert under_a_joker and set(under_a_joker) == {None}  # no rank wild: the aces too


def test_an_old_pool_split_is_shared_by_points_left_as_it_was_played():
    saved = save_from_dict(old("pool_101-joker-turned-up"))  # at the split question
    rules, state = get_game("indian_rummy").rules, saved.state
    assert saved.options.pool_split == "points"
    while not state.finished:
        state, _events = rules.apply(state, AgreeSplit())
    assert state.split
    expected = formats.shares_by_points(state.scores, state.winners, 101)
    assert formats.split_shares(state) == expected


def test_a_split_the_old_rules_asked_for_replays_where_the_drops_rule_offers_none():
    data = old("pool_101-split-by-points")
    saved = save_from_dict(data)
    assert saved.options.pool_split == "points"
    as_written = {**data, "format": CURRENT_FORMAT}  # the same moves under today's rules
    with pytest.raises(ValueError, match="does not replay"):
        save_from_dict(as_written)


def test_old_deals_chips_are_80_a_player_and_cap_what_a_loser_pays():
    saved = save_from_dict(old("deals_6-chips-a-player"))
    assert saved.options.deals_chips == "a_player"
    assert formats.start_chips(saved.options) == 160  # 2 players (today: 480 for 6 deals)
    assert min(saved.state.balances) == -160  # the loser paid all they held, no more


def test_a_format_1_game_played_by_the_new_rules_keeps_them():
    saved = save_from_dict(old("pool_101-new-rules-format-1"))
    assert saved.options.joker_indicator == "auto" and saved.options.aces_wild_under_joker
    assert saved.options.pool_split == "drops"


@pytest.mark.parametrize("name", [*LEGACY, "pool_101-new-rules-format-1"])
def test_saving_an_old_game_again_writes_format_2_with_its_rules_named(tmp_path, name):
    saved = save_from_dict(old(name))
    data = json.loads(json.dumps(save_to_dict(saved, WHEN)))
    assert data["format"] == CURRENT_FORMAT == 2 and OTHER_READINGS not in data
    again = save_from_dict(data)
    assert again.options == saved.options
    assert codec.encode(again.state) == codec.encode(saved.state)
    path = tmp_path / "again.json"
    path.write_text(json.dumps(data))
    assert load_save(path) == again


def test_a_file_cannot_choose_other_readings_itself():
    saved = save_from_dict(old("pool_101-joker-turned-up"))
    data = json.loads(json.dumps(save_to_dict(saved, WHEN)))
    good = {"options": data["options"], "snapshot": data["snapshot"]}
    data["options"] = {**data["options"], "joker_indicator": "aces"}  # does not replay
    data[OTHER_READINGS] = [good]  # only a migration may offer another reading
    with pytest.raises(ValueError, match="does not"):
        save_from_dict(data)


def test_points_saves_and_other_games_are_read_as_written():
    from tests.persist.helpers import played

    saved = played("indian_rummy", {"players": 3}, seed=4, moves=30)
    data = json.loads(json.dumps(save_to_dict(saved, WHEN)))
    data["format"] = 1
    assert save_from_dict(data) == saved
    assert "joker_indicator" not in data["options"]  # today's default games: quiet as before
