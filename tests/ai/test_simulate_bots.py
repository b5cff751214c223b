"""The tournament harness: lineups rotate through the seats and the report has the
shape other tools read."""

from __future__ import annotations

import json

import pytest

from game.__main__ import main
from game.tools.simulate import parse_lineup, simulate


def test_lineup_names_one_level_per_player_or_one_for_all():
    assert parse_lineup("hard,normal", 2) == ["hard", "normal"]
    assert parse_lineup("easy", 3) == ["easy", "easy", "easy"]
    with pytest.raises(ValueError, match="names 2 players but the game has 3"):
        parse_lineup("hard,normal", 3)
    with pytest.raises(ValueError, match="unknown bot 'expert'"):
        parse_lineup("expert,normal", 2)


def test_players_rotate_so_each_sits_in_each_seat():
    report = simulate("kaluki", 3, 3, 2, {"target": 50}, bots="normal,easy,easy")
    assert not report.failures and report.trials == 3
    assert sum(t.wins for t in report.tallies) == pytest.approx(3)
    assert [t.trials for t in report.tallies] == [3, 3, 3]


def test_json_report_has_seats_with_intervals_and_latency_per_level(capsys):
    code = main(
        [
            "simulate",
            "--game",
            "kaluki",
            "--players",
            "2",
            "--games",
            "2",
            "--seed",
            "3",
            "--bots",
            "normal,easy",
            "--option",
            "target=50",
            "--json",
        ]
    )
    data = json.loads(capsys.readouterr().out)
    assert code == 0
    assert [s["bot"] for s in data["seats"]] == ["normal", "easy"]
    for seat in data["seats"]:
        low, high = seat["ci95"]
        assert 0 <= low <= seat["win_share"] <= high <= 1
        assert {"wins", "mean_score"} <= set(seat)
    assert set(data["latency_ms"]) == {"normal", "easy"}
    assert {"p50", "p99", "max"} <= set(data["latency_ms"]["normal"])
    assert data["games"] == 2 and len(data["wins_per_seat"]) == 2  # the old fields stay


def test_workers_give_the_same_tallies_as_one_process():
    one = simulate("kaluki", 2, 4, 5, {"target": 50}, bots="normal,easy")
    two = simulate("kaluki", 2, 4, 5, {"target": 50}, bots="normal,easy", workers=2)
    assert [t.wins for t in one.tallies] == [t.wins for t in two.tallies]
    assert [t.score_sum for t in one.tallies] == [t.score_sum for t in two.tallies]


def test_per_deal_counts_each_deals_winner():
    report = simulate("kaluki", 2, 2, 1, {"target": 50}, bots="normal,easy", per_deal=True)
    assert report.trials + report.void_deals >= 2
    assert sum(t.wins for t in report.tallies) == report.trials
