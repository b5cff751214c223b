"""Damaged and hostile save files: a clear reason, moved aside, never a crash."""

from __future__ import annotations

import json
from datetime import datetime, timezone

import pytest

from game.engine import codec
from game.engine.actions import Discard, Draw, Pass
from game.engine.cards import parse_card
from game.persist.autosaves import autosave_folder, scan_autosaves
from game.persist.saveformat import save_to_dict
from game.persist.saves import (
    check_save,
    list_saves,
    load_save,
    open_save,
    save_named,
    write_save,
)
from game.persist.store import DamagedFile, UnreadableFile
from tests.persist.helpers import paths_in, played

WHEN = datetime(2025, 3, 1, 20, 30, tzinfo=timezone.utc)


@pytest.fixture(scope="module")
def good():
    game = played("kaluki", {"players": 3}, seed=8, moves=40)
    assert len(game.log) >= 20 and not game.state.finished
    return game


def _damaged_reason(tmp_path, data) -> str:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data) if not isinstance(data, str) else data, encoding="utf-8")
    with pytest.raises(DamagedFile) as caught:
        load_save(path)
    assert caught.value.path == path
    return caught.value.reason


def _with(good, **changes):
    data = save_to_dict(good, WHEN)
    data.update(changes)
    return data


@pytest.mark.parametrize(
    ("changes", "reason"),
    [
        ({"game": "poker"}, "does not know ('poker'"),
        ({"game": 7}, "does not say which game"),
        ({"format": 3}, "newer version of Card Parlour"),
        ({"format": "one"}, "format version is not a valid number"),
        ({"options": {"players": 3, "wildcards": 9}}, "unknown option 'wildcards'"),
        ({"options": {"players": 99}}, "above the maximum"),
        ({"options": "four"}, "options are missing"),
        ({"seed": 10**15}, "seed is not a valid number"),
        ({"seed": 10**40}, "far too large"),
        ({"seed": "12"}, "seed is not a valid number"),
        ({"seats": []}, "seats do not match its 3 players"),
        ({"log": {"moves": 3}}, "list of moves is missing"),
        ({"log": [{"type": "Teleport"}]}, "unknown kind 'Teleport'"),
        ({"log": [{"type": "Discard", "card": "ZZ"}]}, "a move is unreadable"),
        ({"snapshot": {"deal": 1}}, "does not match its moves"),
    ],
)
def test_each_kind_of_damage_is_named(tmp_path, good, changes, reason):
    assert reason in _damaged_reason(tmp_path, _with(good, **changes))


def test_a_file_missing_its_snapshot_is_damaged(tmp_path, good):
    data = _with(good)
    del data["snapshot"]
    assert "saved position is missing" in _damaged_reason(tmp_path, data)


def test_a_seat_with_a_gigantic_name_is_damaged(tmp_path, good):
    data = _with(good)
    data["seats"][1]["name"] = "x" * 1_000_000
    assert "seat 2 has no valid name" in _damaged_reason(tmp_path, data)


def test_a_seat_of_unknown_kind_is_damaged(tmp_path, good):
    data = _with(good)
    data["seats"][0]["kind"] = "wizard"
    assert "seat 1 is neither a human nor a known AI level" in _damaged_reason(tmp_path, data)


def test_a_move_that_the_rules_refuse_names_the_move_and_the_rule(tmp_path, good):
    data = _with(good)
    data["log"][3] = codec.encode(Discard(parse_card("AS#1")))
    reason = _damaged_reason(tmp_path, data)
    assert f"move 4 of {len(good.log)} does not replay" in reason


def test_moves_out_of_order_do_not_replay(tmp_path, good):
    data = _with(good)
    data["log"][0], data["log"][1] = data["log"][1], data["log"][0]
    assert "does not replay" in _damaged_reason(tmp_path, data)


def test_an_extra_move_makes_the_snapshot_disagree_or_the_replay_fail(tmp_path, good):
    data = _with(good)
    data["log"].append(codec.encode(Draw()))
    reason = _damaged_reason(tmp_path, data)
    assert "does not replay" in reason or "does not match its moves" in reason


def test_a_move_from_another_kind_of_action_is_refused(tmp_path, good):
    data = _with(good)
    data["log"][0] = codec.encode(Pass())
    assert f"move 1 of {len(good.log)}" in _damaged_reason(tmp_path, data)


