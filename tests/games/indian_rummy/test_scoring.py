"""Indian Rummy's melds, declarations and loser counts (rules/indian_rummy.md, "Melds",
"Declaring rummy", "Scoring a deal"), through the public helpers."""

import pytest

from game.engine.melds import RUN, loose_meld, meld_problem, read_meld
from game.games.indian_rummy import (
    can_declare,
    card_points,
    count_hand,
    declaration_problem,
    loser_points,
    policy_for,
)
from game.games.indian_rummy.scoring import declaration, find_problem
from tests.helpers import cards

PURE_WITH_WILD = "8C 9C 10C  4H 6H JK  KS KD KH  QS QD QH QC"


def test_a_wild_card_at_its_own_place_keeps_a_run_pure():
    # 8C 9C 10C with eights wild is the only pure run; 4H [5H] 6H is the second run
    assert can_declare(cards(PURE_WITH_WILD), "8")
    arrangement = declaration(cards(PURE_WITH_WILD), 8)
    pure = [m for m in arrangement.melds if m.kind == RUN and m.is_pure]
    assert [m.describe() for m in pure] == ["8♣ 9♣ 10♣"]


def test_a_wild_card_standing_for_another_card_makes_the_run_impure():
    # the 8♥ can only stand in for the 8♣ (or J♣): no pure run is left
    hand = cards("8H 9C 10C  4H 6H JK  KS KD KH  QS QD QH QC")
    assert not can_declare(hand, "8")
    assert declaration_problem(hand, "8").key == "indian_rummy.no_pure"
    assert "no pure run" in str(declaration_problem(hand, "8"))


def test_valid_declaration_has_no_problem_and_shows_real_melds():
    hand = cards(PURE_WITH_WILD)
    assert declaration_problem(hand, "8") is None
    arrangement = declaration(hand, 8)
    assert sorted(c for m in arrangement.melds for c in m.cards) == sorted(hand)
    for meld in arrangement.melds:
        assert sorted(read_meld(meld, policy_for(8)).slots) == sorted(meld.slots)


def test_two_identical_cards_in_a_set_are_refused():
    policy = policy_for(None)
    problem = meld_problem(cards("7H 7H 7S"), policy)
    assert "Two 7♥ cannot be in one set" in str(problem)
    # a hand that needs that set cannot be declared
    hand = cards("AS 2S 3S  4D 5D 6D  9C 10C JC QC  7H 7H 7S")
    assert not can_declare(hand, None)
    assert "fit in none" in str(declaration_problem(hand, None))


def test_a_set_has_three_or_four_cards_of_different_suits():
    policy = policy_for(None)
    assert read_meld(loose_meld(cards("7H 7S 7D 7C")), policy).kind == "group"
    assert "at most 4" in str(meld_problem(cards("7H 7S 7D 7C JK"), policy))


def test_king_ace_two_is_refused_but_ace_plays_high_or_low():
    policy = policy_for(None)
    assert "K-A-2" in str(meld_problem(cards("KS AS 2S"), policy))
    assert meld_problem(cards("QS KS AS"), policy) is None
    assert meld_problem(cards("AS 2S 3S"), policy) is None
    wrapped = cards("KS AS 2S  4D 5D 6D  9C 10C JC QC  7H 7S 7D")
    assert not can_declare(wrapped, None)
    straight = cards("QS KS AS  4D 5D 6D  9C 10C JC QC  7H 7S 7D")
    assert can_declare(straight, None)


def test_declaration_needs_a_second_run_besides_the_pure_run():
    hand = cards("2S 3S 4S  KD KH KC  QD QH QC  7D 7H 7C JK")
    assert declaration_problem(hand, None).key == "indian_rummy.second_run"


def test_declaration_names_the_cards_that_do_not_fit():
    hand = cards("2S 3S 4S  5H 6H JK  KD KH KC  QD QH  9C 4D")
    problem = declaration_problem(hand, None)
    assert problem.key == "indian_rummy.loose"
    assert sorted(problem.value("cards")) == sorted(cards("QD QH 9C 4D"))
    assert str(problem).startswith("Every card must be in a run or set to declare; these fit")


