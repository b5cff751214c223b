"""The rules of Kalooki 51 online and Kalooki 40, each an option of its own (issue 27,
section 2): aces 11, the low ace 1 in the opening, the last card discarded, a joker in
hand 15, the reshuffle keeping the top discard, the last player standing, 106 cards."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.engine.actions import STOCK, Discard, Draw, LayDown, LayOff, NextDeal
from game.engine.codec import encode
from game.engine.errors import IllegalAction
from game.engine.events import GameOver, Said
from game.engine.melds import arrangements, loose_meld
from game.games.kaluki import POLICY, RULES, KalukiOptions
from game.games.kaluki.scoring import meld_total
from game.games.kaluki.state import DEAL_OVER, DRAW, GAME_OVER, PLAY
from tests.games.kaluki.position import position
from tests.helpers import cards


def meld(text: str):
    return loose_meld(cards(text))


def _go_out(state, card: str):
    return RULES.apply(state, Discard(cards(card)[0]))


# -- aces 11 (Kalooki 51 online) --------------------------------------------------------


def test_aces_count_11_in_hand_and_in_the_opening():
    state = position(["5D", "AS AH 2C"], phase=PLAY, melded=(True, False), ace_eleven=True)
    state, _ = _go_out(state, "5D")
    assert state.totals == (0, 11 + 11 + 2)
    opening = position(["AH AD AC QS KS AS 5C", "3S"], phase=PLAY, ace_eleven=True)
    (down,) = [a for a in RULES.legal_actions(opening) if isinstance(a, LayDown)]
    assert meld_total(down.melds, opening.options.values) == 33 + 31  # 80 with aces 15


# -- the low ace (Kalooki 40) ------------------------------------------------------------


def test_a_low_ace_counts_1_towards_the_opening_with_the_option():
    hand = ["AS 2S 3S KH KD KC 9C", "4D"]
    plain = position(hand, phase=PLAY, ace_eleven=True, come_down=41)
    low = position(hand, phase=PLAY, ace_eleven=True, come_down=41, low_ace_one=True)
    run_and_kings = (meld("AS 2S 3S"), meld("KH KD KC"))
    state, _ = RULES.apply(plain, LayDown(run_and_kings))  # 11 + 2 + 3 + 30 = 46
    assert state.melded[0]
    with pytest.raises(IllegalAction, match="must total 41; these cards make 36"):
        RULES.apply(low, LayDown(run_and_kings))  # 1 + 2 + 3 + 30 = 36


def read(text: str, reading: str):
    (found,) = [m for m in arrangements(cards(text), POLICY) if m.describe() == reading]
    return found


def test_a_high_ace_and_a_group_of_aces_keep_11_with_the_low_ace_option():
    values = KalukiOptions(players=2, ace_eleven=True, low_ace_one=True).values
    assert meld_total((read("QS KS AS", "Q♠ K♠ A♠"),), values) == 31
    assert meld_total((read("AS AH AD", "A♠ A♥ A♦"),), values) == 33
    assert meld_total((read("AS 2S 3S", "A♠ 2♠ 3♠"),), values) == 6
    assert meld_total((read("JK 2S 3S", "[A♠] 2♠ 3♠"),), values) == 6  # a joker as the low ace
    assert meld_total((read("JK 2S 3S", "2♠ 3♠ [4♠]"),), values) == 9


def test_the_legal_opening_values_the_low_ace_at_1():
    hand = ["AS 2S 3S 4S KH KD KC 9C", "4D"]
    state = position(hand, phase=PLAY, ace_eleven=True, low_ace_one=True, come_down=40)
    (down,) = [a for a in RULES.legal_actions(state) if isinstance(a, LayDown)]
    assert meld_total(down.melds, state.options.values) == 1 + 2 + 3 + 4 + 30


def test_a_low_ace_left_in_hand_still_costs_the_ace_value():
    state = position(["5D", "AS 2S"], phase=PLAY, melded=(True, False), ace_eleven=True)
    state = replace(state, options=replace(state.options, low_ace_one=True))
    state, _ = _go_out(state, "5D")
    assert state.totals == (0, 13)


# -- the last card discarded (Kalooki 40) -----------------------------------------------


def test_the_last_cards_cannot_all_go_down_when_going_out_needs_a_discard():
    state = position(
        ["5S 6S 7S", "2C"], phase=PLAY, melds=[(1, "2S 3S 4S")], melded=(True, True),
        go_out_by_discard=True,
    )  # fmt: skip
    with pytest.raises(IllegalAction, match="Keep one card to discard"):
        RULES.apply(state, LayDown((meld("5S 6S 7S"),)))
    state, _ = RULES.apply(state, LayOff(0, tuple(cards("5S 6S"))))
    state, _ = _go_out(state, "7S")
    assert state.phase == DEAL_OVER and state.history[-1].out == 0


# -- a joker in hand costs 15 (Kalooki 40) ----------------------------------------------


@pytest.mark.parametrize(("cost", "total"), [(25, 25 + 7), (15, 15 + 7)])
def test_a_joker_left_in_hand_costs_what_the_option_says(cost, total):
    state = position(
        ["5D", "JK 7C"], phase=PLAY, melded=(True, False), joker_penalty=cost, target=300
    )
    state, _ = _go_out(state, "5D")
    assert state.totals == (0, total)


def test_a_joker_penalty_other_than_25_or_15_is_refused():
    with pytest.raises(ValueError, match="Joker in hand costs: 20 is not one of 25, 15"):
        KalukiOptions(joker_penalty=20)


# -- the reshuffle keeps the top discard (Kalooki 40) ----------------------------------


@pytest.mark.parametrize("keep", [False, True])
def test_the_reshuffle_keeps_the_top_discard_with_the_option(keep):
    options = {"reshuffle": "keep_top"} if keep else {}
    state = position(
        ["5D 9S", "7C 8C"], stock="", discard="JH QH KH", phase=PLAY, come_down=10, **options
    )
    state, events = _go_out(state, "9S")  # the stock is empty: rebuilt now
    assert state.phase == DRAW and state.seat == 1
    if keep:
        assert state.discard == tuple(cards("9S")) and set(state.stock) == set(cards("JH QH KH"))
    else:
        assert len(state.discard) == 1 and len(state.stock) == 3
        assert set(state.stock) | set(state.discard) == set(cards("JH QH KH 9S"))
    assert any(isinstance(e, Said) and e.message.key == "kaluki.reshuffled" for e in events)


def test_keep_top_with_the_last_discard_rule_draws_from_the_rest():
    state = position(
        ["5D 9S", "7C 8C"], stock="", discard="JH QH KH", phase=PLAY, come_down=10,
        reshuffle="keep_top", last_discard_before_reshuffle=True,
    )  # fmt: skip
    state, _ = _go_out(state, "9S")
    assert state.stock == () and state.discard[-1] == cards("9S")[0]
    state, _ = RULES.apply(state, Draw(STOCK))  # not the 9S: the rest is shuffled
    assert state.discard == tuple(cards("9S")) and len(state.stock) == 2
    assert state.hands[1][-1] in cards("JH QH KH")


# -- the last player standing (Kalooki 40) ---------------------------------------------


def test_a_player_above_the_target_is_out_and_the_others_play_on():
    state = position(["5D", "KS KH", "2C"], phase=PLAY, ending="last_standing", target=150)
    state = replace(state, totals=(0, 140, 10), melded=(True, False, False))
    state, events = _go_out(state, "5D")
    assert state.totals == (0, 160, 12) and state.eliminated == (1,)
    assert state.phase == DEAL_OVER
    assert any(isinstance(e, Said) and e.message.key == "kaluki.out_of_game" for e in events)
    state, _ = RULES.apply(state, NextDeal())
    assert state.hands[1] == () and len(state.hands[0]) == len(state.hands[2]) == 15
    assert state.seat != 1 and state.next_seat(0) == 2 and state.next_seat(2) == 0


def test_a_total_of_exactly_the_target_stays_in_the_game():
    state = position(["5D", "KS", "2C"], phase=PLAY, ending="last_standing", target=150)
    state = replace(state, totals=(0, 140, 10), melded=(True, False, False))
    state, _ = _go_out(state, "5D")
    assert state.totals[1] == 150 and state.eliminated == () and state.phase == DEAL_OVER


def test_the_last_player_left_wins():
    state = position(["5D", "KS KH", "2C"], phase=PLAY, ending="last_standing", target=150)
    state = replace(state, totals=(0, 140, 150), melded=(True, False, False), eliminated=())
    state, events = _go_out(state, "5D")
    assert state.phase == GAME_OVER and state.winners == (0,)
    assert state.eliminated == (1, 2)
    assert any(isinstance(e, GameOver) and e.winners == (0,) for e in events)


def test_when_everyone_left_goes_over_together_the_lowest_of_them_wins():
    state = position(["KS QS", "KH", "9C 9D"], seat=0, phase=PLAY, ending="last_standing")
    state = replace(state, totals=(145, 140, 0), melded=(False, False, True), eliminated=(2,))
    state = replace(state, seat=1, hands=(cards("KS QS"), cards("KH"), ()))
    state = replace(state, melded=(False, True, False))
    state, _ = _go_out(state, "KH")
    assert state.phase == GAME_OVER and state.winners == (1,) and state.totals[0] == 165


def test_the_first_total_to_reach_the_target_ends_the_seed_game():
    state = position(["5D", "KS KH", "2C"], phase=PLAY, target=150)
    state = replace(state, totals=(0, 140, 10), melded=(True, False, False))
    state, _ = _go_out(state, "5D")
    assert state.phase == GAME_OVER and state.winners == (0,) and state.eliminated == ()


# -- the pack: 108 or 106 cards ---------------------------------------------------------


@pytest.mark.parametrize(("jokers", "size"), [(4, 108), (2, 106)])
def test_the_pack_holds_the_jokers_chosen(jokers, size):
    state = RULES.new_game(KalukiOptions(players=4, deal_size=13, jokers=jokers), seed=5)
    every = RULES.all_cards(state)
    assert len(every) == size and sum(card.is_joker for card in every) == jokers


# -- quiet in saves ---------------------------------------------------------------------


def test_the_new_options_and_fields_are_left_out_of_saves_at_their_defaults():
    state = RULES.new_game(KalukiOptions(players=3), seed=1)
    saved = encode(state)
    for name in ("low_ace_one", "joker_penalty", "reshuffle", "ending", "jokers"):
        assert name not in saved["options"]
    assert "eliminated" not in saved and "idle_rebuilds" not in saved
    custom = encode(RULES.new_game(KalukiOptions(players=3, joker_penalty=15), seed=1))
    assert custom["options"]["joker_penalty"] == 15
