"""One glossary of terms (the ``term.*`` keys): the Japanese rules pages, messages and
menus say each thing with the same word, never a synonym that once crept in."""

from __future__ import annotations

from pathlib import Path

from game.app import i18n

DATA = Path(__file__).resolve().parents[2] / "game" / "app" / "data"
# term key -> the other words once used for it on some screen
RETIRED = {
    "pure_run": ("純粋",),
    "sequence": ("シーケンス",),  # the Kaluki seed writes シークエンス
    "dealer": ("親", "配り手"),  # every seed says ディーラー
    "drop": ("パック",),  # the screens say ドロップ; the rules page names the seed's パッキング
    "level_easy": ("かんたん", "イージー"),
    "level_normal": ("ノーマル",),
    "level_hard": ("むずかしい", "ハード"),
}


def japanese_texts() -> dict[str, str]:
    texts = {p.name: p.read_text(encoding="utf-8") for p in (DATA / "rules").glob("*.ja.md")}
    for p in (DATA / "translations").glob("*.ja.json"):
        texts[p.name] = p.read_text(encoding="utf-8")
    return texts


def test_japanese_screens_use_the_glossary_words_only():
    texts = japanese_texts()
    i18n.set_language("ja")
    try:
        for term, others in RETIRED.items():
            word = i18n.tr(f"term.{term}")
            assert word not in others
            for name, body in texts.items():
                for other in others:
                    assert other not in body, f"{name} says {other}, the glossary {word}"
        assert i18n.tr("term.pure_run") in texts["indian_rummy.ja.md"]
        for level in ("easy", "normal", "hard"):
            word = i18n.tr(f"term.level_{level}")
            assert word in i18n.tr(f"new_game.kind_{level}")
            assert word in i18n.tr(f"stats.level_{level}")
    finally:
        i18n.set_language("en")