def test_declaration_shows_thirteen_cards():
    problem = declaration_problem(cards("2S 3S 4S 5H 6H JK"), None)
    assert problem.values() == {"need": 13, "count": 6}
    assert "13 cards" in str(problem)
    assert not can_declare(cards("2S 3S 4S 5H 6H JK"), None)


def test_a_pure_run_made_only_by_wild_cards_standing_in_does_not_count():
    # 5♠ [6♠] 7♠ and 9♥ [10♥] J♥ use wild cards: two runs, but neither is pure
    hand = cards("5S JK 7S  9H 2D JH  KD KH KC KS  QD QC QS")
    assert not can_declare(hand, "2")
    assert declaration_problem(hand, "2").key == "indian_rummy.no_pure"


def test_first_life_option_asks_a_pure_run_of_four():
    hand = cards("2S 3S 4S  5H 6H JK  KD KH KC  QD QH QC QS")
    assert find_problem(hand, None, pure_length=3) is None
    assert "4 or more" in str(find_problem(hand, None, pure_length=4))
    longer = cards("2S 3S 4S 5S  6H JK 8H  KD KH KC  QD QH QC")
    assert find_problem(longer, None, pure_length=4) is None


def test_card_points():
    wild = 8
    values = [card_points(c, wild) for c in cards("AS KS QS JS 10S 2S 8H JK")]
    assert values == [10, 10, 10, 10, 10, 2, 0, 0]


def test_without_a_pure_run_every_card_counts():
    # a set and an impure run do not help without a pure run
    hand = cards("3S 3D 3H  5H JK 7H  2C 4D 6S 8S 9D 2H 4C")
    assert loser_points(hand, None) == 56


def test_with_a_pure_run_only_runs_are_excluded():
    hand = cards("2S 3S 4S  KD KH KC  9H 7D 5C 6H 8C JD 2D")
    assert loser_points(hand, None) == 77  # the kings still count
    assert [m.describe() for m in count_hand(hand, None).melds] == ["2♠ 3♠ 4♠"]


def test_with_a_pure_run_and_a_second_run_sets_are_excluded_too():
    hand = cards("2S 3S 4S  KD KH KC  5H 6H JK  9D 7C 2D 10C")
    assert loser_points(hand, None) == 28


def test_wild_cards_count_nothing_and_the_count_is_capped_at_80():
    hand = cards("KS QD JH 9C KD 7H 3C 9S KH 5S 10D 10C 9H")
    assert count_hand(hand, None).points == 112
    assert loser_points(hand, None) == 80
    assert count_hand(hand, 13).points == 82  # three kings are wild: 0 each
    assert loser_points(hand, "K") == 80


def test_wild_rank_may_be_given_as_text_or_none():
    hand = cards("2S 3S 4S  5H 6H 9D  KD KH KC  9H 7C 2D 10C")
    # with nines wild, 5H 6H 9D is a run and 9H helps too
    assert loser_points(hand, "9") < loser_points(hand, None)
    assert loser_points(hand, "K") == loser_points(hand, 13)


def test_the_most_favourable_arrangement_is_found():
    # 4H 5H 6H 7H could be one run, but 4H 5H 6H with the set of sevens leaves less
    hand = cards("AS 2S 3S  4H 5H 6H 7H  7S 7D  KC QD 4C 9D")
    assert loser_points(hand, None) == 10 + 10 + 4 + 9


@pytest.mark.parametrize("rank", ["A", "10", "J", "Q", "K"])
def test_every_rank_text_is_accepted(rank):
    assert loser_points(cards("2S 3S 4S 5H 6H 7H 9D 9C 9S KD QD JD AC"), rank) >= 0


def test_a_hand_of_all_fifteen_wild_cards_of_three_decks_is_counted():
    # Twelve fives (the wild rank, three decks) and three printed jokers: all wild.
    wilds = cards("5S 5H 5D 5C 5S#1 5H#1 5D#1 5C#1 5S#2 5H#2 5D#2 5C#2 JK JK#1 JK#2")
    assert count_hand([*wilds, *cards("KD QS")], 5).points == 20  # no pure run possible
    assert can_declare([*wilds[:9], *cards("2S 3S 4S 9D")], 5)
