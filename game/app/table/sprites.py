"""Cards on the table as the player sees them: a :class:`Picture` of :class:`Token`\\ s.

A token is one drawn card: what it is (a ``Card``, or ``None`` for a card back), where
(``Place``), in which engine zone (``"hand:0"``, ``"meld:3"``, ``"stock"`` ...), and small
decorations (a joker's "stands for" label, a lift and gold edge when selected). The table
composes a fresh picture from the view whenever something changed; drawing and hit
testing read it. Tokens are keyed so that animations can follow one card from the old
picture to the new: a visible card by the ``Card`` itself (unique, even in two decks), a
hidden one by ``("back", zone, index)``.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable, Iterator
from dataclasses import dataclass, replace
from functools import lru_cache

import pygame

from game.app import fonts
from game.app.cards import CardArt, card_size
from game.app.ui.theme import GOLD
from game.engine.cards import Card

RED_SUITS = ("H", "D")
LABEL_BG = (250, 243, 214)
LABEL_EDGE = (176, 140, 52)
LABEL_RED = (184, 32, 40)
LABEL_BLACK = (24, 24, 28)


@dataclass(frozen=True, slots=True)
class Place:
    """Where a card lies: its top-left corner, width, face and tilt (degrees)."""

    x: float
    y: float
    w: int
    face_up: bool = True
    angle: float = 0.0

    @property
    def rect(self) -> pygame.Rect:
        cw, ch = card_size(self.w)
        return pygame.Rect(round(self.x), round(self.y), cw, ch)

    def moved(self, dx: float, dy: float) -> Place:
        return replace(self, x=self.x + dx, y=self.y + dy)

    def centred_at(self, pos: tuple[float, float]) -> Place:
        cw, ch = card_size(self.w)
        return replace(self, x=pos[0] - cw / 2, y=pos[1] - ch / 2)


def lerp_place(a: Place, b: Place, t: float) -> Place:
    """The place a fraction ``t`` of the way from ``a`` to ``b`` (the face turns halfway)."""
    return Place(
        a.x + (b.x - a.x) * t,
        a.y + (b.y - a.y) * t,
        round(a.w + (b.w - a.w) * t),
        b.face_up if t >= 0.5 else a.face_up,
        a.angle + (b.angle - a.angle) * t,
    )


@dataclass(slots=True)
class Token:
    key: Hashable
    card: Card | None  # None: a card back
    place: Place
    zone: str
    label: str = ""  # what a joker stands for ("7♥")
    selected: bool = False
    dim: bool = False
    hit: pygame.Rect | None = None  # the part that answers the mouse (visible strip)

    @property
    def rect(self) -> pygame.Rect:
        return self.place.rect


class Picture:
    """Tokens in drawing order (later ones on top)."""

    def __init__(self) -> None:
        self.tokens: list[Token] = []
        self.by_key: dict[Hashable, Token] = {}

    def add(self, token: Token) -> Token:
        self.tokens.append(token)
        self.by_key[token.key] = token
        return token

    def __iter__(self) -> Iterator[Token]:
        return iter(self.tokens)

    def __len__(self) -> int:
        return len(self.tokens)

    def get(self, key: Hashable) -> Token | None:
        return self.by_key.get(key)

    def in_zone(self, zone: str) -> list[Token]:
        return [t for t in self.tokens if t.zone == zone]

    def hit(self, pos: tuple[int, int]) -> Token | None:
        """The topmost token under ``pos`` (using each token's visible part)."""
        for token in reversed(self.tokens):
            area = token.hit if token.hit is not None else token.rect
            if area.collidepoint(pos):
                return token
        return None


# --- drawing ---------------------------------------------------------------------------

_turned: OrderedDict[tuple, pygame.Surface] = OrderedDict()


def card_image(
    art: CardArt, card: Card | None, place: Place, in_flight: bool = False
) -> pygame.Surface:
    """The picture of a card at ``place`` (a back when face down or unknown); a card
    ``in_flight`` may be a scaled picture (``CardArt.in_flight``)."""
    hidden = card is None or not place.face_up
    if in_flight:
        image = art.in_flight(None if hidden else card, place.w)
    else:
        image = art.back(place.w) if card is None or hidden else art.face(card, place.w)
    angle = round(place.angle, 1)
    if not angle:
        return image
    key = (id(image), place.w, angle)
    turned = _turned.get(key)
    if turned is None:
        turned = pygame.transform.rotozoom(image, angle, 1.0)
        _turned[key] = turned
        if len(_turned) > 256:
            _turned.popitem(last=False)
    return turned


@lru_cache(maxsize=32)
def shadow(width: int) -> pygame.Surface:
    """A soft shadow for a card of ``width``."""
    cw, ch = card_size(width)
    image = pygame.Surface((cw + 6, ch + 6), pygame.SRCALPHA)
    radius = max(4, width // 9)
    for grow, alpha in ((3, 22), (2, 30), (1, 40)):
        pygame.draw.rect(
            image,
            (0, 0, 0, alpha),
            pygame.Rect(3 - grow, 3 - grow, cw + 2 * grow, ch + 2 * grow),
            0,
            radius + grow,
        )
    return image


def draw_card(
    surface: pygame.Surface,
    art: CardArt,
    card: Card | None,
    place: Place,
    *,
    label: str = "",
    selected: bool = False,
    dim: bool = False,
    shadowed: bool = True,
    in_flight: bool = False,
) -> None:
    image = card_image(art, card, place, in_flight)
    x, y = round(place.x), round(place.y)
    if place.angle:
        rect = image.get_rect(center=place.rect.center)
        surface.blit(image, rect)
        return
    if shadowed:
        surface.blit(shadow(place.w), (x - 1, y + 1))
    surface.blit(image, (x, y))
    if dim:
        surface.blit(_veil(place.w), (x, y))
    if selected:
        radius = max(4, place.w // 9)
        pygame.draw.rect(surface, GOLD, place.rect.inflate(4, 4), 3, radius + 2)
    if label and place.face_up:
        draw_joker_label(surface, label, place)


@lru_cache(maxsize=16)
def _veil(width: int) -> pygame.Surface:
    cw, ch = card_size(width)
    veil = pygame.Surface((cw, ch), pygame.SRCALPHA)
    pygame.draw.rect(veil, (0, 20, 10, 120), veil.get_rect(), 0, max(4, width // 9))
    return veil


def draw_joker_label(surface: pygame.Surface, label: str, place: Place, strip: int = 0) -> None:
    """The card a joker stands for, as a small tag on its visible part."""
    image = joker_tag(label, max(11, round(place.w * 0.2)))
    cw, ch = card_size(place.w)
    visible = strip or cw
    x = round(place.x + min(visible, cw) / 2 - image.get_width() / 2)
    x = max(round(place.x) + 1, x)
    y = round(place.y + ch * 0.52)
    surface.blit(image, (x, y))


@lru_cache(maxsize=256)
def joker_tag(label: str, size: int) -> pygame.Surface:
    red = any(symbol in label for symbol in "♥♦")
    text = fonts.render(label, size, LABEL_RED if red else LABEL_BLACK, True)
    pad_x, pad_y = max(3, size // 4), 1
    image = pygame.Surface(
        (text.get_width() + 2 * pad_x, text.get_height() + 2 * pad_y), pygame.SRCALPHA
    )
    rect = image.get_rect()
    pygame.draw.rect(image, LABEL_BG, rect, 0, 5)
    pygame.draw.rect(image, LABEL_EDGE, rect, 1, 5)
    image.blit(text, (pad_x, pad_y))
    return image


def draw_picture(
    surface: pygame.Surface, art: CardArt, picture: Picture, skip: set[Hashable] | None = None
) -> None:
    """Every token except those in ``skip`` (cards in flight or being dragged)."""
    for token in picture.tokens:
        if skip and token.key in skip:
            continue
        strip = token.hit.w if token.hit is not None else 0
        draw_card(
            surface,
            art,
            token.card,
            token.place,
            selected=token.selected,
            dim=token.dim,
        )
        if token.label and token.place.face_up:
            draw_joker_label(surface, token.label, token.place, strip)
