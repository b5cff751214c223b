"""A turn, declaring, packing and the end of the stock (rules/indian_rummy.md, "A turn",
"Declaring rummy", "Packing", "End of the stock", "Scoring a deal")."""

import pytest

from game.engine.actions import DISCARD, STOCK, Discard, Draw
from game.engine.errors import IllegalAction
from game.engine.events import DealScored
from game.games.indian_rummy import RULES, Declare, Pack
from game.games.indian_rummy.state import (
    DEAL_OVER,
    DRAW,
    FIRST_DROP,
    IN_PLAY,
    MIDDLE_DROP,
    PLAY,
    WRONG_SHOW,
)
from tests.games.indian_rummy.position import position

WINNING = "2S 3S 4S  5H 6H JK  KD KH KC  QD QH QC QS 9C"  # 14 cards: 9C to discard
LOSER = "AC 2C 7D 9D JD 3H 8H 10S 4D 6C KS 5D 10H"  # no pure run: 10+2+7+9+10+3+8+10+4+6+10+5+10


def card(state, seat, text):
    return next(c for c in state.hands[seat] if str(c) == text)


def test_turn_is_draw_then_discard_and_passes_left():
    state = position(["2S 3S 4S 5H 6H 7D 8D 9C 10C JD QD KD AS"] * 3, seat=1)
    assert set(map(type, RULES.legal_actions(state))) == {Draw, Pack}
    with pytest.raises(IllegalAction, match="first take one from the stock"):
        RULES.apply(state, Discard(state.hands[1][0]))
    state, _ = RULES.apply(state, Draw(STOCK))
    assert state.phase == PLAY and len(state.hands[1]) == 14
    with pytest.raises(IllegalAction, match="You take one card a turn"):
        RULES.apply(state, Draw(STOCK))
    state, _ = RULES.apply(state, Discard(state.hands[1][0]))
    assert state.seat == 2 and state.phase == DRAW and len(state.hands[1]) == 13


def test_the_card_taken_from_the_discard_pile_may_not_be_discarded_that_turn():
    state = position(["2S 3S 4S 5H 6H 7D 8D 9C 10C JD QD KD 9D", "AS"], discard="9D")
    state, _ = RULES.apply(state, Draw(DISCARD))
    taken = state.taken
    assert str(taken) == "9D"
    with pytest.raises(IllegalAction, match="took the 9♦ from the discard pile"):
        RULES.apply(state, Discard(taken))
    with pytest.raises(IllegalAction, match="took the 9♦"):
        RULES.apply(state, Declare(taken))
    listed = [a.card for a in RULES.legal_actions(state) if isinstance(a, Discard)]
    assert taken not in listed
    twin = card(state, 0, "9D#1")  # the identical card already in hand may not go either
    assert twin not in listed


def test_a_card_identical_to_the_taken_discard_may_not_be_thrown_back_either():
    # two decks: the hand holds the other A♠; taking one and throwing the twin reads as
    # the same card returned (rules/indian_rummy.md, "A turn")
    state = position(["2S 3S 4S 5H 6H 7D 8D 9C 10C JD QD KD AS", "KC"], discard="AS")
    state, _ = RULES.apply(state, Draw(DISCARD))
    twin = next(c for c in state.hands[0] if c.face == "AS" and c != state.taken)
    with pytest.raises(IllegalAction, match="nor a card identical to it"):
        RULES.apply(state, Discard(twin))
    with pytest.raises(IllegalAction, match="took the A♠"):
        RULES.apply(state, Declare(twin))
    listed = [a.card.face for a in RULES.legal_actions(state) if isinstance(a, Discard)]
    assert "AS" not in listed and len(listed) == 12  # every other face
    state, _ = RULES.apply(state, Discard(card(state, 0, "KD")))  # any other card goes
    assert state.discard[-1].face == "KD"


def test_a_valid_declaration_wins_and_every_loser_pays_their_count():
    third = "2S 3S 4S 5D 5C 9H JH QS KC 4C 6D 8S 9S"
    state = position([WINNING, LOSER, third], phase=PLAY, indicator="JK")  # only jokers wild
    declare = Declare(card(state, 0, "9C"))
    assert declare in RULES.legal_actions(state)
    state, events = RULES.apply(state, declare)
    assert state.phase == DEAL_OVER
    record = state.history[-1]
    # seat 1 has no pure run: 94, capped at 80; seat 2 has 2♠ 3♠ 4♠ only: 85 - 9
    assert record.payments == (80 + 76, -80, -76)
    assert state.balances == record.payments and sum(state.balances) == 0
    assert record.winner == 0 and [e for e in events if isinstance(e, DealScored)]
    assert record.shown[0].melds and not record.shown[0].counted
    assert state.discard[-1].face == "9C"


def test_an_invalid_declaration_is_refused_with_the_reason_and_play_goes_on():
    hand = "2S 3S JK  5H 6H 7D  KD KH KC  QD QH QC QS 9C"
    state = position([hand, LOSER], phase=PLAY)
    assert not [a for a in RULES.legal_actions(state) if isinstance(a, Declare)]
    with pytest.raises(IllegalAction, match=r"cannot declare yet\. There is no pure run"):
        RULES.apply(state, Declare(card(state, 0, "9C")))
    state, _ = RULES.apply(state, Discard(card(state, 0, "9C")))
    assert state.seat == 1 and state.phase == DRAW


