"""The public tables of one table server for the Join screen, asked for in the background
(a worker thread: nothing on the screen's thread waits on the network) and again every
REFRESH seconds while the screen is up. The screen reads ``state`` and ``tables`` once a
frame; ``update`` says when the tables changed (the screen rebuilds its buttons only then:
never while the player types an address, unless the list itself moved)."""

from __future__ import annotations

import time
from collections.abc import Callable

from game.app.scenes.online.task import Task
from game.net import public_tables
from game.net.public_tables import PublicTable

REFRESH = 3.0  # seconds between two askings of the same server
SETTLE = 0.6  # seconds an address must stay as typed before it is asked (typing goes on)

NO_SERVER, LOOKING, UNREACHABLE, EMPTY, LISTED = (
    "no_server",
    "looking",
    "unreachable",
    "empty",
    "listed",
)


class ServerTables:
    def __init__(
        self,
        fetch: Callable[[str], list[PublicTable]] = public_tables.fetch,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.fetch, self.clock = fetch, clock
        self.url: str | None = None
        self.state = NO_SERVER
        self.tables: list[PublicTable] = []
        self.changed = False
        self._task: Task | None = None
        self._task_url: str | None = None
        self._due = 0.0  # when the server is next asked

    def watch(self, url: str | None) -> None:
        """Show the server at ``url`` (None: none typed)."""
        if url == self.url:
            return
        self.url = url
        self.changed = bool(self.tables)
        self.tables = []
        self.state = NO_SERVER if url is None else LOOKING
        self._due = self.clock() + SETTLE

    def update(self) -> bool:
        """One frame: collect an answer, ask again when due; whether the tables changed."""
        task = self._task
        if task is not None and task.done:
            self._task = None
            if self._task_url == self.url:  # (an answer for an address since changed: dropped)
                self._settle(task)
        if self._task is None and self.url is not None and self.clock() >= self._due:
            url = self._task_url = self.url
            self._task = Task(lambda: self.fetch(url))
            self._due = self.clock() + REFRESH
        changed, self.changed = self.changed, False
        return changed

    def _settle(self, task: Task) -> None:
        if task.error is not None:
            state, tables = UNREACHABLE, []
        else:
            tables = list(task.result)
            state = LISTED if tables else EMPTY
        self.state = state
        if tables != self.tables:
            self.tables = tables
            self.changed = True
