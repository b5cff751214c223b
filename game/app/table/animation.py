"""Tweens fed by the engine's events.

After a move the table composes the new picture at once; the :class:`Animator` then
flies each moved card (one ``CardMoved`` event, one :class:`Flight`) from where it was
in the old picture to where it lies in the new one, one after another at a readable
pace, and slides every other card whose place changed (a hand closing a gap). While a
card flies, the new picture does not draw it; once the queue drains nothing is
overridden, so the screen shows exactly the latest view again (the picture can never
drift from the state). ``instant`` (Reduce motion) skips the flights altogether.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, replace

import pygame

from game.app.cards import CardArt
from game.app.table.sprites import Picture, Place, draw_card, lerp_place
from game.engine.cards import Card
from game.engine.events import CardMoved

FLIGHT_S = 0.32  # one card's flight at speed 1
STAGGER_S = 0.09  # between the cards of one move
DEAL_STAGGER_S = 0.035  # between dealt cards
SETTLE_S = 0.16  # other cards sliding to their new places
SNAP_BACK_S = 0.18  # an illegal drop returning to the hand
MAX_BATCH_S = 2.4  # a long batch (a deal, a reshuffle) is compressed to fit this
HIDDEN_ZONES = ("stock", "hand:")  # zones whose cards lie face down


def ease_out(t: float) -> float:
    return 1 - (1 - t) ** 3


@dataclass
class Flight:
    key: Hashable
    card: Card | None
    start: Place
    end: Place
    delay: float
    duration: float
    label: str = ""
    sound: str | None = None  # played when the card lands
    elapsed: float = 0.0

    @property
    def done(self) -> bool:
        return self.elapsed >= self.delay + self.duration

    @property
    def moving(self) -> bool:
        return self.elapsed >= self.delay

    def place(self) -> Place:
        if self.duration <= 0:
            return self.end
        t = (self.elapsed - self.delay) / self.duration
        return lerp_place(self.start, self.end, ease_out(max(0.0, min(1.0, t))))


class Animator:
    def __init__(self) -> None:
        self.flights: list[Flight] = []
        self.speed = 1.0
        self.instant = False

    @property
    def busy(self) -> bool:
        return bool(self.flights)

    def keys(self) -> set[Hashable]:
        """Cards the picture must not draw (the animator draws them)."""
        return {flight.key for flight in self.flights}

    def add(self, flight: Flight) -> None:
        if self.instant:
            return
        flight.delay /= self.speed
        flight.duration /= self.speed
        self.flights.append(flight)

    def finish(self) -> None:
        """Land every card at once (a resize, a new move while the last one flies)."""
        self.flights.clear()

    def update(self, dt: float) -> list[str]:
        """Advance; returns the sounds of cards that landed in this step."""
        sounds = []
        still = []
        for flight in self.flights:
            flight.elapsed += dt
            if flight.done:
                if flight.sound:
                    sounds.append(flight.sound)
            else:
                still.append(flight)
        self.flights = still
        return sounds

    def draw(self, surface: pygame.Surface, art: CardArt) -> None:
        # Waiting cards first (they rest where they were), then moving ones on top.
        for flight in sorted(self.flights, key=lambda f: (f.moving, f.delay)):
            draw_card(surface, art, flight.card, flight.place(), label=flight.label, in_flight=True)

    # --- planning -------------------------------------------------------------------

    def settle(self, old: Picture, new: Picture, skip: set[Hashable]) -> None:
        """Slide cards that kept their identity but changed place (not those in ``skip``)."""
        for token in new.tokens:
            if token.key in skip:
                continue
            before = old.get(token.key)
            if before is None or before.place == token.place:
                continue
            start = replace(before.place, face_up=token.place.face_up)
            self.add(Flight(token.key, token.card, start, token.place, 0.0, SETTLE_S, token.label))

    def snap_back(self, key: Hashable, card: Card | None, start: Place, end: Place) -> None:
        self.add(Flight(key, card, start, end, 0.0, SNAP_BACK_S))


def plan_flights(
    old: Picture,
    new: Picture,
    moves: Sequence[CardMoved],
    anchor: Callable[[str], Place],
    overrides: dict[Hashable, Place] | None = None,
    sound_for: Callable[[CardMoved], str | None] | None = None,
) -> list[Flight]:
    """One flight per moved card, from its place in ``old`` (or ``overrides``: where a
    dragged card was let go; or the middle of its source zone) to its place in ``new``
    (or the middle of its destination zone). Hidden cards take the backs at the end of
    their zones, so a fan of backs grows and shrinks from its end."""
    overrides = overrides or {}
    taken_old: set[Hashable] = set()
    taken_new: set[Hashable] = set()
    dealing = sum(1 for m in moves if m.src == "stock") > 8
    stagger = DEAL_STAGGER_S if dealing else STAGGER_S
    if moves and stagger * len(moves) > MAX_BATCH_S:
        stagger = MAX_BATCH_S / len(moves)
    flights = []
    for number, move in enumerate(moves):
        start_token = _find(old, move.card, move.src, taken_old)
        end_token = _find(new, move.card, move.dst, taken_new)
        if move.card is not None and move.card in overrides:
            start = overrides[move.card]
        elif start_token is not None:
            start = start_token.place
        else:
            start = anchor(move.src)
        end = end_token.place if end_token is not None else anchor(move.dst)
        shown = move.card is not None and move.face_up
        if start_token is not None:
            start_face = start_token.place.face_up  # a back in a hidden hand turns over in flight
        else:
            start_face = shown and not move.src.startswith(HIDDEN_ZONES)
        start = replace(start, face_up=start_face)
        if end_token is None:
            end = replace(end, face_up=shown)
        key = end_token.key if end_token is not None else ("flying", number, move.dst)
        card = move.card if move.card is not None else None
        label = end_token.label if end_token is not None else ""
        sound = sound_for(move) if sound_for else None
        flights.append(Flight(key, card, start, end, number * stagger, FLIGHT_S, label, sound))
    return flights


def _find(picture: Picture, card: Card | None, zone: str, taken: set[Hashable]):
    """The token of ``card`` in ``picture``, or the last untaken back in ``zone``."""
    if card is not None:
        token = picture.get(card)
        if token is not None and token.key not in taken:
            taken.add(token.key)
            return token
    for token in reversed(picture.tokens):
        if token.zone == zone and token.card is None and token.key not in taken:
            taken.add(token.key)
            return token
    return None
