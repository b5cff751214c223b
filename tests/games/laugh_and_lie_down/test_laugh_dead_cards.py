"""Scenario tests for dead-card declarations, auto-declare and claims by other players
(rules/laugh_and_lie_down.md, "Declaring dead cards")."""

import random
from dataclasses import replace

import pytest

from game.ai.playout import PlayoutBot
from game.engine.actions import NextDeal, Pass
from game.engine.errors import IllegalAction
from game.engine.messages import Seat, Term, msg
from game.games.laugh_and_lie_down import (
    RULES,
    Capture,
    ClaimDead,
    DeclareDead,
    LaughOptions,
    LieDown,
    dead_sets,
    public_table,
)
from game.games.laugh_and_lie_down.messages import TOO_EARLY
from game.games.laugh_and_lie_down.state import CLAIMS, PLAY
from tests.games.laugh_and_lie_down.position import position
from tests.helpers import hand


def card(text: str):
    return hand(text)[0]


def declare(text: str) -> DeclareDead:
    return DeclareDead(hand(text))


# -- declaring your own dead cards ---------------------------------------------------------


def test_four_of_a_rank_in_hand_are_declared_all_four():
    state = position(["7S 7H 7D 7C KH", "9C 4D", "2S 3S", "5S 6S"], "KS 2D")
    assert declare("7S 7H 7D 7C") in RULES.legal_actions(state)
    with pytest.raises(IllegalAction, match="Four 7s in one hand are all dead"):
        RULES.apply(state, declare("7S 7H"))
    state, _ = RULES.apply(state, declare("7S 7H 7D 7C"))
    assert state.captured[0] == hand("7S 7H 7D 7C")
    assert state.hands[0] == hand("KH")


def test_two_of_a_rank_are_dead_only_once_the_other_two_are_captured():
    early = position(["9S 9H KH", "9C 4D", "2S 3S", "5S 6S"], "KS 2D", ["", "", "9D", ""])
    with pytest.raises(IllegalAction, match="other two are captured; 1 of them is still in play"):
        RULES.apply(early, declare("9S 9H"))
    assert not any(isinstance(a, DeclareDead) for a in RULES.legal_actions(early))
    dead = position(["9S 9H KH", "3C 4D", "2S 3S", "5S 6S"], "KS 2D", ["", "", "9D 9C", ""])
    state, _ = RULES.apply(dead, declare("9S 9H"))
    assert state.captured[0] == hand("9S 9H")


def test_with_three_of_a_rank_two_are_declared_and_the_third_still_captures():
    state = position(["QS QH QD 4C", "9C 4D", "2S 3S", "5S 6S"], "KS 2D")
    with pytest.raises(IllegalAction, match="three queens in hand two are dead"):
        RULES.apply(state, declare("QS QH QD"))
    state, _ = RULES.apply(state, declare("QH QD"))  # any two: the player chooses
    assert state.captured[0] == hand("QH QD")
    assert state.hands[0] == hand("QS 4C")
    assert state.phase == PLAY and state.seat == 0  # declaring does not use the turn
    state, _ = RULES.apply(state, LieDown())
    assert state.seat == 1


def test_a_single_card_or_mixed_ranks_are_never_declared():
    state = position(["QS QH 4C", "9C 4D", "2S 3S", "5S 6S"], "KS 2D")
    with pytest.raises(IllegalAction, match="single 4 is never dead"):
        RULES.apply(state, declare("4C"))
    with pytest.raises(IllegalAction, match="one rank at a time"):
        RULES.apply(state, declare("QS 4C"))
    with pytest.raises(IllegalAction, match="not in your hand"):
        RULES.apply(state, declare("QS QD"))


def test_declaring_the_whole_hand_puts_the_player_out_and_passes_the_turn():
    state = position(["JS JH JD JC", "9C 4D", "2S 3S", "5S 6S"], "KS 9D")
    state, _ = RULES.apply(state, declare("JS JH JD JC"))
    assert state.hands[0] == () and state.seat == 1
    assert 0 not in state.active()


# -- auto-declare for human seats ------------------------------------------------------------


def test_auto_declare_acts_for_human_seats_the_moment_cards_die():
    # Seat 0 captures the second 8; seats 1 (human) and 2 (bot) ... seat 1 holds the other two.
    state = position(["8S 4C", "8D 8C 3H", "2S 3S", "5S 6S"], "8H 2D", humans=(1,))
    state, _ = RULES.apply(state, Capture(card("8S"), card("8H")))
    assert sorted(state.captured[1]) == sorted(hand("8D 8C"))
    assert state.hands[1] == hand("3H")


