"""The translation layer: every string a player sees comes from here.

The strings live in ``game/app/data/translations/card_parlour.<lang>.json`` in the
format of python-i18n, the library pygame_gui 0.6 uses for its own widgets. Widgets get
a full key (``ui("title.quit")`` -> ``"card_parlour.title.quit"``) and translate it
themselves, also when the language changes; text the app draws itself goes through
``tr("title.quit")``. Both read the same files. Placeholders look like ``%{name}``.

A key that is missing in the current language falls back to English; a key missing in
both shows as the key itself (and the i18n test fails).
"""

from __future__ import annotations

import json
import re
from functools import cache
from typing import Any

import i18n as _i18n

from game.app.assets import translations_dir

NAMESPACE = "card_parlour"
LANGUAGES = ("en", "ja")
LANGUAGE_NAMES = {"en": "English", "ja": "日本語"}  # each in its own language
PLACEHOLDER = re.compile(r"%\{(\w+)\}")

_state = {"language": "en"}


def configure(language: str) -> None:
    """Point python-i18n at our files and choose the language (idempotent)."""
    _i18n.set("file_format", "json")
    _i18n.set("fallback", "en")
    _i18n.set("enable_memoization", True)
    _i18n.set("available_locales", list(LANGUAGES))
    path = str(translations_dir())
    if path not in _i18n.load_path:
        _i18n.load_path.append(path)
    _teach_widgets()
    set_language(language)


def _teach_widgets() -> None:
    """pygame_gui widgets look ``card_parlour.<key>`` up through python-i18n, which reads
    only ``card_parlour.<lang>.json``: hand it the keys of the other files as well (a game
    table's own button texts)."""
    for language in LANGUAGES:
        for key, value in table(language).items():
            full = f"{NAMESPACE}.{key}"
            if not _i18n.translations.has(full, language):
                _i18n.add_translation(full, value, locale=language)


def set_language(language: str) -> None:
    if language not in LANGUAGES:
        language = "en"
    _state["language"] = language
    _i18n.set("locale", language)


def language() -> str:
    return _state["language"]


def ui(key: str) -> str:
    """The full key to hand to a pygame_gui widget, which translates it itself."""
    return f"{NAMESPACE}.{key}"


def tr(key: str, **fmt: Any) -> str:
    """The text for ``key`` in the current language, placeholders filled from ``fmt``."""
    text = table(language()).get(key)
    if text is None:
        text = table("en").get(key, key)
    if fmt:
        text = PLACEHOLDER.sub(lambda m: str(fmt.get(m.group(1), m.group(0))), text)
    return text


def has(key: str) -> bool:
    return key in table("en")


def tr_or(key: str, fallback: str, **fmt: Any) -> str:
    """``tr(key)`` when the key exists, else ``fallback`` (for names that come from a
    registered game we have no text for yet)."""
    return tr(key, **fmt) if has(key) else fallback


@cache
def table(language: str) -> dict[str, str]:
    """All keys of one language, flattened (``{"title.quit": "Quit", ...}``).

    Besides ``card_parlour.<lang>.json``, any ``<name>.<lang>.json`` in the folder is read
    too (a game table keeps its texts in its own file, e.g. ``kalooki.en.json`` holding
    ``{"en": {"kalooki": {...}}}``), so separate parts never edit the same file."""
    folder = translations_dir()
    paths = [folder / f"{NAMESPACE}.{language}.json"]
    paths += sorted(p for p in folder.glob(f"*.{language}.json") if p not in paths)
    flat: dict[str, str] = {}
    for path in paths:
        with open(path, encoding="utf-8") as handle:
            data = json.load(handle)
        _flatten(data[language], "", flat)
    return flat


def _flatten(node: dict[str, Any], prefix: str, out: dict[str, str]) -> None:
    for key, value in node.items():
        if isinstance(value, dict):
            _flatten(value, f"{prefix}{key}.", out)
        else:
            out[prefix + key] = value
