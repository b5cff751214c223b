"""What one seat knows of a networked table, kept up to date from the server's frames:
its view, its legal moves (only while it is to act), its public history, and the move
count its next action must name. The app's network session and the headless clients of
the tests and the benchmark all read the table through it."""

from __future__ import annotations

import time
from typing import Any

from game.engine.actions import Action
from game.engine.events import Event
from game.net.client import Clocked, Incoming, LobbyInfo, Synced, Updated


class SeatView:
    def __init__(self) -> None:
        self.seat: int | None = None
        self.n = 0
        self.phase = "waiting"
        self.names: tuple[str, ...] = ()
        self.view: Any = None
        self.legal: tuple[Action, ...] = ()
        self.history: list[Event] = []  # appended to, never replaced (bots read it so)
        self.lobby: LobbyInfo | None = None
        self.free: tuple[int, ...] = ()  # (a spectator) the seats it may take now
        # The turn timer's last word, and when it came by this computer's own clock.
        self.clock: Clocked | None = None
        self.clock_at = 0.0

    def feed(self, item: Incoming) -> list[Event]:
        """Take in one frame; the new events it brings (for animations and the log)."""
        if isinstance(item, LobbyInfo):
            self.lobby, self.phase = item, item.phase
            self.names = tuple(seat["name"] for seat in item.seats)
            return []
        if isinstance(item, Synced):
            if self.view is not None and item.n < self.n:
                return []  # an older picture than the updates already taken
            self.seat, self.n, self.phase, self.names = item.seat, item.n, item.phase, item.names
            self.view, self.legal, self.free = item.view, item.legal, item.free
            new = list(item.history[len(self.history) :])
            if list(item.history[: len(self.history)]) != self.history:
                self.history.clear()  # the server knows better than a stale copy
                new = list(item.history)
            self.history.extend(new)
            return new
        if isinstance(item, Updated):
            if item.n <= self.n and self.view is not None:
                return []  # already had it (a sync overtook it)
            self.n, self.phase, self.view, self.legal = item.n, item.phase, item.view, item.legal
            self.free = item.free
            self.history.extend(item.events)
            return list(item.events)
        if isinstance(item, Clocked):
            self.clock, self.clock_at = item, time.monotonic()
        return []

    def time_left(self, seat: int) -> tuple[float, float] | None:
        """``seat``'s turn time: (seconds left, of how many), run down by this computer's
        monotonic clock since the server's word; None when no clock runs for it."""
        clock = self.clock
        if clock is None or clock.seat != seat or clock.of <= 0 or self.phase != "playing":
            return None
        return max(0.0, clock.left - (time.monotonic() - self.clock_at)), clock.of

    @property
    def my_turn(self) -> bool:
        return bool(self.legal) and self.phase == "playing"

    @property
    def finished(self) -> bool:
        return self.phase == "over"