def test_auto_declare_leaves_bots_to_declare_for_themselves():
    state = position(["8S 4C", "8D 8C 3H", "2S 3S", "5S 6S"], "8H 2D", humans=(0,))
    state, _ = RULES.apply(state, Capture(card("8S"), card("8H")))
    assert state.hands[1] == hand("8D 8C 3H")
    assert declare("8D 8C") in RULES.legal_actions(state)


def test_with_auto_declare_no_human_hand_ever_holds_dead_cards():
    options = LaughOptions(players=5, rounds=1, humans=(0, 1, 2, 3, 4))
    declared = 0
    for seed in range(3):
        state, bot = RULES.new_game(options, seed), PlayoutBot(seed)
        while not state.finished:
            for seat in range(5):
                assert not dead_sets(state.hands[seat], state.captured)
            assert not any(isinstance(a, DeclareDead) for a in RULES.legal_actions(state))
            state, events = RULES.apply(state, bot.choose(RULES.legal_actions(state)))
            declared += sum("(automatically)" in getattr(e, "text", "") for e in events)
    assert declared > 0


# -- claims by other players (auto-declare off) ----------------------------------------------


def endgame(**overrides):
    """Four players, 2 and 3 out. Seat 1 sits on two 7s whose other two are captured;
    every card not named lies in seat 2's captured pile."""
    values = dict(
        hands=["KH 9C", "7D 7C 5H", "", ""],
        layout="KS 2D",
        captured=["", "", "", "7S 7H"],
        auto_declare=False,
        rest=2,
    )
    values.update(overrides)
    return position(values.pop("hands"), values.pop("layout"), values.pop("captured"), **values)


def test_a_proved_claim_takes_the_dead_cards_into_the_claimers_pile():
    state, _ = RULES.apply(endgame(), Capture(card("KH"), card("KS")))
    assert state.phase == CLAIMS and state.seat == 1  # the holder is asked first
    state, _ = RULES.apply(state, Pass())
    assert state.seat == 0  # seats 2 and 3 cannot prove anything and are not asked
    assert ClaimDead(1, 7) in RULES.legal_actions(state)
    view = RULES.view(state, 0)  # a bot works the claim out from its view alone
    assert public_table(view).claims(0, view.hand) == [(1, 7)]
    state, _ = RULES.apply(state, ClaimDead(1, 7))
    assert sorted(state.captured[0]) == sorted(hand("KH KS 7D 7C"))
    assert state.hands[1] == hand("5H")
    state, _ = RULES.apply(state, Pass())
    assert state.phase == PLAY and state.seat == 1


def test_the_holder_asked_first_may_declare_instead():
    state, _ = RULES.apply(endgame(), Capture(card("KH"), card("KS")))
    state, _ = RULES.apply(state, declare("7D 7C"))
    assert sorted(state.captured[1]) == sorted(hand("7D 7C"))
    state, _ = RULES.apply(state, Pass())
    assert state.phase == PLAY  # nothing left that anyone could claim


def test_a_wrong_claim_is_refused_with_the_reason_and_costs_nothing():
    state, _ = RULES.apply(endgame(), Capture(card("KH"), card("KS")))
    state, _ = RULES.apply(state, Pass())
    with pytest.raises(IllegalAction, match="cannot show that Player 2 holds dead 5s"):
        RULES.apply(state, ClaimDead(1, 5))
    with pytest.raises(IllegalAction, match="own cards"):
        RULES.apply(state, ClaimDead(0, 9))
    with pytest.raises(IllegalAction, match="Player 3 holds fewer than two cards"):
        RULES.apply(state, ClaimDead(2, 7))
    assert state.chips == (50, 50, 50, 50)


def test_a_claim_that_only_a_guess_could_make_is_refused():
    # Seat 2 still holds two cards, so seat 0 cannot tell whether seat 1 has both 7s.
    state = endgame(hands=["KH 9C", "7D 7C 5H", "4H 4S", ""])
    state, _ = RULES.apply(state, Capture(card("KH"), card("KS")))
    assert state.phase == PLAY  # no claim could be proved: no window
    state = replace(state, phase=CLAIMS, seat=0)
    with pytest.raises(IllegalAction, match="needs proof"):
        RULES.apply(state, ClaimDead(1, 7))


