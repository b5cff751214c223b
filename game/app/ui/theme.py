"""The pygame_gui manager every scene uses, with our felt-green theme and our strings.

Each scene owns one manager, so a dialog on top can dim the scene below without the
widgets of both mixing. The theme JSON (``game/app/data/theme.json``) names Noto Sans JP
for every element; :func:`make_manager` also maps pygame_gui's per-language default font
to it, so no widget ever falls back to another font.
"""

from __future__ import annotations

import json
import warnings
from functools import cache
from typing import Any

import i18n as _i18n
import pygame_gui
from pygame_gui.core.resource_loaders import IResourceLoader
from pygame_gui.core.ui_font_dictionary import UIFontDictionary

from game.app import i18n
from game.app.assets import theme_path, translations_dir

# The colours the scenes draw with, matching the theme.
CREAM = (244, 239, 225)
MUTED = (185, 205, 191)
GOLD = (226, 196, 111)
GOLD_DEEP = (212, 170, 76)
PANEL = (9, 36, 24)
PANEL_EDGE = (63, 138, 99)
SHADOW = (0, 0, 0)
RED = (226, 110, 96)


@cache
def theme_data() -> dict[str, Any]:
    with open(theme_path(), encoding="utf-8") as handle:
        data: dict[str, Any] = json.load(handle)
    return data


class ImmediateLoader(IResourceLoader):
    """Loads each font or image the moment the theme asks for it, on this thread.

    pygame_gui's default loader starts five threads per manager and waits for them,
    which costs a quarter of a second for every scene; our handful of fonts loads in a
    few milliseconds directly."""

    def add_resource(self, resource) -> None:
        error = resource.load()
        if error is not None:
            warnings.warn(str(error), stacklevel=2)

    def start(self) -> None:
        pass

    def update(self) -> tuple[bool, float]:
        return True, 1.0

    def started(self) -> bool:
        return True


def make_manager(size: tuple[int, int]) -> pygame_gui.UIManager:
    manager = pygame_gui.UIManager(
        size,
        theme_path=theme_data(),
        enable_live_theme_updates=False,
        resource_loader=ImmediateLoader(),
        starting_language=i18n.language(),
        translation_directory_paths=[str(translations_dir())],
    )
    fonts = manager.get_theme().get_font_dictionary()
    # the interface names no default fonts; pygame_gui's own dictionary holds them
    if isinstance(fonts, UIFontDictionary):
        japanese = fonts.default_font_dictionary["ja"]
        for code in list(fonts.default_font_dictionary):
            fonts.default_font_dictionary[code] = japanese
    fonts.set_locale(i18n.language())
    _dedupe_load_path()
    return manager


def _dedupe_load_path() -> None:
    """Each manager appends its folders to python-i18n's global search path; keep one
    copy of each so look-ups do not slow down as scenes come and go."""
    seen: list[str] = []
    for path in _i18n.load_path:
        if path not in seen:
            seen.append(path)
    _i18n.load_path[:] = seen
