"""Scenario tests for every rule of rules/kaluki.md (options are in test_kaluki_options)."""

from collections import Counter
from dataclasses import replace

import pytest

from game.engine.actions import DISCARD, STOCK, Discard, Draw, LayDown, LayOff, NextDeal, SwapJoker
from game.engine.errors import IllegalAction
from game.engine.events import DealScored
from game.engine.melds import loose_meld
from game.games.kaluki import RULES, KalukiOptions, best_opening, penalty
from game.games.kaluki.scoring import CardValues
from game.games.kaluki.state import DEAL_OVER, GAME_OVER, PLAY
from tests.games.kaluki.position import position
from tests.helpers import cards, hand


def meld(text: str):
    return loose_meld(cards(text))


@pytest.mark.parametrize(("players", "size"), [(2, 15), (4, 15), (5, 13), (6, 11)])
def test_deal_gives_15_13_or_11_cards_from_108(players, size):
    state = RULES.new_game(KalukiOptions(players=players), seed=4)
    assert all(len(h) == size for h in state.hands)
    assert len(state.discard) == 1
    assert len(RULES.all_cards(state)) == 108
    assert state.seat == (state.dealer + 1) % players


def test_first_dealer_is_random_and_the_deal_passes_left():
    dealers = {RULES.new_game(KalukiOptions(players=4), seed=s).dealer for s in range(20)}
    assert len(dealers) > 1
    state = position(["AS AH AD", "KS KH KD"], phase=PLAY, melded=(True, True))
    state = RULES.apply(state, LayDown((meld("AS AH AD"),)))[0]
    assert state.phase == DEAL_OVER
    dealer = state.dealer
    state = RULES.apply(state, NextDeal())[0]
    assert state.dealer == (dealer + 1) % 2


def test_first_meld_below_51_is_refused_with_the_totals():
    state = position(["7S 7H 7D 8C 9C 10C 2H", "3S"], phase=PLAY)
    with pytest.raises(IllegalAction, match="must total 51; these cards make 48"):
        RULES.apply(state, LayDown((meld("7S 7H 7D"), meld("8C 9C 10C"))))


def test_several_melds_together_may_reach_51():
    state = position(["KS KH KD QC JC 10C 9C 2H", "3S"], phase=PLAY)
    state, _ = RULES.apply(state, LayDown((meld("KS KH KD"), meld("9C 10C JC QC"))))
    assert state.melded[0]
    assert len(state.melds) == 2 and state.hands[0] == hand("2H")


def test_joker_counts_as_the_card_it_stands_for_in_the_first_meld():
    # Q K [A] = 35 and three tens = 30: 65, although the joker itself is a 25-point card
    state = position(["QS KS JK 10H 10D 10C 4D", "3S"], phase=PLAY)
    state, _ = RULES.apply(state, LayDown((meld("QS KS JK"), meld("10H 10D 10C"))))
    assert state.melds[0].describe() == "Q♠ K♠ [A♠]"


def test_taking_the_discard_before_melding_needs_it_in_a_51_meld():
    state = position(["KS KH 2C 5D", "3S"], discard="7H")
    with pytest.raises(IllegalAction, match="only to use it in a first meld of 51"):
        RULES.apply(state, Draw(DISCARD))
    assert Draw(DISCARD) not in RULES.legal_actions(state)


def test_discard_taken_for_the_first_meld_must_go_into_it_before_anything_else():
    state = position(["KS KH QS QH QD JS JH JD 5C", "3S"], discard="KD")
    state, _ = RULES.apply(state, Draw(DISCARD))
    with pytest.raises(IllegalAction, match="first lay it in your first meld"):
        RULES.apply(state, Discard(cards("5C")[0]))
    with pytest.raises(IllegalAction, match="must be in this first meld"):
        RULES.apply(state, LayDown((meld("QS QH QD"), meld("JS JH JD"))))
    state, _ = RULES.apply(state, LayDown((meld("KS KH KD"), meld("QS QH QD"))))
    assert state.melded[0] and state.phase == PLAY


def test_a_melded_player_may_take_the_discard_freely():
    state = position(["2C 5D", "3S"], discard="7H", melded=(True, False))
    state, _ = RULES.apply(state, Draw(DISCARD))
    assert cards("7H")[0] in state.hands[0]


