"""Settings, Statistics and Rules by keys alone: every setting changed, the game tabs,
Clear statistics (its question starts on No), Esc back to the title."""

from __future__ import annotations

from types import SimpleNamespace

import pygame

from game.app.scenes.dialog import ConfirmDialog
from game.app.scenes.rules import RulesScene
from game.app.scenes.settings import SettingsScene
from game.app.scenes.statistics import StatisticsScene
from game.app.scenes.title import TitleScene
from game.persist.settings import TABLE_SETTINGS, Settings, load_settings
from game.persist.stats import Statistics
from tests.app.conftest import frames
from tests.app.keys import key, tab_to

BOOLS = ("fullscreen", "four_colour", "sound", "reduce_motion", "confirm_end_turn")


def open_on_title(app, scene):
    app.start(TitleScene(app))
    app.stack.push(scene)
    frames(app, 2)
    return scene


def test_every_setting_changes_by_keys_and_is_kept(app, paths):
    scene = open_on_title(app, SettingsScene(app))
    start = app.settings
    for name in BOOLS:
        tab_to(app, name)
        key(app, pygame.K_SPACE)
        assert getattr(app.settings, name) is (not getattr(start, name)), name
        key(app, pygame.K_SPACE)
        assert getattr(app.settings, name) is getattr(start, name), name
    tab_to(app, "card_back")
    backs = {app.settings.card_back}
    for _ in range(3):
        key(app, pygame.K_RIGHT)
        backs.add(app.settings.card_back)
    assert backs == {"red", "blue", "green"}
    key(app, pygame.K_LEFT)
    assert app.settings.card_back == "green"
    for name, up, down in (
        ("volume", 0.85, 0.75),
        ("animation_speed", 1.25, 0.75),
        ("hard_think_ms", 500, 300),
    ):
        tab_to(app, name)
        key(app, pygame.K_RIGHT)
        assert getattr(app.settings, name) == up, name
        key(app, pygame.K_MINUS)
        key(app, pygame.K_MINUS)
        assert getattr(app.settings, name) == down, name
    tab_to(app, "language")
    key(app, pygame.K_RIGHT)
    assert app.settings.language == "ja"
    assert scene.ring.name == "language"  # the rebuilt screen keeps the ring
    key(app, pygame.K_LEFT)
    assert app.settings.language == "en"
    key(app, pygame.K_ESCAPE)  # closing writes the sliders' values too
    assert isinstance(app.stack.top, TitleScene)
    saved = load_settings(paths)[0]
    assert (saved.card_back, saved.volume, saved.hard_think_ms) == ("green", 0.75, 300)
    tab_to(app, "settings")  # and the title's own ring takes over again
    key(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, SettingsScene)
    tab_to(app, "reset")
    key(app, pygame.K_RETURN)
    assert app.settings.card_back == "red" and app.settings.volume == 0.8


def _tab_stops(scene) -> list[str]:
    return [item.name for item in scene.ring.items]


def test_statistics_by_keys_tabs_and_clear_asks_with_no_first(app):
    app.set_stats(Statistics().recorded("kalooki", "normal", True, 10, True))
    scene = open_on_title(app, StatisticsScene(app))
    assert _tab_stops(scene) == ["game", "reset", "done"]
    first = scene.game_id
    key(app, pygame.K_RIGHT)
    assert scene.game_id != first and scene.ring.name == "game"
    key(app, pygame.K_LEFT)
    assert scene.game_id == first
    tab_to(app, "reset")
    key(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, ConfirmDialog)
    key(app, pygame.K_RETURN)  # No, the safe answer, is the default
    assert app.stats.get("kalooki", "normal").played == 1
    key(app, pygame.K_RETURN)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)
    assert app.stats.get("kalooki", "normal").played == 0
    tab_to(app, "done")
    key(app, pygame.K_SPACE)
    assert isinstance(app.stack.top, TitleScene)


def test_statistics_and_rules_open_on_the_game_just_played(app, monkeypatch):
    monkeypatch.setattr("game.app.app.table_hook", lambda name: lambda app, *arguments: None)
    from game.app.scenes.new_game import build_setup, default_choices

    app.start_game(build_setup("indian_rummy", default_choices("indian_rummy"), seed=3))
    assert StatisticsScene(app).game_id == "indian_rummy"
    assert RulesScene(app).game_id == "indian_rummy"
    app.resume_game(SimpleNamespace(setup=SimpleNamespace(game_id="kalooki")))
    assert StatisticsScene(app).game_id == "kalooki"  # a resumed game counts too
    assert StatisticsScene(app, "kaluki").game_id == "kaluki"


def test_rules_by_keys_scroll_switch_game_and_done(app):
    scene = open_on_title(app, RulesScene(app))
    assert _tab_stops(scene) == ["game", "done"]
    key(app, pygame.K_PAGEDOWN)
    assert scene.scroll > 0
    key(app, pygame.K_HOME)
    assert scene.scroll == 0
    first = scene.game_id
    key(app, pygame.K_RIGHT)
    assert scene.game_id != first
    key(app, pygame.K_TAB)
    assert scene.ring.name == "done"
    key(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, TitleScene)


def chosen(settings: Settings, name: str) -> object:
    """A setting's value by the name of its control (a game's table setting, such as
    Kalooki's calls, is kept among the settings' tables since f957807)."""
    if name in TABLE_SETTINGS:
        return settings.table_setting(name)
    return getattr(settings, name)


def test_every_control_and_slider_of_settings_is_a_stop_that_keys_change(app):
    scene = open_on_title(app, SettingsScene(app))
    stops = _tab_stops(scene)
    names = [c.name for c in scene.controls] + [s.name for s in scene.sliders]
    assert set(names) <= set(stops) and {"card_back", "reset", "done"} <= set(stops)
    for control in list(scene.controls):
        if control.kind != "segmented" or control.name == "language":
            continue  # toggles and the language have a test of their own
        name = control.name
        tab_to(app, name)
        before = chosen(app.settings, name)
        key(app, pygame.K_RIGHT)
        if chosen(app.settings, name) == before:  # already the last choice
            key(app, pygame.K_LEFT)
        assert chosen(app.settings, name) != before, name
