"""Kaluki's ending=last_standing at the table (issue 27 section 2): a seat out of the game
says "Out" on its name plate, and the final results say how the game ended and list the
players by who stayed longest, not by total."""

from __future__ import annotations

import pygame

from game.app.scenes.deal_summary import DealSummaryScene
from game.app.scenes.game_over import GameOverScene
from game.app.table.panels import OUT
from game.engine.actions import Discard
from game.games.kaluki import KalukiOptions
from game.games.kaluki.options import LAST_STANDING
from game.games.kaluki.state import GAME_OVER, PLAY, DealRecord
from tests.app.table.helpers import kaluki_table, key, until
from tests.app.table.message_checks import in_japanese
from tests.helpers import hand

THREE = ("human", "easy", "easy")  # You, Ada, Bruno
OPTIONS = KalukiOptions(players=3, ending=LAST_STANDING, target=150)


def record(deal: int, penalties: tuple[int, ...]) -> DealRecord:
    return DealRecord(deal, 0, None, penalties, (0, 0, 0), False, ((), (), ()))


def test_a_seat_out_of_the_game_says_out_on_its_plate_in_both_languages(app):
    table = kaluki_table(
        app,
        THREE,
        options=OPTIONS,
        phase=PLAY,
        seat=0,
        hands=(hand("4C 5C"), hand("2S 3S"), ()),
        totals=(40, 60, 160),
        eliminated=(2,),
    )
    out = table.seat_info(table.view, 2)
    assert (out.kind, out.alert) == ("Out: over 150", OUT)
    assert table.seat_info(table.view, 1).alert == ""  # still in: its kind line as before
    assert table.seat_info(table.view, 1).kind != out.kind
    with in_japanese():
        assert table.seat_info(table.view, 2).kind == "脱落：150点超え"


def test_everyone_left_over_in_the_same_deal_lists_the_winner_first_then_who_stayed_longest(app):
    # Bruno went over in deal 1 (160); You (170) and Ada (155) both went over in deal 2,
    # so Ada wins with the lowest. By total Bruno (160) would come second, above You.
    table = kaluki_table(
        app,
        THREE,
        options=OPTIONS,
        phase=GAME_OVER,
        totals=(170, 155, 160),
        history=(record(1, (100, 90, 160)), record(2, (70, 65, 0))),
        winners=(1,),
        eliminated=(0, 2),
    )
    result = table.final_result(table.view)
    assert result.title == "Ada wins!"
    assert [(s.place, s.name) for s in result.standings] == [(1, "Ada"), (2, "You"), (3, "Bruno")]
    assert result.subtitle == ("Everyone left went over 150 in deal 2: the lowest total wins")
    with in_japanese():
        assert "150点を超えた" in table.final_result(table.view).subtitle


def test_the_last_one_standing_wins_and_the_others_follow_by_the_deal_they_went_out(app):
    # You went over in deal 3 (151), Bruno in deal 1 (152): You stayed longer, so You
    # come second although Bruno's total is not much higher; Ada (120) is the last left.
    table = kaluki_table(
        app,
        THREE,
        options=OPTIONS,
        phase=GAME_OVER,
        totals=(151, 120, 152),
        history=(record(1, (50, 40, 152)), record(2, (60, 50, 0)), record(3, (41, 30, 0))),
        winners=(1,),
        eliminated=(0, 2),
    )
    result = table.final_result(table.view)
    assert [(s.place, s.name, s.winner) for s in result.standings] == [
        (1, "Ada", True),
        (2, "You", False),
        (3, "Bruno", False),
    ]
    assert result.subtitle == "Last one standing: the others went over 150 (3 deals)"
    with in_japanese():
        assert table.final_result(table.view).subtitle == (
            "最後まで残った人の勝ち：ほかの人は150点を超えました（3ディール）"
        )


def test_a_played_last_deal_shows_the_results_by_who_stayed_longest(app):
    # Bruno went over in deal 1 (152). In deal 2 You go out and Ada's 20 take her to 160:
    # You win; Ada stayed a deal longer than Bruno, so she comes second despite her total.
    table = kaluki_table(
        app,
        THREE,
        options=OPTIONS,
        phase=PLAY,
        seat=0,
        hands=(hand("9H"), hand("KS QS"), ()),
        melded=(True, False, False),
        totals=(145, 140, 152),
        history=(record(1, (145, 140, 152)),),
        eliminated=(2,),
    )
    table.play(Discard(hand("9H")[0]))
    assert until(app, lambda: isinstance(app.stack.top, DealSummaryScene), 200)
    key(app, pygame.K_RETURN)
    assert until(app, lambda: isinstance(app.stack.top, GameOverScene), 200)
    result = app.stack.top.result
    assert result.title == "You win!"
    assert [(s.place, s.name, s.score) for s in result.standings] == [
        (1, "You", "145 pts"),
        (2, "Ada", "160 pts"),
        (3, "Bruno", "152 pts"),
    ]
    assert result.subtitle == "Last one standing: the others went over 150 (2 deals)"


def test_two_players_out_in_the_same_deal_are_listed_by_total(app):
    table = kaluki_table(
        app,
        THREE,
        options=OPTIONS,
        phase=GAME_OVER,
        totals=(175, 100, 160),
        history=(record(1, (175, 100, 160)),),
        winners=(1,),
        eliminated=(0, 2),
    )
    names = [s.name for s in table.final_result(table.view).standings]
    assert names == ["Ada", "Bruno", "You"]


def test_the_lowest_total_ending_still_ranks_by_total_and_says_lowest_penalty(app):
    table = kaluki_table(
        app,
        THREE,
        options=KalukiOptions(players=3, target=150),
        phase=GAME_OVER,
        totals=(170, 155, 160),
        history=(record(1, (100, 90, 160)), record(2, (70, 65, 0))),
        winners=(1,),
    )
    result = table.final_result(table.view)
    assert [s.name for s in result.standings] == ["Ada", "Bruno", "You"]
    assert result.subtitle == "Lowest penalty after 2 deals (game to 150)"
    assert table.seat_info(table.view, 2).alert == ""
