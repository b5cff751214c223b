"""A slow call (connecting, creating, joining) on a thread of its own, so the screen keeps
drawing while it waits; the scene asks ``done`` once a frame."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

_running: set[Task] = set()
_lock = threading.Lock()


def wait_all(timeout: float) -> bool:
    """Wait for every task still running (the tests, before their server stops)."""
    with _lock:
        tasks = list(_running)
    return all(task.wait(timeout) for task in tasks)


class Task:
    def __init__(self, work: Callable[[], Any]) -> None:
        self.result: Any = None
        self.error: BaseException | None = None
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(work,), daemon=True, name="task")
        with _lock:
            _running.add(self)
        self._thread.start()

    def _run(self, work: Callable[[], Any]) -> None:
        try:
            self.result = work()
        except Exception as error:  # shown to the player as a message, never a crash
            self.error = error
        finally:
            with _lock:
                _running.discard(self)
            self._done.set()

    @property
    def done(self) -> bool:
        return self._done.is_set()

    def wait(self, timeout: float) -> bool:
        return self._done.wait(timeout)
