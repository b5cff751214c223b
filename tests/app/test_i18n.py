"""Every string the player sees exists in English and Japanese with the same
placeholders; the rules pages exist in both languages."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.app import i18n
from game.app.assets import rules_text_path
from game.app.i18n import LANGUAGES, PLACEHOLDER, table
from game.app.scenes.new_game import shown_fields
from game.app.setup import SEAT_KINDS
from game.games.registry import GAMES
from game.persist.stats import LEVELS

APP = Path(__file__).resolve().parents[2] / "game" / "app"
ALL_GAMES = ("kaluki", "kalooki", "indian_rummy", "laugh_and_lie_down")
CALL = re.compile(r"""\b(?:tr|ui|tr_or|has)\(\s*(f?)"([^"]+)\"""")
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
# Keys whose text is the same in both languages on purpose.
SAME_IN_BOTH = {"common.ok", "settings.language_en", "settings.language_ja"}


def keys_in_code() -> tuple[set[str], set[str]]:
    """(plain keys, f-string key patterns) passed to the translation functions."""
    plain, patterns = set(), set()
    for path in APP.rglob("*.py"):
        for is_f, key in CALL.findall(path.read_text(encoding="utf-8")):
            (patterns if is_f and "{" in key else plain).add(key)
    return plain, patterns


def expected_dynamic_keys() -> set[str]:
    """The keys built at run time, spelled out."""
    keys = set()
    for game_id in ALL_GAMES:
        keys |= {f"games.{game_id}.name", f"games.{game_id}.blurb"}
        keys.add(f"stats.best_note_{game_id}")
    for game_id, info in GAMES.items():
        for f in shown_fields(info.options_type):
            keys |= {f"options.{game_id}.{f.name}.label", f"options.{game_id}.{f.name}.help"}
            for choice in f.choices or ():
                keys.add(f"options.{game_id}.{f.name}.choice_{choice}")
    for level in LEVELS:
        keys |= {f"stats.level_{level}", f"stats.level_short_{level}"}
    for column in ("played", "won", "win_rate", "best", "average"):
        keys.add(f"stats.{column}")
    for kind in SEAT_KINDS:
        keys.add(f"new_game.kind_{kind}")
    keys |= {f"names.ai_{n}" for n in range(1, 10)}
    for name in ("continue", "load", "settings", "statistics", "rules", "quit"):
        keys.add(f"title.{name}")
    for name in (
        "language",
        "fullscreen",
        "card_back",
        "four_colour",
        "sound",
        "volume",
        "animation_speed",
        "reduce_motion",
        "confirm_end_turn",
        "hard_think_ms",
        "kalooki_calls",
    ):
        keys |= {f"settings.{name}", f"settings.{name}_help"}
    keys |= {f"settings.language_{code}" for code in LANGUAGES}
    keys |= {"common.on", "common.off", "common.ok", "common.yes", "common.no"}
    return keys


def test_both_languages_have_the_same_keys():
    # Message templates (msg.*) are the exception: their English lives beside each game.
    assert set(table("en")) == {key for key in table("ja") if not key.startswith("msg.")}


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_key_used_in_code_exists(language):
    plain, _ = keys_in_code()
    missing = sorted((plain | expected_dynamic_keys()) - set(table(language)))
    assert not missing, f"missing in {language}: {missing}"


def test_every_key_pattern_in_code_is_covered():
    _, patterns = keys_in_code()
    known = set(table("en"))
    for pattern in patterns:
        regex = re.compile(re.sub(r"\\\{[^}]*\\\}", ".+", re.escape(pattern)) + "$")
        assert any(regex.match(key) for key in known), f"no key matches {pattern!r}"


def test_placeholders_are_the_same_in_both_languages():
    en, ja = table("en"), table("ja")
    for key in en:
        assert set(PLACEHOLDER.findall(en[key])) == set(PLACEHOLDER.findall(ja[key])), key


def test_japanese_texts_are_written_in_japanese():
    en, ja = table("en"), table("ja")
    for key in en:
        if key in SAME_IN_BOTH or key.startswith("settings.language_"):
            continue
        if JAPANESE.search(en[key]) is None and not re.search(r"[A-Za-z]{3}", en[key]):
            continue  # symbols and numbers only
        assert JAPANESE.search(ja[key]), f"{key} is not translated: {ja[key]!r}"


def test_tr_fills_placeholders_and_falls_back_to_english():
    i18n.set_language("ja")
    try:
        assert i18n.tr("title.players", min=2, max=6) == "2〜6人"
        assert i18n.tr("no.such.key") == "no.such.key"
        assert i18n.tr_or("no.such.key", "Fallback") == "Fallback"
    finally:
        i18n.set_language("en")
    assert i18n.tr("title.players", min=2, max=6) == "2–6 players"


def test_widgets_translate_our_keys_through_pygame_gui(app):
    from pygame_gui.core.utility import translate

    i18n.set_language("ja")
    try:
        assert translate(i18n.ui("title.quit")) == "終了"
        assert translate(i18n.ui("title.players"), min=2, max=6) == "2〜6人"
    finally:
        i18n.set_language("en")
    assert translate(i18n.ui("title.quit")) == "Quit"


@pytest.mark.parametrize("game_id", ALL_GAMES)
@pytest.mark.parametrize("language", LANGUAGES)
def test_rules_pages_exist_with_a_picture_of_cards(game_id, language):
    text = rules_text_path(game_id, language).read_text(encoding="utf-8")
    assert text.startswith("# ") and "[cards]" in text
    assert len(text) > (1500 if language == "en" else 900)  # Japanese is denser
    if language == "ja":
        assert len(JAPANESE.findall(text)) > 500
