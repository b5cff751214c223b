"""``python -m game bench``: frame times at the table (headless, dummy video driver).

Scenario ``kaluki_6p_drag_<size>``: a six-player Kaluki table in a late deal (melds on the
table, a full hand), a hand card dragged back and forth across the table for 600 frames
while batches of cards fly (every 1.5 s a batch of 20 flights, as when an AI lays down).
Scenario ``kaluki_6p_hard_thinking_1280x800``: the same table size with five Hard AI
seats playing (each decision 400 ms of search on a worker thread) while frames are drawn
back to back: how much a thinking bot costs the window.

Each frame is timed whole: events, update, drawing and the flip, on the wall clock
(``p50``, ``p99``, ``max``) and as the UI thread's own processor time (``cpu_p50``,
``cpu_p99``: steady on a busy shared machine). Aim: p99 <= 8 ms at 1280x800 while
dragging.
"""

from __future__ import annotations

import os
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.tools.bench import bench, timings

if TYPE_CHECKING:
    from pygame import Rect

    from game.app.app import App
    from game.app.table.table_scene import TableScene

FRAMES = 600
WARM_UP = 60
SIZES = ((1280, 800), (1024, 640))


@contextmanager
def bench_app(size: tuple[int, int], **settings: Any) -> Iterator[App]:
    """A hidden window of ``size``, in English and silent (and ``settings``), its files
    in a throwaway folder; closed on the way out."""
    from game.app.app import App
    from game.persist.paths import Paths
    from game.persist.settings import Settings

    with tempfile.TemporaryDirectory(prefix="card-parlour-bench-") as folder:
        root = Path(folder)
        paths = Paths(saves=root / "saves", config=root, data=root)
        app = App(paths, Settings(language="en", sound=False, **settings), size=size, hidden=True)
        try:
            yield app
        finally:
            app.shutdown()
            app.window.destroy()


def time_drag(
    app: App, table: TableScene, area: Rect, centre_y: int, fly: Callable[[int], None]
) -> dict:
    """Hold the middle card of the hand and drag it back and forth across ``area``
    (around ``centre_y``) for ``FRAMES`` frames, calling ``fly(frame)`` every 1.5 s to
    send a batch of cards flying; then let go. The frame times, and whether the card
    was still held at the end."""
    import pygame

    cards = table.hand_cards()
    start = table.picture.get(cards[len(cards) // 2]).hit.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    app.frame(1 / 60)
    samples, cpu_samples = [], []
    for frame in range(FRAMES):
        phase = (frame % 240) / 240
        x = area.x + area.w * (2 * phase if phase < 0.5 else 2 - 2 * phase)
        y = centre_y + (frame % 60) - 30
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=(round(x), y), rel=(4, 0), buttons=(1, 0, 0))
        )
        if frame % 90 == 0:
            fly(frame)
        began, cpu = time.perf_counter(), time.thread_time()
        app.frame(1 / 60)
        samples.append(time.perf_counter() - began)
        cpu_samples.append(time.thread_time() - cpu)
    dragging = table.drag is not None
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=start, button=1))
    app.frame(1 / 60)
    return {**timings(samples), **_cpu(cpu_samples), "dragging": dragging}


def _measure(size: tuple[int, int], seed: int) -> dict:
    from game.app.table import open_table
    from game.app.table.animation import Flight
    from game.app.table.showcase import late_kaluki_session

    with bench_app(size, reduce_motion=False) as app:
        table = open_table(app, late_kaluki_session(6, seed=seed))
        table.ai_pause = 1e9
        for _ in range(WARM_UP):
            app.frame(1 / 60)

        def fly(frame: int) -> None:  # the cards of 20 melds, as when an AI lays down
            anchor = table.zone_anchor("stock")
            flying = [t for t in table.picture.tokens if t.zone.startswith("meld:")][:20]
            for i, t in enumerate(flying):
                table.animator.add(Flight(t.key, t.card, anchor, t.place, i * 0.04, 0.32, t.label))

        area = table.layout.table
        return time_drag(app, table, area, area.centery, fly)


def _cpu(samples: list[float]) -> dict:
    """The UI thread's own processor time per frame: what the table costs, whatever
    else the machine is doing (the wall-clock figures include waiting for a core)."""
    figures = timings(samples)
    return {"cpu_p50": figures["p50"], "cpu_p99": figures["p99"]}


def _measure_thinking(size: tuple[int, int], seed: int) -> dict:
    from game.app.session import GameSession
    from game.app.setup import GameSetup, Seat
    from game.app.table import open_table
    from game.app.table.showcase import NAMES
    from game.games.kaluki import KalukiOptions

    seats = (Seat(NAMES[0], "human"), *(Seat(NAMES[i], "hard") for i in range(1, 6)))
    setup = GameSetup("kaluki", KalukiOptions(players=6), seed, seats)
    with bench_app(size, animation_speed=3.0) as app:
        table = open_table(app, GameSession(setup))
        samples, cpu_samples, thinking = [], [], 0
        for frame in range(WARM_UP + FRAMES):
            began, cpu = time.perf_counter(), time.thread_time()
            app.frame(1 / 60)
            if frame >= WARM_UP:
                samples.append(time.perf_counter() - began)
                cpu_samples.append(time.thread_time() - cpu)
                thinking += table.driver.thinking_seat is not None
            if table.my_turn:
                table.play(table.session.legal_actions()[0])
    return {**timings(samples), **_cpu(cpu_samples), "thinking_frames": thinking}


@bench("frame_ms", "table")
def bench_frames(seed: int) -> dict:
    """Frame time in ms while dragging across a late six-player Kaluki table with cards
    flying (aim p99 <= 8 ms at 1280x800)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    results = {f"kaluki_6p_drag_{w}x{h}": _measure((w, h), seed) for w, h in SIZES}
    results["kaluki_6p_hard_thinking_1280x800"] = _measure_thinking((1280, 800), seed)
    from game.app.table.indian_rummy.bench import scenarios as indian_rummy_frames

    results.update(indian_rummy_frames(seed))
    return results
