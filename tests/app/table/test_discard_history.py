"""The discards seen this deal, per player: read from the deal's events (every card
thrown, in order, and who took one back up), shown with V where the rules show the
whole pile, refused with the reason where they show only its top."""

from __future__ import annotations

import pygame

from game.ai.playout import PlayoutBot
from game.app.table.discard_history import DiscardHistory
from game.engine.actions import Discard, Draw
from game.engine.discards import by_seat, discards_this_deal
from game.engine.events import CardMoved, DealStarted
from game.games.registry import GAMES
from tests.app.table.helpers import frames, kaluki_table, key, until
from tests.app.table.test_indian_rummy import ir_table


def test_every_card_thrown_this_deal_is_listed_by_its_player_in_order():
    rules = GAMES["kalooki"].rules
    state, _ = rules.start(GAMES["kalooki"].options(players=3), 4)
    bot = PlayoutBot(4)
    moves, expected, takes = [], [], []
    while len(moves) < 400 and not state.finished:
        seat = state.to_act
        action = bot.choose(rules.legal_actions(state))
        state, events = rules.apply(state, action)
        moves.append(events)
        if any(isinstance(event, DealStarted) for event in events):
            expected, takes = [], []
        takes += [
            (e.card, int(e.dst.partition(":")[2]))
            for e in events
            if isinstance(e, CardMoved)
            and e.src == "discard"
            and e.dst.startswith("hand:")
            and e.card in {card for _seat, card in expected}  # not the deal's turned-up card
        ]
        if isinstance(action, Discard):
            expected.append((seat, action.card))
    thrown = discards_this_deal(moves)
    assert [(t.seat, t.card) for t in thrown] == expected and expected
    rows = by_seat(thrown, 3)
    assert [t.card for t in rows[1]] == [card for seat, card in expected if seat == 1]
    taken = sorted((t.card, t.taken_by) for t in thrown if t.taken_by is not None)
    assert taken == sorted(takes) and takes  # each card taken back up, and by whom


def test_v_shows_the_discards_of_this_deal_by_player(app):
    table = kaluki_table(app, ("human", "easy"), seed=9)
    assert until(app, lambda: table.my_turn)
    table.play(Draw())
    table.play(Discard(table.hand_cards()[0]))
    table.ai_pause = 0.0
    assert until(app, lambda: table.my_turn, 3000)  # the computer has thrown one too
    key(app, pygame.K_v)
    frames(app)
    overlay = app.stack.top
    assert isinstance(overlay, DiscardHistory)
    thrown = discards_this_deal(table.session.moves)
    assert {t.seat for t in thrown} == {0, 1}
    assert [[t.card for t in row] for row in overlay.rows] == [
        [t.card for t in thrown if t.seat == seat] for seat in range(2)
    ]
    key(app, pygame.K_SPACE)
    assert app.stack.top is table


def test_a_game_that_shows_only_the_top_discard_says_so(app):
    table = ir_table(app)
    assert until(app, lambda: table.my_turn)
    key(app, pygame.K_v)
    assert app.stack.top is table
    assert table.notice == "In this game only the top discard may be seen."
