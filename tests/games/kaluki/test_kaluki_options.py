"""Each of Kaluki's seven options (and the chips tally), with its own scenarios."""

import pytest

from game.engine.actions import DISCARD, STOCK, Discard, Draw, LayDown, LayOff, Pass, SwapJoker
from game.engine.errors import IllegalAction
from game.engine.melds import loose_meld
from game.games.kaluki import RULES, KalukiOptions
from game.games.kaluki.state import DEAL_OVER, DRAW, FIRST_ROUND, PLAY
from tests.games.kaluki.position import position
from tests.helpers import cards


def meld(text: str):
    return loose_meld(cards(text))


def test_ace_eleven_changes_penalties_and_opening_values():
    state = position(["5D", "AS AH 2C"], phase=PLAY, melded=(True, False), ace_eleven=True)
    state, _ = RULES.apply(state, Discard(cards("5D")[0]))
    assert state.totals == (0, 24)
    # A A A is 45 with aces at 15 (with 7 7 7: 66) but 33 with aces at 11 (+21 = 54)
    opening = position(["AS AH AD 7S 7H 7D 2C", "3S"], phase=PLAY, ace_eleven=True)
    state, _ = RULES.apply(opening, LayDown((meld("AS AH AD"), meld("7S 7H 7D"))))
    assert state.melded[0]
    short = position(["AS AH AD 5S 5H 5D 2C", "3S"], phase=PLAY, ace_eleven=True)
    with pytest.raises(IllegalAction, match="these cards make 48"):
        RULES.apply(short, LayDown((meld("AS AH AD"), meld("5S 5H 5D"))))


def test_first_turn_discard_round_passes_then_someone_takes_the_up_card():
    state = RULES.new_game(KalukiOptions(players=3, first_turn_discard_round=True), seed=2)
    assert state.phase == FIRST_ROUND
    assert set(RULES.legal_actions(state)) == {Draw(DISCARD), Pass()}
    first = state.seat
    with pytest.raises(IllegalAction, match="only take the up-card or pass"):
        RULES.apply(state, Draw(STOCK))
    up_card = state.discard[-1]
    state, _ = RULES.apply(state, Pass())
    assert state.seat == (first + 1) % 3 and state.phase == FIRST_ROUND
    state, _ = RULES.apply(state, Draw(DISCARD))
    assert up_card in state.hands[(first + 1) % 3] and state.phase == PLAY
    state, _ = RULES.apply(state, Discard(state.hands[state.seat][0]))
    assert state.seat == (first + 2) % 3 and state.phase == DRAW  # play goes on after the taker


def test_first_turn_discard_round_everyone_passes_and_the_first_player_draws_stock():
    state = RULES.new_game(KalukiOptions(players=3, first_turn_discard_round=True), seed=2)
    first = state.seat
    for _ in range(3):
        state, _ = RULES.apply(state, Pass())
    assert state.phase == DRAW and state.seat == first
    assert RULES.legal_actions(state) == [Draw(STOCK)]
    with pytest.raises(IllegalAction, match="Everyone passed"):
        RULES.apply(state, Draw(DISCARD))


def test_open_discard_lets_an_unmelded_player_take_any_discard():
    closed = position(["2C 5D", "3S"], discard="7H")
    with pytest.raises(IllegalAction):
        RULES.apply(closed, Draw(DISCARD))
    state = position(["2C 5D", "3S"], discard="7H", open_discard=True)
    state, _ = RULES.apply(state, Draw(DISCARD))
    state, _ = RULES.apply(state, Discard(cards("2C")[0]))  # no obligation to meld it
    assert state.seat == 1


def test_last_discard_before_reshuffle_offers_it_to_the_next_player():
    base = dict(stock="", discard="9H 9S", phase=PLAY, last_discard_before_reshuffle=True)
    state = position(["5D 6D", "5H 5S 2C"], melded=(True, True), **base)
    state, _ = RULES.apply(state, Discard(cards("5D")[0]))
    assert state.stock == () and state.discard[-1] == cards("5D")[0]  # no reshuffle yet
    taken, _ = RULES.apply(state, Draw(DISCARD))
    assert cards("5D")[0] in taken.hands[1]
    # refusing it: the whole pile becomes the stock and no card is turned up
    drawn, _ = RULES.apply(state, Draw(STOCK))
    assert drawn.discard == () and len(drawn.stock) == 2 and len(drawn.hands[1]) == 4


