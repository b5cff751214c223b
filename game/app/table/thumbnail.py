"""The Load list's picture of a table, drawn for the very save it goes into (so it is
never older than the entry beside it) from the composed picture at rest: no card in
flight, no drag, no overlay. At a hot-seat table (two or more people at one screen)
the shown hand is drawn as backs, like every other hand: the list is seen by whoever
walks up to the computer."""

from __future__ import annotations

import logging
import struct
import zlib
from dataclasses import replace
from typing import TYPE_CHECKING

import pygame

from game.app.table.compose import Composer
from game.app.table.sprites import Picture, draw_picture
from game.app.ui.paint import felt_background
from game.persist.saveformat import PNG_SIGNATURE

if TYPE_CHECKING:
    from game.app.table.table_scene import TableScene

log = logging.getLogger(__name__)
THUMB_SIZE = (192, 120)


def png_bytes(surface: pygame.Surface) -> bytes:
    """``surface`` as an RGB PNG, compressed quickly (zlib level 1): pygame's own PNG
    writer compresses hard and took 15-20 ms, at every move, on the frame's thread."""
    width, height = surface.get_size()
    pixels = pygame.image.tobytes(surface, "RGB")
    stride = width * 3
    rows = b"".join(b"\0" + pixels[y * stride : (y + 1) * stride] for y in range(height))

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)  # 8-bit RGB
    return (
        PNG_SIGNATURE
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(rows, 1))
        + chunk(b"IEND", b"")
    )


def covered_picture(picture: Picture, hidden: set) -> Picture:
    """``picture`` with every card in ``hidden`` turned face down."""
    masked = Picture()
    for token in picture.tokens:
        if token.card is not None and token.card in hidden:
            token = replace(token, card=None, place=replace(token.place, face_up=False), label="")
        masked.add(token)
    return masked


def table_picture(table: TableScene) -> Picture | None:
    """What lies on the felt now, composed from the session's current view; the shown
    hand face down when more than one person plays at this screen."""
    if table.layout is None:
        return None
    composer = Composer(table.layout)
    table.hooks.compose(composer, table.session.view())
    picture = composer.picture
    if len(table.session.setup.humans) > 1:
        picture = covered_picture(picture, set(table.hand_order))
    return picture


def table_thumbnail(table: TableScene) -> bytes | None:
    """The PNG for the Load list, or None when it cannot be made (no layout yet)."""
    picture = table_picture(table)
    if picture is None:
        return None
    try:
        frame = pygame.Surface(table.size)
        frame.blit(felt_background(table.size, table.app.cards), (0, 0))
        draw_picture(frame, table.app.cards, picture)
        half = pygame.transform.scale(frame, (frame.get_width() // 2, frame.get_height() // 2))
        return png_bytes(pygame.transform.smoothscale(half, THUMB_SIZE))
    except (pygame.error, ValueError) as error:
        log.info("no thumbnail: %s", error)
        return None
