"""Headless app fixtures: an App on the dummy video driver with its files in tmp_path."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pygame
import pytest

from game.app import i18n
from game.app.app import App
from game.app.scenes.new_game import NewGameScene
from game.app.setup import GameSetup
from game.persist.paths import Paths
from game.persist.settings import Settings


def paths_in(folder: Path) -> Paths:
    return Paths(saves=folder / "saves", config=folder / "config", data=folder / "data")


@pytest.fixture
def paths(tmp_path: Path) -> Paths:
    return paths_in(tmp_path)


@contextmanager
def headless_app(
    paths: Paths, size: tuple[int, int] = (1280, 800), **settings: object
) -> Iterator[App]:
    """An app on the dummy driver with ``settings`` (English unless told), its files at
    ``paths``; on the way out it is shut down, its window closed and the language set
    back to English."""
    application = App(paths, Settings(**{"language": "en", **settings}), size=size)
    try:
        yield application
    finally:
        application.shutdown()
        application.window.destroy()
        i18n.set_language("en")


@pytest.fixture
def app(paths: Paths) -> Iterator[App]:
    with headless_app(paths) as application:
        yield application


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[GameSetup]:
    """The setups the New game screen hands to the table (the table is stood in for)."""
    calls: list[GameSetup] = []
    monkeypatch.setattr(
        "game.app.app.table_hook",
        lambda name: (lambda app, setup: calls.append(setup)) if name == "start_table" else None,
    )
    return calls


def open_new_game(app: App, game_id: str) -> NewGameScene:
    scene = NewGameScene(app, game_id)
    app.start(scene)
    frames(app, 2)
    return scene


def press(app: App, key: int, mod: int = 0) -> None:
    """Post a key press and run one frame, as if the player pressed ``key``."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=""))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod))
    frames(app, 2)


def click(app: App, pos: tuple[int, int]) -> None:
    """Move there, press and release the left button, and let pygame_gui react."""
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    )
    frames(app, 1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    frames(app, 3)


def frames(app: App, count: int = 1) -> None:
    for _ in range(count):
        app.frame(1 / 60)


SAMPLE_SAVES = Path(__file__).resolve().parents[2] / "saves"


def in_progress(paths: Paths, sample: str = "sample-kaluki.json", name: str = "") -> Path:
    """Put a sample game among the games in progress (as its table's autosave)."""
    from game.persist.autosaves import autosave_folder

    folder = autosave_folder(paths)
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / (name or sample.replace("sample-", "game-"))
    target.write_bytes((SAMPLE_SAVES / sample).read_bytes())
    return target
