"""The Load screen: every game in progress and every named save newest first, the sample
games in a section of their own (read-only); open with Enter, delete after asking (No
by default), all of it by keyboard."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from game.app.scenes.dialog import ConfirmDialog, MessageDialog
from game.app.scenes.load import LoadScene
from game.app.scenes.title import TitleScene
from game.persist.autosaves import autosave_folder
from game.persist.savedgame import AUTOSAVE, NAMED, SAMPLE
from tests.app.conftest import SAMPLE_SAVES, frames, press


def put(folder: Path, sample: str, name: str, saved_at: str, slot: str | None = None) -> Path:
    """A copy of a sample game saved at ``saved_at`` (and named ``slot``)."""
    data = json.loads((SAMPLE_SAVES / sample).read_text(encoding="utf-8"))
    data["saved_at"] = saved_at
    if slot is not None:
        data["name"] = slot
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return folder / name


@pytest.fixture
def several(paths) -> dict[str, Path]:
    """Two games in progress and two named saves, with their times interleaved."""
    games = autosave_folder(paths)
    return {
        "kalooki": put(games, "sample-kalooki.json", "kalooki-1.json", "2026-11-30T20:00:00+00:00"),
        "slot": put(
            paths.saves, "sample-kaluki.json", "Before.json", "2026-11-30T21:00:00+00:00", "Before"
        ),
        "laugh": put(
            games, "sample-laugh_and_lie_down.json", "laugh-1.json", "2026-11-30T22:00:00+00:00"
        ),
        "old": put(
            paths.saves, "sample-indian_rummy.json", "Old.json", "2026-01-01T09:00:00+00:00"
        ),
    }


@pytest.fixture
def opened(monkeypatch) -> list:
    calls: list = []
    monkeypatch.setattr(
        "game.app.app.table_hook",
        lambda name: lambda app, saved, autosave=None: calls.append((saved, autosave)),
    )
    return calls


def open_load(app) -> LoadScene:
    app.start(TitleScene(app))
    scene = LoadScene(app)
    app.stack.push(scene)
    frames(app, 2)
    return scene


def test_games_in_progress_and_saves_newest_first_then_the_samples(app, several):
    scene = open_load(app)
    mine = [s for s in scene.saves if s.kind != SAMPLE]
    assert [s.path for s in mine] == [several[k] for k in ("laugh", "slot", "kalooki", "old")]
    assert [s.kind for s in mine] == [AUTOSAVE, NAMED, AUTOSAVE, NAMED]
    samples = scene.saves[len(mine) :]
    assert {s.game_id for s in samples} == {
        "kaluki",
        "kalooki",
        "indian_rummy",
        "laugh_and_lie_down",
    }
    assert all(s.kind == SAMPLE for s in samples)
    headings = [line.title for line in scene.lines if line.summary is None]
    assert headings == ["Games in progress and saved games", "Sample games (read-only)"]
    kalooki = next(s for s in mine if s.game_id == "kalooki")
    assert kalooki.deals == 9 and kalooki.deal is not None


def test_enter_opens_the_chosen_game_and_a_game_in_progress_keeps_its_file(app, several, opened):
    scene = open_load(app)
    assert scene.focus.name == "list" and scene.selected == 0
    press(app, pygame.K_RETURN)
    press(app, pygame.K_DOWN)
    assert scene.selected == 1
    press(app, pygame.K_RETURN)
    assert [(saved.game_id, autosave) for saved, autosave in opened] == [
        ("laugh_and_lie_down", several["laugh"]),
        ("kaluki", None),  # a named save goes on in a new autosave: the slot stays as it is
    ]


def test_a_sample_opens_but_cannot_be_deleted(app, several, opened):
    scene = open_load(app)
    press(app, pygame.K_END)
    assert scene.current.kind == SAMPLE and not scene.delete_button.is_enabled
    press(app, pygame.K_DELETE)
    assert app.stack.top is scene  # nothing to ask: it is read-only
    press(app, pygame.K_RETURN)
    assert opened and opened[0][1] is None


def test_delete_asks_first_no_is_the_default_and_then_removes_the_file(app, several):
    scene = open_load(app)
    doomed = scene.saves[0].path
    press(app, pygame.K_DELETE)
    assert isinstance(app.stack.top, ConfirmDialog)
    assert "in progress" in app.stack.top.title
    press(app, pygame.K_RETURN)  # No is the default: nothing is deleted
    assert doomed.exists() and app.stack.top is scene
    press(app, pygame.K_DELETE)
    press(app, pygame.K_TAB)
    press(app, pygame.K_RETURN)
    assert not doomed.exists()
    assert doomed not in [s.path for s in scene.saves] and app.stack.top is scene


def test_the_focus_ring_reaches_every_button_by_keyboard(app, several, opened):
    scene = open_load(app)
    names = [scene.focus.name]
    for _ in range(4):
        press(app, pygame.K_TAB)
        names.append(scene.focus.name)
    assert names == ["list", "back", "delete", "open", "list"]
    press(app, pygame.K_END)
    press(app, pygame.K_DOWN)  # past the last row: on to the buttons
    assert scene.focus.name == "open"
    press(app, pygame.K_UP)
    assert scene.focus.name == "list"
    press(app, pygame.K_HOME)
    assert scene.selected == 0
    press(app, pygame.K_TAB)  # Back
    press(app, pygame.K_RIGHT)  # Delete
    press(app, pygame.K_SPACE)
    assert isinstance(app.stack.top, ConfirmDialog)
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, TitleScene) and not opened


def test_a_damaged_save_is_moved_aside_and_reported(app, paths, several):
    (paths.saves / "broken.json").write_text("{ not a save", encoding="utf-8")
    (autosave_folder(paths) / "kaluki-x.json").write_text("[]", encoding="utf-8")
    scene = open_load(app)
    assert len([s for s in scene.saves if s.kind != SAMPLE]) == 4
    assert isinstance(app.stack.top, MessageDialog)
    assert not (paths.saves / "broken.json").exists()
    assert (paths.saves / "damaged" / "broken.json").exists()
    assert (autosave_folder(paths) / "damaged" / "kaluki-x.json").exists()


def test_an_empty_list_says_so_and_disables_open(app, monkeypatch, tmp_path):
    monkeypatch.setattr("game.app.scenes.load.samples_dir", lambda: tmp_path / "none")
    scene = open_load(app)
    assert scene.saves == [] and not scene.open_button.is_enabled
    assert scene.focus.name == "back"
    press(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, TitleScene)
