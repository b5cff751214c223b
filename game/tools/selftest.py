"""``--self-test``: prove the installed or packaged app can start, without a player.

It opens pygame (the dummy video and audio drivers when there is no display or sound
device), loads every sprite, sound and font, both translations and the theme, builds
every scene once in each language and renders a frame of each, with files in a
temporary folder (the player's own settings and saves are never touched). It prints
``SELF-TEST OK`` and returns 0, or ``SELF-TEST FAILED: <reason>`` and 1.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
import traceback
import wave
from pathlib import Path


def run_self_test(result_file: str | None = None) -> int:
    started = time.perf_counter()
    notes: list[str] = []
    try:
        _check(notes)
        status = 0
        report = "SELF-TEST OK"
    except Exception as error:  # report every failure, never crash
        status = 1
        report = f"SELF-TEST FAILED: {type(error).__name__}: {error}"
        notes.append(traceback.format_exc())
    elapsed = time.perf_counter() - started
    lines = [report, *[f"  {note}" for note in notes], f"  took {elapsed:.1f} s"]
    text = "\n".join(lines)
    print(text, file=sys.stdout if status == 0 else sys.stderr)
    if result_file:
        Path(result_file).write_text(text + "\n", encoding="utf-8")
    return status


def _init_display(notes: list[str]) -> None:
    import pygame

    try:
        pygame.display.init()
        pygame.Window("Card Parlour self-test", (64, 64), hidden=True).destroy()
    except pygame.error as error:
        pygame.display.quit()
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        pygame.display.init()
        notes.append(f"no display ({error}); using the dummy video driver")
    notes.append(f"video driver: {pygame.display.get_driver()}")


def _check(notes: list[str]) -> None:
    import pygame

    from game.app import assets, fonts, i18n
    from game.app.audio import Audio
    from game.app.cards import CardArt
    from game.app.ui.theme import theme_data

    _init_display(notes)
    pygame.font.init()

    # Sprites: every face in both decks, the backs, the felt and the icon.
    art = CardArt()
    faces = assets.all_card_faces()
    for four in (False, True):
        for face in faces:
            image = art.face(face, 60, four_colour=four)
            if image.get_size() != (60, 84):
                raise RuntimeError(f"card {face} rendered at {image.get_size()}")
    for design in assets.CARD_BACKS:
        art.back(60, design)
    art.felt()
    pygame.image.load(str(assets.icon_path()))
    notes.append(f"sprites: {2 * len(faces)} faces, {len(assets.CARD_BACKS)} backs, felt, icon")

    # Sounds: each file is a readable WAV; played through the mixer when there is one.
    for name in assets.SOUND_NAMES:
        with wave.open(str(assets.sound_path(name))) as handle:
            if handle.getnframes() == 0:
                raise RuntimeError(f"sound {name} is empty")
    audio = Audio(enabled=True, volume=0.0)
    if audio.start():
        missing = set(assets.SOUND_NAMES) - set(audio.loaded)
        if missing:
            raise RuntimeError(f"sounds not loaded: {', '.join(sorted(missing))}")
        notes.append(f"sounds: {len(audio.loaded)} loaded ({pygame.mixer.get_init()})")
    else:
        notes.append(f"sounds: files checked; no audio device ({audio.failed_reason})")
    audio.stop()

    # Fonts, translations, theme.
    for bold in (False, True):
        if fonts.font(20, bold).size("Card Parlour カードパーラー")[0] <= 0:
            raise RuntimeError("the font renders nothing")
    for language in i18n.LANGUAGES:
        if not i18n.table(language):
            raise RuntimeError(f"no {language} translations")
    theme_data()
    notes.append("fonts: Noto Sans JP regular and bold; translations: en, ja; theme")

    _check_scenes(notes)
    from game.net.selfcheck import check_network

    notes.append(check_network())


def _check_scenes(notes: list[str]) -> None:
    from game.app.app import App
    from game.persist.paths import Paths
    from game.persist.settings import default_settings
    from game.tools.catalogue import every_scene

    with tempfile.TemporaryDirectory(prefix="card-parlour-selftest-") as folder:
        root = Path(folder)
        paths = Paths(saves=root / "saves", config=root, data=root)
        app = App(paths, default_settings(), hidden=True)
        count = 0
        for language in ("en", "ja"):
            app.update_settings(language=language, save=False)
            for name, make in every_scene(app):
                app.stack.reset(make())
                app.stack.update(1 / 60)
                frame = app.draw()
                if frame.get_size() != app.size:
                    raise RuntimeError(f"scene {name} drew nothing")
                count += 1
        app.shutdown()
        app.window.destroy()
        notes.append(f"scenes: {count} built and drawn (English and Japanese)")
