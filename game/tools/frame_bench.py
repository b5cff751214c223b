"""``python -m game bench``: frame times at the table (headless, dummy video driver).

Every game's showcase module (its manifest's ``GameInfo.showcase``) gives its scenarios
through ``frames(seed)``, most of them a :func:`drag_scenario`: a late table, a hand card
dragged back and forth across it for 600 frames while batches of cards fly (every 1.5 s,
as when an AI lays down).

Each frame is timed whole: events, update, drawing and the flip, on the wall clock
(``p50``, ``p99``, ``max``) and as the UI thread's own processor time (``cpu_p50``,
``cpu_p99``: steady on a busy shared machine). Aim: p99 <= 8 ms at 1280x800 while
dragging. The online scenario (``game/tools/online_frames.py``): a networked seat while
moves arrive from a real server with bots.
"""

from __future__ import annotations

import os
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.tools.bench import bench, timings

if TYPE_CHECKING:
    from game.app.app import App
    from game.app.scripted import Rect
    from game.app.session import GameSession
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
    from game.app.scripted import move_held, press, release
    from game.tools.showcase import card_at

    cards = table.hand_cards()
    start = card_at(table, cards[len(cards) // 2])
    press(start)
    app.frame(1 / 60)
    samples, cpu_samples = [], []
    for frame in range(FRAMES):
        phase = (frame % 240) / 240
        x = area.x + area.w * (2 * phase if phase < 0.5 else 2 - 2 * phase)
        y = centre_y + (frame % 60) - 30
        move_held((round(x), y), rel=(4, 0))
        if frame % 90 == 0:
            fly(frame)
        began, cpu = time.perf_counter(), time.thread_time()
        app.frame(1 / 60)
        samples.append(time.perf_counter() - began)
        cpu_samples.append(time.thread_time() - cpu)
    dragging = table.drag is not None
    release(start)
    app.frame(1 / 60)
    return {**timings(samples), **cpu_timings(cpu_samples), "dragging": dragging}


def drag_scenario(size: tuple[int, int], session: GameSession) -> dict:
    """``session``'s table, its AI seats waiting, a hand card dragged across the table
    while the cards of up to 20 melds fly in from the stock."""
    from game.app.table import open_table
    from game.app.table.animation import Flight
    from game.tools.showcase import laid_out

    with bench_app(size, reduce_motion=False) as app:
        table = open_table(app, session)
        table.ai_pause = 1e9
        for _ in range(WARM_UP):
            app.frame(1 / 60)

        def fly(frame: int) -> None:  # the cards of 20 melds, as when an AI lays down
            anchor = table.zone_anchor("stock")
            flying = [t for t in table.picture.tokens if t.zone.startswith("meld:")][:20]
            for i, t in enumerate(flying):
                table.animator.add(Flight(t.key, t.card, anchor, t.place, i * 0.04, 0.32, t.label))

        area = laid_out(table).table
        return time_drag(app, table, area, area.centery, fly)


def cpu_timings(samples: list[float]) -> dict:
    """The UI thread's own processor time per frame: what the table costs, whatever
    else the machine is doing (the wall-clock figures include waiting for a core)."""
    figures = timings(samples)
    return {"cpu_p50": figures["p50"], "cpu_p99": figures["p99"]}


@bench("frame_ms", "table")
def bench_frames(seed: int) -> dict:
    """Frame time in ms at every game's table while a card is dragged and cards fly
    (aim p99 <= 8 ms at 1280x800)."""
    from game.games.registry import GAMES

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.tools.online_frames import online_frames

    results: dict = {}
    for info in GAMES.values():
        results.update(import_module(info.showcase).frames(seed))
    results.update(online_frames(seed))  # a networked seat while the server's AIs play
    return results
