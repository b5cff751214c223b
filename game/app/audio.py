"""Sound effects: play by name, with volume and on/off, silent when there is no device.

The mixer starts on the first call to :meth:`Audio.start` (the app calls it after the
first frame so startup stays quick). Any failure (no audio device, a missing or broken
file) turns the service silent for that sound or for good; it never raises.
"""

from __future__ import annotations

import contextlib
import logging

import pygame

from game.app.assets import SOUND_NAMES, sound_path

log = logging.getLogger(__name__)


class Audio:
    def __init__(self, enabled: bool = True, volume: float = 0.8) -> None:
        self.enabled = enabled
        self.volume = _clamp(volume)
        self.available = False  # True once the mixer runs
        self.failed_reason = ""
        self._started = False
        self._sounds: dict[str, pygame.mixer.Sound] = {}

    def start(self) -> bool:
        """Open the audio device and load the effects; False (silent) if impossible."""
        if self._started:
            return self.available
        self._started = True
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=512)
            pygame.mixer.set_num_channels(16)
        except (pygame.error, OSError) as error:
            self.failed_reason = str(error) or "no audio device"
            log.info("sound off: %s", self.failed_reason)
            return False
        self.available = True
        for name in SOUND_NAMES:
            self._load(name)
        return True

    def _load(self, name: str) -> pygame.mixer.Sound | None:
        try:
            sound = pygame.mixer.Sound(str(sound_path(name)))
        except (pygame.error, OSError, FileNotFoundError) as error:
            log.warning("sound %s not loaded: %s", name, error)
            return None
        sound.set_volume(self.volume)
        self._sounds[name] = sound
        return sound

    def play(self, name: str) -> None:
        """Play the effect ``name`` (e.g. "deal") if sound is on and a device exists."""
        if not self.enabled or self.volume <= 0:
            return
        if not self._started:
            self.start()
        if not self.available:
            return
        sound = self._sounds.get(name)
        if sound is None:
            return
        try:
            sound.play()
        except pygame.error as error:
            log.warning("sound %s failed: %s", name, error)

    def set_enabled(self, enabled: bool) -> None:
        self.enabled = bool(enabled)
        if not enabled and self.available:
            pygame.mixer.stop()

    def set_volume(self, volume: float) -> None:
        self.volume = _clamp(volume)
        for sound in self._sounds.values():
            sound.set_volume(self.volume)

    @property
    def loaded(self) -> tuple[str, ...]:
        return tuple(self._sounds)

    def stop(self) -> None:
        if self.available:
            with contextlib.suppress(pygame.error):
                pygame.mixer.quit()
        self.available = False
        self._started = False
        self._sounds.clear()


def _clamp(volume: float) -> float:
    return max(0.0, min(1.0, float(volume)))
