"""Adding to threes and fours after laying down, and tacking jokers in fours."""

import pytest

from game.engine.actions import LayDown, LayOff, SwapJoker
from game.engine.errors import IllegalAction
from game.games.kalooki import RULES, Tack
from tests.games.kalooki.position import four, position, table_meld
from tests.helpers import cards


def card(text: str):
    return cards(text)[0]


def add(state, target: int, text: str):
    return RULES.apply(state, LayOff(target, tuple(cards(text))))[0]


def shown(state, index: int) -> str:
    return state.melds[index].describe()


def down(hand: str, *melds, other: str = "4C 4D"):
    """Seat 0, laid down and drawn, with ``melds`` on the table."""
    return position([hand, other], laid_down=(True, False), melds=tuple(melds))


def test_a_four_grows_upwards():
    state = add(down("9H 2C", four("5H 6H 7H 8H", 5)), 0, "9H")
    assert shown(state, 0) == "5♥ 6♥ 7♥ 8♥ 9♥"


def test_a_four_does_not_grow_downwards_before_it_reaches_the_ace():
    state = down("4H 2C", four("5H 6H 7H 8H", 5))
    with pytest.raises(IllegalAction, match="grows only upwards"):
        add(state, 0, "4H")
    assert not any(isinstance(a, LayOff) for a in RULES.legal_actions(state))


def test_a_four_grows_past_the_king_to_the_ace_then_at_the_bottom():
    state = add(down("AH 9H 2C", four("10H JH QH KH", 10)), 0, "AH")
    assert shown(state, 0) == "10♥ J♥ Q♥ K♥ A♥"
    with pytest.raises(IllegalAction, match="cannot be added"):
        add(state, 0, "2C")  # nothing goes above the ace
    state = add(state, 0, "9H")
    assert shown(state, 0) == "9♥ 10♥ J♥ Q♥ K♥ A♥"


def test_several_cards_may_grow_a_four_up_to_the_ace_and_below_at_once():
    state = add(down("AH 9H 2C", four("10H JH QH KH", 10)), 0, "AH 9H")
    assert shown(state, 0) == "9♥ 10♥ J♥ Q♥ K♥ A♥"


def test_a_joker_added_to_a_four_goes_on_top():
    state = add(down("JK 2C", four("5H 6H 7H 8H", 5)), 0, "JK")
    assert shown(state, 0) == "5♥ 6♥ 7♥ 8♥ [9♥]"


def test_a_joker_added_to_a_four_at_the_ace_goes_at_the_bottom():
    state = add(down("JK 2C", four("JH QH KH AH", 11)), 0, "JK")
    assert shown(state, 0) == "[10♥] J♥ Q♥ K♥ A♥"


def test_a_joker_may_not_be_added_next_to_a_joker():
    state = down("JK 2C", four("5H 6H 7H JK", 5))
    with pytest.raises(IllegalAction, match="side by side"):
        add(state, 0, "JK")


def test_threes_take_any_number_of_cards_and_jokers():
    state = down("5C 5H JK 2C", table_meld("5S 5H 5D", owner=1))
    state = add(state, 0, "5C")
    state = add(state, 0, "5H")
    state = add(state, 0, "JK")
    assert sorted(slot.rank for slot in state.melds[0].slots) == [5] * 6


def test_cards_may_be_added_to_any_players_melds_in_the_laying_down_turn():
    state = position(
        ["5S 5H 5D 8S 8H 8C KS KH KD 9C 2C", "4C 4D"],
        melds=(four("5C 6C 7C 8C", 5, owner=1),),
    )
    melds = tuple(table_meld(t) for t in ("5S 5H 5D", "8S 8H 8C", "KS KH KD"))
    state = RULES.apply(state, LayDown(melds))[0]
    state = add(state, 0, "9C")
    assert shown(state, 0) == "5♣ 6♣ 7♣ 8♣ 9♣"
    assert state.hands[0] == tuple(cards("2C"))


