"""What the Indian Rummy table counts follows the scoring rule (rules/indian_rummy.md,
"Scoring a deal"): the Unmatched counter of the player's arrangement, and the showdown's
note on a loser whose sets counted."""

from __future__ import annotations

from dataclasses import replace

from game.app.table.indian_rummy.ending import showdown
from game.app.table.indian_rummy.groups import unmatched_points
from game.engine.melds import loose_meld, read_meld
from game.games.indian_rummy import policy_for
from game.games.indian_rummy.state import IN_PLAY, Shown
from game.tools.showcase.indian_rummy import declared_session
from tests.helpers import hand

PURE = list(hand("2S 3S 4S"))
RUN = list(hand("5H 6H JK"))  # a run with the joker standing in: not pure
SET = list(hand("KD KH KC"))
LOOSE = list(hand("9C"))


def test_without_a_pure_run_every_card_counts():
    assert unmatched_points([RUN, SET, LOOSE], None, 3) == 11 + 30 + 9


def test_with_a_pure_run_but_no_second_run_the_sets_count():
    assert unmatched_points([PURE, SET, LOOSE], None, 3) == 30 + 9


def test_with_a_pure_run_and_a_second_run_only_the_loose_cards_count():
    assert unmatched_points([PURE, RUN, SET, LOOSE], None, 3) == 9
    # the first-life option: a pure run of three is not a pure run at all
    assert unmatched_points([PURE, RUN, SET, LOOSE], None, 4) == 2 + 3 + 4 + 11 + 30 + 9


def test_the_showdown_says_why_a_losers_sets_counted():
    session = declared_session(3)
    view = session.view()
    record = view.history[-1]
    policy = policy_for(record.wild_rank)
    pure = read_meld(loose_meld(list(hand("2S 3S 4S"))), policy)
    shown = list(record.shown)
    shown[1] = Shown((pure,), tuple(hand("KD KH KC 9C")))  # one run only: the set counts
    shown[2] = Shown((), tuple(hand("2D 3D 4D 9C")))  # no pure run: everything counts
    statuses = tuple(IN_PLAY for _ in record.statuses)
    record = replace(record, shown=tuple(shown), statuses=statuses)
    view = replace(view, history=(*view.history[:-1], record))
    notes = {row.seat: row.note for row in showdown(view, ["You", "Asha", "Ravi"]).rows}
    assert notes[1] == "No second run: sets count"
    assert notes[2] == "No pure run: all count"
