"""Statistics: recording games, and files that never lose a good record."""

from __future__ import annotations

import json

import pytest

from game.persist.stats import (
    Record,
    Statistics,
    level_of,
    load_stats,
    save_stats,
)
from tests.persist.helpers import paths_in


@pytest.fixture
def paths(tmp_path):
    return paths_in(tmp_path)


def test_a_record_counts_games_wins_best_and_average_for_penalty_games():
    stats = Statistics()
    for won, score in ((True, 0), (False, 42), (False, 18)):
        stats = stats.recorded("kaluki", "hard", won, score, lower_is_better=True)
    record = stats.get("kaluki", "hard")
    assert record == Record(played=3, won=1, best=0, total=60)
    assert record.win_rate == pytest.approx(1 / 3)
    assert record.average == 20


def test_best_is_the_highest_when_higher_is_better():
    stats = Statistics().recorded("x", "easy", False, -5, lower_is_better=False)
    stats = stats.recorded("x", "easy", True, 30, lower_is_better=False)
    assert stats.get("x", "easy").best == 30


def test_an_empty_record_reads_as_nothing_played():
    record = Statistics().get("kaluki", "normal")
    assert (record.played, record.best, record.win_rate, record.average) == (0, None, 0.0, 0.0)


def test_recording_returns_new_statistics_and_leaves_the_old_alone():
    before = Statistics()
    after = before.recorded("kaluki", "easy", True, 3, True)
    assert before.get("kaluki", "easy").played == 0
    assert after.get("kaluki", "easy").played == 1


def test_an_unknown_level_is_refused():
    with pytest.raises(ValueError, match="level"):
        Statistics().recorded("kaluki", "impossible", True, 0, True)


@pytest.mark.parametrize(
    ("kinds", "level"),
    [
        (["easy", "easy"], "easy"),
        (["hard"], "hard"),
        (["easy", "hard"], "mixed"),
        (["human", "normal"], "normal"),
        (["human", "human"], "humans"),
    ],
)
def test_the_level_of_a_game_comes_from_the_other_seats(kinds, level):
    assert level_of(kinds) == level


def test_statistics_round_trip(paths):
    stats = Statistics().recorded("kaluki", "easy", True, 5, True)
    stats = stats.recorded("kalooki", "mixed", False, 120, True)
    save_stats(paths, stats)
    assert load_stats(paths) == (stats, [])


def test_a_bad_record_is_left_out_and_the_others_kept(paths):
    paths.data.mkdir(parents=True)
    good = {"game": "kaluki", "level": "easy", "played": 4, "won": 1, "best": 0, "total": 80}
    bad = [
        {"game": "kaluki", "level": "normal", "played": 2, "won": 5},  # more wins than games
        {"game": "kaluki", "level": "godlike", "played": 1},
        {"game": "x" * 500, "level": "easy"},
        {"game": "kaluki", "level": "hard", "played": -1},
        {"game": "kaluki", "level": "mixed", "played": 1, "best": "low"},
        "not a record",
    ]
    paths.statistics_file.write_text(json.dumps({"format": 1, "records": [good, *bad]}))
    stats, messages = load_stats(paths)
    assert stats.records == {("kaluki", "easy"): Record(4, 1, 0, 80)}
    assert "6 statistics records were damaged" in messages[0]
    assert (paths.data / "damaged" / "statistics.json").exists()


def test_a_damaged_statistics_file_is_moved_aside(paths):
    paths.data.mkdir(parents=True)
    paths.statistics_file.write_text('{"records": [')
    stats, messages = load_stats(paths)
    assert stats == Statistics()
    assert (paths.data / "damaged" / "statistics.json").exists()
    assert "statistics.json" in messages[0]


def test_no_file_means_no_statistics_yet(paths):
    assert load_stats(paths) == (Statistics(), [])
