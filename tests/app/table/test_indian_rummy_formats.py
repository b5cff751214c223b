"""Pool and Deals at the table: the showdown's scores, chips and elimination line, the
results, and Pool's questions as dialogs that start on the answer changing nothing."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pygame_gui

from game.app.scenes.dialog import Dialog
from game.app.session import GameSession
from game.app.setup import GameSetup, Seat
from game.app.table import open_table
from game.app.table.indian_rummy.ending import final_result, showdown
from game.games.indian_rummy import RULES, Declare
from game.games.indian_rummy.actions import AgreeSplit
from game.games.indian_rummy.state import REJOIN, SPLIT
from tests.app.table.helpers import frames, key
from tests.games.indian_rummy.position import position
from tests.games.indian_rummy.test_formats import COMPLETE, PURE_ONLY, WINNING

NAMES = ("You", "Ada", "Bruno")


def played(hands, seat, fmt, **changes):
    """``seat`` declares in a position of format ``fmt``; the state after it."""

    state = replace(position(hands, seat=seat, phase="play", format=fmt), **changes)
    card = next(c for c in state.hands[seat] if str(c) == "9C")
    return RULES.apply(state, Declare(card))[0]


def test_pool_showdown_shows_scores_the_elimination_and_its_line():
    state = played([PURE_ONLY, WINNING, COMPLETE], 1, "pool_101", scores=(30, 0, 50))
    show = showdown(RULES.view(state, 0), NAMES)
    rows = {row.name: row for row in show.rows}
    assert rows["You"].points == "+79" and rows["You"].balance == "109"
    assert "Out of the pool at 109" in rows["You"].note
    assert show.balance_head == "Score" and "101 is out" in show.footer
    assert "Out of the pool: You." in show.subtitle
    assert show.totals[0] == "109 · out"


def test_deals_showdown_and_results_count_chips():
    state = played([WINNING, PURE_ONLY], 0, "deals_2")
    show = showdown(RULES.view(state, 0), NAMES[:2])
    assert show.title == "Deal 1 of 2: the showdown" and show.balance_head == "Chips"
    assert show.totals == ("239", "81") and "Deals left: 1" in show.footer
    assert show.running == (("239", "81"),)  # the chips held after each deal
    last = played([WINNING, PURE_ONLY], 0, "deals_2", deals_in_round=2, deal=2)
    result = final_result(RULES.view(last, 0), NAMES[:2])
    assert [s.score for s in result.standings] == ["239", "81"]
    assert result.subtitle == "Most chips after 2 deals"
    assert result.series[0] == (160, 239)


def test_a_split_pool_shows_each_share_and_why_in_the_results():
    state = played([WINNING, PURE_ONLY, COMPLETE], 0, "pool_101", scores=(80, 30, 90))
    assert state.phase == SPLIT
    state = RULES.apply(RULES.apply(state, AgreeSplit())[0], AgreeSplit())[0]
    result = final_result(RULES.view(state, 0), NAMES)
    assert "Split at deal 1 by drops left" in result.subtitle
    assert "above the fewest (0)" in result.subtitle and "1/3 of the pool" in result.subtitle
    rows = {row.name: row.score for row in result.standings}
    assert rows["You"] == "80 · 67% · drops 1" and rows["Bruno"] == "90 · 33% · drops 0"
    assert rows["Ada"] == "109"  # out of the pool: no share
    assert result.target == 101


def test_the_split_question_names_each_share_its_drops_and_the_rule():
    from game.app.table.indian_rummy.questions import split_lines

    state = played([WINNING, PURE_ONLY, COMPLETE], 0, "pool_101", scores=(80, 30, 90))
    lines = split_lines(RULES.view(state, 0), NAMES)
    assert "You 67% (drops left: 1), Bruno 33% (drops left: 0)" in lines[0]
    assert "equated to the fewest (0)" in lines[1] and "1/3 of the pool" in lines[1]


def _table(app, state):
    seats = tuple(Seat(name, kind) for name, kind in zip(NAMES, ("human", "easy", "easy")))
    session = GameSession(GameSetup("indian_rummy", state.options, 3, seats))
    session.state = state
    table = open_table(app, session)
    table.ai_pause = 60.0
    frames(app, 3)
    return table


def test_the_rejoin_offer_is_a_dialog_starting_on_stay_out(app):
    state = played([PURE_ONLY, WINNING, COMPLETE], 1, "pool_101", scores=(30, 40, 50))
    assert state.phase == REJOIN and state.seat == 0
    table = _table(app, state)
    dialog = app.stack.top
    assert isinstance(dialog, Dialog) and dialog.focused == 0
    assert "come back with a score of 51" in " ".join(dialog.lines)
    key(app, pygame.K_RETURN)
    frames(app, 2)
    assert 0 not in table.session.state.order and table.session.state.phase == SPLIT


def test_rejoining_from_the_dialog_seats_the_player_again(app):
    state = played([PURE_ONLY, WINNING, COMPLETE], 1, "pool_101", scores=(30, 0, 50))
    table = _table(app, state)
    app.stack.top.choose(1)
    frames(app, 2)
    assert table.session.state.scores[0] == 51 and 0 in table.session.state.order


def test_each_format_keeps_statistics_of_its_own(app):
    from game.app.scenes.statistics import StatisticsScene
    from game.persist.retire import with_finished_game
    from game.persist.stats import Statistics
    from game.tools.showcase.indian_rummy_formats import finished

    session = finished("pool_101")
    stats = with_finished_game(Statistics(), session.to_saved())
    level = session.setup.stats_level
    assert stats.get("indian_rummy_pool_101", level).played == 1
    assert stats.get("indian_rummy", level).played == 0  # Points' balances stay apart
    app.set_stats(stats)
    scene = StatisticsScene(app, "indian_rummy")
    app.start(scene)
    frames(app, 2)
    pool = next(b for b, v in scene.variants.buttons.items() if v == "pool_101")
    scene.on_ui_event(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=pool))
    assert scene.variant == "pool_101"


def test_the_pool_drop_dialog_says_points_are_added_and_warns_before_elimination():
    from game.app.table.indian_rummy.formats_text import drop_lines, wrong_lines

    view = RULES.view(
        replace(position([PURE_ONLY, COMPLETE], format="pool_101"), scores=(50, 0)), 0
    )
    (line,) = drop_lines(view, 20)
    assert "adds 20 points to your pool score (50 → 70)" in line and "nothing is paid" in line
    out = RULES.view(
        replace(position([PURE_ONLY, COMPLETE], format="pool_101"), scores=(100, 0)), 0
    )
    assert drop_lines(out, 20)[1] == "This drop puts you out: 100 → 120 (101 is out)."
    assert wrong_lines(out)[1].startswith("This declaration, if wrong, puts you out: 100 → 180")
    sixty = RULES.view(position([PURE_ONLY, COMPLETE], format="pool_61"), 0)
    assert "adds 60 points" in wrong_lines(sixty)[0] and len(wrong_lines(sixty)) == 1
    points = RULES.view(position([PURE_ONLY, COMPLETE]), 0)
    assert drop_lines(points, 10) == [
        "You pay 10 points to the winner of the deal and sit out until it ends."
    ]
    deals = RULES.view(position([PURE_ONLY, COMPLETE], format="deals_2"), 0)
    assert "20 chips" in drop_lines(deals, 20)[0]


def test_the_drop_button_opens_the_pool_dialog_with_the_warning(app):
    state = replace(position([PURE_ONLY, COMPLETE, COMPLETE], format="pool_101"), scores=(90, 0, 0))
    table = _table(app, state)
    table.hooks.ask_pack()
    frames(app, 2)
    dialog = app.stack.top
    assert isinstance(dialog, Dialog)
    assert "This drop puts you out: 90 → 110 (101 is out)." in dialog.lines


def test_the_showdown_says_you_declare_by_the_seats_kind_not_its_words():
    from game.app.messages import shown_names

    state = played([WINNING, PURE_ONLY], 0, "deals_2")
    mine = showdown(RULES.view(state, 0), shown_names([Seat("You"), Seat("Ada", "easy")]))
    assert mine.subtitle == "You declare rummy."
    # The words alone never make the player: only the seat's kind does.
    typed = showdown(RULES.view(state, 0), ["You", "Ada"])
    assert typed.subtitle == "You declares rummy."