def test_kaluki_bonus_doubles_when_everything_goes_down_in_one_turn():
    hands = ["KS KH KD QC QS QH 5D", "AS 2C"]
    plain = position(hands, phase=PLAY)
    plain, _ = RULES.apply(plain, LayDown((meld("KS KH KD"), meld("QC QS QH"))))
    plain, _ = RULES.apply(plain, Discard(cards("5D")[0]))
    assert plain.totals == (0, 17)
    doubled = position(hands, phase=PLAY, kaluki_bonus=True)
    doubled, _ = RULES.apply(doubled, LayDown((meld("KS KH KD"), meld("QC QS QH"))))
    doubled, _ = RULES.apply(doubled, Discard(cards("5D")[0]))
    assert doubled.totals == (0, 34) and doubled.history[-1].doubled


def test_kaluki_bonus_does_not_apply_to_a_player_who_melded_earlier():
    state = position(["5D", "AS 2C"], phase=PLAY, melded=(True, False), kaluki_bonus=True)
    state, _ = RULES.apply(state, Discard(cards("5D")[0]))
    assert state.totals == (0, 17)


def test_go_out_by_discard_keeps_one_card_back():
    table = [(1, "5S 6S 7S")]
    state = position(["8S", "2C"], phase=PLAY, melds=table, melded=(True, True))
    assert RULES.apply(state, LayOff(0, tuple(cards("8S"))))[0].phase == DEAL_OVER
    strict = position(
        ["8S", "2C"], phase=PLAY, melds=table, melded=(True, True), go_out_by_discard=True
    )
    with pytest.raises(IllegalAction, match="Keep one card to discard"):
        RULES.apply(strict, LayOff(0, tuple(cards("8S"))))
    assert not any(isinstance(a, LayOff) for a in RULES.legal_actions(strict))
    with pytest.raises(IllegalAction, match="Keep one card to discard"):
        strict2 = position(
            ["KS KH KD", "2C"], phase=PLAY, melded=(True, True), go_out_by_discard=True
        )
        RULES.apply(strict2, LayDown((meld("KS KH KD"),)))


def test_swap_needs_own_meld_option_refuses_an_unmelded_swap():
    table = [(1, "5S 6S JK")]
    free = position(["4S 2D", "3S"], phase=PLAY, melds=table)
    assert any(isinstance(a, SwapJoker) for a in RULES.legal_actions(free))
    strict = position(["4S 2D", "3S"], phase=PLAY, melds=table, swap_needs_own_meld=True)
    with pytest.raises(IllegalAction, match="only after your first meld"):
        RULES.apply(strict, SwapJoker(0, cards("4S")[0]))
    assert not any(isinstance(a, SwapJoker) for a in RULES.legal_actions(strict))


def test_chips_tally_pays_the_winner_a_chip_a_card_and_two_a_joker():
    state = position(["5D", "AS JK 2C", "KS"], phase=PLAY, melded=(True, False, False), chips=True)
    state, _ = RULES.apply(state, Discard(cards("5D")[0]))
    assert state.chips == (5, -4, -1)
    off = position(["5D", "AS JK 2C", "KS"], phase=PLAY, melded=(True, False, False))
    off, _ = RULES.apply(off, Discard(cards("5D")[0]))
    assert off.chips == (0, 0, 0)


def test_target_option_ends_the_game_earlier():
    state = position(["5D", "KS KH KD QS QH"], phase=PLAY, melded=(True, False), target=50)
    state, _ = RULES.apply(state, Discard(cards("5D")[0]))
    assert state.finished and RULES.results(state).winners == (0,)


@pytest.mark.parametrize(
    ("values", "message"),
    [({"players": 7}, "above the maximum of 6"), ({"players": 1}, "below the minimum")],
)
def test_impossible_options_are_refused_clearly(values, message):
    with pytest.raises(ValueError, match=message):
        KalukiOptions(**values)
