"""A Kaluki deal that can no longer progress is drawn; one that still can goes on."""

import itertools
import random

from game.engine.actions import Discard, LayDown
from game.engine.cards import make_deck
from game.engine.events import DealScored
from game.engine.melds import arrangements
from game.games.kaluki import POLICY, RULES
from game.games.kaluki.stalemate import _in_some_meld, cannot_progress
from game.games.kaluki.state import DEAL_OVER, PLAY
from game.tools.simulate import simulate
from tests.games.kaluki.position import position
from tests.helpers import cards

CLOSED = [(0, "AS AC AH AD"), (1, "QS QD QC QH"), (0, "4S 4H 4C 4D")]


def _discard(state, card: str):
    return RULES.apply(state, Discard(cards(card)[0]))


def test_two_cards_each_that_must_keep_one_to_discard_can_never_go_out():
    # Going out by discarding: two cards and a draw make three, of which one must stay
    # for the discard, so no new meld fits, and nothing in play fits the closed groups.
    state = position(
        ["9C 7H 5S", "9D 6S"], melds=CLOSED, melded=(True, True), phase=PLAY, go_out_by_discard=True
    )
    state, events = _discard(state, "5S")
    scored = next(e for e in events if isinstance(e, DealScored))
    assert state.phase == DEAL_OVER and state.history[-1].out is None
    assert state.totals == (0, 0) and "nobody can ever go out" in str(scored.note)


def test_the_same_hands_may_still_meld_when_the_last_card_may_go_down():
    # 2C 3C 4C are in the stock: three cards after a draw could all go down.
    state = position(["9C 7H 5S", "9D 6S"], melds=CLOSED, melded=(True, True), phase=PLAY)
    state, _ = _discard(state, "5S")
    assert state.phase != DEAL_OVER and state.seat == 1


def test_a_joker_in_play_that_a_run_can_take_keeps_the_deal_going():
    # Every joker but one is on the table; the one in the stock still fits the run.
    melds = [*CLOSED, (1, "5H 6H 7H")]
    state = position(
        ["9C 7D", "9D"], melds=melds, melded=(True, True), phase=PLAY, stock="JK 2S", discard="3S"
    )
    state, _ = _discard(state, "7D")
    assert state.phase != DEAL_OVER


def test_a_card_that_can_take_a_jokers_place_keeps_the_deal_going():
    melds = [*CLOSED[:2], (0, "KH KC KS JK")]  # a full group: the joker is the KD
    state = position(
        ["9C 7D", "9D"], melds=melds, melded=(True, True), phase=PLAY, stock="KD#1", discard="3S"
    )
    assert not cannot_progress(state)


def test_a_run_whose_every_neighbour_is_on_the_table_takes_nothing():
    # 8C and QC (both copies) are already down, and every joker is in a meld.
    melds = [
        (0, "9C 10C JK QC KC AC"),
        (1, "AC#1 2C 3C 4C 5C 6C 7C 8C 9C#1 10C#1 JC"),
        (0, "QS QD QH JK"),
        (1, "8S 8H 8D 8C#1"),
        (0, "JS JH JD JK"),
        (1, "QS#1 QD#1 QC#1 JK"),
    ]
    state = position(
        ["5S 7D", "3H 9S"],
        melds=melds,
        melded=(True, True),
        phase=PLAY,
        stock="2H 5D",
        discard="KS",
        go_out_by_discard=True,
    )
    assert cannot_progress(state)


def test_an_unmelded_player_who_could_never_reach_51_cannot_progress():
    # The other player melded and holds one card; the unmelded hand's only meld is 2 3 4.
    state = position(
        ["5S", "2C 3C 4C 9D 7H KS JD"], melds=CLOSED, melded=(True, False), stock="6D", discard="8S"
    )
    assert cannot_progress(state)


def test_an_unmelded_player_who_could_reach_51_keeps_the_deal_going():
    state = position(
        ["5S", "KC KD KH 10S JS QS"],
        melds=CLOSED,
        melded=(True, False),
        stock="6D",
        discard="8S",
    )
    assert not cannot_progress(state)


def test_cards_in_some_meld_match_every_three_card_meld_found_by_brute_force():
    deck = make_deck(2, 4)
    rng = random.Random(5)
    for _ in range(300):
        dealt = rng.sample(deck, rng.randrange(3, 9))
        useful = set()
        for triple in itertools.combinations(dealt, 3):
            if arrangements(list(triple), POLICY):
                useful.update(triple)
        found = set(_in_some_meld(dealt))
        expected = useful | ({c for c in dealt if c.is_joker} if useful else set())
        assert found == expected, " ".join(str(card) for card in dealt)


def test_the_seed_that_went_round_for_ever_now_finishes():
    # issue 17: 500,000 actions in one deal. Every hand was down to two cards with
    # "go out by discarding", and every card that could go on a meld was on the table.
    options = {"ace_eleven": True, "go_out_by_discard": True, "swap_needs_own_meld": True}
    report = simulate("kaluki", 4, 1, 1966, {**options, "chips": True})
    assert not report.failures and report.games == 1


def test_a_hand_that_is_one_whole_meld_may_lay_all_but_the_card_to_discard():
    # Seen in the soak: 3C 4C 5C 6C could never go down whole, and no smaller lay-down
    # was offered, so two Normal seats went round for ever.
    state = position(
        ["3C 4C 5C 6C", "9D"], melds=CLOSED, melded=(True, True), phase=PLAY, go_out_by_discard=True
    )
    lays = [a for a in RULES.legal_actions(state) if isinstance(a, LayDown)]
    assert lays and all(len(meld.cards) == 3 for a in lays for meld in a.melds)
    state, _ = RULES.apply(state, lays[0])
    assert len(state.hands[0]) == 1
