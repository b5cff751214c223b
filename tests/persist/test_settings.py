"""Settings: defaults, round trip, and a bad value that costs nothing else."""

from __future__ import annotations

import json

import pytest

from game.persist import settings as settings_module
from game.persist.settings import (
    Settings,
    default_settings,
    load_settings,
    save_settings,
    system_language,
)
from tests.persist.helpers import paths_in


@pytest.fixture
def paths(tmp_path, monkeypatch):
    monkeypatch.setattr(settings_module, "system_language", lambda: "en")
    return paths_in(tmp_path)


def test_no_file_gives_the_defaults_without_a_message(paths):
    assert load_settings(paths) == (Settings(), [])


def test_saved_settings_load_back_exactly(paths):
    chosen = Settings(
        language="ja",
        sound=False,
        volume=0.35,
        animation_speed=2.5,
        reduce_motion=True,
        card_back="green",
        four_colour=True,
        confirm_end_turn=True,
        hard_think_ms=2500,
        fullscreen=True,
        window_size=(1920, 1080),
        window_pos=(-1280, 40),  # a monitor to the left of the main one
    )
    save_settings(paths, chosen)
    assert load_settings(paths) == (chosen, [])


def test_one_bad_value_falls_back_to_its_default_and_keeps_the_rest(paths):
    paths.config.mkdir(parents=True)
    original = {"language": "ja", "volume": 7, "card_back": "blue", "window_size": [1600, 900]}
    paths.settings_file.write_text(json.dumps(original))
    loaded, messages = load_settings(paths)
    assert loaded.volume == Settings().volume
    assert (loaded.language, loaded.card_back, loaded.window_size) == ("ja", "blue", (1600, 900))
    assert any("'volume'" in m and "between 0 and 1" in m for m in messages)


def test_a_partly_bad_file_is_repaired_and_its_original_kept_aside(paths):
    paths.config.mkdir(parents=True)
    paths.settings_file.write_text(json.dumps({"card_back": "purple", "sound": False}))
    _loaded, messages = load_settings(paths)
    kept = paths.config / "damaged" / "settings.json"
    assert json.loads(kept.read_text()) == {"card_back": "purple", "sound": False}
    assert any("damaged/settings.json" in m for m in messages)
    assert load_settings(paths) == (Settings(sound=False), [])  # quiet from now on


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("language", "fr"),
        ("sound", "yes"),
        ("volume", -0.1),
        ("volume", True),
        ("animation_speed", 0.1),
        ("card_back", 3),
        ("hard_think_ms", 50),
        ("hard_think_ms", 400.5),
        ("window_size", [100, 100]),
        ("window_size", [1280]),
        ("window_pos", "left"),
        ("window_pos", [10**9, 0]),
    ],
)
def test_each_kind_of_bad_value_is_named_and_reset(paths, name, value):
    paths.config.mkdir(parents=True)
    paths.settings_file.write_text(json.dumps({name: value, "four_colour": True}))
    loaded, messages = load_settings(paths)
    assert getattr(loaded, name) == getattr(Settings(), name)
    assert loaded.four_colour is True
    assert any(repr(name) in m for m in messages)


def test_a_damaged_settings_file_is_moved_aside_and_defaults_used(paths):
    paths.config.mkdir(parents=True)
    paths.settings_file.write_bytes(b'{"language": "ja", "vol')
    loaded, messages = load_settings(paths)
    assert loaded == Settings()
    assert not paths.settings_file.exists()
    assert (paths.config / "damaged" / "settings.json").exists()
    assert "settings.json" in messages[0] and "cut short" in messages[0]


def test_a_file_holding_something_else_is_moved_aside(paths):
    paths.config.mkdir(parents=True)
    paths.settings_file.write_text("[1, 2, 3]")
    loaded, messages = load_settings(paths)
    assert loaded == Settings()
    assert (paths.config / "damaged" / "settings.json").exists()
    assert "does not hold settings" in messages[0]


def test_unknown_keys_from_a_newer_version_are_ignored_quietly(paths):
    paths.config.mkdir(parents=True)
    paths.settings_file.write_text(json.dumps({"format": 3, "theme": "dark", "sound": False}))
    assert load_settings(paths) == (Settings(sound=False), [])


def test_saving_an_impossible_value_writes_its_default_and_keeps_the_rest(paths, caplog):
    save_settings(paths, Settings(volume=5.0, card_back="blue", language="ja"))
    loaded, messages = load_settings(paths)
    assert (loaded.volume, loaded.card_back, loaded.language) == (0.8, "blue", "ja")
    assert messages == []
    assert "volume" in caplog.text


@pytest.mark.parametrize(
    ("environ", "locale_name", "expected"),
    [
        ({"LANG": "ja_JP.UTF-8"}, None, "ja"),
        ({"LANG": "en_GB.UTF-8"}, "ja_JP", "en"),
        ({"LANGUAGE": "ja:en", "LANG": "en_US.UTF-8"}, None, "ja"),
        ({"LC_ALL": "C"}, "Japanese_Japan", "ja"),  # Windows names its locales so
        ({}, None, "en"),
        ({}, "de_DE", "en"),
    ],
)
def test_the_default_language_follows_the_system(environ, locale_name, expected):
    assert system_language(environ, lambda: (locale_name, None)) == expected


def test_default_settings_take_the_language_from_the_system(monkeypatch):
    monkeypatch.setattr(settings_module, "system_language", lambda: "ja")
    assert default_settings() == Settings(language="ja")


def test_kalooki_calls_is_ask_or_never_and_a_bad_value_falls_back():
    from game.persist.settings import Settings, settings_from_dict, settings_to_dict

    kept, messages = settings_from_dict({"kalooki_calls": "never"}, Settings())
    assert kept.table_setting("kalooki_calls") == "never" and messages == []
    assert settings_to_dict(kept)["kalooki_calls"] == "never"
    reset, messages = settings_from_dict({"kalooki_calls": "sometimes"}, Settings())
    assert reset.table_setting("kalooki_calls") == "ask" and "kalooki_calls" in messages[0]


def test_a_games_table_setting_is_declared_by_its_manifest_and_kept_like_the_others(paths):
    from game.games.kalooki import CALLS_SETTING
    from game.games.kalooki import INFO as KALOOKI
    from game.persist.settings import TABLE_SETTINGS, save_settings

    assert CALLS_SETTING in KALOOKI.settings and TABLE_SETTINGS["kalooki_calls"] is CALLS_SETTING
    chosen = Settings().with_changes(kalooki_calls="never", sound=False)
    assert chosen.table_setting("kalooki_calls") == "never" and not chosen.sound
    save_settings(paths, chosen)
    assert load_settings(paths) == (chosen, [])
    assert chosen.with_changes(kalooki_calls="ask") == Settings(sound=False)  # the default
    with pytest.raises(ValueError, match="ask, never"):
        Settings().with_changes(kalooki_calls="sometimes")
