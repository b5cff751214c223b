"""The computer seats' thinking for every table of one server process: one shared budget.

Decisions are made one at a time on one worker thread, and the bots together use at most
``share`` of the wall clock (a token bucket of thinking seconds): the event loop, which
serves the human players' moves, always has the rest. While several tables wait, the next
decision goes to the table whose creator's address has thought least lately, so one
client's flood of Hard tables waits behind everyone else's bots rather than ahead of them.
(Before: each table thought on the default thread pool, six Hard searches at once
starving the loop: a well-behaved table's round trip went from p99 39 ms to 2.8 s.)
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import itertools
import math
import time
from collections.abc import Callable
from typing import Any

from game.ai.base import Bot
from game.engine.actions import Action

HALF_LIFE = 30.0  # seconds over which an address's thinking is forgotten by half
CREDIT = 1.0  # thinking seconds the bucket can save up


class Thinking:
    def __init__(self, share: float, clock: Callable[[], float] = time.perf_counter) -> None:
        self.share, self.clock = max(share, 0.01), clock
        self.worker = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="bots")
        self.busy = False
        self.queue: list[tuple[str, int, asyncio.Future[None]]] = []
        self.order = itertools.count()
        self.spent: dict[str, float] = {}  # owner -> recent thinking seconds (decaying)
        self.credit, self.stamp = CREDIT, clock()
        self.total = 0.0  # thinking seconds used since the start

    def _refill(self) -> None:
        now = self.clock()
        elapsed, self.stamp = now - self.stamp, now
        self.credit = min(CREDIT, self.credit + elapsed * self.share)
        decay = math.exp(-elapsed * math.log(2) / HALF_LIFE)
        for owner in list(self.spent):
            self.spent[owner] *= decay
            if self.spent[owner] < 1e-3:
                del self.spent[owner]

    async def choose(
        self, owner: str, bot: Bot, view: Any, legal: list[Action], history: Any
    ) -> Action:
        """``bot.choose(view, legal, history)`` on the worker, in its turn and budget."""
        await self._turn(owner)
        try:
            self._refill()
            if self.credit < 0:  # over the budget: the loop and the humans first
                await asyncio.sleep(-self.credit / self.share)
                self._refill()
            loop = asyncio.get_running_loop()
            started = self.clock()
            try:
                return await loop.run_in_executor(self.worker, bot.choose, view, legal, history)
            finally:
                took = self.clock() - started
                self.total += took
                self._refill()
                self.credit -= took
                self.spent[owner] = self.spent.get(owner, 0.0) + took
        finally:
            self._next()

    async def _turn(self, owner: str) -> None:
        if not self.busy and not self.queue:
            self.busy = True
            return
        ticket: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.queue.append((owner, next(self.order), ticket))
        try:
            await ticket
        except asyncio.CancelledError:
            if ticket.done() and not ticket.cancelled():  # handed the turn as it was cancelled
                self._next()
            else:
                self.queue = [entry for entry in self.queue if entry[2] is not ticket]
            raise

    def _next(self) -> None:
        """Hand the worker to the waiting decision whose owner thought least lately."""
        self.busy = False
        while self.queue:
            self.queue.sort(key=lambda entry: (self.spent.get(entry[0], 0.0), entry[1]))
            _, _, ticket = self.queue.pop(0)
            if not ticket.done():
                self.busy = True
                ticket.set_result(None)
                return

    def close(self) -> None:
        self.worker.shutdown(wait=False, cancel_futures=True)