def test_moves_after_the_end_of_the_game_are_damaged(tmp_path):
    finished = played("kaluki", {"players": 2}, seed=3, moves=100_000)
    assert finished.state.finished
    data = save_to_dict(finished, WHEN)
    data["log"].append(data["log"][-1])
    assert "after the end of the game" in _damaged_reason(tmp_path, data)


@pytest.mark.parametrize(
    "text",
    ["", "null", "[]", '"a save"', "42", '{"format": 1'],
)
def test_files_that_are_not_saves_are_damaged(tmp_path, text):
    _damaged_reason(tmp_path, text)


def test_deep_nesting_inside_a_move_is_damaged_not_a_crash(tmp_path, good):
    data = json.dumps(_with(good))
    nested = "[" * 50_000 + "]" * 50_000
    text = data.replace('"log": [', f'"log": [{nested}, ', 1)
    assert text != data
    assert "nested far too deeply" in _damaged_reason(tmp_path, text)


def test_a_cosmetic_field_gone_wrong_does_not_cost_the_game(tmp_path, good):
    data = _with(
        good,
        saved_at="yesterday",
        app_version=["?"],
        summary={"deal": "x", "to_act": ["a"]},
        thumbnail="!!not base64!!",
        name=12,
    )
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data))
    assert load_save(path) == good


def test_a_missing_file_is_unreadable_and_check_save_says_so(tmp_path):
    with pytest.raises(UnreadableFile, match="no such file"):
        load_save(tmp_path / "nothing.json")
    assert check_save(tmp_path / "nothing.json") == "there is no such file"


# --- what the app sees: messages, and damaged files moved aside


def test_a_damaged_autosave_is_moved_aside_with_a_message_naming_it(tmp_path, good):
    paths = paths_in(tmp_path)
    path = autosave_folder(paths) / "kaluki-1.json"
    write_save(path, good)
    text = path.read_text()
    path.write_text(text[: len(text) // 2])
    scan = scan_autosaves(paths)
    assert scan.unfinished == [] and scan.finished == []
    assert "kaluki-1.json" in scan.messages[0] and "cut short" in scan.messages[0]
    assert not path.exists()
    assert (path.parent / "damaged" / "kaluki-1.json").read_text() == text[: len(text) // 2]


def test_a_second_damaged_file_of_the_same_name_gets_its_own_place(tmp_path, good):
    paths = paths_in(tmp_path)
    path = autosave_folder(paths) / "kaluki-1.json"
    for junk in ("first junk", "second junk"):
        write_save(path, good)
        path.write_text(junk)
        scan_autosaves(paths)
    damaged = path.parent / "damaged"
    assert (damaged / "kaluki-1.json").read_text() == "first junk"
    assert (damaged / "kaluki-1-2.json").read_text() == "second junk"


def test_a_damaged_file_outside_the_saves_folder_is_left_where_it_is(tmp_path):
    elsewhere = tmp_path / "Downloads" / "from-a-friend.json"
    elsewhere.parent.mkdir()
    elsewhere.write_text("{not json")
    game, messages = open_save(paths_in(tmp_path), elsewhere)
    assert game is None and elsewhere.exists()
    assert "from-a-friend.json" in messages[0]


def test_the_load_list_moves_damaged_saves_aside_and_lists_the_rest(tmp_path, good):
    paths = paths_in(tmp_path)
    save_named(paths, "keep", good)
    save_named(paths, "broken", good).write_text('{"format": 1, "game": "kaluki"}')
    messages: list[str] = []
    listed = list_saves(paths, messages)
    assert [s.name for s in listed] == ["keep"]
    assert (paths.saves / "damaged" / "broken.json").exists()
    assert "broken.json" in messages[0]


def test_a_save_from_a_newer_version_is_refused_and_kept(tmp_path, good):
    paths = paths_in(tmp_path)
    path = save_named(paths, "future", good)
    data = json.loads(path.read_text())
    data["format"], data["app_version"] = 9, "4.2.0"
    path.write_text(json.dumps(data))
    game, messages = open_save(paths, path)
    assert game is None
    assert "newer version of Card Parlour 4.2.0" in messages[0]
    assert json.loads((paths.saves / "damaged" / "future.json").read_text())["format"] == 9