def test_laying_off_needs_a_first_meld_but_may_follow_it_the_same_turn():
    table = [(1, "5S 6S 7S")]
    state = position(["8S KH KD KC QH QD QC 2D", "3S"], phase=PLAY, melds=table)
    with pytest.raises(IllegalAction, match="only after your first meld"):
        RULES.apply(state, LayOff(0, tuple(cards("8S"))))
    state, _ = RULES.apply(state, LayDown((meld("KH KD KC"), meld("QH QD QC"))))
    state, _ = RULES.apply(state, LayOff(0, tuple(cards("8S"))))
    assert state.melds[0].describe() == "5♠ 6♠ 7♠ 8♠"


def test_lay_off_that_does_not_fit_is_refused_with_the_meld_and_the_rule_named():
    state = position(
        ["9H 9S 7H 2D", "3S"],
        phase=PLAY,
        melds=[(1, "5S 6S 7S"), (1, "6S 6D 6C")],
        melded=(True, True),
    )
    with pytest.raises(IllegalAction, match="9♥ cannot join 5♠ 6♠ 7♠: a sequence is all one suit"):
        RULES.apply(state, LayOff(0, tuple(cards("9H"))))
    with pytest.raises(IllegalAction, match="9♠ cannot be added to 5♠ 6♠ 7♠: a sequence grows"):
        RULES.apply(state, LayOff(0, tuple(cards("9S"))))
    with pytest.raises(IllegalAction, match="7♥ cannot join 6♠ 6♦ 6♣: a group holds cards of one"):
        RULES.apply(state, LayOff(1, tuple(cards("7H"))))


def test_any_player_may_swap_a_joker_for_the_card_it_stands_for():
    state = position(["7S 2D", "3S"], phase=PLAY, melds=[(1, "5S 6S JK")])
    assert state.melds[0].describe() == "[4♠] 5♠ 6♠"  # first reading: the joker below
    with pytest.raises(IllegalAction, match="No joker"):
        RULES.apply(state, SwapJoker(0, cards("7S")[0]))
    state = position(["4S 2D", "3S"], phase=PLAY, melds=[(1, "5S 6S JK")])
    state, _ = RULES.apply(state, SwapJoker(0, cards("4S")[0]))
    assert state.melds[0].describe() == "4♠ 5♠ 6♠"
    assert any(c.is_joker for c in state.hands[0])


def test_a_joker_in_a_group_is_swapped_only_for_its_named_suit():
    state = position(["7C 7D 2D", "3S"], phase=PLAY, melds=[(1, "7H 7S JK")])
    named = state.melds[0].substitutes[0].suit
    other = "C" if named == "D" else "D"
    with pytest.raises(IllegalAction):
        RULES.apply(state, SwapJoker(0, cards(f"7{other}")[0]))
    state, _ = RULES.apply(state, SwapJoker(0, cards(f"7{named}")[0]))
    assert state.melds[0].is_pure


def test_going_out_by_discarding_charges_others_their_cards():
    state = position(["5D", "AS JK KH 2C"], phase=PLAY, melded=(True, False))
    state, events = RULES.apply(state, Discard(cards("5D")[0]))
    scored = next(e for e in events if isinstance(e, DealScored))
    assert scored.changes == (0, 15 + 25 + 10 + 2)
    assert state.totals == (0, 52) and state.phase == DEAL_OVER
    assert state.history[-1].out == 0


def test_going_out_by_laying_off_the_last_card():
    state = position(["8S", "2C"], phase=PLAY, melds=[(1, "5S 6S 7S")], melded=(True, True))
    state, _ = RULES.apply(state, LayOff(0, tuple(cards("8S"))))
    assert state.phase == DEAL_OVER and state.history[-1].out == 0


STRONG = "2C 3C KS KH KD QS QH QD"  # a first meld is still possible (stalemate.py)


def test_empty_stock_is_rebuilt_from_the_discards_with_a_new_up_card():
    state = position(["5D 6D", STRONG], stock="", discard="9H 9S 9C", phase=PLAY)
    state, _ = RULES.apply(state, Discard(cards("5D")[0]))
    assert len(state.stock) == 3 and len(state.discard) == 1
    assert Counter(state.stock + state.discard) == Counter(cards("9H 9S 9C 5D"))


