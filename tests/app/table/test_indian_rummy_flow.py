"""Indian Rummy at the table from deal to deal: the showdown, the seats between rounds
(leaving, coming back, joining, kept in saves), a whole game against AI seats, hot-seat
privacy, and a layout that holds ten players at both window sizes."""

from __future__ import annotations

import itertools

import pygame
import pytest

from game.app.app import App
from game.app.scenes.game_over import GameOverScene
from game.app.session import GameSession
from game.app.table import open_table, resume_table
from game.app.table.handoff import HandoffScene
from game.app.table.indian_rummy.ending import showdown
from game.app.table.indian_rummy.round_table import RoundScene
from game.app.table.indian_rummy.showdown import ShowdownScene
from game.app.table.indian_rummy.texts import signed
from game.engine.actions import STOCK, Draw, NextDeal
from game.games.indian_rummy import CAP, card_points
from game.games.indian_rummy.state import DEAL_OVER, DRAW, ROUND_OVER
from game.persist.saveformat import save_from_dict, save_to_dict
from game.tools.showcase.indian_rummy import (
    declared_session,
    indian_rummy_setup,
    play_simply,
    playing_session,
    simple_move,
)
from tests.app.conftest import headless_app
from tests.app.table.helpers import frames, key, pass_hand, until
from tests.app.table.test_indian_rummy import ir_table

# --- the showdown -------------------------------------------------------------------------


def test_the_showdown_shows_every_hand_arranged_with_its_points():
    session = declared_session(4)
    view = session.view()
    record = view.history[-1]
    show = showdown(view, [s.name for s in session.setup.seats])
    assert next(row.seat for row in show.rows) == 0  # the winner first
    assert {row.seat for row in show.rows} == {0, 1, 2, 3}
    winner = show.rows[0]
    assert winner.winner and winner.points == f"+{record.payments[0]}"
    assert winner.melds_kinds[0] == "pure" and not winner.counted
    assert sum(len(meld) for meld in winner.melds) == 13
    for row in show.rows[1:]:
        shown = record.shown[row.seat]
        raw = sum(card_points(card, record.wild_rank) for card in shown.counted)
        paid = -record.payments[row.seat]
        assert paid == min(raw, CAP) and row.points == signed(-paid)
        assert ("Capped" in row.note) == (raw > CAP)
        assert len(row.counted) == len(shown.counted)
    assert show.running[-1] == show.totals  # one deal: the balances are its payments
    assert show.indicator == record.indicator and "8s" in show.wild


def test_a_declaration_opens_the_showdown_and_continue_deals_again(app):
    table = open_table(app, declared_session(3))
    table.ai_pause = 60.0
    assert until(app, lambda: isinstance(app.stack.top, ShowdownScene), 100)
    assert table.session.state.phase == DEAL_OVER
    assert table.current_status() == "The deal is over."
    key(app, pygame.K_RETURN)
    assert app.stack.top is table
    assert table.session.log[-1] == NextDeal()
    assert table.session.state.phase == DRAW and table.session.state.deal == 2
    assert len(table.hand_cards()) == 13


# --- between rounds -------------------------------------------------------------------------


def round_table(app: App, players: int = 4, dealt: bool = False) -> tuple:
    """The table at the end of round 1 of 2, the seats scene open. ``dealt``: reached by
    playing from the seed (so it saves), else a crafted declaration ends the round."""
    if dealt:
        session = GameSession(indian_rummy_setup(players, seed=4, rounds=2))
        assert play_simply(session, lambda s: s.state.phase == ROUND_OVER)
    else:
        session = declared_session(players, rounds=2, round_end=True)
    table = open_table(app, session)
    table.ai_pause = 60.0
    assert until(app, lambda: isinstance(app.stack.top, ShowdownScene), 100)
    assert session.state.phase == ROUND_OVER
    key(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, RoundScene)
    return table, app.stack.top


