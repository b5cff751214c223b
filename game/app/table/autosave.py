"""Autosave off the UI thread, without ever losing the last move.

After every applied move the table hands the game (a ``SavedGame``: immutable state and
log, shared, not copied) to :meth:`Autosaver.request`. A writer thread encodes and writes
the newest one (5 to 20 ms for a long game); requests that arrive while it writes
collapse into one, so a quick series of AI moves costs one or two writes. ``flush``
blocks until what was asked is on disk: the table calls it when it closes (quit to
title, window closed), so the last move is always saved.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

from game.persist.paths import Paths
from game.persist.savedgame import SavedGame
from game.persist.saves import autosave, clear_autosave

log = logging.getLogger(__name__)


class Autosaver:
    def __init__(self, paths: Paths, write: Callable[[Paths, SavedGame], None] = autosave) -> None:
        self.paths = paths
        self._write = write
        self._pending: SavedGame | None = None
        self._busy = False
        self._closed = False
        self._cond = threading.Condition()
        self.writes = 0
        self.last_error: str | None = None
        self._thread = threading.Thread(target=self._run, name="autosave", daemon=True)
        self._thread.start()

    def request(self, saved: SavedGame) -> None:
        """Save ``saved`` soon (the newest request wins)."""
        with self._cond:
            self._pending = saved
            self._cond.notify_all()

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until every request is written; False if it took longer than ``timeout``."""
        with self._cond:
            return self._cond.wait_for(lambda: self._pending is None and not self._busy, timeout)

    def clear(self) -> None:
        """Forget the autosave (the game is over): pending writes are dropped first."""
        with self._cond:
            self._pending = None
            self._cond.wait_for(lambda: not self._busy, 10.0)
            clear_autosave(self.paths)

    def close(self) -> None:
        """Write what is pending, then stop the thread."""
        self.flush()
        with self._cond:
            self._closed = True
            self._cond.notify_all()
        self._thread.join(timeout=5.0)

    def _run(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: self._pending is not None or self._closed)
                if self._pending is None and self._closed:
                    return
                saved, self._pending = self._pending, None
                self._busy = True
            try:
                self._write(self.paths, saved)
                self.writes += 1
                self.last_error = None
            except (OSError, ValueError) as error:  # the disk refused: the old file is intact
                self.last_error = str(error)
                log.warning("autosave failed: %s", error)
            finally:
                with self._cond:
                    self._busy = False
                    self._cond.notify_all()
