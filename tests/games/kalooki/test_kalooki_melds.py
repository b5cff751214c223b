"""Threes, fours and the joker restrictions of Kalooki, and its penalty values."""

import pytest

from game.engine.errors import IllegalAction
from game.engine.melds import GROUP, RUN, loose_meld, meld_problem, read_meld
from game.games.kalooki import POLICY, penalty
from tests.helpers import cards


def kinds(text: str) -> set[str]:
    try:
        return {read_meld(loose_meld(cards(text)), POLICY).kind}
    except IllegalAction:
        return set()


def test_a_three_may_hold_duplicate_cards_and_be_any_length():
    assert kinds("5H 5H 5S") == {GROUP}
    assert kinds("KS KH KD KC KS") == {GROUP}


def test_a_three_needs_at_least_two_real_cards():
    assert kinds("3S 3H JK JK") == {GROUP}
    assert kinds("3S JK JK") == set()
    assert "2 real cards" in str(meld_problem(cards("3S JK JK"), POLICY))


def test_a_four_is_four_or_more_consecutive_cards_of_one_suit():
    assert kinds("8C 9C 10C JC") == {RUN}
    assert kinds("8C 9C 10C") == set()
    assert kinds("8C 9C 10C JH") == set()


@pytest.mark.parametrize(
    ("text", "valid"),
    [("AS 2S 3S 4S", True), ("JS QS KS AS", True), ("KS AS 2S 3S", False)],
)
def test_an_ace_sits_only_at_an_end_of_a_four(text, valid):
    assert (kinds(text) == {RUN}) is valid


def test_a_four_may_not_have_two_jokers_side_by_side():
    assert kinds("AS JK 3S JK") == {RUN}
    assert kinds("AS JK JK 4S") == set()
    assert "side by side" in str(meld_problem(cards("AS JK JK 4S"), POLICY))


def test_a_joker_in_a_three_has_no_suit():
    meld = read_meld(loose_meld(cards("9S 9H JK")), POLICY)
    joker_slot = next(slot for slot in meld.slots if slot.card.is_joker)
    assert (joker_slot.rank, joker_slot.suit) == (9, "")


@pytest.mark.parametrize(
    ("text", "points"),
    [
        ("JK", 50),
        ("AS", 15),
        ("AC", 15),
        ("AH", 1),
        ("AD", 1),
        ("KS QH JD 10C", 40),
        ("2S 9H", 11),
    ],
)
def test_penalty_values_of_cards_left_in_hand(text, points):
    assert penalty(cards(text)) == points
