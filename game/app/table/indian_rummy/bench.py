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

from game.app.table.frame_bench import SIZES, WARM_UP, bench_app, time_drag


def measure(size: tuple[int, int], seed: int) -> dict:
    from game.app.table import open_table
    from game.app.table.indian_rummy.showcase import playing_session

    with bench_app(size, reduce_motion=False) as app:
        table = open_table(app, playing_session(10, seed=seed))
        table.ai_pause = 1e9
        seats = [s for s in table.layout.seats if s != table.view_seat]
        for frame in range(WARM_UP * 2):
            if frame % 12 == 0:  # the deal: the card art is drawn at the flights' sizes
                _fly_to(table, seats[(frame // 12) % len(seats)], ("warm", frame))
            app.frame(1 / 60)

        def fly(frame: int) -> None:
            _fly_to(table, seats[(frame // 90) % len(seats)], ("bench", frame))

        return time_drag(app, table, table.layout.centre, table.felt.finish.centery, fly)


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
