"""The table shows what happened: the log keeps the whole deal and scrolls."""

from __future__ import annotations

import random

import pygame

from game.app import i18n
from game.app.session import GameSession
from game.app.setup import GameSetup, Seat
from game.app.table import open_table
from game.app.table.indian_rummy.showdown import ShowdownScene
from game.app.table.overlays import HelpOverlay
from game.engine.actions import DISCARD, STOCK, Discard, Draw, LayDown
from game.games.indian_rummy import Declare
from game.games.kaluki import KalukiOptions
from game.games.kaluki.state import DRAW, PLAY
from tests.app.table.helpers import frames, kaluki_table, key, post, settle, until
from tests.helpers import hand


def long_deal_session(moves: int = 90) -> GameSession:
    """Two players drawing and throwing away for ``moves`` moves, the same deal throughout."""
    seats = (Seat("You", "human"), Seat("Ada", "easy"))
    session = GameSession(GameSetup("kaluki", KalukiOptions(players=2), 5, seats))
    rng = random.Random(1)
    while len(session.moves) < moves or session.to_act != 0:
        legal = session.legal_actions()
        draws = [a for a in legal if isinstance(a, Draw)]
        throws = [a for a in legal if isinstance(a, Discard)]
        session.apply(rng.choice(draws or throws or legal))
    return session


def test_the_log_keeps_the_whole_deal_from_its_first_line(app):
    session = long_deal_session()
    table = open_table(app, session)
    frames(app, 2)
    lines = table.log_lines
    assert lines[0].deal_start  # "Deal 1 ...": nothing of the deal is dropped
    assert sum(1 for line in lines if line.deal_start) == 1
    assert len(lines) > 80  # more than the old window of the last 60 moves


def test_the_wheel_and_page_keys_scroll_the_log_and_end_returns(app):
    table = open_table(app, long_deal_session())
    frames(app, 2)
    post(pygame.MOUSEWHEEL, x=0, y=2, flipped=False)
    frames(app, 2)
    assert table.log_scroll == 6
    key(app, pygame.K_PAGEUP)
    assert table.log_scroll == 11
    key(app, pygame.K_PAGEDOWN)
    assert table.log_scroll == 6
    post(pygame.MOUSEWHEEL, x=0, y=-5, flipped=False)
    frames(app, 2)
    assert table.log_scroll == 0  # never past the newest line
    for _ in range(100):
        key(app, pygame.K_PAGEUP)
    # Page Up stops with the first line at the top: it no longer runs on into an empty
    # panel until only one line is left at the bottom.
    limit = table.log_panel.max_scroll(table.log_lines)
    assert table.log_scroll == limit and 0 < limit < len(table.log_lines) - 3
    post(pygame.MOUSEWHEEL, x=0, y=3, flipped=False)
    frames(app, 2)
    assert table.log_scroll == limit
    key(app, pygame.K_END)
    assert table.log_scroll == 0


def test_the_card_drawn_is_marked_new_until_the_turn_ends(app):
    table = kaluki_table(
        app, seat=0, phase=DRAW, hands=(hand("5C 9H KD"), hand("2S 3S 4S")), stock=hand("QH 7D")
    )
    assert table.hand_marks(table.view) == {}
    table.play(Draw(STOCK))
    settle(app, table)
    assert table.hand_marks(table.view) == {hand("7D")[0]: "New"}
    table.play(Discard(hand("5C")[0]))
    settle(app, table)
    assert table.hand_marks(table.view) == {}


def test_a_taken_discard_the_first_meld_must_use_is_marked_so(app):
    table = kaluki_table(
        app,
        seat=0,
        phase=DRAW,
        hands=(hand("KS KH QS QH QD JS JH JD"), hand("2S 3S 4S")),
        discard=hand("KD"),
    )
    table.play(Draw(DISCARD))
    settle(app, table)
    card = hand("KD")[0]
    assert table.hand_marks(table.view) == {card: "Meld it"}
    frames(app, 2)  # drawn over the card, in Japanese too
    i18n.set_language("ja")
    table.refresh()
    assert table.hand_marks(table.view) == {card: "メルドに使う"}


