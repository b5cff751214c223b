"""Assets from source and from a bundle; card pictures at any size; sound that never
crashes; text wrapping in both languages; GameSetup."""

from __future__ import annotations

import sys
from itertools import pairwise
from pathlib import Path

import pygame
import pytest

from game.app import assets, fonts
from game.app.audio import Audio
from game.app.cards import CACHE_LIMIT, CardArt, card_size, face_name
from game.app.setup import GameSetup, Seat
from game.engine.cards import joker, parse_card
from game.games.kaluki import KalukiOptions


def test_assets_are_found_from_source():
    assert (assets.sprites_dir() / "cards" / "AS.svg").is_file()
    assert assets.sound_path("deal").is_file()
    assert assets.font_path(False).is_file() and assets.font_path(True).is_file()
    assert assets.font_path(False).name == "NotoSansJP-Regular.otf"
    assert assets.theme_path().is_file()
    for face in assets.all_card_faces():
        assert assets.card_face_path(face).is_file()
        assert assets.card_face_path(face, four_colour=True).is_file()


def test_a_bundle_puts_sprites_and_sounds_at_its_root(tmp_path, monkeypatch):
    (tmp_path / "sprites").mkdir()
    (tmp_path / "sounds").mkdir()
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assets.resource_root.cache_clear()
    try:
        assert assets.sprites_dir() == tmp_path / "sprites"
        assert assets.sound_path("win") == tmp_path / "sounds" / "win.wav"
    finally:
        monkeypatch.delattr(sys, "_MEIPASS")
        assets.resource_root.cache_clear()
    assert assets.resource_root() == Path(assets.__file__).resolve().parents[2]


def test_an_unknown_card_back_is_refused_by_name():
    with pytest.raises(ValueError, match="purple"):
        assets.card_back_path("purple")


def test_cards_render_at_the_asked_size_and_again_crisply_after_a_resize():
    art = CardArt()
    small = art.face("QH", 50)
    large = art.face("QH", 120)
    assert small.get_size() == card_size(50) == (50, 70)
    assert large.get_size() == (120, 168)
    assert art.face("QH", 50) is small  # cached
    assert art.back(80, "blue").get_size() == (80, 112)


def test_four_colour_diamonds_differ_from_the_classic_ones():
    art = CardArt()
    classic = pygame.image.tobytes(art.face("9D", 60, four_colour=False), "RGBA")
    four = pygame.image.tobytes(art.face("9D", 60, four_colour=True), "RGBA")
    assert classic != four


def test_the_picture_cache_stays_bounded(monkeypatch):
    monkeypatch.setattr("game.app.cards.CACHE_LIMIT", 4)
    art = CardArt()
    for width in range(20, 28):
        art.back(width)
    assert len(art) == 4
    assert CACHE_LIMIT >= 200  # room for two decks at a few sizes


def test_engine_cards_map_to_their_art():
    assert face_name(parse_card("10H")) == "10H"
    assert face_name(joker(0)) == "JK" and face_name(joker(1)) == "JK2"


def test_sound_falls_back_to_silence_without_a_device(monkeypatch):
    def no_device(*args, **kwargs):
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    audio = Audio()
    assert audio.start() is False
    assert "no audio device" in audio.failed_reason
    audio.play("deal")  # silent, no error
    audio.set_volume(0.3)
    audio.stop()


def test_sound_plays_every_effect_on_the_dummy_device():
    audio = Audio(volume=0.5)
    assert audio.start()
    assert set(audio.loaded) == set(assets.SOUND_NAMES)
    for name in assets.SOUND_NAMES:
        audio.play(name)
    audio.play("no-such-sound")
    audio.set_enabled(False)
    audio.stop()


@pytest.mark.parametrize(
    "text",
    [
        "The first player to get rid of every card ends the hand; the others score penalties.",
        "最初に手札をすべてなくした人がそのハンドを終わらせ、ほかの人は失点を数えます。",
    ],
)
def test_wrapped_lines_fit_and_keep_every_character(text):
    width = 180
    lines = fonts.wrap(text, 16, width)
    assert len(lines) > 1
    assert all(fonts.font(16).size(line)[0] <= width for line in lines)
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")
    assert not any(line.startswith(("、", "。")) for line in lines)


@pytest.mark.parametrize("width", [110, 150, 190, 240])
def test_japanese_lines_break_between_phrases_never_inside_a_word(width):
    text = (
        "Adaが捨て札から2♣を取りました。"
        "ワイルドのカードはここへ置いてください。ラミーを宣言しました"
    )
    lines = fonts.wrap(text, 14, width)
    assert "".join(lines) == text
    assert all(fonts.font(14).size(line)[0] <= width for line in lines)
    for word in ("ワイルド", "ラミー", "ここへ", "ました"):  # never "ワイ/ルド", an orphan "た"
        for cut in range(1, len(word)):
            assert not any(
                a.endswith(word[:cut]) and b.startswith(word[cut:]) for a, b in pairwise(lines)
            ), (word, lines)
    assert len(lines) > 1


def test_a_line_breaks_after_a_colon_rather_than_inside_a_word():
    lines = fonts.wrap("ピュアランなし：全部数える", 12, 100)
    assert lines[0].endswith("：") and "".join(lines) == "ピュアランなし：全部数える"


def test_a_phrase_wider_than_the_line_still_breaks():
    lines = fonts.wrap("ワイルドワイルドワイルドワイルド", 14, 40)
    assert len(lines) > 2 and "".join(lines) == "ワイルドワイルドワイルドワイルド"


def test_game_setup_checks_its_seats_and_survives_json():
    seats = (Seat("You", "human"), Seat("Ada", "hard"))
    setup = GameSetup("kaluki", KalukiOptions(players=2), 42, seats)
    assert GameSetup.from_json(setup.to_json()) == setup
    assert setup.humans == (0,) and setup.stats_level == "hard"
    with pytest.raises(ValueError, match="seats"):
        GameSetup("kaluki", KalukiOptions(players=3), 1, seats)
    with pytest.raises(ValueError, match="kind"):
        GameSetup("kaluki", KalukiOptions(players=2), 1, (seats[0], Seat("X", "expert")))
    with pytest.raises(ValueError, match="seed"):
        GameSetup.from_json({**setup.to_json(), "seed": "7"})


def test_only_the_app_package_imports_pygame():
    """Only the app; the developer tools drive its window through game/app/scripted.py."""
    root = Path(__file__).resolve().parents[2] / "game"
    offenders = [
        str(path.relative_to(root))
        for path in root.rglob("*.py")
        if path.relative_to(root).parts[0] != "app"
        and any(
            line.strip().startswith(("import pygame", "from pygame"))
            for line in path.read_text(encoding="utf-8").splitlines()
        )
    ]
    assert offenders == []
