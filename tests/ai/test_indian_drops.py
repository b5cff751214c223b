"""Hard's drops in Pool and Deals (by the cost of a drop there and by the scores) and
every level's answers to Pool's questions (by drops left), from card strings."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.ai.base import BotSettings
from game.ai.indian_rummy.drops import hard_drops, pool_answer
from game.ai.indian_rummy.hard import IndianHard, IndianWorlds
from game.ai.indian_rummy.policy import IndianNormal, Reading
from game.ai.knowledge import DealKnowledge
from game.games.indian_rummy import RULES
from game.games.indian_rummy.actions import AgreeSplit, DeclineSplit, Pack, Rejoin, StayOut
from game.games.indian_rummy.state import REJOIN, SPLIT
from tests.ai.test_indian_bots import POOR
from tests.games.indian_rummy.position import position

OTHER = "2S 3S 4S 5H 6H 7H 9D 9C KD KC KS 8D"
# no pure run, no wild card (8s are wild), several run starts: 79 points
MIDDLING = "2S 7S QS 3H 5H 9D 10D 2C 4C 6C 9S JC 2H"
# no pure run, no wild card, no run start at all: 74 points
SPREAD = "2S 5S 9S KS 2H 5H 9H 2D 5D 9D 2C 5C 9C"


def hard_reference(state, seat=0):
    """Hard's own decision before any search (the search's first candidate)."""
    view = RULES.view(state, seat)
    return IndianWorlds().normal(view, RULES.legal_actions(state), DealKnowledge()).action


def normal_move(state, seat=0):
    return IndianNormal(1, seat).choose(RULES.view(state, seat), RULES.legal_actions(state), [])


def test_hard_never_drops_into_elimination_where_normal_would():
    state = replace(position([POOR, OTHER], format="pool_101"), scores=(85, 0))
    assert normal_move(state) == Pack()  # Normal's rule ignores the score: 105 is out
    assert hard_reference(state) != Pack()
    hard = IndianHard(1, 0, BotSettings(rollouts=2))
    assert hard.choose(RULES.view(state, 0), RULES.legal_actions(state), []) != Pack()


def test_hard_drops_the_same_hand_when_the_drop_keeps_it_in_the_pool():
    state = replace(position([POOR, OTHER], format="pool_101"), scores=(60, 0))
    assert hard_reference(state) == Pack()  # 80 would put it out, 20 does not


def test_hard_drops_a_middling_hand_that_a_full_count_would_put_out():
    at_risk = replace(position([MIDDLING, OTHER], format="pool_101"), scores=(30, 0))
    assert normal_move(at_risk) != Pack()  # run starts: Normal plays it on
    assert hard_reference(at_risk) == Pack()  # 30 + 80 is out, 30 + 20 is not
    safe = position([MIDDLING, OTHER], format="pool_201")  # 0 + 80 is far from 201
    assert hard_reference(safe) != Pack()


@pytest.mark.parametrize(("fmt", "drops"), [("deals_3", True), ("pool_201", False)])
def test_hard_weighs_a_hand_against_what_a_drop_costs_in_the_format(fmt, drops):
    # 74 points: more than three first drops of 20 in Deals, less than three of 25 in
    # Pool 201 (and 80 is far from 201); Normal drops it in both
    state = position([SPREAD, OTHER], format=fmt)
    view = RULES.view(state, 0)
    assert hard_drops(view, Reading(view, DealKnowledge())) == drops
    assert normal_move(state) == Pack()


def test_hard_behind_in_the_last_deal_plays_on_and_ahead_it_drops():
    last = position([POOR, OTHER], format="deals_2")
    last = replace(last, deal=2, deals_in_round=2)
    behind = replace(last, balances=(-30, 30))
    assert normal_move(behind) == Pack()
    assert hard_reference(behind) != Pack()  # only winning this deal can still win
    ahead = replace(last, balances=(30, -30))
    assert hard_reference(ahead) == Pack()


def test_hard_keeps_normals_drops_in_points():
    state = position([POOR, OTHER])
    view = RULES.view(state, 0)
    reading = Reading(view, DealKnowledge())
    assert hard_drops(view, reading) == reading.should_pack() is True


# -- Pool's questions by drops left ------------------------------------------------------


def question(scores, phase, seat, rejoins=(0, 0, 0), fmt="pool_101"):
    state = position([POOR, OTHER, OTHER], format=fmt)
    order = tuple(s for s in range(3) if s != seat) if phase == REJOIN else (0, 1, 2)
    state = replace(state, scores=scores, phase=phase, seat=seat, order=order, rejoins=rejoins)
    if phase == SPLIT:
        state = replace(state, pending=order)
    view = RULES.view(state, seat)
    return pool_answer(view, RULES.legal_actions(state))


@pytest.mark.parametrize(
    ("highest", "answer"),
    [(50, Rejoin()), (59, Rejoin()), (60, StayOut()), (79, StayOut())],
)
def test_a_player_rejoins_only_with_two_drops_left_or_more(highest, answer):
    # coming back at the highest score plus one: 60 leaves two drops of 20, 61 one
    found = question((110, highest, 10), REJOIN, 0)
    assert found is not None and found.action == answer
    assert "drops left" in str(found.message)


def test_the_clear_favourite_by_drops_plays_on_and_the_others_agree():
    scores = (0, 50, 70)  # drops left 5, 2, 1
    lead = question(scores, SPLIT, 0, rejoins=(0, 3, 2))
    assert lead is not None and lead.action == DeclineSplit()
    assert "3 more than anyone" in str(lead.message)
    close = question((40, 50, 70), SPLIT, 0, rejoins=(0, 3, 2))  # 3 against 2: agree
    assert close is not None and close.action == AgreeSplit()
    behind = question(scores, SPLIT, 2, rejoins=(0, 3, 2))
    assert behind is not None and behind.action == AgreeSplit()
    assert "% of the pool" in str(behind.message)
