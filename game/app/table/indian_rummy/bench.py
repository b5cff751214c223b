"""Frame times at a ten-player Indian Rummy table, for ``python -m game bench``
(``game/app/table/frame_bench.py`` adds these scenarios).

Scenario ``indian_rummy_10p_drag_<size>``: ten players, the human holding 14 cards in
groups after drawing, a hand card dragged back and forth across the felt (over the
Finish slot and the discard pile, which light up) for 600 frames, while every 1.5 s a
batch of 13 cards flies from the stock to a player's plate (as when a deal is dealt). The
warm-up deals to every plate first, so the card art is drawn at the flights' sizes before
timing starts (a one-off cost of the first deal). Each frame is timed whole (events,
update, drawing, the flip).
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

FRAMES = 600
WARM_UP = 60
SIZES = ((1280, 800), (1024, 640))


def measure(size: tuple[int, int], seed: int) -> dict:
    import pygame

    from game.app.app import App
    from game.app.table import open_table
    from game.app.table.frame_bench import _cpu
    from game.app.table.indian_rummy.showcase import playing_session
    from game.persist.paths import Paths
    from game.persist.settings import Settings
    from game.tools.bench import timings

    with tempfile.TemporaryDirectory(prefix="card-parlour-bench-") as folder:
        root = Path(folder)
        paths = Paths(saves=root / "saves", config=root, data=root)
        settings = Settings(language="en", sound=False, reduce_motion=False)
        app = App(paths, settings, size=size, hidden=True)
        try:
            table = open_table(app, playing_session(10, seed=seed))
            table.ai_pause = 1e9
            seats = [s for s in table.layout.seats if s != table.view_seat]
            for frame in range(WARM_UP * 2):
                if frame % 12 == 0:  # the deal: the card art is drawn at the flights' sizes
                    _fly_to(table, seats[(frame // 12) % len(seats)], ("warm", frame))
                app.frame(1 / 60)
            cards = table.hand_cards()
            start = table.picture.get(cards[len(cards) // 2]).hit.center
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
            app.frame(1 / 60)
            area = table.layout.centre
            seats = [s for s in table.layout.seats if s != table.view_seat]
            samples, cpu_samples = [], []
            for frame in range(FRAMES):
                phase = (frame % 240) / 240
                x = area.x + area.w * (2 * phase if phase < 0.5 else 2 - 2 * phase)
                y = table.felt.finish.centery + (frame % 60) - 30
                pygame.event.post(
                    pygame.event.Event(
                        pygame.MOUSEMOTION, pos=(round(x), y), rel=(4, 0), buttons=(1, 0, 0)
                    )
                )
                if frame % 90 == 0:
                    _fly_to(table, seats[(frame // 90) % len(seats)], ("bench", frame))
                began, cpu = time.perf_counter(), time.thread_time()
                app.frame(1 / 60)
                samples.append(time.perf_counter() - began)
                cpu_samples.append(time.thread_time() - cpu)
            dragging = table.drag is not None
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=start, button=1))
            app.frame(1 / 60)
        finally:
            app.shutdown()
            app.window.destroy()
    return {**timings(samples), **_cpu(cpu_samples), "dragging": dragging}


def _fly_to(table, seat: int, tag: tuple) -> None:
    """13 cards from the stock to ``seat``'s plate, one after another (a deal's cards)."""
    from game.app.table.animation import Flight
    from game.app.table.sprites import Place

    stock = table.zone_anchor("stock")
    end = table.zone_anchor(f"hand:{seat}")
    for i in range(13):
        place = Place(end.x, end.y, end.w, False)
        table.animator.add(Flight((*tag, i), None, stock, place, i * 0.03, 0.3))


def scenarios(seed: int) -> dict:
    """The Indian Rummy entries of ``frame_ms``."""
    return {f"indian_rummy_10p_drag_{w}x{h}": measure((w, h), seed) for w, h in SIZES}
