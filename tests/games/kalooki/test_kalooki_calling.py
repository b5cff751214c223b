"""Calling the discard out of turn: who is asked and in what order, allowing and denying,
the penalty card, and the limits per game and per deal."""

from dataclasses import replace

import pytest

from game.engine.actions import DISCARD, STOCK, Draw, NextDeal
from game.engine.errors import IllegalAction
from game.games.kalooki import RULES, AllowCall, Call, DeclineCall, DenyCall
from game.games.kalooki.state import ANSWER, CALL, DEAL_OVER, DRAW, PLAY
from tests.games.kalooki.position import position, table_meld
from tests.helpers import cards

HANDS = ["2C 3C", "4D 5D", "6S 7S", "8H 9H"]


def table(**overrides):
    """Four players; seat 0 is to draw; the 9♦ on the pile was turned up (nobody's)."""
    values = {"phase": DRAW, "stock": "2S 3S 4S 5S 6D 7D", "discard": "QC 9D"}
    values.update(overrides)
    return position(list(HANDS), **values)


def act(state, *actions):
    for action in actions:
        state, _ = RULES.apply(state, action)
    return state


def test_choosing_the_stock_asks_each_seat_in_turn_order_before_the_draw():
    state = act(table(), Draw(STOCK))
    assert (state.phase, state.to_act) == (CALL, 1)
    assert RULES.legal_actions(state) == [Call(), DeclineCall()]
    state = act(state, DeclineCall())
    assert state.to_act == 2
    state = act(state, DeclineCall())
    assert state.to_act == 3
    state = act(state, DeclineCall())
    assert (state.phase, state.to_act) == (PLAY, 0)
    assert state.hands[0] == tuple(cards("2C 3C 7D"))
    assert state.discard[-1] == cards("9D")[0]


def test_taking_the_discard_leaves_nothing_to_call():
    state = act(table(), Draw(DISCARD))
    assert (state.phase, state.to_act) == (PLAY, 0)
    assert state.hands[0] == tuple(cards("2C 3C 9D"))


def test_an_allowed_call_gives_the_caller_the_discard_and_a_penalty_card():
    state = act(table(), Draw(STOCK), Call())
    assert (state.phase, state.to_act, state.asking) == (ANSWER, 0, 1)
    assert RULES.legal_actions(state) == [AllowCall(), DenyCall()]
    state = act(state, AllowCall())
    assert state.hands[1] == tuple(cards("4D 5D 9D 7D"))  # the discard and the penalty card
    assert state.hands[0] == tuple(cards("2C 3C 6D"))  # the active player draws next
    assert state.discard == tuple(cards("QC"))
    assert state.calls_left == (3, 2, 3, 3)
    assert (state.phase, state.to_act) == (PLAY, 0)


def test_a_denied_call_gives_the_active_player_the_discard_as_the_draw():
    state = act(table(), Draw(STOCK), Call(), DenyCall())
    assert state.hands[0] == tuple(cards("2C 3C 9D"))
    assert state.hands[1] == tuple(cards("4D 5D"))
    assert len(state.stock) == 6
    assert (state.phase, state.to_act) == (PLAY, 0)


def test_a_denied_call_does_not_use_up_a_call():
    state = act(table(), Draw(STOCK), Call(), DenyCall())
    assert state.calls_left == (3, 3, 3, 3)


def test_a_player_who_has_laid_down_must_allow_the_call():
    state = act(table(laid_down=(True, False, False, False)), Draw(STOCK), Call())
    assert state.hands[1] == tuple(cards("4D 5D 9D 7D"))
    assert (state.phase, state.to_act) == (PLAY, 0)
    answering = replace(state, phase=ANSWER, asking=1, discard=tuple(cards("QC 9D")))
    with pytest.raises(IllegalAction, match="must allow"):
        RULES.apply(answering, DenyCall())


def test_the_first_caller_in_turn_order_wins_the_card():
    state = act(table(), Draw(STOCK), DeclineCall(), Call())
    assert (state.phase, state.asking) == (ANSWER, 2)
    state = act(state, AllowCall())
    assert len(state.hands[2]) == 4 and len(state.hands[3]) == 2
    assert state.calls_left == (3, 3, 2, 3)


def test_only_one_call_a_turn():
    state = act(table(), Draw(STOCK), Call(), AllowCall())
    assert state.phase == PLAY  # the new top card (Q♣) is not offered to anyone
    with pytest.raises(IllegalAction, match="only when asked"):
        RULES.apply(state, Call())


def test_seats_that_have_laid_down_or_have_no_calls_left_are_not_asked():
    state = table(laid_down=(False, True, False, False), calls_left=(3, 3, 0, 3))
    state = act(state, Draw(STOCK))
    assert state.to_act == 3


def test_the_player_who_discarded_the_card_may_not_call_it_back():
    state = act(table(discarded_by=3), Draw(STOCK), DeclineCall(), DeclineCall())
    assert (state.phase, state.to_act) == (PLAY, 0)


def test_with_nobody_able_to_call_the_stock_card_is_drawn_at_once():
    state = table(laid_down=(False, True, True, True))
    state = act(state, Draw(STOCK))
    assert (state.phase, state.to_act) == (PLAY, 0)
    assert state.hands[0] == tuple(cards("2C 3C 7D"))


def test_a_call_is_offered_only_if_a_penalty_card_and_a_draw_are_left():
    state = act(table(stock="7D", discard="9D"), Draw(STOCK))
    assert (state.phase, state.to_act) == (PLAY, 0)


def test_the_penalty_card_may_come_from_a_reshuffled_stock():
    # a three of 2s on the table keeps the game going: the 2♣ in hand can still be played
    start = table(stock="", discard="3H 4H 5H 9D", melds=(table_meld("2S 2H 2D", owner=3),))
    state = act(start, Draw(STOCK), Call(), AllowCall())
    assert state.discard == tuple(cards("5H"))
    assert len(state.hands[1]) == 4 and len(state.hands[0]) == 3
    assert state.stock == ()
    drawn = [state.hands[1][-1], state.hands[0][-1]]
    assert sorted(drawn) == sorted(cards("3H 4H"))


def test_calls_are_made_only_when_asked():
    with pytest.raises(IllegalAction, match="only when asked"):
        RULES.apply(table(), Call())
    with pytest.raises(IllegalAction, match="Nobody has called"):
        RULES.apply(table(), AllowCall())


def test_three_calls_per_game_carry_over_to_the_next_deal():
    state = replace(table(calls_left=(0, 1, 2, 3)), phase=DEAL_OVER)
    state = act(state, NextDeal())
    assert state.calls_left == (0, 1, 2, 3)


def test_with_the_option_each_deal_gives_three_new_calls():
    state = replace(table(calls_left=(0, 1, 2, 3), calls_per_deal=True), phase=DEAL_OVER)
    state = act(state, NextDeal())
    assert state.calls_left == (3, 3, 3, 3)


def test_a_seat_with_its_last_call_used_is_no_longer_asked():
    state = act(table(calls_left=(3, 1, 3, 3)), Draw(STOCK), Call(), AllowCall())
    assert state.calls_left[1] == 0
    state = replace(state, phase=DRAW, seat=0, discard=tuple(cards("QC 8C")))
    state = act(state, Draw(STOCK))
    assert state.to_act == 2
