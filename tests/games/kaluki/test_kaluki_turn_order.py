"""A discarded joker taken for a first meld, and a joker swap before the opening that the
taken discard goes into (issue 19; rules/kaluki.md: meld, lay off and swap in any order)."""

import pytest

from game.engine.actions import DISCARD, Discard, Draw, LayDown, SwapJoker
from game.engine.errors import IllegalAction
from game.engine.melds import loose_meld
from game.games.kaluki import RULES
from game.games.kaluki.state import PLAY
from tests.games.kaluki.position import position
from tests.helpers import cards


def meld(text: str):
    return loose_meld(cards(text))


def card(text: str):
    return cards(text)[0]


def test_a_discarded_joker_may_be_taken_for_a_first_meld_it_completes():
    # K K + the joker, Q Q Q, J J J: 90 points, the joker standing for a king
    state = position(["KS KH QS QH QD JS JH JD 5C", "3S"], discard="JK")
    assert RULES.can_take_discard(state) is None
    assert Draw(DISCARD) in RULES.legal_actions(state)
    state, _ = RULES.apply(state, Draw(DISCARD))
    with pytest.raises(IllegalAction, match="Joker you took from the discard pile must be in"):
        RULES.apply(state, LayDown((meld("QS QH QD"), meld("JS JH JD"))))
    opening = next(a for a in RULES.legal_actions(state) if isinstance(a, LayDown))
    assert any(c.is_joker for m in opening.melds for c in m.cards)
    state, _ = RULES.apply(state, LayDown((meld("KS KH JK"), meld("QS QH QD"), meld("JS JH JD"))))
    assert state.melded[0] and state.hands[0] == tuple(cards("5C"))


def test_a_joker_is_taken_even_when_every_meld_of_the_hand_is_a_full_group():
    # K K K K and Q Q Q Q leave no room: the joker opens in place of one of the kings
    state = position(["KS KH KD KC QS QH QD QC 5C", "3S"], discard="JK")
    state, _ = RULES.apply(state, Draw(DISCARD))
    opening = next(a for a in RULES.legal_actions(state) if isinstance(a, LayDown))
    assert any(c.is_joker for m in opening.melds for c in m.cards)
    state, _ = RULES.apply(state, opening)
    assert state.melded[0] and state.phase == PLAY


def test_a_joker_swap_may_come_before_the_opening_it_makes_possible():
    # The joker on the table stands for the 4♠. Q Q + the Q♦ taken is 30; with the joker
    # won back, K K and the joker add 30 more: 60
    state = position(["4S QS QH KD KH 9C 2C 7D", "3S"], discard="QD", melds=[(1, "5S 6S JK")])
    assert state.melds[0].describe() == "[4♠] 5♠ 6♠"
    assert RULES.can_take_discard(state) is None
    state, _ = RULES.apply(state, Draw(DISCARD))
    with pytest.raises(IllegalAction, match="only a joker swap may come before it"):
        RULES.apply(state, Discard(card("9C")))
    assert not any(isinstance(a, LayDown) for a in RULES.legal_actions(state))
    swap = SwapJoker(0, card("4S"))
    assert swap in RULES.legal_actions(state)
    state, _ = RULES.apply(state, swap)
    assert state.melds[0].describe() == "4♠ 5♠ 6♠" and state.turn.taken_discard == card("QD")
    state, _ = RULES.apply(state, LayDown((meld("QS QH QD"), meld("KD KH JK"))))
    assert state.melded[0] and state.turn.taken_discard is None


def test_a_swap_that_would_strand_the_taken_card_is_refused():
    # The 4♠ taken opens 2♠ 3♠ 4♠ with K K K and Q Q Q; swapped onto the table for the
    # joker it could not go into the first meld any more
    state = position(["2S 3S KS KH KD QS QH QD 9C", "3C"], discard="4S", melds=[(1, "5S 6S JK")])
    state, _ = RULES.apply(state, Draw(DISCARD))
    swap = SwapJoker(0, card("4S"))
    assert swap not in RULES.legal_actions(state)
    with pytest.raises(IllegalAction, match="After this swap the 4♠ you took could not go"):
        RULES.apply(state, swap)
    state, _ = RULES.apply(state, LayDown((meld("2S 3S 4S"), meld("KS KH KD"), meld("QS QH QD"))))
    assert state.melded[0]


def test_without_a_swap_to_help_the_discard_is_still_refused_with_the_best_total():
    state = position(["QS QH KD KH 9C 2C 7D", "3S"], discard="QD", melds=[(1, "5S 6S JK")])
    problem = RULES.can_take_discard(state)
    assert problem is not None and "your best is 30" in str(problem)
