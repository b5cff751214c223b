"""Rare file states and kills that once got through: a display time at the calendar's
edge, a saves folder that is a link loop, a kill between counting a game and removing
its file, a kill inside the old autosave's migration, leftover temporary files, and the
wording of a damaged file's message."""

from __future__ import annotations

import json
import os
import time

import pytest

from game.persist.autosaves import (
    LEGACY_AUTOSAVE,
    _migrated_path,
    autosave_folder,
    in_autosaves,
    new_autosave_path,
    retire_finished,
    scan_autosaves,
)
from game.persist.retire import with_finished_game
from game.persist.saves import (
    list_saves,
    load_save,
    open_save,
    read_summary,
    write_save,
)
from game.persist.stats import Statistics, load_stats, save_stats, stats_from_dict, stats_to_dict
from game.persist.store import DAMAGED_FOLDER, aside_message
from tests.persist.helpers import paths_in, played

FAR_FUTURE = 2**38  # seconds: a file time in the year 10680


def rewrite(path, **fields):
    data = json.loads(path.read_text(encoding="utf-8"))
    for key, value in fields.items():
        if value is None:
            data.pop(key, None)
        else:
            data[key] = value
    path.write_text(json.dumps(data), encoding="utf-8")


@pytest.mark.parametrize(
    "saved_at", ["0001-01-01T00:00:00", "9999-12-31T23:59:59", "0001-01-01T00:00:00+14:00"]
)
def test_a_display_time_at_the_calendars_edge_never_stops_a_game_loading(tmp_path, saved_at):
    paths = paths_in(tmp_path)
    game = played("kaluki", seed=3, moves=12)
    edge, good = new_autosave_path(paths, "kaluki"), new_autosave_path(paths, "kalooki")
    write_save(edge, game)
    write_save(good, played("kalooki", seed=3, moves=12))
    rewrite(edge, saved_at=saved_at)
    scan = scan_autosaves(paths)  # this raised "year 0 is out of range" on every start
    assert {s.path for s in scan.unfinished} == {edge, good}
    assert scan.messages == [] and load_save(edge) == game
    assert all(isinstance(s.sort_time, float) for s in scan.unfinished)


def test_a_file_time_past_year_9999_is_only_a_display_time(tmp_path):
    paths = paths_in(tmp_path)
    game = played("kaluki", seed=3, moves=12)
    path = new_autosave_path(paths, "kaluki")
    write_save(path, game)
    rewrite(path, saved_at=None)  # the file time is then the best guess
    os.utime(path, (FAR_FUTURE, FAR_FUTURE))
    (summary,) = scan_autosaves(paths).unfinished
    assert summary.path == path and path.exists()
    assert not (path.parent / DAMAGED_FOLDER).exists()
    assert read_summary(path).game_id == "kaluki"


@pytest.mark.skipif(os.name == "nt", reason="needs symbolic links")
def test_a_saves_folder_that_is_a_link_loop_is_no_crash(tmp_path):
    paths = paths_in(tmp_path)
    paths.saves.parent.mkdir(parents=True, exist_ok=True)
    paths.saves.symlink_to(paths.saves)  # saves -> saves
    assert list_saves(paths, []) == []
    assert scan_autosaves(paths).unfinished == []
    assert not in_autosaves(paths, autosave_folder(paths) / "x.json")
    saved, messages = open_save(paths, paths.saves / "x.json")
    assert saved is None and len(messages) == 1


def test_a_game_is_counted_once_by_its_name(tmp_path):
    over = played("kaluki", {"players": 2}, seed=5, moves=100_000)
    once = with_finished_game(Statistics(), over, "kaluki-20261201-1-abc.json")
    twice = with_finished_game(once, over, "kaluki-20261201-1-abc.json")
    assert twice.get("kaluki", over.setup.stats_level).played == 1
    again, _ = stats_from_dict(json.loads(json.dumps(stats_to_dict(twice))))
    assert again == twice  # the counted names survive the file
    other = with_finished_game(again, over, "kaluki-20261201-2-def.json")
    assert other.get("kaluki", over.setup.stats_level).played == 2


def test_a_kill_after_counting_before_removing_counts_the_game_once(tmp_path):
    paths = paths_in(tmp_path)
    over = played("kaluki", {"players": 2}, seed=5, moves=100_000)
    path = new_autosave_path(paths, "kaluki")
    write_save(path, over)
    # The table counted it and wrote the statistics; the kill came before the file went.
    save_stats(paths, with_finished_game(Statistics(), over, path.name))
    scan = scan_autosaves(paths)
    assert [f.path for f in scan.finished] == [path] and path.exists()
    stats, _ = load_stats(paths)
    for finished in scan.finished:
        stats = with_finished_game(stats, finished.saved, finished.name)
    save_stats(paths, stats)
    retire_finished(scan.finished)
    assert not path.exists()
    assert load_stats(paths)[0].get("kaluki", over.setup.stats_level).played == 1


def test_a_kill_inside_the_old_autosaves_migration_shows_one_game(tmp_path):
    paths = paths_in(tmp_path)
    old = paths.saves / LEGACY_AUTOSAVE
    write_save(old, played("kalooki", seed=2, moves=30))
    new = _migrated_path(paths, old)
    new.parent.mkdir(parents=True)
    os.link(old, new)  # the kill came here, before the old name was removed
    (summary,) = scan_autosaves(paths).unfinished
    assert summary.path == new and not old.exists()
    assert [s.path for s in scan_autosaves(paths).unfinished] == [new]


def test_leftover_temporary_files_go_once_their_game_is_over(tmp_path):
    paths = paths_in(tmp_path)
    folder = autosave_folder(paths)
    folder.mkdir(parents=True)
    stale = folder / ".kaluki-20261201-093000-abc123.json.x1y2.tmp"
    fresh = folder / ".kaluki-20261201-093000-abc123.json.z3w4.tmp"
    named = paths.saves / ".My game.json.q5r6.tmp"
    for temp in (stale, fresh, named):
        temp.write_bytes(b'{"half": ')
    hour_ago = time.time() - 3600
    for temp in (stale, named):
        os.utime(temp, (hour_ago, hour_ago))
    scan_autosaves(paths)
    assert not stale.exists() and not named.exists()
    assert fresh.exists()  # perhaps another window is writing it right now


def test_a_damaged_files_message_has_one_full_stop(tmp_path):
    path = tmp_path / "x.json"
    text = aside_message("saved game", path, "it names no card to discard.", path)
    assert ".." not in text and "discard. It was moved" in text