def test_tacking_puts_the_real_card_in_and_moves_the_joker_to_the_top():
    state = down("6H 2C", four("5H JK 7H 8H", 5))
    assert Tack(0, card("6H")) in RULES.legal_actions(state)
    state = RULES.apply(state, Tack(0, card("6H")))[0]
    assert shown(state, 0) == "5♥ 6♥ 7♥ 8♥ [9♥]"
    assert state.hands[0] == tuple(cards("2C"))  # the joker stays on the table


def test_tacking_moves_the_joker_to_the_bottom_once_the_four_reaches_the_ace():
    state = down("QH 2C", four("JH JK KH AH", 11))
    state = RULES.apply(state, Tack(0, card("QH")))[0]
    assert shown(state, 0) == "[10♥] J♥ Q♥ K♥ A♥"


def test_tacking_the_joker_standing_for_the_ace_sends_it_to_the_bottom():
    state = down("AH 2C", four("JH QH KH JK", 11))
    state = RULES.apply(state, Tack(0, card("AH")))[0]
    assert shown(state, 0) == "[10♥] J♥ Q♥ K♥ A♥"


def test_tacking_is_refused_when_the_joker_would_sit_next_to_another():
    state = down("6H 2C", four("5H JK 7H JK", 5))
    assert not any(isinstance(a, Tack) for a in RULES.legal_actions(state))
    with pytest.raises(IllegalAction, match="next to another joker"):
        RULES.apply(state, Tack(0, card("6H")))


def test_tacking_at_the_bottom_is_refused_next_to_a_bottom_joker():
    state = down("KH 2C", four("JK JH QH JK AH", 10))
    with pytest.raises(IllegalAction, match="next to another joker"):
        RULES.apply(state, Tack(0, card("KH")))


def test_only_a_player_who_has_laid_down_may_tack():
    state = position(["6H 2C", "4C 4D"], melds=(four("5H JK 7H 8H", 5, owner=1),))
    assert not any(isinstance(a, Tack) for a in RULES.legal_actions(state))
    with pytest.raises(IllegalAction, match="laid down"):
        RULES.apply(state, Tack(0, card("6H")))


def test_a_joker_in_a_three_is_never_tacked():
    state = down("9C 2C", table_meld("9S 9H JK", owner=1))
    with pytest.raises(IllegalAction, match="three never moves"):
        RULES.apply(state, Tack(0, card("9C")))


def test_tacking_needs_the_exact_card_the_joker_stands_for():
    state = down("6D 2C", four("5H JK 7H 8H", 5))
    with pytest.raises(IllegalAction, match="No joker"):
        RULES.apply(state, Tack(0, card("6D")))


def test_a_played_joker_never_comes_back_to_a_hand():
    state = down("6H 2C", four("5H JK 7H 8H", 5))
    with pytest.raises(IllegalAction, match="not a move in Kalooki"):
        RULES.apply(state, SwapJoker(0, card("6H")))


def test_a_joker_in_a_four_from_ace_to_ace_cannot_be_tacked():
    full = four("AH 2H 3H 4H 5H JK 7H 8H 9H 10H JH QH KH AH", 1)
    state = down("6H 2C", full)
    with pytest.raises(IllegalAction, match="nowhere to go"):
        RULES.apply(state, Tack(0, card("6H")))


def test_a_refused_addition_names_the_rule_it_breaks():
    state = down("10H 8S 2C", four("5H 6H 7H 8H", 5), table_meld("7S 7H 7D"))
    with pytest.raises(IllegalAction, match="the next card it takes is the 9♥"):
        add(state, 0, "10H")
    with pytest.raises(IllegalAction, match="a three takes only cards of its rank"):
        add(state, 1, "8S")
    full = four("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH", 1)
    with pytest.raises(IllegalAction, match="runs from ace to ace"):
        add(down("2C 3C", full), 0, "2C")
