"""The felt with what lies still on it, drawn once and blitted whole each frame.

A frame of a six-seat table spent most of its time drawing what had not changed: six
translucent meld cells with their titles, the piles' slots, six name plates (issue 29:
the Kalooki 6-seat drag was the one table over the frame budget). The painter now draws
those into one opaque image over the felt, in the same order onto the same pixels, and
keeps it until its key (everything those parts show: the window and layout geometry,
each cell's title, light and "no melds", the piles' words and notes, each plate's
:class:`SeatInfo`, the felt itself) changes. A plate that moves with the clock (the
player to act pulses, a thinking AI's dots) is left out of the image and drawn each
frame on top, as before.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

import pygame


class FeltLayer:
    """One cached image of the still parts of the table, redrawn when its key changes."""

    def __init__(self) -> None:
        self._key: Hashable = None
        self._image: pygame.Surface | None = None
        self._felt: pygame.Surface | None = None

    def blit(
        self,
        surface: pygame.Surface,
        felt: pygame.Surface,
        key: Hashable,
        draw_still: Callable[[pygame.Surface], None],
    ) -> None:
        """Blit the layer to ``surface``; first redraw it (``felt``, then ``draw_still``
        onto a copy of it) when ``key`` or the felt changed since the last frame."""
        full_key = (surface.get_size(), id(felt), key)
        if self._image is None or full_key != self._key:
            image = felt.copy()
            draw_still(image)
            self._image, self._key = image, full_key
            self._felt = felt  # kept alive: its id stays its own while it is in the key
        surface.blit(self._image, (0, 0))

    def forget(self) -> None:
        self._key, self._image, self._felt = None, None, None
