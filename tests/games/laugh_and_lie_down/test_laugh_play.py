"""Scenario tests for the deal, captures, lying down and the end of a deal
(rules/laugh_and_lie_down.md)."""

from collections import Counter
from itertools import pairwise

import pytest

from game.engine.actions import NextDeal, Pass
from game.engine.errors import IllegalAction
from game.engine.events import CardMoved, DealScored
from game.games.laugh_and_lie_down import RULES, Capture, LaughOptions, LieDown
from game.games.laugh_and_lie_down.dealing import draw_for_dealer, high_rank
from game.games.laugh_and_lie_down.state import DEAL_OVER, PLAY
from tests.games.laugh_and_lie_down.position import position
from tests.helpers import hand


def card(text: str):
    return hand(text)[0]


@pytest.mark.parametrize(("players", "size"), [(5, 8), (4, 10)])
def test_each_player_gets_8_or_10_cards_and_12_lie_face_up(players, size):
    state = RULES.new_game(LaughOptions(players=players), seed=3)
    assert [len(h) for h in state.hands] == [size] * players
    assert len(state.layout) == 12
    ids = Counter(c.id for c in RULES.all_cards(state))
    assert len(ids) == 52 and set(ids.values()) == {1}
    assert not any(c.is_joker for c in RULES.all_cards(state))


@pytest.mark.parametrize(("players", "pot"), [(5, 11), (4, 9)])
def test_antes_are_two_chips_each_and_three_from_the_dealer(players, pot):
    state = RULES.new_game(LaughOptions(players=players), seed=1)
    assert state.pot == pot
    expected = tuple(47 if seat == state.dealer else 48 for seat in range(players))
    assert state.chips == expected


def test_first_dealer_is_the_highest_card_with_aces_high_and_ties_drawing_again():
    ties = 0
    for seed in range(40):
        dealer, _counter, rounds = draw_for_dealer(seed, 0, 5)
        assert [seat for seat, _ in rounds[0]] == [0, 1, 2, 3, 4]
        for before, after in pairwise(rounds):
            best = max(high_rank(c) for _, c in before)
            assert [s for s, _ in after] == [s for s, c in before if high_rank(c) == best]
            ties += 1
        final = dict(rounds[-1])
        assert all(high_rank(final[dealer]) > high_rank(c) for s, c in final.items() if s != dealer)
    assert ties, "over 40 seeds some draw ties and is drawn again"
    assert high_rank(card("AS")) > high_rank(card("KS")) > high_rank(card("2S"))


def test_play_starts_left_of_the_dealer_and_the_deal_passes_left():
    state = RULES.new_game(LaughOptions(), seed=2)
    assert state.seat == (state.dealer + 1) % 5
    finished = position(["KH", "9C 4D", "", ""], "KS 2D", dealer=3)
    finished, _ = RULES.apply(finished, Capture(card("KH"), card("KS")))
    assert finished.phase == DEAL_OVER
    assert RULES.legal_actions(finished) == [NextDeal()]
    following, _ = RULES.apply(finished, NextDeal())
    assert following.dealer == 0 and following.seat == 1 and following.phase == PLAY


def test_capturing_the_only_card_of_a_rank_takes_it_with_the_played_card():
    state = position(["KH 4C", "9C 4D", "2S 3S", "5S 6S"], "KS 2D 7H")
    state, events = RULES.apply(state, Capture(card("KH"), card("KS")))
    assert state.captured[0] == hand("KH KS")
    assert state.hands[0] == hand("4C")
    assert state.layout == hand("2D 7H")
    assert CardMoved(card("KS"), "layout", "captured:0") in events
    assert state.seat == 1  # the turn passes left


@pytest.mark.parametrize("target", ["7S", "7D"])
def test_with_two_of_a_rank_in_the_layout_only_the_chosen_one_is_taken(target):
    state = position(["7H 4C", "9C 4D", "2S 3S", "5S 6S"], "7S 7D 2D")
    state, _ = RULES.apply(state, Capture(card("7H"), card(target)))
    other = "7D" if target == "7S" else "7S"
    assert state.captured[0] == hand(f"7H {target}")
    assert state.layout == hand(f"{other} 2D")
    legal = RULES.legal_actions(position(["7H 4C", "9C", "2S", "5S"], "7S 7D 2D"))
    assert {a.target for a in legal if isinstance(a, Capture)} == set(hand("7S 7D"))


def test_with_three_of_a_rank_in_the_layout_all_three_are_taken():
    state = position(["7H 4C", "9C 4D", "2S 3S", "5S 6S"], "7S 7D 7C 2D")
    state, _ = RULES.apply(state, Capture(card("7H"), card("7D")))
    assert sorted(state.captured[0]) == sorted(hand("7H 7S 7D 7C"))
    assert state.layout == hand("2D")


