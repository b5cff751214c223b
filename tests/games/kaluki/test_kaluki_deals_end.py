"""Every Kaluki rule set's deals end (issue 27, section 4): few cards with a high opening
either end by the idle-stock rule, or are refused when no hand could ever come down; the
stalemate check counts what a hand can hold, not every card in play."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.engine.actions import Discard, LayOff
from game.engine.events import DealScored
from game.games.kaluki import RULES, KalukiOptions
from game.games.kaluki.dealing import IDLE_REBUILDS
from game.games.kaluki.state import DEAL_OVER, DRAW, PLAY
from game.tools.simulate import simulate
from tests.games.kaluki.position import position
from tests.helpers import cards


def _discard(state, card: str):
    return RULES.apply(state, Discard(cards(card)[0]))


def test_the_issues_seed_with_seven_cards_and_100_to_come_down_finishes():
    report = simulate("kaluki", 4, 1, 7, {"deal_size": 7, "come_down": 100})
    assert report.games == 1 and not report.failures


def test_the_stock_running_out_again_with_nothing_laid_ends_the_deal_scoring_every_hand():
    state = position(
        ["5D 9S", "7C 8C", "KH 2S"], stock="", discard="JH QH KS", phase=PLAY, come_down=10
    )
    state = replace(state, idle_rebuilds=IDLE_REBUILDS)
    state, events = _discard(state, "9S")
    scored = next(e for e in events if isinstance(e, DealScored))
    assert state.phase == DEAL_OVER and state.history[-1].out is None
    assert state.totals == (5, 15, 12)  # everyone pays the hand as it stands
    assert scored.note is not None and scored.note.key == "kaluki.drawn_idle"


def test_a_rebuild_before_the_limit_counts_and_the_deal_goes_on():
    state = position(
        ["5D 9S", "7C 8C", "KH 2S"], stock="", discard="JH QH KS", phase=PLAY, come_down=10
    )
    state = replace(state, idle_rebuilds=IDLE_REBUILDS - 1)
    state, _ = _discard(state, "9S")
    assert state.phase == DRAW and state.idle_rebuilds == IDLE_REBUILDS


def test_a_card_laid_on_the_table_starts_the_count_again():
    state = position(
        ["5S 9D", "2C"], phase=PLAY, melds=[(1, "2S 3S 4S")], melded=(True, True), come_down=10
    )
    state = replace(state, idle_rebuilds=2)
    state, _ = RULES.apply(state, LayOff(0, tuple(cards("5S"))))
    assert state.idle_rebuilds == 0


def test_a_new_deal_starts_the_count_at_zero():
    state = RULES.new_game(KalukiOptions(players=2), seed=3)
    assert state.idle_rebuilds == 0


@pytest.mark.parametrize(
    ("options", "most"),
    [
        ({"deal_size": 7, "come_down": 90, "ace_eleven": True}, 88),
        ({"deal_size": 7, "come_down": 100, "ace_eleven": True}, 88),
        ({"deal_size": 7, "come_down": 90, "go_out_by_discard": True, "ace_eleven": True}, 77),
        ({"deal_size": 8, "come_down": 100, "ace_eleven": True}, 99),
    ],
)
def test_an_opening_no_hand_could_ever_make_is_refused(options, most):
    with pytest.raises(ValueError, match=f"can never be reached.*makes at most {most}"):
        KalukiOptions(players=4, **options)


@pytest.mark.parametrize(
    "options",
    [{"deal_size": 7, "come_down": 100}, {"deal_size": 10, "come_down": 100, "ace_eleven": True}],
)
def test_an_opening_a_hand_could_just_make_is_allowed_and_left_to_the_idle_rule(options):
    assert KalukiOptions(players=4, **options).come_down == 100


def test_the_stalemate_check_counts_only_what_a_hand_can_hold():
    # Eight kings and queens are in play (80 points), but a hand of four and a draw can
    # lay at most five of them (50): 60 to come down can never be made, so the deal is
    # drawn at the reshuffle. The old check added up every card in play and went on.
    state = position(
        ["KS KH KD 2C", "QS QH QD 3C"], stock="", discard="KC QC 4D", phase=PLAY,
        come_down=60,
    )  # fmt: skip
    state, events = _discard(state, "2C")
    scored = next(e for e in events if isinstance(e, DealScored))
    assert state.phase == DEAL_OVER and "nobody can ever go out" in str(scored.note)


def test_the_same_cards_with_room_for_them_play_on():
    state = position(
        ["KS KH KD KC 2C 5H", "QS QH QD 3C 6H 7S"], stock="", discard="QC 4D", phase=PLAY,
        come_down=60,
    )  # fmt: skip
    state, _ = _discard(state, "2C")
    assert state.phase == DRAW
