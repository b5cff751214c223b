"""A default name ("You", "Player 2") reads in the language of the screen, whatever the
language was when the game began; a name the player typed is shown as typed."""

from __future__ import annotations

import pytest

from game.app import i18n
from game.app.messages import shown_name
from game.games.kaluki.state import DRAW
from tests.app.table.helpers import kaluki_table


@pytest.fixture
def japanese():
    i18n.set_language("ja")
    yield
    i18n.set_language("en")


@pytest.mark.parametrize(
    ("stored", "english", "japanese"),
    [
        ("You", "You", "あなた"),
        ("あなた", "You", "あなた"),
        ("Player 2", "Player 2", "プレイヤー2"),
        ("プレイヤー10", "Player 10", "プレイヤー10"),
        ("Priya", "Priya", "Priya"),
        ("Player Two", "Player Two", "Player Two"),  # typed, not the default pattern
        ("Your", "Your", "Your"),
    ],
)
def test_a_default_name_follows_the_language(stored, english, japanese):
    assert shown_name(stored) == english
    i18n.set_language("ja")
    try:
        assert shown_name(stored) == japanese
    finally:
        i18n.set_language("en")


def test_a_game_begun_in_english_names_you_in_japanese(app, japanese):
    table = kaluki_table(app, ("human", "easy"), names=("You", "Player 2"), seat=0, phase=DRAW)
    assert table.names() == ["あなた", "プレイヤー2"]
    assert table.cell_title(table.view, 1) == "プレイヤー2"
    plates = [table.seat_info(table.view, seat).name for seat in range(2)]
    assert plates == ["あなた", "プレイヤー2"]  # the name plates and the score panel