def test_a_capture_needs_the_same_rank_a_held_card_and_a_layout_card():
    state = position(["7H 4C", "9C 4D", "2S 3S", "5S 6S"], "7S KD")
    with pytest.raises(IllegalAction, match="the 7♥ takes 7s, not the K♦"):
        RULES.apply(state, Capture(card("7H"), card("KD")))
    with pytest.raises(IllegalAction, match="7♣ is not in your hand"):
        RULES.apply(state, Capture(card("7C"), card("7S")))
    with pytest.raises(IllegalAction, match="You may not pass your turn: capture with a card"):
        RULES.apply(state, Pass())
    with pytest.raises(IllegalAction, match="4♦ is not on the table"):
        RULES.apply(state, Capture(card("4C"), card("4D")))


def test_captured_cards_are_public_to_every_seat():
    state = position(["KH 4C", "9C 4D", "2S 3S", "5S 6S"], "KS 2D")
    state, _ = RULES.apply(state, Capture(card("KH"), card("KS")))
    for seat in range(4):
        view = RULES.view(state, seat)
        assert view.captured[0] == hand("KH KS")
        assert view.hand_sizes == (1, 2, 2, 2)
    assert RULES.view(state, 2).hand == hand("2S 3S")


def test_with_no_matching_card_the_player_must_lie_down():
    state = position(["4C 8H", "9C 4D", "2S 3S", "5S 6S"], "KS 2D")
    assert RULES.legal_actions(state) == [LieDown()]
    state, events = RULES.apply(state, LieDown())
    assert state.lain_down[0] and state.hands[0] == ()
    assert state.layout == hand("KS 2D 4C 8H")
    assert CardMoved(card("8H"), "hand:0", "layout") in events
    # play skips the player from now on: seats 1 and 2 capture, 3 lies down, then 1 again
    state, _ = RULES.apply(state, Capture(card("4D"), card("4C")))
    state, _ = RULES.apply(state, Capture(card("2S"), card("2D")))
    assert state.seat == 3
    state, _ = RULES.apply(state, LieDown())
    assert state.seat == 1


def test_lying_down_is_refused_while_a_capture_exists():
    state = position(["4C KH", "9C 4D", "2S 3S", "5S 6S"], "KS 2D")
    with pytest.raises(IllegalAction, match="matches the layout: your K♥ can capture the K♠"):
        RULES.apply(state, LieDown())
    assert LieDown() not in RULES.legal_actions(state)


def test_the_deal_ends_when_one_player_is_left_and_the_dealer_takes_layout_and_hand():
    state = position(["KH", "9C 4D", "", ""], "KS 2D", dealer=3, captured=["", "", "", "AS AH"])
    state, events = RULES.apply(state, Capture(card("KH"), card("KS")))
    assert state.phase == DEAL_OVER
    assert state.last_player == 1
    assert sorted(state.captured[3]) == sorted(hand("AS AH 2D 9C 4D"))
    assert state.hands == ((), (), (), ())
    assert state.layout == ()
    scored = next(e for e in events if isinstance(e, DealScored))
    assert scored.winner == 1
    assert state.history[-1].dealer_share == hand("2D 9C 4D")


def test_the_deal_ends_when_the_second_last_player_lies_down():
    state = position(["4C", "9C KD", "", "", ""], "KS 2D", dealer=4, seat=0)
    state, _ = RULES.apply(state, LieDown())
    assert state.phase == DEAL_OVER
    assert state.last_player == 1
    assert sorted(state.captured[4]) == sorted(hand("KS 2D 4C 9C KD"))


def test_the_last_player_cannot_play_on():
    state = position(["KH", "KD 4D", "", ""], "KS KC", dealer=3)
    state, _ = RULES.apply(state, Capture(card("KH"), card("KS")))
    # seat 1 could capture the K♣, but only one player is left: the deal is over
    assert state.phase == DEAL_OVER
    assert card("KD") in state.captured[3] and card("KC") in state.captured[3]


def test_a_bot_left_last_with_dead_cards_gets_one_last_chance_to_declare():
    # The K♥ capture leaves seat 1 last, holding two 5s whose other two are captured.
    state = position(["KH", "5D 5C 9C", "", ""], "KS 2D", ["5S 5H", "", "", ""], dealer=3)
    state, _ = RULES.apply(state, Capture(card("KH"), card("KS")))
    assert state.phase != DEAL_OVER and state.seat == 1
    declared, _ = RULES.apply(state, RULES.legal_actions(state)[0])
    declared, _ = RULES.apply(declared, Pass())
    assert declared.phase == DEAL_OVER
    assert sorted(declared.captured[1]) == sorted(hand("5D 5C"))
    passed, _ = RULES.apply(state, Pass())
    assert sorted(passed.captured[3]) == sorted(hand("2D 5D 5C 9C"))