def test_wrong_declaration_penalty_drops_the_player_for_80_points():
    hand = "2S 3S JK  5H 6H 7D  KD KH KC  QD QH QC QS 9C"
    three = position([hand, LOSER, WINNING[:-3]], phase=PLAY, wrong_declaration_penalty=True)
    state, _ = RULES.apply(three, Declare(card(three, 0, "9C")))
    assert state.statuses[0] == WRONG_SHOW and state.hands[0] == ()
    assert len(state.set_aside[0]) == 13 and state.discard[-1].face == "9C"
    assert state.seat == 1 and state.phase == DRAW
    # seat 2 later declares: the wrong declarer pays 80, like a packer pays their value
    state, _ = RULES.apply(state, Pack())  # seat 1 packs on a first turn: 10
    assert state.phase == DEAL_OVER  # only seat 2 is left: they win
    assert state.history[-1].payments == (-80, -10, 90)


def test_wrong_declaration_with_one_opponent_left_hands_them_the_deal():
    hand = "2S 3S JK  5H 6H 7D  KD KH KC  QD QH QC QS 9C"
    state = position([hand, LOSER], phase=PLAY, wrong_declaration_penalty=True)
    state, _ = RULES.apply(state, Declare(card(state, 0, "9C")))
    assert state.phase == DEAL_OVER and state.history[-1].winner == 1
    assert state.balances == (-80, 80)


def test_packing_on_the_first_turn_costs_10_and_the_hand_goes_just_above_the_indicator():
    state = position([LOSER, WINNING[:-3], "AS 2D 3D 4H 5S 6S 7S 8C 9H 10D JS QC KH"])
    hand = set(state.hands[0])
    before = state.stock
    state, _ = RULES.apply(state, Pack())
    assert state.statuses[0] == FIRST_DROP and state.hands[0] == ()
    assert state.stock[0] == state.indicator  # still the last card of the stock
    assert set(state.stock[1:14]) == hand  # shuffled in just above it
    assert state.stock[14:] == before[1:]
    assert state.seat == 1


def test_packing_later_costs_40_and_the_hand_is_set_aside_face_down():
    state = position([LOSER, WINNING[:-3], LOSER], has_played=(True, True, True))
    hand = state.hands[0]
    state, _ = RULES.apply(state, Pack())
    assert state.statuses[0] == MIDDLE_DROP and state.set_aside[0] == hand
    for seat in (1, 2):
        assert set(hand) <= RULES.hidden_from(state, seat)
    assert not any(c in state.stock for c in hand)


def test_modern_drop_values_are_20_and_40():
    first = position([LOSER, LOSER], modern_drop_values=True)
    state, _ = RULES.apply(first, Pack())
    assert state.balances == (-20, 20)
    later = position([LOSER, LOSER], modern_drop_values=True, has_played=(True, True))
    state, _ = RULES.apply(later, Pack())
    assert state.balances == (-40, 40)


def test_when_all_but_one_pack_the_last_player_wins_and_collects():
    state = position([LOSER, LOSER, WINNING[:-3]], has_played=(False, True, True))
    state, _ = RULES.apply(state, Pack())  # first turn: 10
    assert state.phase == DRAW and state.seat == 1
    state, _ = RULES.apply(state, Pack())  # later: 40
    assert state.phase == DEAL_OVER
    assert state.history[-1].winner == 2 and state.balances == (-10, -40, 50)


def test_packing_is_only_before_drawing():
    state = position([LOSER, LOSER], phase=PLAY)
    with pytest.raises(IllegalAction, match="before drawing"):
        RULES.apply(state, Pack())


def test_taking_the_indicator_without_declaring_voids_the_deal_and_the_packs():
    state = position([LOSER, LOSER, LOSER], stock="", has_played=(True, True, True))
    state, _ = RULES.apply(state, Pack())  # seat 0 packs: would pay 40
    assert state.seat == 1
    state, _ = RULES.apply(state, Draw(STOCK))
    assert state.stock == () and state.indicator in state.hands[1]
    state, events = RULES.apply(state, Discard(state.hands[1][0]))
    record = state.history[-1]
    assert record.void and record.winner is None
    assert state.balances == (0, 0, 0) and state.phase == DEAL_OVER
    note = next(e for e in events if isinstance(e, DealScored)).note
    assert note.key == "indian_rummy.void" and "void" in str(note)


def test_the_player_who_takes_the_indicator_may_still_declare():
    state = position([WINNING[:-3], LOSER], indicator="9C", stock="")
    state, _ = RULES.apply(state, Draw(STOCK))  # the 9♣: nines are wild, it completes nothing
    state, _ = RULES.apply(state, Declare(state.indicator))
    assert state.history[-1].winner == 0 and not state.history[-1].void


def test_a_losers_payment_is_capped_at_80():
    junk = "KS QD JH 9C KD 7H 3C 9S KH 5S 10D 10C 9H"
    state = position([WINNING, junk], phase=PLAY, indicator="2D")
    state, _ = RULES.apply(state, Declare(card(state, 0, "9C")))
    assert state.balances == (80, -80)
    assert state.history[-1].shown[1].counted  # the counted cards are shown


def test_statuses_mark_who_is_still_in_the_deal():
    state = position([LOSER, LOSER, LOSER])
    state, _ = RULES.apply(state, Pack())
    assert state.statuses == (FIRST_DROP, IN_PLAY, IN_PLAY)
    assert RULES.view(state, 2).statuses == state.statuses
