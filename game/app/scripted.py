"""What code that drives the app without a player needs of pygame: the self-test's checks
of the display, sprites, sounds and fonts, posted mouse gestures and a frame saved as a
picture. The developer tools (``game/tools``) reach pygame only through here, so the app
stays the one package that imports it."""

from __future__ import annotations

import os
import wave
from pathlib import Path

import pygame

Rect = pygame.Rect


def press(pos: tuple[int, int]) -> None:
    """Post a left-button press at ``pos`` (handled at the next frame)."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))


def move_held(pos: tuple[int, int], rel: tuple[int, int] = (1, 1)) -> None:
    """Post a mouse move to ``pos`` with the left button held."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=rel, buttons=(1, 0, 0)))


def release(pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def save_picture(surface: pygame.Surface, path: Path | str) -> None:
    pygame.image.save(surface, str(path))


def _init_display(notes: list[str]) -> None:
    try:
        pygame.display.init()
        pygame.Window("Card Parlour self-test", (64, 64), hidden=True).destroy()
    except pygame.error as error:
        pygame.display.quit()
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        pygame.display.init()
        notes.append(f"no display ({error}); using the dummy video driver")
    notes.append(f"video driver: {pygame.display.get_driver()}")


def check_assets(notes: list[str]) -> None:
    """Open pygame (the dummy video driver when there is no display) and load every
    sprite, sound and font, both translations and the theme; a note for each."""
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
