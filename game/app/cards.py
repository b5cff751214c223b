"""Card pictures rasterised from the SVG art at the size the table needs.

``pygame.image.load_sized_svg`` renders each face straight at the target size, so every
window size is crisp (no scaling of bitmaps). Pictures are made on first use and kept in
a bounded cache keyed by (face, width, four-colour) or (back, width); after a resize the
new size is rendered as cards are drawn and old sizes age out.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from pathlib import Path

import pygame

from game.app.assets import card_back_path, card_face_path, felt_path
from game.engine.cards import Card

CARD_ASPECT = 1.4  # height / width (poker cards, 2.5 x 3.5)
CACHE_LIMIT = 400
FLIGHT_STEP = 8  # px: a card in flight is rasterised only at widths of this step
FLIGHT_LIMIT = 512  # scaled pictures of cards in flight kept


def card_size(width: int) -> tuple[int, int]:
    return int(width), round(width * CARD_ASPECT)


def face_name(card: Card | str) -> str:
    """The art file for a card: ``"7H"``; jokers alternate red ``JK`` / black ``JK2``
    by copy so two jokers side by side are told apart."""
    if isinstance(card, str):
        return card
    if card.is_joker:
        return "JK" if card.copy % 2 == 0 else "JK2"
    return card.face


class CardArt:
    """Rendered card faces and backs. ``four_colour`` and ``back`` follow the settings."""

    def __init__(self, four_colour: bool = False, back: str = "red") -> None:
        self.four_colour = four_colour
        self.back_design = back
        self._cache: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        self._flying: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        self._felt: pygame.Surface | None = None

    def face(self, card: Card | str, width: int, four_colour: bool | None = None) -> pygame.Surface:
        colours = self.four_colour if four_colour is None else four_colour
        name = face_name(card)
        key = ("face", name, int(width), colours)
        return self._get(key, lambda: card_face_path(name, colours), width)

    def back(self, width: int, design: str | None = None) -> pygame.Surface:
        design = design or self.back_design
        return self._get(("back", design, int(width)), lambda: card_back_path(design), width)

    def in_flight(self, card: Card | None, width: int) -> pygame.Surface:
        """A card (a back for None) for a flight, which grows or shrinks through a new
        width every frame: the exact picture when it is already made, else one made at
        the next width of FLIGHT_STEP and scaled down. Rasterising the SVG at every width
        of a flight took frames over budget (issue 29: a Kalooki 6-seat batch of 20 cards
        rasterised 159 pictures)."""
        width = int(width)
        name = "back" if card is None else face_name(card)
        exact = (
            ("back", self.back_design, width)
            if card is None
            else ("face", name, width, self.four_colour)
        )
        found = self._cache.get(exact)
        if found is not None:
            return found
        key = (exact, "flight")
        scaled = self._flying.get(key)
        if scaled is not None:
            return scaled
        step = -(-width // FLIGHT_STEP) * FLIGHT_STEP  # rounded up: scaled down, crisp
        source = self.back(step) if card is None else self.face(card, step)
        scaled = pygame.transform.smoothscale(source, card_size(width))
        self._flying[key] = scaled
        if len(self._flying) > FLIGHT_LIMIT:
            self._flying.popitem(last=False)
        return scaled

    def felt(self) -> pygame.Surface:
        """The 128 x 128 tileable felt texture."""
        if self._felt is None:
            self._felt = _convert(pygame.image.load(str(felt_path())))
        return self._felt

    def clear(self) -> None:
        self._cache.clear()
        self._flying.clear()

    def __len__(self) -> int:
        return len(self._cache)

    def _get(self, key: tuple, path: Callable[[], Path], width: int) -> pygame.Surface:
        surface = self._cache.get(key)
        if surface is not None:
            self._cache.move_to_end(key)
            return surface
        # The file's path is worked out only now: a frame draws hundreds of cached cards.
        surface = _convert(pygame.image.load_sized_svg(str(path()), card_size(width)))
        self._cache[key] = surface
        if len(self._cache) > CACHE_LIMIT:
            self._cache.popitem(last=False)
        return surface


def _convert(surface: pygame.Surface) -> pygame.Surface:
    """Pixel format of the display for fast blits, when a display exists."""
    try:
        return surface.convert_alpha()
    except pygame.error:  # no window yet (tests, tools)
        return surface
