"""Pool, Deals and the scoring options (rules/indian_rummy.md, "Formats"), from positions."""

import json
from dataclasses import replace

import pytest

from game.engine import codec
from game.engine.actions import NextDeal
from game.engine.errors import IllegalAction
from game.games.indian_rummy import RULES, Declare, IndianRummyOptions, Pack
from game.games.indian_rummy.actions import AgreeSplit, DeclineSplit, Rejoin, StayOut
from game.games.indian_rummy.formats import chips, is_decider, split_shares
from game.games.indian_rummy.messages import turned_up
from game.games.indian_rummy.state import (
    AWAY,
    DEAL_OVER,
    GAME_OVER,
    PLAY,
    REJOIN,
    SPLIT,
    WRONG_SHOW,
)
from tests.games.indian_rummy.position import position
from tests.helpers import hand

WINNING = "2S 3S 4S  5H 6H JK  KD KH KC  QD QH QC QS 9C"  # 14 cards: 9C to discard
COMPLETE = "2S 3S 4S  5H 6H JK  KD KH KC  QD QH QC QS"  # shown, it owes 0
# a pure run (2-3-4 of clubs) and nothing else: 79 points, 70 with the runs excluded
PURE_ONLY = "2C 3C 4C 7D 9D JD 3H 6H 10S 4D 6S KS 5D"
HEAVY = "AC 2C 7D 9D JD 3H 8H 10S 4D 6C KS 5D 10H"  # no run at all: 97 points, pays 80


def card(state, seat, text):
    return next(c for c in state.hands[seat] if str(c) == text)


def declare(state, seat=0):
    return RULES.apply(state, Declare(card(state, seat, "9C")))


def won(hands, seat=0, **options):
    """The deal won by ``seat``'s declaration; the state after it."""
    state = position(hands, seat=seat, phase=PLAY, **options)
    return declare(state, seat)[0]


# -- scoring of a loser's hand ------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "owed"),
    [
        ({}, 70),  # Points keeps pagat: the pure run frees the runs
        ({"scoring": "modern"}, 79),  # settable explicitly in Points
        ({"format": "pool_101"}, 79),  # Pool defaults to modern
        ({"format": "pool_101", "scoring": "pagat"}, 70),
        ({"format": "deals_3"}, 79),
    ],
)
def test_modern_counts_every_card_without_two_runs_and_pagat_frees_the_runs(options, owed):
    state = won([WINNING, PURE_ONLY], **options)
    assert state.history[-1].payments[1] == -owed


def test_a_complete_hand_owes_nothing_under_either_scoring():
    for scoring in ("modern", "pagat"):
        state = won([WINNING, COMPLETE], scoring=scoring)
        assert state.history[-1].payments[1] == 0


def test_full_count_is_80_in_pool():
    state = won([WINNING, HEAVY], format="pool_101")
    assert state.scores == (0, 80)


def test_auto_scoring_follows_the_format():
    assert not IndianRummyOptions().modern_scoring
    assert IndianRummyOptions(format="pool_201").modern_scoring
    assert IndianRummyOptions(format="deals_2").modern_scoring
    assert not IndianRummyOptions(format="deals_2", scoring="pagat").modern_scoring
    with pytest.raises(ValueError, match="Format"):
        IndianRummyOptions(format="pool_50")


def test_todays_options_write_no_new_field_to_a_save():
    data = json.dumps(codec.encode(RULES.new_game(IndianRummyOptions(players=3), 1)))
    for name in ("format", "scoring", "joker_indicator", "scores", "rejoins", "pending"):
        assert f'"{name}"' not in data
    pool = RULES.new_game(IndianRummyOptions(players=3, format="pool_101"), 1)
    text = json.dumps(codec.encode(pool))
    assert '"format": "pool_101"' in text
    assert codec.decode(type(pool), json.loads(text)) == pool


# -- a joker turned up ------------------------------------------------------------------------


def test_a_joker_indicator_makes_only_jokers_wild_or_the_aces_too():
    assert position(["AS", "AH"], indicator="JK").wild_rank is None
    aces = position(["AS", "AH"], indicator="JK", joker_indicator="aces")
    assert aces.wild_rank == 1
    assert "aces" in str(turned_up(aces.indicator, aces.options))
    plain = position(["AS", "AH"], indicator="JK")
    assert "only the printed jokers" in str(turned_up(plain.indicator, plain.options))


# -- drop values --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "first", "middle"),
    [
        ({}, 10, 40),
        ({"modern_drop_values": True}, 20, 40),
        ({"format": "pool_101"}, 20, 40),
        ({"format": "pool_201"}, 25, 50),
        ({"format": "deals_2"}, 20, 40),
    ],
)
def test_drop_values(options, first, middle):
    for played, value in ((False, first), (True, middle)):
        state = position([PURE_ONLY, COMPLETE], has_played=(played, played), **options)
        state, _ = RULES.apply(state, Pack())
        assert state.history[-1].payments[0] == -value
        if state.options.pool:
            assert state.scores == (value, 0)  # the winner scores nothing


def test_a_wrong_declaration_costs_80_in_pool_without_the_option():
    state = position([PURE_ONLY + " 9C", COMPLETE], phase=PLAY, format="pool_101")
    state, _ = declare(state)
    assert state.history[-1].statuses[0] == WRONG_SHOW
    assert state.scores == (80, 0)


# -- pool: elimination, rejoin, split ---------------------------------------------------------


def pool(scores, hands, seat=0, fmt="pool_101", **options):
    state = position(hands, seat=seat, phase=PLAY, format=fmt, **options)
    return replace(state, scores=scores)