def test_undo_puts_the_cards_back_where_they_were_in_the_hand(app):
    table = kaluki_table(
        app,
        seat=0,
        phase=PLAY,
        hands=(hand("2C KS 9H KH 4D KD"), hand("3C")),
        melded=(True, False),
    )
    order = list(hand("KH 2C KS 4D 9H KD"))  # the player's own arrangement
    table.set_seat_groups(0, [order])
    table.refresh()
    assert table.hand_cards() == order
    lay = next(a for a in table.session.legal_actions() if isinstance(a, LayDown))
    assert table.play(lay)
    settle(app, table)
    assert len(table.hand_cards()) == 3
    key(app, pygame.K_u)
    settle(app, table)
    assert table.hand_cards() == order  # not the kings gathered at the end


def test_a_wild_card_keeps_its_star_on_the_discard_pile_and_at_the_showdown(app):
    from tests.app.table.test_indian_rummy import my_turn  # 8s are wild there

    table = my_turn(app, top=hand("8H")[0])
    assert table.picture.get(hand("8H")[0]).label == "★"
    cards = hand("3H 4H 5H 6H 9S 10S 8D QD KD AD 5C 5D 5S")
    table = my_turn(app, cards=(*cards, hand("KC")[0]), phase=PLAY)
    assert table.play(Declare(hand("KC")[0])), table.notice
    assert until(app, lambda: isinstance(app.stack.top, ShowdownScene), 200)
    row = next(r for r in app.stack.top.summary.rows if r.seat == 0)
    labels = {card: label for group in row.melds for card, label in group}
    assert labels[hand("8D")[0]] == "★8♠"  # the wild 8♦ standing for the 8♠
    assert labels[hand("9S")[0]] == ""


def test_the_balances_list_the_players_in_the_order_they_sit(app):
    from tests.app.table.test_indian_rummy import ir_table

    table = ir_table(app, ("easy", "human", "easy", "easy"), order=(2, 0, 3, 1), seat=1)
    assert table.view_seat == 1
    assert table.score_seats(table.view) == [1, 2, 0, 3]  # clockwise from the shown seat
    table = kaluki_table(app, ("human", "easy", "easy"))
    assert table.score_seats(table.view) == [0, 1, 2]


def help_text(app, table) -> str:
    table.open_help()
    overlay = app.stack.top
    assert isinstance(overlay, HelpOverlay)
    words = " ".join(f"{keys} {what}" for keys, what in overlay.lines)
    app.stack.pop()
    return words.lower()


def test_the_key_help_names_only_what_the_game_has(app):
    from tests.app.table.test_indian_rummy import ir_table
    from tests.app.table.test_laugh_and_lie_down import FOUR, laugh_table

    rummy = help_text(app, kaluki_table(app))
    assert "stock" in rummy and "meld" in rummy and "log" in rummy
    indian = help_text(app, ir_table(app))
    assert "stock" in indian and "meld" not in indian and "finish" in indian
    laugh = help_text(app, laugh_table(app, FOUR, "7S KD QC"))
    assert "stock" not in laugh and "meld" not in laugh and "log" in laugh


def test_the_results_say_your_statistics_for_the_default_name(app, monkeypatch):
    import game.app.table.parts.saving as saving

    monkeypatch.setattr(saving, "with_finished_game", lambda stats, saved, game="": stats)
    monkeypatch.setattr(app, "keep_stats", lambda stats: True)
    table = kaluki_table(app)
    table.saving.finished_here = True
    assert table.saving.statistics_note() == "Your statistics are updated."
    table = kaluki_table(app, names=("Sam", "Ada"))
    table.saving.finished_here = True
    assert table.saving.statistics_note() == "Sam's statistics are updated."
    i18n.set_language("ja")
    table = kaluki_table(app, names=("あなた", "Ada"))
    table.saving.finished_here = True
    assert table.saving.statistics_note() == "あなたの成績を更新しました。"


def test_the_wild_ranks_read_as_plurals_in_every_language():
    from game.app.messages import render
    from game.games.indian_rummy.messages import turned_up

    for cards, words in (("AS", "the aces and"), ("8C", "the 8s and"), ("KD", "the kings and")):
        line = render(turned_up(hand(cards)[0]), ["Ada"], False)
        assert words in line, line
    i18n.set_language("ja")
    try:
        line = render(turned_up(hand("AS")[0]), ["Ada"], False)
        assert "As" not in line and "A" in line
    finally:
        i18n.set_language("en")
