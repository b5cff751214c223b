"""The "Computer plays" setting (issue 29): how fast the computer seats' moves go by.
At a local table the flow waits less (or not at all) before a computer's move and its
cards fly faster (or land at once); online the server plays those seats, so only how
fast the app shows their moves changes."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from game.app.table.animation import Animator

# setting -> (share of the usual pause before a computer's move, how much faster its
# cards fly; None: they land at once)
PACES: dict[str, tuple[float, float | None]] = {
    "follow": (1.0, 1.0),
    "fast": (0.3, 2.5),
    "instant": (0.0, None),
}


def pause_share(pace: str) -> float:
    """The share of the usual pause a computer seat waits before it moves."""
    return PACES.get(pace, PACES["follow"])[0]


@contextmanager
def computer_flights(animator: Animator, pace: str) -> Iterator[None]:
    """Cards added meanwhile are a computer seat's move: they fly at its pace."""
    speed, instant = animator.speed, animator.instant
    faster = PACES.get(pace, PACES["follow"])[1]
    if faster is None:
        animator.instant = True
    else:
        animator.speed = speed * faster
    try:
        yield
    finally:
        animator.speed, animator.instant = speed, instant
