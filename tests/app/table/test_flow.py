"""The game moves on: AI seats think off the UI thread, hot-seat hand-offs hide hands,
the deal summary and the results appear, statistics are kept."""

from __future__ import annotations

import threading

import pygame

from game.app.scenes.deal_summary import DealSummaryScene
from game.app.scenes.game_over import GameOverScene
from game.app.table.handoff import HandoffScene
from game.app.table.kaluki import KalukiHooks
from game.app.table.table_scene import TableScene
from game.engine.actions import Discard
from game.games.kaluki import KalukiOptions
from game.games.kaluki.state import DEAL_OVER, PLAY
from game.persist.autosaves import has_autosave
from game.persist.stats import load_stats
from tests.app.table.helpers import (
    card_point,
    drag,
    frames,
    kaluki_table,
    key,
    pass_hand,
    settle,
    until,
)
from tests.helpers import hand


def test_an_ai_seat_thinks_on_another_thread_while_frames_go_on(app, monkeypatch):
    table = kaluki_table(app, ("human", "easy"), seat=1)
    threads = []
    from game.ai.kaluki.easy import KalukiEasy

    original = KalukiEasy.choose

    def choose(self, *args, **kwargs):
        threads.append(threading.current_thread())
        return original(self, *args, **kwargs)

    monkeypatch.setattr(KalukiEasy, "choose", choose)
    assert until(app, lambda: table.my_turn)
    assert threads and all(t is not threading.main_thread() for t in threads)
    assert len(table.session.log) >= 2  # the AI drew and discarded


def test_hot_seat_hides_every_hand_until_the_next_player_clicks(app):
    table = kaluki_table(
        app,
        ("human", "human"),
        names=("Sam", "Priya"),
        seat=0,
        phase=PLAY,
        hands=(hand("5C 9H KD"), hand("2S 3S 4S")),
    )
    # At the very start too: the first player's hand waits behind a hand-off.
    top = app.stack.top
    assert isinstance(top, HandoffScene) and top.name == "Sam"
    assert all(token.card is None for token in table.picture.in_zone("hand:0"))
    pass_hand(app)
    assert app.stack.top is table
    drag(app, card_point(table, hand("9H")[0]), table.layout.discard.center)
    assert table.session.to_act == 1
    settle(app, table)
    frames(app, 2)
    top = app.stack.top
    assert isinstance(top, HandoffScene) and top.name == "Priya"
    hand_tokens = table.picture.in_zone("hand:0")
    assert hand_tokens and all(token.card is None for token in hand_tokens)
    assert top.opaque  # the table below is not drawn at all
    pass_hand(app)
    assert app.stack.top is table and table.session.shown_seat == 1
    shown = {token.card for token in table.picture.in_zone("hand:1")}
    assert shown == set(hand("2S 3S 4S"))


def test_with_one_human_that_hand_is_always_face_up(app):
    table = kaluki_table(app, ("easy", "human", "easy"), seat=0)
    table.ai_pause = 60.0
    frames(app, 3)
    assert table.view_seat == 1 and not isinstance(app.stack.top, HandoffScene)
    assert all(token.card is not None for token in table.picture.in_zone("hand:1"))


def test_the_end_of_a_deal_shows_the_summary_and_continue_deals_again(app):
    table = kaluki_table(
        app,
        seat=0,
        phase=PLAY,
        hands=(hand("9H"), hand("KS QS")),
        melded=(True, False),
    )
    drag(app, card_point(table, hand("9H")[0]), table.layout.discard.center)
    assert table.session.state.phase == DEAL_OVER
    assert until(app, lambda: isinstance(app.stack.top, DealSummaryScene), 200)
    summary = app.stack.top.summary
    rows = {row.name: row for row in summary.rows}
    assert rows["You"].highlight and rows["Ada"].points == "+20"
    assert summary.totals == ("0", "20")
    key(app, pygame.K_RETURN)
    assert table.session.state.deal == 2 and app.stack.top is table


def test_the_last_deal_leads_to_the_results_with_statistics(app, paths):
    table = kaluki_table(
        app,
        seat=0,
        phase=PLAY,
        hands=(hand("9H"), hand("KS QS")),
        melded=(True, False),
        totals=(30, 140),
        options=KalukiOptions(players=2),
    )
    assert has_autosave(paths) is False
    table.play(Discard(hand("9H")[0]))
    assert until(app, lambda: isinstance(app.stack.top, DealSummaryScene), 200)
    assert app.stack.top.summary.button_key == "table.see_results"
    key(app, pygame.K_RETURN)
    assert until(app, lambda: isinstance(app.stack.top, GameOverScene), 200)
    result = app.stack.top.result
    assert result.title == "You win!"
    assert result.series[1] == (140, 160)
    assert result.standings[0].name == "You" and result.standings[0].winner
    record = load_stats(paths)[0].get("kaluki", "easy")
    assert record.played == 1 and record.won == 1 and record.best == 30
    assert not has_autosave(paths)


def test_play_again_sits_the_same_players_down_at_a_new_deal(app):
    table = kaluki_table(
        app, seat=0, phase=PLAY, hands=(hand("9H"), hand("KS QS")), totals=(0, 145)
    )
    table.play(Discard(hand("9H")[0]))
    until(app, lambda: isinstance(app.stack.top, DealSummaryScene), 200)
    key(app, pygame.K_RETURN)
    until(app, lambda: isinstance(app.stack.top, GameOverScene), 200)
    key(app, pygame.K_RETURN)
    fresh = app.stack.top
    assert (
        isinstance(fresh, TableScene)
        and isinstance(fresh.hooks, KalukiHooks)
        and fresh is not table
    )
    assert fresh.session.setup.seats == table.session.setup.seats
    assert fresh.session.setup.seed != table.session.setup.seed


def test_a_whole_game_against_ai_reaches_the_results(app):
    options = KalukiOptions(players=2, target=50)
    table = kaluki_table(app, ("easy", "easy"), seed=5, options=options)
    assert until(app, lambda: table.session.finished, 20_000)
    assert table.session.rules.results(table.session.state).winners


def test_a_window_resize_lays_the_table_out_again(app):
    table = kaluki_table(app, seat=0, phase=PLAY, hands=(hand("5C 9H KD"), hand("2S 3S")))
    table.ai_pause = 60.0
    app.window.size = (1024, 640)
    pygame.event.post(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=1024, y=640))
    frames(app, 2)
    assert table.layout.size == (1024, 640)
    assert all(t.rect.right <= 1024 and t.rect.bottom <= 640 for t in table.picture.tokens)
    drag(app, card_point(table, hand("9H")[0]), table.layout.discard.center)
    assert table.session.log == [Discard(hand("9H")[0])]


def test_switching_to_japanese_mid_game_translates_the_table(app):
    table = kaluki_table(app, seat=0, phase=PLAY, hands=(hand("5C 9H KD"), hand("2S 3S")))
    table.ai_pause = 60.0
    table.play(Discard(hand("9H")[0]))
    try:
        app.update_settings(language="ja", save=False)
        frames(app, 2)
        assert table.log_lines[-1].text == "9♥を捨てました"
        assert "考えて" in table.current_status() or "番です" in table.current_status()
    finally:
        app.update_settings(language="en", save=False)
