import pytest

from game.engine.errors import IllegalAction
from game.engine.melds import (
    GROUP,
    RUN,
    MeldPolicy,
    arrangements,
    extensions,
    loose_meld,
    meld_problem,
    read_meld,
)
from tests.helpers import cards

KALUKI = MeldPolicy()
KALOOKI = MeldPolicy(
    run_name="four", group_name="three", min_run=4, adjacent_jokers=False, max_group=None,
    group_distinct_suits=False, group_joker_suits=False, min_real_group=2,
)  # fmt: skip
INDIAN = MeldPolicy(run_name="run", group_name="set", wild_rank=8)


def readings(text, policy=KALUKI, kind=None):
    return [m.describe() for m in arrangements(cards(text), policy, kind)]


def test_ace_is_low_or_high_but_never_wraps():
    assert readings("AS 2S 3S") == ["A♠ 2♠ 3♠"]
    assert readings("QS KS AS") == ["Q♠ K♠ A♠"]
    assert readings("KS AS 2S") == []
    assert "K-A-2" in str(meld_problem(cards("KS AS 2S"), KALUKI))


def test_joker_at_either_end_gives_two_readings():
    assert readings("5S 6S JK") == ["[4♠] 5♠ 6♠", "5♠ 6♠ [7♠]"]


def test_group_of_identical_cards_is_refused_with_reason():
    assert readings("7H 7H 7S") == []
    assert "Two 7♥" in str(meld_problem(cards("7H 7H 7S"), KALUKI))


def test_group_joker_names_a_missing_suit():
    assert readings("7H 7S JK") == ["7♥ 7♠ [7♦]", "7♥ 7♠ [7♣]"]


def test_group_holds_at_most_four():
    assert readings("7H 7S 7D 7C JK", kind=GROUP) == []


def test_mixed_cards_are_neither_run_nor_group():
    problem = meld_problem(cards("7H 8S 9D"), KALUKI)
    assert "neither" in str(problem)


def test_fours_refuse_adjacent_jokers():
    assert readings("AS JK 3S JK", KALOOKI) == ["A♠ [2♠] 3♠ [4♠]"]
    assert readings("AS JK JK 4S", KALOOKI) == []


def test_threes_allow_duplicates_and_need_two_real_cards():
    assert readings("3S 3S JK JK", KALOOKI, GROUP) == ["3♠ 3♠ [3] [3]"]
    assert readings("3S JK JK", KALOOKI, GROUP) == []
    assert "2 real cards" in str(meld_problem(cards("3S JK JK"), KALOOKI))


def test_wild_rank_card_at_its_natural_place_keeps_a_run_pure():
    pure = [m for m in arrangements(cards("7C 8C 9C"), INDIAN) if m.is_pure]
    assert [m.describe() for m in pure] == ["7♣ 8♣ 9♣"]
    impure = arrangements(cards("7C 8H 9C"), INDIAN, RUN)
    assert impure and not any(m.is_pure for m in impure)


def test_extension_keeps_existing_jokers_in_place():
    (meld,) = [m for m in arrangements(cards("5S 6S JK"), KALUKI) if m.high == 7]
    grown = extensions(meld, cards("8S"), KALUKI)
    assert [m.describe() for m in grown] == ["5♠ 6♠ [7♠] 8♠"]
    assert extensions(meld, cards("4H"), KALUKI) == []


def test_read_meld_explains_an_invalid_meld():
    with pytest.raises(IllegalAction, match="neither"):
        read_meld(loose_meld(cards("7H 8S 9D")), KALUKI)
    assert read_meld(loose_meld(cards("9D 7D 8D")), KALUKI).describe() == "7♦ 8♦ 9♦"