def test_a_holder_keeps_the_first_chance_to_declare():
    # The 7s were captured after seat 1's last chance to declare: nobody may claim yet.
    state = endgame(layout="KS 2D 5S", moment=3, rank_moment={"7": 3}, chance=(2, 2, 2, 2))
    state, _ = RULES.apply(state, Capture(card("KH"), card("KS")))
    assert state.phase == PLAY and state.seat == 1  # no window: nothing claimable yet
    problem = public_table(state).claim_problem(0, 1, 7, state.hands[0])
    assert problem == msg(TOO_EARLY, player=Seat(1), ranks=Term("rank_plural_7"))
    assert str(problem) == (
        "Player 2 has not yet had the chance to declare those 7s: the holder of dead cards "
        "gets the first chance."
    )
    state, _ = RULES.apply(state, Capture(card("5H"), card("5S")))  # lets the chance go
    assert state.phase == CLAIMS and state.seat == 0
    assert ClaimDead(1, 7) in RULES.legal_actions(state)


def test_claims_are_not_made_with_auto_declare_on():
    state = endgame(auto_declare=True)
    state, _ = RULES.apply(state, Capture(card("KH"), card("KS")))
    assert state.phase == PLAY and state.seat == 1
    with pytest.raises(IllegalAction, match="Claims are made after a turn"):
        RULES.apply(state, ClaimDead(1, 7))
    state = replace(state, phase=CLAIMS, seat=0)
    with pytest.raises(IllegalAction, match="auto-declare on"):
        RULES.apply(state, ClaimDead(1, 7))


def last_hand_with_dead_queens():
    """Seat 1 plays out its last card, leaving seat 2 alone with two dead queens."""
    return position(
        ["", "KH", "QS QH 9C", ""],
        "KS 2D",
        ["QC QD", "", "", ""],
        seat=1,
        dealer=0,
        auto_declare=False,
        rest=3,
    )


def test_the_window_asks_seats_in_turn_order_from_the_left_of_the_mover():
    state, _ = RULES.apply(last_hand_with_dead_queens(), Capture(card("KH"), card("KS")))
    asked = []
    while state.phase == CLAIMS:
        asked.append(state.seat)
        state, _ = RULES.apply(state, Pass())
    assert asked == [2, 3, 0, 1]
    assert sorted(state.captured[0]) == sorted([*hand("QC QD 2D QS QH 9C")])


def test_at_the_end_everyone_may_claim_the_last_players_undeclared_cards():
    state, _ = RULES.apply(last_hand_with_dead_queens(), Capture(card("KH"), card("KS")))
    state, _ = RULES.apply(state, Pass())  # seat 2 does not declare
    assert state.seat == 3 and RULES.legal_actions(state) == [ClaimDead(2, 12), Pass()]
    state, _ = RULES.apply(state, ClaimDead(2, 12))
    assert hand("QS QH") == tuple(c for c in state.captured[3] if c in hand("QS QH"))
    while state.phase == CLAIMS:
        state, _ = RULES.apply(state, Pass())
    assert state.history[-1].dealer_share == hand("2D 9C")


def test_whether_a_seat_is_asked_never_depends_on_hidden_cards():
    options = LaughOptions(players=5, rounds=1, auto_declare=False)
    for seed in range(4):
        state, bot, shuffler = RULES.new_game(options, seed), PlayoutBot(seed), random.Random(seed)
        while not state.finished:
            action = bot.choose(RULES.legal_actions(state))
            if state.phase == PLAY and isinstance(action, Capture | LieDown):
                # deal the cards of the other hands afresh, hand sizes kept
                others = [s for s in range(5) if s != state.seat]
                pool = [c for s in others for c in state.hands[s]]
                shuffler.shuffle(pool)
                hands = list(state.hands)
                for s in others:
                    hands[s], pool = tuple(pool[: len(hands[s])]), pool[len(hands[s]) :]
                twin = replace(state, hands=tuple(hands))
                after, twin_after = RULES.apply(state, action)[0], RULES.apply(twin, action)[0]
                if after.last_player is None:  # at the very end the last hand is public
                    assert (after.phase, after.seat, after.asking) == (
                        twin_after.phase,
                        twin_after.seat,
                        twin_after.asking,
                    )
            state, _ = RULES.apply(state, action)


def test_moves_out_of_their_moment_are_refused_with_a_reason():
    window, _ = RULES.apply(endgame(), Capture(card("KH"), card("KS")))
    assert window.phase == CLAIMS
    with pytest.raises(IllegalAction, match="Wait for your turn"):
        RULES.apply(window, Capture(card("5H"), card("2D")))
    with pytest.raises(IllegalAction, match="still being played"):
        RULES.apply(window, NextDeal())
    with pytest.raises(IllegalAction, match="You may not pass your turn"):
        RULES.apply(endgame(), Pass())
    with pytest.raises(IllegalAction, match="Claims are made after a turn"):
        RULES.apply(endgame(), ClaimDead(1, 7))
