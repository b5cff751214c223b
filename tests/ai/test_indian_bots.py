"""What the Indian Rummy bots do in positions built from card strings."""

from __future__ import annotations

from game.ai.base import BotSettings
from game.ai.indian_rummy.hard import IndianHard, IndianWorlds
from game.ai.indian_rummy.policy import IndianEasy, IndianNormal
from game.ai.knowledge import DealKnowledge
from game.engine.actions import DISCARD, STOCK, Discard, Draw
from game.games.indian_rummy import RULES
from game.games.indian_rummy.actions import Declare, Pack
from game.games.indian_rummy.state import PLAY
from tests.games.indian_rummy.position import position
from tests.helpers import cards

# 8s are wild (the indicator is the 8C)
READY = "2S 3S 4S 5H 6H 7H 9D 9C 9S KD KC KS 8D 5C"  # 14 cards after the draw
POOR = "2S 7S QS 3H 9H KH 5D 10D AD 4C 10C AC 6H"  # no run, no wild, no run start


def normal_move(state, seat=None):
    seat = state.to_act if seat is None else seat
    return IndianNormal(1, seat).choose(RULES.view(state, seat), RULES.legal_actions(state), [])


def test_normal_declares_when_its_hand_is_complete():
    state = position([READY, "3C 4C 6D 7D JH QH AS 2H 3D 10C 10D JS QD"], phase=PLAY)
    move = normal_move(state)
    assert isinstance(move, Declare) and move.discard == cards("5C")[0]


def test_normal_takes_a_wild_discard_and_leaves_a_useless_one():
    hand = "2S 3S 4S 5H 6H 9D 9C KD KC 3H QS 6C 10H"
    assert normal_move(position([hand, POOR], discard="8H")) == Draw(DISCARD)
    assert normal_move(position([hand, POOR], discard="AC")) == Draw(STOCK)


def test_normal_throws_an_unmatched_high_card_never_a_wild_one():
    hand = "2S 3S 4S 5H 6H 7H 9D 9C KD 8D QC 4C 2D 10H"
    move = normal_move(position([hand, POOR], phase=PLAY))
    assert isinstance(move, Discard)
    assert move.card.rank != 8 and move.card in cards("KD QC 10H 2D 4C")


def test_normal_packs_a_hopeless_first_hand_but_plays_a_good_one():
    assert normal_move(position([POOR, READY[:-3]])) == Pack()
    assert normal_move(position([READY[:-6], POOR])) != Pack()


def test_easy_plays_only_listed_moves():
    state = position([READY, POOR], phase=PLAY)
    legal = RULES.legal_actions(state)
    for seed in range(8):
        assert IndianEasy(seed, 0).choose(RULES.view(state, 0), legal, []) in legal


def test_hard_weighs_packing_against_playing_on():
    state = position([POOR, "2S 3S 4S 5H 6H 7H 9D 9C KD KC KS 8D 5C"])
    bot = IndianHard(1, 0, BotSettings(rollouts=2))
    move = bot.choose(RULES.view(state, 0), RULES.legal_actions(state), [])
    assert move in RULES.legal_actions(state) and bot.last_worlds == 2


def test_hard_packs_only_where_normal_would():
    # The fast rollouts undervalue playing on, so packing is never Hard's own idea.
    state = position([READY[:-6], POOR])
    view, legal = RULES.view(state, 0), RULES.legal_actions(state)
    worlds, knowledge = IndianWorlds(), DealKnowledge()
    normal = worlds.normal(view, legal, knowledge)
    assert Pack() in legal and normal.action != Pack()
    options = worlds.candidates(view, legal, knowledge, normal)
    assert len(options) > 1 and Pack() not in options
