"""The hands as their players arranged them (``hand_groups``): kept through a save and a
load in every game, and read leniently, since they are only for display: a bad entry is
dropped and the game still loads."""

from __future__ import annotations

import json
from datetime import datetime, timezone
from typing import Any

import pytest

from game.games.registry import GAMES
from game.persist.migrations import CURRENT_FORMAT
from game.persist.savedgame import SavedGame
from game.persist.saveformat import MAX_ARRANGED, save_from_dict, save_to_dict
from game.persist.saves import load_save, write_save
from tests.persist.helpers import arranged, held, played

WHEN = datetime(2025, 6, 1, 9, 0, tzinfo=timezone.utc)


def loaded_with(saved: SavedGame, field: Any) -> SavedGame:
    """The game loaded from its file with ``hand_groups`` set to ``field``."""
    data = save_to_dict(saved, WHEN)
    data["hand_groups"] = field
    return save_from_dict(json.loads(json.dumps(data)))


@pytest.fixture(scope="module")
def kaluki() -> SavedGame:
    return played("kaluki", seed=4, moves=10)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_arrangement_survives_a_save_and_a_load(game_id, tmp_path):
    saved = arranged(played(game_id, seed=4, moves=30))
    path = tmp_path / "arranged.json"
    write_save(path, saved)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == CURRENT_FORMAT  # an optional field: no format of its own
    texts = [[[str(card) for card in group] for group in groups] for groups in saved.hand_groups]
    assert data["hand_groups"] == texts  # per seat, groups of cards in their text form
    assert load_save(path) == saved


def test_a_save_without_the_field_loads_with_no_arrangement(kaluki, tmp_path):
    data = save_to_dict(kaluki, WHEN)
    assert "hand_groups" not in data
    assert save_from_dict(data).hand_groups == ()


@pytest.mark.parametrize(
    "field",
    ["AS 2S", 7, None, {"0": [["AS"]]}, [[]] * 11, [[["AS"]]] * 100_000],
    ids=["text", "number", "null", "object", "more seats than any game", "huge"],
)
def test_a_field_of_the_wrong_shape_is_ignored(kaluki, field):
    loaded = loaded_with(kaluki, field)
    assert loaded.hand_groups == () and loaded.state == kaluki.state


def test_a_seat_of_the_wrong_shape_is_dropped_and_the_others_kept(kaluki):
    hand = [str(card) for card in held(kaluki, 1)]
    loaded = loaded_with(kaluki, ["AS", [hand[:2], "7H", 3, hand[2:]]])
    assert loaded.hand_groups[0] == ()
    assert loaded.hand_groups[1] == (held(kaluki, 1)[:2], held(kaluki, 1)[2:])


def test_unknown_cards_and_cards_not_in_the_hand_are_dropped(kaluki):
    mine, theirs = held(kaluki, 0), held(kaluki, 1)
    texts = [str(card) for card in mine]
    junk = ["ZZ", "7H#999", "", 5, None, ["AS"], "x" * 30_000, str(theirs[0])]
    loaded = loaded_with(kaluki, [[[*junk, *texts]], []])
    assert loaded.hand_groups == ((mine,), ())


def test_a_card_named_twice_keeps_its_first_place_and_an_emptied_group_goes(kaluki):
    mine = held(kaluki, 0)
    first, rest = str(mine[0]), [str(card) for card in mine[1:]]
    loaded = loaded_with(kaluki, [[[first, first], rest, [first]]])
    assert loaded.hand_groups == (((mine[0],), mine[1:]),)


def test_a_seat_naming_more_cards_than_allowed_is_ignored(kaluki):
    texts = [str(card) for card in held(kaluki, 0)]
    many = [texts] * (MAX_ARRANGED // len(texts) + 1)
    assert loaded_with(kaluki, [many]).hand_groups == ((),)
    assert loaded_with(kaluki, [[texts]]).hand_groups == ((held(kaluki, 0),),)
