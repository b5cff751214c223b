"""The formats as the sites publish them (issue 27): chips 80 a deal, the split by drops
left, Pool 61, the aces wild under a joker in Pool and Deals, drops in 2-player Deals."""

import json
from dataclasses import replace

import pytest

from game.engine import codec
from game.engine.actions import DISCARD, STOCK, Draw
from game.engine.errors import IllegalAction
from game.games.indian_rummy import RULES, IndianRummyOptions, Pack
from game.games.indian_rummy.actions import AgreeSplit, Rejoin
from game.games.indian_rummy.formats import (
    chips,
    drops_left,
    split_of,
    split_shares,
    start_chips,
)
from game.games.indian_rummy.messages import turned_up
from game.games.indian_rummy.state import DEAL_OVER, GAME_OVER, PLAY, REJOIN, SPLIT, WRONG_SHOW
from tests.games.indian_rummy.position import position
from tests.games.indian_rummy.test_formats import (
    COMPLETE,
    HEAVY,
    PURE_ONLY,
    WINNING,
    declare,
    pool,
)

# -- Deals: 80 chips a deal ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("fmt", "players", "stack"),
    [("deals_2", 2, 160), ("deals_2", 4, 160), ("deals_3", 3, 240), ("deals_6", 2, 480)],
)
def test_each_player_starts_with_80_chips_a_deal_whatever_the_players(fmt, players, stack):
    state = RULES.new_game(IndianRummyOptions(players=players, format=fmt), 1)
    assert start_chips(state.options) == stack
    assert chips(state) == (stack,) * players


def test_a_loser_pays_at_most_the_chips_held_in_a_two_deal_game():
    state = position([WINNING, HEAVY], phase=PLAY, format="deals_2")
    state = replace(state, balances=(150, -150))  # seat 1 holds 10 of its 160 chips
    state, _ = declare(state)
    assert chips(state) == (320, 0)


# -- the split by drops left -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("fmt", "score", "drops"),
    [
        ("pool_101", 0, 5),
        ("pool_101", 20, 4),
        ("pool_101", 21, 3),  # 21 + 4 x 20 = 101 would be out
        ("pool_101", 81, 0),
        ("pool_201", 0, 8),
        ("pool_201", 150, 2),
        ("pool_61", 0, 4),
        ("pool_61", 31, 1),
        ("pool_61", 46, 0),
    ],
)
def test_drops_left_count_first_drops_a_score_takes_before_the_limit(fmt, score, drops):
    assert drops_left(IndianRummyOptions(format=fmt), score) == drops


def test_equal_drops_left_share_the_pool_equally_whatever_the_scores():
    split = split_of(IndianRummyOptions(format="pool_101"), (41, 59), (0, 1), 4)
    assert split is not None and split.drops == {0: 2, 1: 2}
    assert split.shares == {0: 50, 1: 50}


def test_each_extra_drop_earns_one_entry_and_the_rest_is_shared_equally():
    # A23's example: 5 entries and 3 rejoins (8), one drop apart: 450 and 350 of 800
    split = split_of(IndianRummyOptions(format="pool_101"), (20, 40), (0, 1), 8)
    assert split is not None and split.drops == {0: 4, 1: 3}
    assert split.shares == {0: 56, 1: 44}  # 56.25% and 43.75%
    three = split_of(IndianRummyOptions(format="pool_101"), (40, 45, 85), (0, 1, 2), 6)
    assert three is not None and three.drops == {0: 3, 1: 2, 2: 0}
    # extra drops 3 and 2 of an entry (1/6) each, the remaining 1/6 in three:
    # 55.6%, 38.9% and 5.6% in whole percents that add up to 100
    assert three.shares == {0: 56, 1: 39, 2: 5}


def test_no_split_is_offered_when_the_extra_drops_would_take_the_whole_pool():
    options = IndianRummyOptions(format="pool_101")
    assert split_of(options, (0, 90), (0, 1), 3) is None  # 5 extra drops, 3 entries
    state = pool((0, 30, 90), [WINNING, PURE_ONLY, COMPLETE])
    state, _ = declare(state)
    assert state.phase == DEAL_OVER  # seat 1 is out, and no split to ask


@pytest.mark.parametrize(
    ("rejoins", "shares"), [((0, 0, 0), {0: 83, 2: 17}), ((0, 1, 0), {0: 75, 2: 25})]
)
def test_a_rejoin_adds_an_entry_to_the_split(rejoins, shares):
    state = replace(pool((60, 30, 90), [WINNING, PURE_ONLY, COMPLETE]), rejoins=rejoins)
    asked, _ = declare(state)
    assert asked.phase == SPLIT
    done, _ = RULES.apply(RULES.apply(asked, AgreeSplit())[0], AgreeSplit())
    assert done.phase == GAME_OVER and done.split
    # drops left 2 and 0: two entries' shares to seat 0 (of 3 entries, or 4 with the
    # rejoin), the rest halved
    assert split_shares(done) == shares


