"""``python -m game bench``: frame times at the table (headless, dummy video driver).

Scenario ``kaluki_6p_drag_<size>``: a six-player Kaluki table in a late deal (melds on the
table, a full hand), a hand card dragged back and forth across the table for 600 frames
while batches of cards fly (every 1.5 s a batch of 20 flights, as when an AI lays down).
Each frame is timed whole: events, update, drawing and the flip. Aim: p99 <= 8 ms at
1280x800.
"""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path

from game.tools.bench import bench, timings

FRAMES = 600
WARM_UP = 60
SIZES = ((1280, 800), (1024, 640))


def _measure(size: tuple[int, int], seed: int) -> dict:
    import pygame

    from game.app.app import App
    from game.app.table import open_table
    from game.app.table.animation import Flight
    from game.app.table.showcase import late_kaluki_session
    from game.persist.paths import Paths
    from game.persist.settings import Settings

    with tempfile.TemporaryDirectory(prefix="card-parlour-bench-") as folder:
        root = Path(folder)
        paths = Paths(saves=root / "saves", config=root, data=root)
        settings = Settings(language="en", sound=False, reduce_motion=False)
        app = App(paths, settings, size=size, hidden=True)
        try:
            table = open_table(app, late_kaluki_session(6, seed=seed))
            table.ai_pause = 1e9
            for _ in range(WARM_UP):
                app.frame(1 / 60)
            card = table.hand_cards()[len(table.hand_cards()) // 2]
            token = table.picture.get(card)
            start = token.hit.center
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
            app.frame(1 / 60)
            area = table.layout.table
            flying = [t for t in table.picture.tokens if t.zone.startswith("meld:")][:20]
            samples = []
            for frame in range(FRAMES):
                phase = (frame % 240) / 240
                x = area.x + area.w * (2 * phase if phase < 0.5 else 2 - 2 * phase)
                y = area.centery + (frame % 60) - 30
                pygame.event.post(
                    pygame.event.Event(
                        pygame.MOUSEMOTION, pos=(round(x), y), rel=(4, 0), buttons=(1, 0, 0)
                    )
                )
                if frame % 90 == 0:
                    anchor = table.zone_anchor("stock")
                    for i, t in enumerate(flying):
                        table.animator.add(
                            Flight(t.key, t.card, anchor, t.place, i * 0.04, 0.32, t.label)
                        )
                began = time.perf_counter()
                app.frame(1 / 60)
                samples.append(time.perf_counter() - began)
            dragging = table.drag is not None
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=start, button=1))
            app.frame(1 / 60)
        finally:
            app.shutdown()
            app.window.destroy()
    return {**timings(samples), "dragging": dragging}


@bench("frame_ms", "table")
def bench_frames(seed: int) -> dict:
    """Frame time in ms while dragging across a late six-player Kaluki table with cards
    flying (aim p99 <= 8 ms at 1280x800)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    return {f"kaluki_6p_drag_{w}x{h}": _measure((w, h), seed) for w, h in SIZES}
