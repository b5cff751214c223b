"""The turn timer of an online table (issue 25 §3): a table option, off or 30 / 60 / 120
seconds a turn. The server owns the clock (the engine stays pure: it knows nothing of
time). When the seat to act is a human's and its time runs out, the computer plays that
turn for it, with the same bot and the same shared thinking budget as the computer's
seats (``TableServer._bots``). Indian Rummy may choose the sites' rule instead: a drop
(pack) at the cost in force, when a drop is legal (before drawing); later in a turn
the computer plays it out.

Three timeouts in a row make the seat *away*: every client shows it, and its turns are
played by the computer after ``AWAY_TURN`` seconds (so a returning player can still
move) until its player acts again (any move of its own, or an explicit ``back``).
A disconnected seat is timed like any other until its grace period ends; then the
computer plays it at once (``ai``, as before), and no clock runs for it.

Clients are sent the time left as a duration (``clock {seat, left, of}``), never a
moment: their clocks differ from the server's. A turn restored after a restart starts
with its full time. The option and each seat's away state are kept in the store.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from game.engine.events import DealStarted, Event, TurnStarted
from game.engine.messages import Seat, msg
from game.games.registry import GAMES
from game.net import messages as m

if TYPE_CHECKING:
    from game.net.tables import Send, Table

log = logging.getLogger("game.net")

TIMERS = (0, 30, 60, 120)  # seconds a turn; 0 is off
COMPUTER, DROP = "computer", "drop"  # what a timeout does
ON_TIMEOUT = (COMPUTER, DROP)
# the games whose timeout may be a drop (their manifests name the move)
DROP_GAMES = tuple(game_id for game_id, info in GAMES.items() if info.timeout_drop is not None)
MISSES_AWAY = 3  # timeouts in a row that make a seat away
AWAY_TURN = 3.0  # seconds an away seat's turn waits before the computer plays it
CLOCK = "clock"  # the server's frame: {seat, left, of} (seat None: no clock runs)


@dataclass(frozen=True)
class TimerSetting:
    """The table's option: ``seconds`` a turn (0: off), what a timeout does, and how
    long a turn really lasts (``length``: the seconds, except on a test server, which
    runs every timer short: ``serve --test-timer``)."""

    seconds: int = 0
    on_timeout: str = COMPUTER
    length: float = 0.0

    @property
    def on(self) -> bool:
        return self.seconds > 0 and self.length > 0

    def public(self) -> dict[str, Any]:
        """What the waiting room and the table show of it."""
        return {"timer": self.seconds, "on_timeout": self.on_timeout}

    def stored(self) -> dict[str, Any]:
        return {**self.public(), "timer_length": self.length}

    @classmethod
    def from_stored(cls, data: Any) -> TimerSetting:
        """The setting kept in the store (ValueError if it is not one)."""
        if not isinstance(data, dict):
            raise ValueError("table settings are not an object")
        seconds = data.get("timer", 0)
        on_timeout = data.get("on_timeout", COMPUTER)
        length = data.get("timer_length", seconds)
        if seconds not in TIMERS or on_timeout not in ON_TIMEOUT:
            raise ValueError("a turn timer of an unknown kind")
        if isinstance(length, bool) or not isinstance(length, int | float) or length < 0:
            raise ValueError("a turn timer of an unknown length")
        return cls(seconds, on_timeout, float(length))


OFF = TimerSetting()


def _turn_begins(events: Sequence[Event]) -> bool:
    return any(isinstance(event, TurnStarted | DealStarted) for event in events)


@dataclass
class TurnClock:
    """One table's clock: whose time runs, until when, and who has run out of it."""

    setting: TimerSetting = OFF
    clock: Callable[[], float] = time.monotonic
    seat: int | None = None  # the seat whose time runs (or ran out)
    deadline: float = 0.0
    length: float = 0.0  # the whole of this turn's time (shorter for an away seat)
    ran_out: bool = False  # the computer plays the rest of this turn
    misses: dict[int, int] = field(default_factory=dict)  # timeouts in a row, per seat
    announced: tuple[int | None, float] | None = None  # the clock last sent

    def covering(self, number: int) -> bool:
        """Whether the computer is playing seat ``number``'s turn (its time ran out)."""
        return self.ran_out and self.seat == number

    # -- following the table ------------------------------------------------------------

    def follow(self, table: Table, events: Sequence[Event] = ()) -> None:
        """After a move (its ``events``), or whenever who plays a seat may have changed:
        a new turn starts its time; the same seat acting on keeps its clock."""
        if not self.setting.on:
            return
        seat = table.rules.to_act(table.state) if table.phase == "playing" else None
        if seat is not None and table.seats[seat].bot_plays:
            seat = None  # the computer's seat, or one it took over: nothing to time
        if seat is None:
            self.seat, self.ran_out = None, False
            return
        if seat != self.seat or _turn_begins(events):
            self._start(table, seat)

    def _start(self, table: Table, seat: int) -> None:
        away = table.seats[seat].away
        self.seat, self.ran_out = seat, False
        self.length = min(AWAY_TURN, self.setting.length) if away else self.setting.length
        self.deadline = self.clock() + self.length

    def frames(self, table: Table, to: str | None = None) -> list[Send]:
        """The clock for every client of the table when it changed (or for ``to``
        whatever it is: a seat that joined again)."""
        from game.net.tables import Send

        if not self.setting.on:
            return []
        running = self.seat is not None and not self.ran_out
        shown = (self.seat, self.deadline) if running else (None, 0.0)
        if to is None and shown == self.announced:
            return []
        if to is None:
            self.announced = shown
        left = max(0.0, self.deadline - self.clock()) if running else 0.0
        data = {"seat": shown[0], "left": round(left, 2), "of": round(self.length, 2)}
        return [Send(to or table.code, CLOCK, data)]

    # -- the seat's own player ------------------------------------------------------------

    def acted(self, table: Table, number: int) -> list[Send]:
        """Seat ``number``'s player acted (a move of its own, or ``back``): no timeouts in
        a row any more, and an away seat is back (its turn, if it is one, gets its full
        time again)."""
        self.misses.pop(number, None)
        seat = table.seats[number]
        if not seat.away:
            return []
        seat.away = False
        table.keep_seats()
        if self.seat == number and not self.ran_out:
            self._start(table, number)
        back = table.notice(msg(m.PLAYER_ACTIVE, player=Seat(number)))
        return [back, table.lobby(), *self.frames(table)]

    # -- the time running out ---------------------------------------------------------------

    def expire(self, table: Table) -> list[Send]:
        """If the time of the seat to act has run out: the computer takes the turn (or,
        at an Indian Rummy table that chose it, the seat drops); three in a row, and the
        seat is away. The frames to send (the server then plays the turn)."""
        self.follow(table)  # a take-over or a rejoin since the last look
        number = self.seat
        if number is None or self.ran_out or self.clock() < self.deadline:
            return self.frames(table)
        if table.unsaved is not None:
            return []  # the table waits for its store: so does the clock
        self.ran_out = True
        seat = table.seats[number]
        misses = self.misses[number] = self.misses.get(number, 0) + 1
        sends: list[Send] = []
        if not seat.away:
            drop = table.info.timeout_drop
            dropping = self.setting.on_timeout == DROP and drop in table.legal_for(number)
            key = m.TIME_RAN_OUT_DROP if dropping else m.TIME_RAN_OUT
            sends.append(table.notice(msg(key, player=Seat(number))))
            if misses >= MISSES_AWAY:
                seat.away = True
                table.keep_seats()
                # The log's reason goes before the plates' label (frames land in order).
                away = table.notice(msg(m.PLAYER_AWAY, player=Seat(number)))
                sends += [away, table.lobby()]
            if dropping and drop is not None:  # the sites' rule: the drop at the cost in force
                sends += self.frames(table)
                return sends + table.bot_act(number, len(table.log), drop)
        return sends + self.frames(table)


def expire_all(tables: Iterable[Table]) -> list[Send]:
    """Every table's clock looked at (the server's tick)."""
    sends: list[Send] = []
    for table in tables:
        try:
            sends += table.turns.expire(table)
        except Exception:  # one table's fault costs its clock a tick, never the others'
            log.exception("the turn timer of table %s failed", table.code)
    return sends
