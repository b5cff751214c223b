"""The Load list's picture of a table: drawn for the save it goes into (never older
than the entry beside it), and at a hot-seat table with every hand face down."""

from __future__ import annotations

import io

import pygame

from game.app.table.thumbnail import table_picture, table_thumbnail
from game.engine.actions import Draw
from game.games.kaluki.state import PLAY
from game.persist.saves import load_save
from tests.app.table.helpers import kaluki_table, pass_hand
from tests.helpers import hand


def hot_seat(app):
    table = kaluki_table(
        app,
        ("human", "human"),
        names=("Sam", "Priya"),
        seat=0,
        phase=PLAY,
        hands=(hand("5C 9H KD"), hand("7D 8D 9D")),
    )
    pass_hand(app)
    return table


def test_a_hot_seat_pictures_shows_no_hand_face_up(app):
    table = hot_seat(app)
    assert set(table.hand_order) == set(hand("5C 9H KD"))  # shown to Sam on the screen
    shown = {token.card for token in table.picture if token.card is not None}
    assert shown & set(hand("5C 9H KD"))
    pictured = {token.card for token in table_picture(table) if token.card is not None}
    assert not pictured & set(table.hand_order)


def test_the_saved_picture_is_of_the_saved_position(app):
    table = kaluki_table(app, ("human", "human"), names=("Sam", "Priya"), seed=9)
    pass_hand(app)
    table.play(Draw())
    assert table.autosaver.flush()
    saved = load_save(table.autosaver.path)
    assert saved.log == (Draw(),)
    assert saved.thumbnail == table_thumbnail(table)  # drawn for this move, not 5 s before
    image = pygame.image.load(io.BytesIO(saved.thumbnail), "thumb.png")
    assert image.get_size() == (192, 120)


def test_one_human_against_the_computer_keeps_their_hand_in_the_picture(app):
    table = kaluki_table(app, ("human", "easy"), seat=0, phase=PLAY)
    pictured = {token.card for token in table_picture(table) if token.card is not None}
    assert set(table.hand_cards()) <= pictured
