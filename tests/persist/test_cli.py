"""The command line: --check-save for support and packagers, --load, --portable."""

from __future__ import annotations

from pathlib import Path

import pytest

import game
from game.__main__ import build_parser, main
from game.games.registry import GAMES

SAMPLES = Path(game.__file__).resolve().parent.parent / "saves"


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_check_save_passes_each_sample(game_id, capsys):
    path = SAMPLES / f"sample-{game_id}.json"
    assert main(["--check-save", str(path)]) == 0
    out = capsys.readouterr().out
    assert "loads cleanly" in out and GAMES[game_id].title in out


def test_check_save_reports_a_damaged_file_with_exit_2_and_leaves_it(tmp_path, capsys):
    path = tmp_path / "broken.json"
    path.write_text('{"format": 1, "game": "kaluki"')
    assert main(["--check-save", str(path)]) == 2
    err = capsys.readouterr().err
    assert "broken.json" in err and "damaged" in err and "cut short" in err
    assert path.exists() and not (tmp_path / "damaged").exists()


def test_check_save_on_a_missing_file_says_so(tmp_path, capsys):
    assert main(["--check-save", str(tmp_path / "none.json")]) == 2
    assert "no such file" in capsys.readouterr().err


def test_load_checks_the_file_and_names_the_game(capsys, monkeypatch):
    opened = []  # the app itself is not started here: tests/app/table opens the table

    def run_app(portable=False, measure_startup=False, load=None):
        opened.append(load)
        return 0

    monkeypatch.setattr("game.app.main.run_app", run_app)
    assert main(["--load", str(SAMPLES / "sample-kaluki.json")]) == 0
    out = capsys.readouterr().out
    assert "Kaluki" in out and "You to play" in out
    assert opened[0].game_id == "kaluki"


def test_load_refuses_a_damaged_file_clearly(tmp_path, capsys):
    path = tmp_path / "bad.json"
    path.write_text("[]")
    assert main(["--load", str(path)]) == 2
    err = capsys.readouterr().err
    assert "cannot open" in err and "bad.json" in err and "not a saved game" in err
    assert path.exists()


def test_portable_and_load_are_parsed_for_the_app():
    args = build_parser().parse_args(["--portable", "--load", "x.json"])
    assert args.portable is True and args.load == Path("x.json")
    assert build_parser().parse_args([]).portable is False
