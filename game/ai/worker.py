"""Thinking off the UI thread. The table starts a decision, polls it once a frame and
may cancel it (undo, leaving the table); a cancelled decision never returns an action.

    worker = BotWorker(bot)
    worker.start(view, legal_actions, public_history)
    ...every frame:  action = worker.poll()   # None while thinking
    ...on undo:      worker.cancel()
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any

from game.ai.base import Bot
from game.engine.actions import Action
from game.engine.events import Event


class BotWorker:
    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self._thread: threading.Thread | None = None
        self._cancelled = threading.Event()
        self._result: Action | None = None
        self._error: BaseException | None = None
        self._lock = threading.Lock()

    def start(
        self, view: Any, legal_actions: Sequence[Action], public_history: Sequence[Event]
    ) -> None:
        """Begin thinking; the inputs are copied so the table may go on changing its own."""
        if self.busy:
            raise RuntimeError("this worker is still thinking; cancel it first")
        self._cancelled = cancelled = threading.Event()
        self._result = self._error = None
        actions, history = list(legal_actions), tuple(public_history)

        def run() -> None:
            try:
                action = self.bot.choose(view, actions, history, cancelled.is_set)
            except BaseException as error:  # reported to the table by poll()
                with self._lock:
                    if not cancelled.is_set():
                        self._error = error
                return
            with self._lock:
                if not cancelled.is_set():
                    self._result = action

        self._thread = threading.Thread(target=run, name="bot-decision", daemon=True)
        self._thread.start()

    @property
    def busy(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def poll(self) -> Action | None:
        """The chosen action once ready (then the worker is free again), else None.
        Re-raises an error the bot met, so a bug never stalls the table silently."""
        with self._lock:
            if self._error is not None:
                error, self._error = self._error, None
                raise error
            action, self._result = self._result, None
        return action

    def cancel(self) -> None:
        """Abandon the decision: the bot is told to stop and its answer is dropped."""
        with self._lock:
            self._cancelled.set()
            self._result = None
            self._error = None

    def wait(self, timeout: float | None = None) -> Action | None:
        """Block until the decision is ready (tests and the simulator)."""
        if self._thread is not None:
            self._thread.join(timeout)
        return self.poll()
