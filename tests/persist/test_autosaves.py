"""One autosave per game in progress: files of their own, the old single autosave
migrated, a finished game retired (once) rather than offered as Continue."""

from __future__ import annotations

import os
from datetime import datetime

import pytest

from game.persist.autosaves import (
    LEGACY_AUTOSAVE,
    autosave_folder,
    clear_autosave,
    has_autosave,
    in_autosaves,
    new_autosave_path,
    retire_finished,
    scan_autosaves,
)
from game.persist.retire import with_finished_game
from game.persist.saves import load_save, write_save
from game.persist.stats import Statistics
from tests.persist.helpers import paths_in, played


def test_every_game_gets_a_file_of_its_own(tmp_path):
    paths = paths_in(tmp_path)
    now = datetime(2026, 12, 1, 9, 30)
    first, second = (new_autosave_path(paths, "kaluki", now) for _ in range(2))
    assert first != second and first.parent == autosave_folder(paths)
    assert first.name.startswith("kaluki-20261201-093000-")
    write_save(first, played("kaluki", seed=4, moves=10))
    write_save(second, played("kalooki", seed=4, moves=10))
    scan = scan_autosaves(paths)
    assert {s.game_id for s in scan.unfinished} == {"kaluki", "kalooki"}
    assert all(s.is_autosave and s.finished is False for s in scan.unfinished)
    assert has_autosave(paths) and in_autosaves(paths, first)
    clear_autosave(first)
    clear_autosave(first)  # nothing to clear is fine
    assert [s.game_id for s in scan_autosaves(paths).unfinished] == ["kalooki"]


def test_the_old_single_autosave_is_migrated_once(tmp_path):
    paths = paths_in(tmp_path)
    game = played("kalooki", seed=2, moves=30)
    write_save(paths.saves / LEGACY_AUTOSAVE, game)
    scan = scan_autosaves(paths)
    assert not (paths.saves / LEGACY_AUTOSAVE).exists()
    (summary,) = scan.unfinished
    assert summary.path.parent == autosave_folder(paths)
    assert load_save(summary.path) == game
    assert [s.path for s in scan_autosaves(paths).unfinished] == [summary.path]


@pytest.mark.skipif(os.name == "nt" or os.geteuid() == 0, reason="needs a read-only folder")
def test_an_old_autosave_that_cannot_be_moved_is_still_offered(tmp_path):
    paths = paths_in(tmp_path)
    write_save(paths.saves / LEGACY_AUTOSAVE, played("kaluki", seed=2, moves=10))
    paths.saves.chmod(0o555)
    try:
        (summary,) = scan_autosaves(paths).unfinished
    finally:
        paths.saves.chmod(0o755)
    assert summary.path.name == LEGACY_AUTOSAVE and in_autosaves(paths, summary.path)


def test_a_finished_game_is_retired_once_not_offered(tmp_path):
    paths = paths_in(tmp_path)
    over = played("kaluki", {"players": 2}, seed=5, moves=100_000)
    assert over.state.finished
    path = new_autosave_path(paths, "kaluki")
    write_save(path, over)
    going = new_autosave_path(paths, "kaluki")
    write_save(going, played("kaluki", seed=5, moves=10))
    scan = scan_autosaves(paths)
    assert [s.path for s in scan.unfinished] == [going]
    assert [f.saved for f in scan.finished] == [over] and path.exists()  # until counted
    stats = with_finished_game(Statistics(), over, scan.finished[0].name)
    retire_finished(scan.finished)
    assert not path.exists() and scan_autosaves(paths).finished == []
    assert stats.get("kaluki", over.setup.stats_level).played == 1
