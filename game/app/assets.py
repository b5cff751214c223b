"""One place that knows where the app's files live, from source and from a bundle.

From source the repository root holds ``sprites/`` and ``sounds/`` beside the ``game``
package. A PyInstaller bundle unpacks to ``sys._MEIPASS`` with ``sprites/`` and
``sounds/`` at its root and the package data (``game/app/data``) under ``game/app/``
as usual. Fonts are Noto Sans JP as shipped inside pygame_gui, found through
``importlib.resources`` so they work in both cases too.
"""

from __future__ import annotations

import sys
from functools import cache
from importlib import resources
from pathlib import Path

SOUND_NAMES = ("shuffle", "deal", "draw", "place", "invalid", "win", "chip", "call")
CARD_BACKS = ("red", "blue", "green")
FONT_FILES = {False: "NotoSansJP-Regular.otf", True: "NotoSansJP-Bold.otf"}


@cache
def resource_root() -> Path:
    """The folder holding ``sprites/`` and ``sounds/``."""
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return Path(bundle)
    return Path(__file__).resolve().parents[2]


def app_data_dir() -> Path:
    """``game/app/data``: theme, translations and rules texts (package data)."""
    return Path(__file__).resolve().parent / "data"


def samples_dir() -> Path:
    """``saves/``: the sample games shipped with the program (read-only)."""
    return resource_root() / "saves"


def sprites_dir() -> Path:
    return resource_root() / "sprites"


def sounds_dir() -> Path:
    return resource_root() / "sounds"


def translations_dir() -> Path:
    return app_data_dir() / "translations"


def theme_path() -> Path:
    return app_data_dir() / "theme.json"


def rules_text_path(game_id: str, language: str) -> Path:
    """The game's rules page (its manifest names it) in ``language``."""
    from game.games.registry import get_game

    return app_data_dir() / f"{get_game(game_id).help}.{language}.md"


def sound_path(name: str) -> Path:
    return sounds_dir() / f"{name}.wav"


def icon_path() -> Path:
    return sprites_dir() / "icon.png"


def felt_path() -> Path:
    return sprites_dir() / "table" / "felt.svg"


def card_face_path(face: str, four_colour: bool = False) -> Path:
    """``face`` is the printed face (``"7H"``, ``"10S"``, ``"JK"``, ``"JK2"``)."""
    return sprites_dir() / ("cards4" if four_colour else "cards") / f"{face}.svg"


def card_back_path(design: str) -> Path:
    if design not in CARD_BACKS:
        raise ValueError(f"unknown card back {design!r}; choose one of {', '.join(CARD_BACKS)}")
    return sprites_dir() / "backs" / f"back_{design}.svg"


@cache
def font_path(bold: bool = False) -> Path:
    """Noto Sans JP (regular or bold) from pygame_gui's data folder."""
    return Path(str(resources.files("pygame_gui.data") / FONT_FILES[bold]))


def all_card_faces() -> list[str]:
    """Every face file name the card art provides (52 cards and two jokers)."""
    ranks = ["A", *(str(n) for n in range(2, 11)), "J", "Q", "K"]
    return [r + s for s in "SHDC" for r in ranks] + ["JK", "JK2"]
