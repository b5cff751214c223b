"""Soak: random clicks, drags, keys (Indian Rummy's own too) and window resizes thrown at
an Indian Rummy table against AI seats over two rounds, until the session ends: no
exception, never stuck, nothing piling up, the hand always the engine's hand.

Short in CI. ``CARD_PARLOUR_SOAK=N`` plays N longer sessions with more players."""

from __future__ import annotations

import random

import pygame
import pytest

from game.app.app import App
from game.app.scenes.game_over import GameOverScene
from game.app.scenes.title import TitleScene
from game.app.table.indian_rummy.round_table import RoundScene
from game.app.table.overlays import Overlay
from game.app.table.table_scene import TableScene
from game.games.indian_rummy import IndianRummyOptions
from tests.app.table.helpers import frames, post
from tests.app.table.test_indian_rummy import ir_table
from tests.app.table.test_soak import GAMES, STUCK_FRAMES, random_input

OWN_KEYS = (pygame.K_a, pygame.K_g, pygame.K_f, pygame.K_p, pygame.K_RETURN)


def keep_going(rng: random.Random, app: App, table: TableScene) -> TableScene:
    """Close what is open, Continue from the title, change the seats now and then between
    rounds, or make a move. Returns the table in play."""
    top = app.stack.top
    if isinstance(top, TitleScene):
        top.choose("continue")
        resumed = app.stack.find(TableScene)
        assert resumed is not None and resumed.session.state == table.session.state
        resumed.ai_pause = 0.0
        return resumed
    if isinstance(top, RoundScene):
        if rng.random() < 0.5:
            top.entry.set_text(rng.choice(("Priya", "Arjun", "Ada", "")))
            top.kind = rng.choice(("human", "easy", "normal"))
            top.join()
        if rng.random() < 0.5:
            top.leave(rng.choice(table.session.state.order))
        top.start()
    elif isinstance(top, Overlay) or top is not table:
        post(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")
    elif table.my_turn:
        legal = table.session.legal_actions()
        table.play(rng.choice(legal[-3:] if len(legal) > 3 else legal))
    return table


def soak(app: App, seed: int, events: int, players: int, patience: int = 6) -> TableScene:
    rng = random.Random(seed)
    options = IndianRummyOptions(players=players, rounds=2, wrong_declaration_penalty=seed % 2 == 0)
    table = ir_table(app, ("human",) + ("easy",) * (players - 1), seed=seed, options=options)
    table.ai_pause = 0.0
    quiet, moves = 0, len(table.session.log)
    for step in range(events):
        if table.session.finished:
            break
        top = app.stack.top
        if top is table or isinstance(top, Overlay):
            if rng.random() < 0.1:
                code = rng.choice(OWN_KEYS)
                post(pygame.KEYDOWN, key=code, mod=0, unicode="")
                post(pygame.KEYUP, key=code, mod=0)
            else:
                random_input(rng, app, table)
        frames(app, 2)
        if step % patience == 0 or isinstance(app.stack.top, TitleScene | RoundScene):
            table = keep_going(rng, app, table)
        if len(table.session.log) == moves:
            quiet += 1
            assert quiet < STUCK_FRAMES, (
                f"stuck: {table.status_text(table.view)!r}, {app.stack.top}"
            )
        else:
            quiet, moves = 0, len(table.session.log)
        hand = table.session.view().hand
        assert sorted(table.hand_order, key=str) == sorted(hand, key=str)
        assert len(table.animator.flights) < 400
        assert len(table.session.setup.seats) == table.session.state.options.players
    for _ in range(3000):
        if isinstance(app.stack.top, GameOverScene) or not table.session.finished:
            break
        table = keep_going(rng, app, table)
        frames(app)
    return table


def test_random_play_at_the_indian_rummy_table_never_crashes_or_sticks(soak_app):
    table = soak(soak_app, seed=3, events=3000, players=2)
    assert table.session.finished
    assert isinstance(soak_app.stack.top, GameOverScene)


@pytest.mark.skipif(not GAMES, reason="set CARD_PARLOUR_SOAK=N for the long soak")
@pytest.mark.parametrize("seed", range(20, 20 + max(GAMES, 1)))
def test_long_indian_rummy_soak(soak_app, seed):
    table = soak(soak_app, seed=seed, events=40_000, players=2 + seed % 9, patience=40)
    assert table.session.finished
