"""Soak: random clicks, drags, keys and window resizes thrown at a Kaluki table against
AI seats until the game ends. No exception, never stuck, nothing piling up.

Short in CI (one small game). ``CARD_PARLOUR_SOAK=N`` plays N games with more events
each (thousands of inputs), e.g. ``CARD_PARLOUR_SOAK=5 pytest tests/app/table/test_soak.py``.
"""

from __future__ import annotations

import os
import random

import pygame
import pytest

from game.app.app import App
from game.app.scenes.deal_summary import DealSummaryScene
from game.app.scenes.game_over import GameOverScene
from game.app.scenes.title import TitleScene
from game.app.table.overlays import Overlay
from game.app.table.parts.log import LOG_KEEP
from game.app.table.table_scene import TableScene
from game.games.kaluki import KalukiOptions
from tests.app.table.helpers import frames, kaluki_table, post

GAMES = int(os.environ.get("CARD_PARLOUR_SOAK", "0"))
KEYS = (
    pygame.K_LEFT,
    pygame.K_RIGHT,
    pygame.K_SPACE,
    pygame.K_UP,
    pygame.K_DOWN,
    pygame.K_TAB,
    pygame.K_RETURN,
    pygame.K_d,
    pygame.K_t,
    pygame.K_x,
    pygame.K_m,
    pygame.K_u,
    pygame.K_h,
    pygame.K_s,
    pygame.K_r,
    pygame.K_p,
    pygame.K_l,
    pygame.K_c,
    pygame.K_ESCAPE,
    pygame.K_F1,
)
SIZES = ((1280, 800), (1024, 640), (1366, 768), (1100, 700))
STUCK_FRAMES = 4000


def random_point(rng: random.Random, table: TableScene) -> tuple[int, int]:
    """Anywhere, but mostly where the cards are."""
    layout = table.layout
    area = rng.choice(
        [layout.hand, layout.hand, layout.table, layout.stock, layout.discard, layout.sidebar]
    )
    return rng.randint(area.left, area.right - 1), rng.randint(area.top, area.bottom - 1)


def random_input(rng: random.Random, app: App, table: TableScene) -> None:
    roll = rng.random()
    if roll < 0.35:
        start, end = random_point(rng, table), random_point(rng, table)
        post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
        for i in range(1, 4):
            pos = (start[0] + (end[0] - start[0]) * i // 3, start[1] + (end[1] - start[1]) * i // 3)
            post(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(1, 0, 0))
            frames(app)
        post(pygame.MOUSEBUTTONUP, pos=end, button=1)
    elif roll < 0.65:
        pos = random_point(rng, table)
        post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        for _ in range(rng.choice((1, 1, 2))):
            post(pygame.MOUSEBUTTONDOWN, pos=pos, button=rng.choice((1, 1, 1, 3)))
            post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    elif roll < 0.97:
        code = rng.choice(KEYS)
        mod = pygame.KMOD_SHIFT if rng.random() < 0.15 else 0
        post(pygame.KEYDOWN, key=code, mod=mod, unicode="")
        post(pygame.KEYUP, key=code, mod=mod)
    else:
        app.window.size = rng.choice(SIZES)
        post(pygame.WINDOWSIZECHANGED, x=0, y=0)


def keep_going(rng: random.Random, app: App, table: TableScene) -> TableScene:
    """What a player does to get on with it: close what is open, Continue from the title
    (random clicks may have quit the table), or make a move. Returns the table in play."""
    top = app.stack.top
    if isinstance(top, TitleScene):
        top.choose("continue")  # back to the game, from its autosave
        resumed = app.stack.find(TableScene)
        assert resumed is not None and resumed.session.state == table.session.state
        resumed.ai_pause = 0.0
        return resumed
    if isinstance(top, DealSummaryScene):
        top.done()
    elif isinstance(top, Overlay) or top is not table:
        post(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")
    elif table.my_turn:
        legal = table.session.legal_actions()
        table.play(rng.choice(legal[-3:] if len(legal) > 3 else legal))
    return table


def soak(app: App, seed: int, events: int, patience: int = 6) -> TableScene:
    rng = random.Random(seed)
    options = KalukiOptions(players=3, target=50, first_turn_discard_round=seed % 2 == 0)
    table = kaluki_table(app, ("human", "easy", "easy"), seed=seed, options=options)
    table.ai_pause = 0.0
    quiet = 0
    moves = len(table.session.log)
    for _step in range(events):
        if table.session.finished:
            break
        top = app.stack.top
        if top is table or isinstance(top, Overlay):
            random_input(rng, app, table)
        frames(app, 2)
        if _step % patience == 0 or isinstance(app.stack.top, TitleScene):
            table = keep_going(rng, app, table)
        if len(table.session.log) == moves:
            quiet += 1
            assert quiet < STUCK_FRAMES, (
                f"stuck: {table.status_text(table.view)!r}, top {app.stack.top}"
            )
        else:
            quiet, moves = 0, len(table.session.log)
        assert len(table.animator.flights) < 400
        assert len(table.log_lines) <= LOG_KEEP
        assert not (table.drag is not None and app.stack.top is not table)
    for _ in range(3000):
        if isinstance(app.stack.top, GameOverScene) or not table.session.finished:
            break
        table = keep_going(rng, app, table)
        frames(app)
    return table


def test_random_play_never_crashes_or_sticks_and_the_game_ends(soak_app):
    table = soak(soak_app, seed=2, events=6000)
    assert table.session.finished
    assert isinstance(soak_app.stack.top, GameOverScene)


@pytest.mark.skipif(not GAMES, reason="set CARD_PARLOUR_SOAK=N for the long soak")
@pytest.mark.parametrize("seed", range(10, 10 + max(GAMES, 1)))
def test_long_soak(soak_app, seed):
    table = soak(soak_app, seed=seed, events=40_000, patience=40)
    assert table.session.finished
    assert len(soak_app.cards) <= 400  # the card picture cache stays bounded
