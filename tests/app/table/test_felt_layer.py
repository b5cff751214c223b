"""The felt and what lies still on it are drawn once and kept (issue 29 section 3, the
Kalooki 6-seat drag): the kept image must always be what drawing afresh would give, after
a move, a new name, a turn passing; and a card in flight never makes the art rasterise
a width of its own."""

from __future__ import annotations

from dataclasses import replace

import pygame

from game.app.cards import FLIGHT_STEP, CardArt, card_size
from game.games.kaluki.state import PLAY
from tests.app.table.helpers import frames, kaluki_table, settle
from tests.helpers import hand


def kept_and_fresh(table) -> tuple[bytes, bytes]:
    """The same frame drawn from the kept felt image and after forgetting it."""
    size = table.app.window.get_surface().get_size()
    kept, fresh = pygame.Surface(size), pygame.Surface(size)
    table.painter.draw(kept)
    table.painter.layer.forget()
    table.painter.draw(fresh)
    return pygame.image.tobytes(kept, "RGB"), pygame.image.tobytes(fresh, "RGB")


def test_the_kept_felt_is_what_drawing_afresh_gives_as_the_game_moves_on(app):
    table = kaluki_table(app, seat=0, phase=PLAY, hands=(hand("5C 9H KD 2S"), hand("2S 3S 4S")))
    settle(app, table)
    kept, fresh = kept_and_fresh(table)
    assert kept == fresh
    before = kept
    frames(app)  # the layer is kept again
    discard = next(a for a in table.session.legal_actions() if type(a).__name__ == "Discard")
    assert table.play(discard)
    settle(app, table)  # the turn passed: another plate and cell are lit, a card fewer
    kept, fresh = kept_and_fresh(table)
    assert kept == fresh and kept != before


def test_a_renamed_seat_is_drawn_at_once(app):
    table = kaluki_table(app, seat=0, phase=PLAY, hands=(hand("5C 9H KD 2S"), hand("2S 3S 4S")))
    settle(app, table)
    before, _ = kept_and_fresh(table)
    frames(app)
    setup = table.session.setup
    renamed = replace(setup.seats[1], name="Zebedee")
    table.session.setup = replace(setup, seats=(setup.seats[0], renamed))
    kept, fresh = kept_and_fresh(table)
    assert kept == fresh and kept != before


def test_a_card_in_flight_is_rasterised_only_at_the_flight_widths(app):
    art = CardArt()
    card = hand("7H")[0]
    for width in range(41, 90):
        image = art.in_flight(card, width)
        assert image.get_size() == card_size(width)
        art.in_flight(None, width)  # a back, as a face-down card flies
    steps = {-(-width // FLIGHT_STEP) * FLIGHT_STEP for width in range(41, 90)}
    assert len(art) == 2 * len(steps)  # a face and a back at each step, nothing else
    resting = art.face(card, 53)
    assert art.in_flight(card, 53) is resting  # an exact picture already made is used