def test_between_rounds_a_player_leaves_and_comes_back_with_their_balance(app):
    table, scene = round_table(app)
    balance = table.session.state.balances[2]
    scene.leave(2)
    frames(app)
    state = table.session.state
    assert 2 not in state.order and state.balances[2] == balance
    assert 2 not in table.layout.seats and "away" in table.score_text(table.view, 2)
    scene.come_back(2)
    frames(app)
    assert 2 in table.session.state.order and 2 in table.layout.seats
    assert table.session.state.balances[2] == balance


def test_a_new_player_joins_as_the_chosen_kind_and_plays_the_next_round(app):
    table, scene = round_table(app)
    scene.entry.set_text("Priya")
    scene.kind = "easy"
    scene.join()
    frames(app)
    session = table.session
    assert [seat.name for seat in session.setup.seats][-1] == "Priya"
    assert session.setup.seats[4].kind == "easy"
    assert session.state.options.players == 5 and 4 in session.state.order
    assert session.state.balances[4] == 0 and 4 in table.layout.seats
    assert not table.animator.busy  # the table under the scene shows no card mid-flight
    scene.start()
    assert app.stack.top is table and session.state.phase == DRAW
    assert session.state.round == 2 and len(session.state.hands[4]) == 13
    table.ai_pause = 0.0
    assert until(app, lambda: len(session.log) > 12, 3000)  # the newcomer's AI plays


def test_a_game_with_a_newcomer_saves_and_loads(app):
    table, scene = round_table(app, players=2, dealt=True)
    scene.entry.set_text("Priya")
    scene.join()
    scene.start()
    saved = table.session.to_saved()
    from datetime import datetime

    loaded = save_from_dict(save_to_dict(saved, datetime(2026, 1, 1)))
    assert [s.name for s in loaded.seats][-1] == "Priya"
    assert loaded.state == table.session.state
    resumed = resume_table(app, loaded)
    frames(app, 2)
    assert 2 in resumed.layout.seats and resumed.session.state.options.players == 3


def test_the_last_human_cannot_leave_and_the_engine_keeps_two_at_the_table(app):
    table, scene = round_table(app, players=3)
    assert not scene.may_leave(0)
    scene.leave(0)
    assert 0 in table.session.state.order and "last human" in scene.message
    scene.leave(1)
    assert table.session.state.order == tuple(s for s in table.session.state.order if s != 1)
    assert not scene.may_leave(2)  # two must stay
    scene.entry.set_text("you")
    scene.join()
    assert "already at the table" in scene.message
    assert len(table.session.setup.seats) == 3


def test_a_name_typed_again_brings_back_who_left(app):
    table, scene = round_table(app)
    name = table.session.setup.seats[3].name
    scene.leave(3)
    scene.entry.set_text(name.upper())
    scene.join()
    assert 3 in table.session.state.order
    assert len(table.session.setup.seats) == 4  # no new seat


# --- a whole game, hot seat -------------------------------------------------------------------


def test_a_whole_game_against_ai_seats_finishes_through_the_table(app):
    session = GameSession(indian_rummy_setup(3, seed=11, rounds=1))
    table = open_table(app, session)
    table.ai_pause = 0.0
    for _ in range(20_000):  # ends at the results, whatever the bots
        top = app.stack.top
        if isinstance(top, GameOverScene):
            break
        if top is table and table.my_turn:
            table.play(simple_move(session))
        elif top is not table:
            key(app, pygame.K_RETURN)
        frames(app)
    assert session.finished and isinstance(app.stack.top, GameOverScene)
    result = app.stack.top.result
    assert len(result.standings) == 3 and len(result.series[0]) == len(session.state.history) + 1
    assert sum(session.state.balances) == 0


def test_hot_seat_hands_and_prompts_stay_private(app):
    session = playing_session(2)  # seat 0 to discard
    session.setup = indian_rummy_setup(2, humans=2)
    table = open_table(app, session)
    mine = set(session.state.hands[0])
    table.play(simple_move(session))  # seat 0 discards; seat 1, a human, is next
    assert until(app, lambda: isinstance(app.stack.top, HandoffScene), 200)
    assert table.covered
    assert all(token.card is None for token in table.picture.in_zone("hand:0"))
    assert not table.context_widgets  # no Drop button for anyone while the cards are hidden
    assert not any(button.visible for button in table.hooks.group_widgets)
    pass_hand(app)
    assert table.view_seat == 1 and table.my_turn
    assert not mine & set(table.hand_cards())
    assert not mine & {card for group in table.hooks.groups for card in group}
    assert [s.name for s in table.context_widgets.values()] == ["pack"]


