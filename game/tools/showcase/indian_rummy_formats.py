"""Indian Rummy's formats at 1280x800 in English and Japanese: each format's showdown of
its last deal and its results, from a session played to its end by the showcase's simple
policy (which rejoins when offered and never splits), and Pool's two questions.

``python -m game.tools.showcase.indian_rummy_formats /work/shots/formats`` writes them.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from dataclasses import replace

from game.app.session import GameSession
from game.games.indian_rummy.options import FORMATS
from game.games.indian_rummy.state import REJOIN, SPLIT
from game.tools.showcase import Screenshots, close_top, still_table
from game.tools.showcase.indian_rummy import indian_rummy_setup, play_simply

PLAYERS = 4


class FormatShots(Screenshots):
    def windows(self) -> Iterator:
        """1280x800 in English, then in Japanese."""
        import game.tools.showcase as showcase

        kept = showcase.SHOT_WINDOWS
        showcase.SHOT_WINDOWS = (((1280, 800), "en"), ((1280, 800), "ja"))
        try:
            yield from super().windows()
        finally:
            showcase.SHOT_WINDOWS = kept


def finished(fmt: str, seed: int = 3) -> GameSession:
    session = GameSession(indian_rummy_setup(PLAYERS, seed, format=fmt))
    if not play_simply(session, lambda s: s.finished, limit=40_000):
        raise RuntimeError(f"{fmt}: the session did not end")
    return session


def asked(phase: str) -> GameSession:
    """A Pool 101 session stopped at its first question, turned to the human (seat 0)."""
    for seed in range(1, 60):
        session = GameSession(indian_rummy_setup(PLAYERS, seed, format="pool_101"))
        for _ in range(40):
            if not play_simply(session, lambda s: s.state.phase in (REJOIN, SPLIT), 40_000):
                break
            state = session.state
            if state.phase == phase:
                if phase == REJOIN:  # the human is the player put out
                    session.state = _as_seat_zero(state, state.seat)
                elif 0 in state.order:
                    session.state = replace(state, seat=0)
                if session.state.seat == 0:
                    return session
            session.apply(session.legal_actions()[0])
    raise RuntimeError(f"no {phase} question found")


def _as_seat_zero(state, seat: int):
    """The same position with ``seat`` and seat 0 swapping places (the human asked)."""
    if seat == 0:
        return state

    def swap(values: tuple) -> tuple:
        swapped = list(values)
        swapped[0], swapped[seat] = swapped[seat], swapped[0]
        return tuple(swapped)

    def seat_of(s: int) -> int:
        return {0: seat, seat: 0}.get(s, s)

    return replace(
        state,
        scores=swap(state.scores),
        rejoins=swap(state.rejoins),
        order=tuple(seat_of(s) for s in state.order),
        pending=tuple(seat_of(s) for s in state.pending),
        next_dealer=seat_of(state.next_dealer),
        seat=0,
    )


def _frames(app, limit: int = 240) -> None:
    for _ in range(limit):
        app.frame(1 / 60)


def render(folder: str) -> list[str]:
    shots = FormatShots(folder, "indian_rummy", quantize=False, frames=4)
    for app, _size, _language in shots.windows():
        for fmt in FORMATS:
            session = finished(fmt)
            table = still_table(app, session)
            for _ in range(240):  # until the showdown of the last deal is up
                app.frame(1 / 60)
                if app.stack.top is not table:
                    break
            shots.save(app, f"{fmt}_summary")
            close_top(app)
            for _ in range(240):
                app.frame(1 / 60)
                if type(app.stack.top).__name__ == "GameOverScene":
                    break
            shots.save(app, f"{fmt}_results")
        for phase in (REJOIN, SPLIT):
            table = still_table(app, asked(phase))
            _frames(app, 60)
            shots.save(app, f"pool_{phase}_dialog")
    return shots.written


if __name__ == "__main__":
    for path in render(sys.argv[1] if len(sys.argv) > 1 else "/tmp/shots"):
        print(path)
