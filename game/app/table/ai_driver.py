"""AI seats at the table: each decision runs on a worker thread (``game.ai.worker``) while
the window keeps drawing; the table polls once a frame.

The driver starts a decision when an AI seat is to act, polls it, and hands back the
chosen action; a decision for a position that has changed (an undo, leaving the table)
is cancelled and never applied. A bot that fails or proposes an illegal move does not
stall the game: the table plays the engine's first legal action instead and logs it.
The Hint uses the same thread machinery (:class:`Job`).
"""

from __future__ import annotations

import logging
import sys
import threading
import time
from collections.abc import Callable
from typing import Any

from game.ai.base import BotSettings
from game.ai.seat import Seat as AiSeat
from game.ai.worker import BotWorker
from game.app.session import GameSession
from game.engine.actions import Action

log = logging.getLogger(__name__)
# While a bot thinks, give the UI thread the interpreter more often than the default 5 ms
# so a frame never waits long for it.
THINKING_SWITCH_INTERVAL = 0.001


class AiDriver:
    def __init__(self, session: GameSession, settings: BotSettings | None = None) -> None:
        self.session = session
        self.settings = settings or BotSettings()
        self._seats: dict[int, AiSeat] = {}
        self._worker: BotWorker | None = None
        self._moment: tuple[int, int] | None = None  # (seat, moves so far) being decided
        self.started_at = 0.0
        self._normal_interval = sys.getswitchinterval()

    @property
    def thinking_seat(self) -> int | None:
        return self._moment[0] if self._moment is not None else None

    def seat(self, seat: int) -> AiSeat:
        bot = self._seats.get(seat)
        if bot is None:
            setup = self.session.setup
            level = setup.seats[seat].kind
            bot = AiSeat(setup.game_id, seat, level, setup.seed, self.settings)
            self._seats[seat] = bot
        return bot

    def poll(self) -> Action | None:
        """The AI's move for the position now, once decided; None while thinking or when
        no AI is to act. Starts a decision when needed."""
        session = self.session
        seat = session.to_act
        if seat is None or session.is_human(seat) or session.finished:
            self.cancel()
            return None
        moment = (seat, session.move_count)
        if self._moment != moment:
            self.cancel()
            self._start(seat, moment)
            return None
        try:
            action = self._worker.poll() if self._worker is not None else None
        except Exception as error:  # a bot bug must not stall the table
            log.exception("the %s bot failed: %s", session.setup.seats[seat].kind, error)
            action = self._fallback()
        if action is None:
            return None
        self._done()
        if session.problem(action) is not None:
            log.warning("bot proposed an illegal move %r; playing the first legal one", action)
            action = self._fallback()
        return action

    def _start(self, seat: int, moment: tuple[int, int]) -> None:
        session = self.session
        view = session.rules.view(session.state, seat)
        legal = session.legal_actions()
        history = session.public_history(seat)
        self._worker = BotWorker(self.seat(seat).bot)
        self._moment = moment
        self.started_at = time.monotonic()
        sys.setswitchinterval(THINKING_SWITCH_INTERVAL)
        self._worker.start(view, legal, history)

    def _fallback(self) -> Action | None:
        legal = self.session.legal_actions()
        return legal[0] if legal else None

    def _done(self) -> None:
        self._worker = None
        self._moment = None
        sys.setswitchinterval(self._normal_interval)

    def cancel(self) -> None:
        if self._worker is not None:
            self._worker.cancel()
        self._done()


class Job:
    """A function run on a thread, its result picked up by polling (the Hint)."""

    def __init__(self, fn: Callable[[], Any]) -> None:
        self.result: Any = None
        self.error: BaseException | None = None
        self._done = threading.Event()

        def run() -> None:
            try:
                self.result = fn()
            except BaseException as error:  # reported to the table by ready()
                self.error = error
            self._done.set()

        threading.Thread(target=run, name="table-job", daemon=True).start()

    def ready(self) -> bool:
        return self._done.is_set()

    def wait(self, timeout: float | None = None) -> bool:
        return self._done.wait(timeout)