# --- the layout ---------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 6, 10])
@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_nothing_overlaps_at_the_table(paths, players, size):
    with headless_app(paths, size, reduce_motion=True) as app:
        table = ir_table(app, ("human",) + ("easy",) * (players - 1), seat=0, phase=DRAW)
        table.session.apply(Draw(STOCK))
        table.refresh()
        frames(app)
        layout = table.layout
        plates = [spot.plaque for spot in layout.seats.values()]
        assert len(plates) == players
        for a, b in itertools.combinations(plates, 2):
            assert not a.colliderect(b)
        felt = [layout.stock, layout.discard, table.hooks.felt.finish]
        for rect in [*felt, table.hooks.felt.buttons]:
            assert layout.centre.contains(rect)
            assert not any(rect.colliderect(p) for p in plates)
        indicator = table.picture.in_zone("indicator")[0].hit
        assert layout.centre.contains(indicator)
        assert not table.hooks.felt.buttons.colliderect(layout.status)
        assert (
            layout.piles.bottom <= table.hooks.felt.buttons.top
        )  # the notes end above the buttons
        cards = [table.picture.get(card).rect for card in table.hand_cards()]
        assert len(cards) == 14 and all(layout.play.contains(r) for r in cards)
        for button in table.hooks.group_widgets:
            assert not any(button.rect.colliderect(r) for r in felt)


def test_new_game_opens_the_indian_rummy_table_and_play_again_keeps_the_first_seats(app):
    from dataclasses import replace

    from game.app.setup import Seat
    from game.app.table.indian_rummy import IndianRummyHooks
    from game.app.table.table_scene import TableScene

    app.start_game(indian_rummy_setup(4, seed=9))
    table = app.stack.top
    assert (
        isinstance(table, TableScene)
        and isinstance(table.hooks, IndianRummyHooks)
        and len(table.layout.seats) == 4
    )
    setup = table.session.setup
    table.session.setup = replace(setup, seats=(*setup.seats, Seat("Priya", "easy")))
    table.play_again()
    again = app.stack.top
    assert (
        isinstance(again, TableScene)
        and isinstance(again.hooks, IndianRummyHooks)
        and again is not table
    )
    assert [s.name for s in again.session.setup.seats] == [s.name for s in setup.seats]


def test_a_void_deal_shows_no_hands_and_nobody_pays():
    from dataclasses import replace

    from game.engine.actions import Discard

    session = playing_session(3)  # the human has drawn

    def discard() -> None:
        session.apply(next(a for a in session.legal_actions() if isinstance(a, Discard)))

    discard()
    state = session.state  # the next player finds only the indicator left
    session.state = replace(state, stock=state.stock[:1], box=(*state.box, *state.stock[1:]))
    session.apply(Draw(STOCK))
    discard()
    show = showdown(session.view(), [s.name for s in session.setup.seats])
    assert show.title == "Deal 1 is void" and "nobody pays" in show.subtitle
    assert all(row.face_down and row.points == "0" for row in show.rows)
    assert show.running == (("—", "—", "—"),)


def test_when_the_shown_player_leaves_the_next_human_takes_the_screen_after_a_hand_off(app):
    table, scene = round_table(app)
    session = table.session
    session.setup = indian_rummy_setup(4, humans=2, rounds=2)
    assert scene.may_leave(0)  # another human stays
    scene.leave(0)
    assert session.shown_seat == 1 and session.needs_handoff
    assert table.covered and table.layout.seats[1].side == "bottom"
    scene.start()
    assert until(app, lambda: isinstance(app.stack.top, HandoffScene), 100)
