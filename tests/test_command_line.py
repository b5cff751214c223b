"""Every value of ``python -m game`` is checked as it is read: a bad one stops with a
clear message and exit status 2, never a traceback or a run that cannot end."""

import math

import pytest

from game.__main__ import build_parser, main
from game.ai.base import BotSettings
from game.tools.simulate import simulate

REFUSED_BY_THE_PARSER = [
    (["simulate", "--option", "players=5"], "set the player count with --players"),
    (["simulate", "--option", "ace_eleven"], "must look like name=value"),
    (["simulate", "--option", "=on"], "must look like name=value"),
    (["simulate", "--budget-ms", "inf"], "more than 0 and at most 60000 ms"),
    (["simulate", "--budget-ms", "nan"], "more than 0 and at most 60000 ms"),
    (["simulate", "--budget-ms", "0"], "more than 0"),
    (["simulate", "--budget-ms", "fast"], "'fast' is not a number"),
    (["simulate", "--games", "-1"], "-1 is outside 1 to 1000000"),
    (["simulate", "--games", "0"], "0 is outside 1"),
    (["simulate", "--workers", "0"], "0 is outside 1 to 256"),
    (["simulate", "--seed", "-5"], "-5 is outside 0"),
    (["simulate", "--seed", "1.5"], "'1.5' is not a whole number"),
    (["simulate", "--players", "1"], "1 is outside 2 to 10"),
    (["simulate", "--players", "11"], "11 is outside 2 to 10"),
    (["simulate", "--rollouts", "-1"], "-1 is outside 0 to 100000"),
    (["simulate", "--game", ""], "is not a valid game id"),
    (["bench", "--seed", "-1"], "-1 is outside 0"),
    (["bench", "--tables", "0"], "0 is outside 1 to 10000"),
    (["bench", "--seconds", "inf"], "at most 3600 s"),
    (["bench", "--pace", "nan"], "at most 600 s"),
    (["bench", "--pace", "-1"], "more than 0"),
    (["serve", "--port", "-1"], "-1 is outside 0 to 65535"),  # 0: any free port
    (["serve", "--port", "70000"], "70000 is outside 0 to 65535"),
    (["serve", "--port", "http"], "'http' is not a port number"),
    (["serve", "--host", " "], "is not a valid host"),
]


@pytest.mark.parametrize(("argv", "message"), REFUSED_BY_THE_PARSER, ids=" ".join)
def test_a_value_out_of_range_exits_2_with_a_clear_message(argv, message, capsys):
    with pytest.raises(SystemExit) as stopped:
        main(argv)
    assert stopped.value.code == 2
    error = capsys.readouterr().err
    assert message in error and "Traceback" not in error


REFUSED_BY_THE_GAME = [
    (["simulate", "--game", "kaluki", "--players", "7"], "Players: 7 is above the maximum of 6"),
    (["simulate", "--game", "chess"], "unknown game 'chess'"),
    (["simulate", "--option", "target=20"], "Game ends at: 20 is below the minimum of 50"),
    (["simulate", "--option", "target=many"], "expected a whole number"),
    (["simulate", "--option", "wild_twos=on"], "unknown option 'wild_twos'"),
    (["simulate", "--option", "jokers=3"], "Jokers: 3 is not one of 4, 2"),
    (["simulate", "--preset", "club"], "unknown preset 'club'; this game has: seed, online_51"),
    (["simulate", "--game", "kalooki", "--preset", "kalooki_40"], "this game has: none"),
    (["simulate", "--bots", "hard,easy"], "--bots names 2 players but the game has 4"),
]


@pytest.mark.parametrize(("argv", "message"), REFUSED_BY_THE_GAME, ids=" ".join)
def test_a_value_the_game_refuses_exits_2_with_its_reason(argv, message, capsys):
    assert main(argv) == 2
    assert message in capsys.readouterr().err


def test_good_values_are_read_as_numbers():
    args = build_parser().parse_args(
        ["simulate", "--games", "3", "--seed", "0", "--budget-ms", "250.5", "--workers", "2"]
    )
    assert (args.games, args.seed, args.budget_ms, args.workers) == (3, 0, 250.5, 2)
    args = build_parser().parse_args(
        ["simulate", "--option", "ace_eleven=on", "--option", "target=60"]
    )
    assert dict(args.option) == {"ace_eleven": True, "target": 60}


def test_a_small_simulation_runs_and_exits_0(capsys):
    assert main(["simulate", "--games", "1", "--players", "2", "--seed", "3"]) == 0
    assert "kaluki: 1 games, 2 players" in capsys.readouterr().out


def test_simulate_plays_a_rule_set_and_an_option_changes_it(monkeypatch, capsys):
    played = {}

    def spy(game_id, players, games, seed, options, **kwargs):
        played.update(options)
        return simulate(game_id, players, games, seed, options, **kwargs)

    monkeypatch.setattr("game.tools.simulate.simulate", spy)
    argv = ["simulate", "--preset", "kalooki_40", "--option", "jokers=2", "--games", "1"]
    assert main([*argv, "--players", "2", "--seed", "4"]) == 0
    assert played["come_down"] == 40 and played["ending"] == "last_standing"
    assert played["joker_penalty"] == 15 and played["jokers"] == 2
    assert "kaluki: 1 games, 2 players" in capsys.readouterr().out


def test_simulate_itself_refuses_the_player_count_as_an_option():
    with pytest.raises(ValueError, match="--players"):
        simulate("kaluki", 4, 1, 1, {"players": 5})
    with pytest.raises(ValueError, match="at least one game"):
        simulate("kaluki", 4, 0, 1, {})


@pytest.mark.parametrize("budget", [math.inf, math.nan, 0.0, -5.0])
def test_a_thinking_budget_that_could_never_end_is_refused(budget):
    with pytest.raises(ValueError, match="positive number of milliseconds"):
        BotSettings(budget_ms=budget)