def test_nothing_left_to_reshuffle_ends_the_deal_as_a_draw():
    state = position(["5D 6D", STRONG], stock="", discard="", phase=PLAY)
    state, _events = RULES.apply(state, Discard(cards("5D")[0]))
    assert state.phase == DEAL_OVER
    assert state.history[-1].out is None and state.totals == (0, 0)


CLOSED_GROUPS = [(0, "AS AC AH AD"), (1, "QS QD QC QH"), (0, "4S 4H 4C 4D")]


def test_a_deal_nobody_can_ever_go_out_of_is_drawn():
    # Every hand is down to one card and every meld is a full group of four suits:
    # two cards after drawing can neither meld nor lay off, so the deal would never end.
    state = position(["JK 7H", "9C"], melds=CLOSED_GROUPS, melded=(True, True), phase=PLAY)
    state, events = RULES.apply(state, Discard(cards("7H")[0]))
    scored = next(e for e in events if isinstance(e, DealScored))
    assert state.phase == DEAL_OVER and state.history[-1].out is None
    assert state.totals == (0, 0) and "nobody can ever go out" in str(scored.note)


def test_a_meld_that_can_still_grow_keeps_the_deal_going():
    melds = [*CLOSED_GROUPS, (1, "5H 6H 7H")]
    state = position(["JK 7D", "9C"], melds=melds, melded=(True, True), phase=PLAY)
    state, _ = RULES.apply(state, Discard(cards("7D")[0]))
    assert state.phase != DEAL_OVER and state.seat == 1


def test_two_cards_in_a_hand_keep_the_deal_going():
    state = position(["JK 7H", "9C 9D"], melds=CLOSED_GROUPS, melded=(True, True), phase=PLAY)
    state, _ = RULES.apply(state, Discard(cards("7H")[0]))
    assert state.phase != DEAL_OVER and state.seat == 1


def test_game_ends_at_150_and_the_lowest_total_wins():
    state = position(["5D", "KS KH KD", "KC QS QH"], phase=PLAY, melded=(True, False, False))
    state = replace(state, totals=(140, 120, 100))
    state, _ = RULES.apply(state, Discard(cards("5D")[0]))
    assert state.phase == GAME_OVER and state.to_act is None
    assert state.totals == (140, 150, 130)
    assert RULES.results(state).winners == (2,)


def test_below_150_the_game_goes_on():
    state = position(["5D", "2S", "2H"], phase=PLAY, melded=(True, False, False))
    state = replace(state, totals=(100, 147, 100))
    state, _ = RULES.apply(state, Discard(cards("5D")[0]))
    assert state.phase == DEAL_OVER and RULES.results(state).winners == ()


def test_tied_lowest_totals_share_the_win():
    state = position(["5D", "2S", "KS KH KD QS QH"], phase=PLAY, melded=(True, False, False))
    state = replace(state, totals=(140, 138, 100))
    state, _ = RULES.apply(state, Discard(cards("5D")[0]))
    assert state.totals == (140, 140, 150)
    assert RULES.results(state).winners == (0, 1)


def test_drawing_twice_or_discarding_before_drawing_is_refused():
    state = position(["5D 6D", "2C"])
    with pytest.raises(IllegalAction, match="First draw a card"):
        RULES.apply(state, Discard(cards("5D")[0]))
    state, _ = RULES.apply(state, Draw(STOCK))
    with pytest.raises(IllegalAction, match="already drawn"):
        RULES.apply(state, Draw(STOCK))


def test_a_card_not_in_hand_is_refused():
    state = position(["5D 6D", "2C"], phase=PLAY)
    with pytest.raises(IllegalAction, match="not in your hand"):
        RULES.apply(state, Discard(cards("KS")[0]))


def test_view_shows_own_hand_and_only_counts_of_others():
    state = position(["5D 6D", "2C 3C 4C"])
    view = RULES.view(state, 1)
    assert view.hand == hand("2C 3C 4C")
    assert view.hand_sizes == (2, 3) and view.stock_size == 5


def test_public_helpers_best_opening_and_penalty():
    assert best_opening(cards("QS KS AS 10H 10D 10C 4D")) == 65
    assert best_opening(cards("2S 5H 9C")) == 0
    assert penalty(cards("AS JK KH 7C")) == 15 + 25 + 10 + 7
    assert penalty(cards("AS JK"), CardValues(ace=11, joker=15)) == 11 + 15
