"""The title screen, driven by key presses and clicks as a player would."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.app.scenes.dialog import ConfirmDialog, MessageDialog
from game.app.scenes.game_tabs import game_ids
from game.app.scenes.new_game import NewGameScene
from game.app.scenes.rules import RulesScene
from game.app.scenes.settings import SettingsScene
from game.app.scenes.statistics import StatisticsScene
from game.app.scenes.title import TitleScene
from game.games.registry import GAMES
from tests.app.conftest import click, frames, in_progress, press

SAMPLES = Path(__file__).resolve().parents[2] / "saves"


def open_title(app) -> TitleScene:
    title = TitleScene(app)
    app.start(title)
    frames(app, 2)
    return title


def test_every_registered_game_has_a_tile_in_menu_order(app):
    title = open_title(app)
    assert [gid for gid, _ in title.tiles] == game_ids()
    assert set(game_ids()) == set(GAMES)


def test_arrows_move_between_tiles_and_down_reaches_the_menu(app):
    title = open_title(app)
    assert title.focus.name == f"game:{game_ids()[0]}"
    press(app, pygame.K_RIGHT)
    assert title.focus.name == f"game:{game_ids()[1]}"
    press(app, pygame.K_LEFT)
    assert title.focus.name == f"game:{game_ids()[0]}"
    press(app, pygame.K_DOWN)
    assert title.focus.name in ("load", "continue", "online")


def test_tab_and_shift_tab_go_round_every_item(app):
    title = open_title(app)
    count = len(title.focus.items)
    names = [title.focus.name]
    for _ in range(count - 1):
        press(app, pygame.K_TAB)
        names.append(title.focus.name)
    assert len(set(names)) == count
    press(app, pygame.K_TAB)
    assert title.focus.name == names[0]
    press(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert title.focus.name == names[-1]


def test_enter_on_a_tile_opens_that_games_new_game_screen_and_esc_comes_back(app):
    title = open_title(app)
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RETURN)
    top = app.stack.top
    assert isinstance(top, NewGameScene) and top.info.id == game_ids()[1]
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is title


def test_enter_on_menu_items_opens_settings_statistics_and_rules(app):
    title = open_title(app)
    for name, kind in (
        ("settings", SettingsScene),
        ("statistics", StatisticsScene),
        ("rules", RulesScene),
    ):
        assert title.focus.focus(name)
        press(app, pygame.K_RETURN)
        assert isinstance(app.stack.top, kind)
        press(app, pygame.K_ESCAPE)
        assert app.stack.top is title


def test_clicking_a_tile_opens_its_new_game_screen(app):
    title = open_title(app)
    game_id, rect = title.tiles[-1]
    click(app, rect.center)
    assert isinstance(app.stack.top, NewGameScene)
    assert app.stack.top.info.id == game_id


def test_clicking_the_settings_button_opens_settings(app):
    title = open_title(app)
    button = next(b for b, name in title.buttons.items() if name == "settings")
    click(app, button.rect.center)
    assert isinstance(app.stack.top, SettingsScene)


def test_esc_asks_before_quitting_and_yes_quits(app):
    open_title(app)
    app.running = True
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, ConfirmDialog)
    press(app, pygame.K_ESCAPE)  # Esc on the question means no
    assert isinstance(app.stack.top, TitleScene) and app.running
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_RETURN)  # No is the default answer
    assert isinstance(app.stack.top, TitleScene) and app.running
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_RIGHT)  # to Yes
    press(app, pygame.K_RETURN)
    assert not app.running


def test_continue_appears_only_with_an_autosave_and_resumes_it(app, paths, monkeypatch):
    resumed = []
    monkeypatch.setattr(
        "game.app.app.table_hook",
        lambda name: lambda app, saved, autosave: resumed.append((name, saved, autosave)),
    )
    title = open_title(app)
    assert "continue" not in title.buttons.values()
    path = in_progress(paths)
    app.start(TitleScene(app))
    frames(app, 1)
    title = app.stack.top
    assert title.focus.name == "continue"  # a waiting game is the first choice
    press(app, pygame.K_RETURN)
    assert [name for name, _, _ in resumed] == ["resume_table"]
    assert resumed[0][1].game_id == "kaluki"
    assert resumed[0][2] == path  # the game goes on in its own autosave


def test_startup_messages_are_shown_in_a_dialog(app):
    app.startup_messages = ["The settings file was damaged and moved aside."]
    app.start(TitleScene(app))
    top = app.stack.top
    assert isinstance(top, MessageDialog)
    assert top.lines == ["The settings file was damaged and moved aside."]
