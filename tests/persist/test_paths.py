"""Where files live: the platform's folders, or portable beside the program."""

from __future__ import annotations

import sys
from pathlib import Path

import platformdirs

import game
from game.persist.paths import APP_AUTHOR, APP_NAME, app_paths


def test_normal_paths_use_the_platform_folders_with_our_app_name():
    paths = app_paths()
    data = Path(platformdirs.user_data_dir(APP_NAME, APP_AUTHOR))
    assert paths.saves == data / "saves"
    assert paths.data == data
    assert paths.config == Path(platformdirs.user_config_dir(APP_NAME, APP_AUTHOR))
    assert "Card Parlour" in str(paths.saves)
    assert paths.settings_file.name == "settings.json"
    assert paths.statistics_file.name == "statistics.json"


def test_portable_from_source_keeps_everything_in_the_checkouts_saves_folder():
    root = Path(game.__file__).resolve().parent.parent
    paths = app_paths(portable=True)
    assert paths.saves == paths.config == paths.data == root / "saves"


def test_portable_when_frozen_keeps_everything_beside_the_executable(monkeypatch, tmp_path):
    executable = tmp_path / "stick" / "CardParlour.exe"
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "executable", str(executable))
    paths = app_paths(portable=True)
    expected = executable.resolve().parent / "saves"
    assert paths.saves == paths.config == paths.data == expected


def test_asking_for_paths_creates_no_folder(monkeypatch, tmp_path):
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "executable", str(tmp_path / "app"))
    app_paths(portable=True)
    assert not (tmp_path / "saves").exists()