def test_reaching_101_eliminates_and_the_last_player_left_wins():
    state = pool((0, 30), [WINNING, PURE_ONLY])
    state, events = declare(state)
    assert state.scores == (0, 109)
    assert state.history[-1].eliminated == (1,)
    assert state.phase == GAME_OVER and state.winners == (0,)
    assert RULES.results(state).lower_is_better and RULES.results(state).scores == (0, 109)
    assert any("out of the pool" in str(getattr(e, "message", "")) for e in events)


def test_an_eliminated_player_is_offered_to_rejoin_at_the_highest_score_plus_one():
    state = pool((0, 30, 50), [WINNING, PURE_ONLY, COMPLETE])
    state, _ = declare(state)
    assert state.order == (0, 2) and state.phase == REJOIN and state.seat == 1
    assert RULES.legal_actions(state) == [Rejoin(), StayOut()]
    with pytest.raises(IllegalAction, match="answer the offer to rejoin"):
        RULES.apply(state, NextDeal())
    back, _ = RULES.apply(state, Rejoin())
    assert back.scores[1] == 51 and 1 in back.order and back.rejoins[1] == 1
    assert back.phase == DEAL_OVER  # nobody stayed out: no split question
    again, _ = RULES.apply(back, NextDeal())
    assert again.statuses[1] != AWAY


def test_staying_out_leaves_two_who_are_asked_to_split():
    state = pool((40, 30, 50), [WINNING, PURE_ONLY, COMPLETE])
    state, _ = RULES.apply(declare(state)[0], StayOut())
    assert state.phase == SPLIT and state.pending == (0, 2)


def test_no_rejoin_above_79_nor_a_second_time():
    state = pool((70, 30, 80), [WINNING, PURE_ONLY, COMPLETE])
    state, _ = declare(state)
    assert state.phase == SPLIT  # 80 left on the table: too late to rejoin
    state = pool((40, 30, 50), [WINNING, PURE_ONLY, COMPLETE])
    state = replace(state, rejoins=(0, 1, 0))
    assert declare(state)[0].phase == SPLIT
    with pytest.raises(IllegalAction, match="Rejoining is offered only"):
        RULES.apply(declare(state)[0], Rejoin())


def test_pool_201_rejoins_up_to_174():
    hands = [WINNING, PURE_ONLY, COMPLETE]
    state = pool((0, 130, 174), hands, fmt="pool_201")
    state, _ = declare(state)
    assert state.phase == REJOIN
    assert RULES.apply(state, Rejoin())[0].scores[1] == 175


def test_split_needs_everyone_left_to_agree():
    state = pool((80, 30, 90), [WINNING, PURE_ONLY, COMPLETE])
    asked, _ = declare(state)
    assert asked.phase == SPLIT and asked.pending == (0, 2) and asked.seat == 0
    assert RULES.legal_actions(asked)[0] == DeclineSplit()  # the question starts on No
    one, _ = RULES.apply(asked, AgreeSplit())
    assert one.seat == 2 and one.phase == SPLIT
    no, _ = RULES.apply(one, DeclineSplit())
    assert no.phase == DEAL_OVER and not no.split
    done, _ = RULES.apply(one, AgreeSplit())
    assert done.phase == GAME_OVER and done.split and done.winners == (0, 2)
    # drops left 1 and 0: seat 0's extra drop is one entry's third, the rest halved
    assert split_shares(done) == {0: 67, 2: 33}


# -- deals: chips and the decider -----------------------------------------------------------------


def test_deals_winner_takes_chips_and_chips_are_conserved():
    state = won([WINNING, PURE_ONLY], format="deals_2")
    assert chips(state) == (160 + 79, 160 - 79)
    assert state.phase == DEAL_OVER  # one deal of two played


def test_a_loser_never_pays_more_chips_than_held():
    state = position([WINNING, HEAVY], phase=PLAY, format="deals_6")
    state = replace(state, balances=(470, -470))  # seat 1 holds 10 of its 480 chips
    state, _ = declare(state)
    assert chips(state) == (960, 0) and sum(chips(state)) == 960


def test_the_last_deal_ends_with_the_most_chips():
    state = position([WINNING, PURE_ONLY], phase=PLAY, format="deals_2")
    state = replace(state, deals_in_round=2, deal=2)
    state, _ = declare(state)
    assert state.phase == GAME_OVER and state.winners == (0,)
    assert RULES.results(state).scores == (239, 81)


def test_players_tied_for_the_most_chips_play_a_decider_between_them():
    hands = [WINNING, PURE_ONLY, COMPLETE]
    state = position(hands, phase=PLAY, format="deals_2")
    state = replace(state, deals_in_round=2, deal=2, balances=(-39, -1, 40))
    state, events = declare(state)
    assert chips(state) == (200, 80, 200)  # 160 each at the start: 80 a deal
    assert state.phase == DEAL_OVER and state.order == (0, 2)
    assert any("decider" in str(getattr(e, "message", "")) for e in events)
    decider, _ = RULES.apply(state, NextDeal())
    assert is_decider(decider) and decider.statuses[1] == AWAY
    assert len(decider.hands[1]) == 0 and len(decider.hands[0]) == 13


def test_hand_helper_reads_the_strings():
    assert len(hand(PURE_ONLY)) == 13 and len(hand(WINNING)) == 14


def test_the_network_wire_leaves_out_the_quiet_fields_as_the_codec_does():
    from game.net import wire

    for options in ({}, {"format": "pool_101"}, {"format": "deals_2", "scoring": "pagat"}):
        state = RULES.new_game(IndianRummyOptions(players=3, **options), 2)
        for value in (state, RULES.view(state, 1)):
            assert wire.encode(value) == codec.encode(value)
