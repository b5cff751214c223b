"""Autosave off the UI thread, without ever losing the last move, and never silently.

Each table owns one autosave file (its game's own, see ``game.persist.autosaves``).
After every applied move the table hands the game (a ``SavedGame``: immutable state and
log, shared, not copied) to :meth:`Autosaver.request`. A writer thread encodes and writes
the newest one (5 to 20 ms for a long game); requests that arrive while it writes
collapse into one, so a quick series of AI moves costs one or two writes. ``flush``
blocks until what was asked is on disk: the table calls it when it closes (quit to
title, window closed), so the last move is always saved.

A write the disk refuses (full, read-only, unplugged) sets :attr:`Autosaver.problem`,
which the table shows as a lasting notice, and is tried again every few seconds until
it succeeds; the previous file on disk is intact meanwhile.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from pathlib import Path

from game.app.disk import DISK_FULL, READ_ONLY, REFUSED, problem_of
from game.persist.autosaves import clear_autosave
from game.persist.savedgame import SavedGame
from game.persist.saves import write_save

__all__ = ["DISK_FULL", "READ_ONLY", "REFUSED", "Autosaver", "problem_of"]
log = logging.getLogger(__name__)
RETRY_S = 3.0  # seconds between tries while the disk refuses


class Autosaver:
    def __init__(
        self, path: Path, write: Callable[[Path, SavedGame], None] = write_save, retry_s=RETRY_S
    ) -> None:
        self.path = path  # the game's own autosave file (set before the first request)
        self._write = write
        self._pending: SavedGame | None = None
        self._failed: SavedGame | None = None  # refused by the disk: tried again
        self._busy = False
        self._closed = False
        self._cond = threading.Condition()
        self.retry_s = retry_s
        self.writes = 0
        self.failures = 0  # in a row
        self.last_error: str | None = None
        self.problem: str | None = None  # DISK_FULL, READ_ONLY or REFUSED while failing
        self._thread = threading.Thread(target=self._run, name="autosave", daemon=True)
        self._thread.start()

    def request(self, saved: SavedGame) -> None:
        """Save ``saved`` soon (the newest request wins)."""
        with self._cond:
            self._pending = saved
            self._failed = None
            self._cond.notify_all()

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until every request is written (or refused); False if it took longer."""
        with self._cond:
            return self._cond.wait_for(lambda: self._pending is None and not self._busy, timeout)

    def clear(self) -> None:
        """Forget the autosave (the game is over): pending writes are dropped first."""
        with self._cond:
            self._pending = self._failed = None
            self._cond.wait_for(lambda: not self._busy, 10.0)
            self._failed = None  # a write refused meanwhile is not tried again
            clear_autosave(self.path)
            self.problem = None

    def close(self) -> None:
        """Write what is pending (one more try for a refused save), then stop."""
        with self._cond:
            if self._pending is None and self._failed is not None:
                self._pending = self._failed
                self._cond.notify_all()
        self.flush()
        with self._cond:
            self._closed = True
            self._cond.notify_all()
        self._thread.join(timeout=5.0)

    def _next(self) -> SavedGame | None:
        """The game to write next, or None to stop (under the lock)."""
        while True:
            if self._pending is not None:
                saved, self._pending = self._pending, None
                return saved
            if self._closed:
                return None
            if self._failed is not None:
                timed_out = not self._cond.wait(self.retry_s)
                # Tried again after a pause, unless a newer game or the end came meanwhile.
                again = self._pending is None and self._failed is not None and not self._closed
                if timed_out and again:
                    saved, self._failed = self._failed, None
                    return saved
                continue
            self._cond.wait()

    def _run(self) -> None:
        while True:
            with self._cond:
                saved = self._next()
                if saved is None:
                    return
                self._busy = True
            try:
                self._write(self.path, saved)
            except Exception as error:  # the disk refused (or a bug): never lose the game
                with self._cond:
                    self.failures += 1
                    self.last_error = str(error)
                    self.problem = problem_of(error)
                    if self._pending is None:
                        self._failed = saved
                if self.failures in (1, 10, 100) or self.failures % 1000 == 0:
                    log.warning("autosave failed (%d in a row): %s", self.failures, error)
            else:
                with self._cond:
                    self.writes += 1
                    self.failures = 0
                    self.last_error = self.problem = None
            finally:
                with self._cond:
                    self._busy = False
                    self._cond.notify_all()
