"""The Load screen: saves newest first, open with Enter, delete after asking."""

from __future__ import annotations

import shutil
from pathlib import Path

import pygame

from game.app.scenes.dialog import ConfirmDialog, MessageDialog
from game.app.scenes.load import LoadScene
from game.app.scenes.title import TitleScene
from tests.app.conftest import frames, press

SAMPLES = Path(__file__).resolve().parents[2] / "saves"


def with_samples(paths, names=("sample-kaluki.json", "sample-kalooki.json")) -> None:
    paths.saves.mkdir(parents=True, exist_ok=True)
    for name in names:
        shutil.copy(SAMPLES / name, paths.saves / name)


def open_load(app) -> LoadScene:
    app.start(TitleScene(app))
    scene = LoadScene(app)
    app.stack.push(scene)
    frames(app, 2)
    return scene


def test_the_saves_are_listed_and_enter_opens_the_chosen_one(app, paths, monkeypatch):
    opened = []
    monkeypatch.setattr(
        "game.app.app.table_hook", lambda name: lambda app, saved: opened.append(saved)
    )
    with_samples(paths)
    scene = open_load(app)
    assert {s.game_id for s in scene.saves} == {"kaluki", "kalooki"}
    press(app, pygame.K_DOWN)
    assert scene.selected == 1
    press(app, pygame.K_RETURN)
    assert [saved.game_id for saved in opened] == [scene.saves[1].game_id]


def test_delete_asks_first_and_then_removes_the_file(app, paths):
    with_samples(paths)
    scene = open_load(app)
    doomed = scene.saves[0].path
    press(app, pygame.K_DELETE)
    assert isinstance(app.stack.top, ConfirmDialog)
    press(app, pygame.K_RETURN)  # No is the default: nothing is deleted
    assert doomed.exists() and app.stack.top is scene
    press(app, pygame.K_DELETE)
    press(app, pygame.K_TAB)
    press(app, pygame.K_RETURN)
    assert not doomed.exists()
    assert len(scene.saves) == 1 and app.stack.top is scene


def test_a_damaged_save_is_moved_aside_and_reported(app, paths):
    with_samples(paths, ("sample-kaluki.json",))
    (paths.saves / "broken.json").write_text("{ not a save", encoding="utf-8")
    scene = open_load(app)
    assert [s.game_id for s in scene.saves] == ["kaluki"]
    assert isinstance(app.stack.top, MessageDialog)
    assert not (paths.saves / "broken.json").exists()


def test_an_empty_folder_says_so_and_disables_open(app):
    scene = open_load(app)
    assert scene.saves == [] and not scene.open_button.is_enabled