# -- Pool 61 ----------------------------------------------------------------------------------


def test_pool_61_drops_cost_15_and_30():
    for played, value in ((False, 15), (True, 30)):
        state = position([PURE_ONLY, COMPLETE], has_played=(played, played), format="pool_61")
        state, _ = RULES.apply(state, Pack())
        assert state.scores == (value, 0)


def test_pool_61_wrong_declaration_costs_60():
    state = position([PURE_ONLY + " 9C", COMPLETE], phase=PLAY, format="pool_61")
    state, events = declare(state)
    assert state.history[-1].statuses[0] == WRONG_SHOW
    assert state.scores == (60, 0)
    assert any("60 points" in str(getattr(e, "message", "")) for e in events)


def test_pool_61_eliminates_at_61_and_rejoins_while_the_highest_left_is_44():
    state = pool((44, 0, 30), [WINNING, HEAVY, COMPLETE], fmt="pool_61")
    state, _ = declare(state)
    assert state.scores[1] == 80 and state.history[-1].eliminated == (1,)
    assert state.phase == REJOIN  # 44 is the highest left: still allowed
    assert RULES.apply(state, Rejoin())[0].scores[1] == 45
    late = pool((45, 0, 30), [WINNING, HEAVY, COMPLETE], fmt="pool_61")
    late, _ = declare(late)
    assert late.phase != REJOIN  # 45 left on the table: too late


@pytest.mark.parametrize(("score", "out"), [(30, False), (31, True)])
def test_pool_61_is_out_at_61_not_before(score, out):
    state = position([PURE_ONLY, COMPLETE], has_played=(True, True), format="pool_61")
    state, _ = RULES.apply(replace(state, scores=(score, 0)), Pack())  # a middle drop: 30
    assert state.scores[0] == score + 30
    assert (state.phase == GAME_OVER and state.winners == (1,)) == out


# -- a printed joker turned up ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "aces"),
    [
        ({}, False),  # auto in Points: the home game, only the jokers
        ({"format": "pool_101"}, True),  # auto in Pool and Deals: as every site plays
        ({"format": "pool_61"}, True),
        ({"format": "deals_3"}, True),
        ({"format": "pool_201", "joker_indicator": "jokers"}, False),
        ({"joker_indicator": "aces"}, True),
    ],
)
def test_a_joker_turned_up_makes_the_aces_wild_by_the_format_under_auto(options, aces):
    state = position(["AS 2D", "AH 3D"], indicator="JK", **options)
    assert state.wild_rank == (1 if aces else None)
    line = str(turned_up(state.indicator, state.options))
    assert ("aces" in line) == aces


def test_aces_wild_under_a_joker_complete_a_declaration_in_pool():
    # no pure run needs them: the ace stands for the 7 of hearts in the second run
    hands = ["2S 3S 4S  5H 6H AD  KD KH KC  QD QH QC QS 9C", COMPLETE]
    state = position(hands, phase=PLAY, indicator="JK", format="pool_101")
    done, _ = declare(state)
    assert done.history[-1].winner == 0
    points = position(hands, phase=PLAY, indicator="JK")
    with pytest.raises(IllegalAction):
        declare(points)  # in Points the ace is only an ace


# -- drops in 2-player Deals ---------------------------------------------------------------------


def test_two_player_deals_without_drops_offer_no_drop_and_refuse_one():
    state = position([PURE_ONLY, COMPLETE], format="deals_2", deals_drop=False)
    legal = RULES.legal_actions(state)
    assert Pack() not in legal and Draw(STOCK) in legal and Draw(DISCARD) in legal
    with pytest.raises(IllegalAction, match="dropping is off"):
        RULES.apply(state, Pack())


@pytest.mark.parametrize(
    ("hands", "options"),
    [
        ([PURE_ONLY, COMPLETE], {"format": "deals_2"}),  # on by default
        ([PURE_ONLY, COMPLETE, COMPLETE], {"format": "deals_3", "deals_drop": False}),
        ([PURE_ONLY, COMPLETE], {"format": "pool_101", "deals_drop": False}),
        ([PURE_ONLY, COMPLETE], {"deals_drop": False}),
    ],
)
def test_drops_stay_where_the_rule_does_not_reach(hands, options):
    # the rule is for Deals with two players only
    state = position(hands, **options)
    assert Pack() in RULES.legal_actions(state)


# -- quiet fields ------------------------------------------------------------------------------


def test_the_new_options_stay_out_of_todays_saves():
    data = json.dumps(codec.encode(RULES.new_game(IndianRummyOptions(players=3), 1)))
    assert '"deals_drop"' not in data and '"joker_indicator"' not in data
    game = RULES.new_game(IndianRummyOptions(players=2, format="pool_61", deals_drop=False), 1)
    text = json.dumps(codec.encode(game))
    assert '"format": "pool_61"' in text and '"deals_drop": false' in text
    assert codec.decode(type(game), json.loads(text)) == game
