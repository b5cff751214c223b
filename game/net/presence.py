"""Who serves which table, when a table server runs as many processes.

Each table is owned by one process at a time, under a lease the owner renews every few
seconds: the lease names the owner's public address (``--public-url``: where its clients
reach it). Each process also advertises itself (its address and counts), so any process
can redirect a client to a table's owner, list the other processes, and count the tables
and players of all of them.

``RedisPresence`` (``--presence redis://...``, redis-py's asyncio client) is shared by
every process; ``LocalPresence`` is the same thing in this process's memory, for the
embedded default (one process: every claim is its own). Both go through the same code in
the server.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any, Protocol

LEASE = 5.0  # seconds a table's lease lasts unless renewed (renewed every LEASE / 3)


class PresenceDown(Exception):
    """The presence did not answer: ownership is unknown for now."""


class Presence(Protocol):
    local: bool  # True: this process is the only one (LocalPresence)

    async def claim(self, code: str, owner: str, lease: float) -> str:
        """Take the lease on ``code`` unless another holds it; the owner after that."""
        ...

    async def owner(self, code: str) -> str | None: ...
    async def owners(self, codes: list[str]) -> list[str | None]: ...

    async def renew(self, codes: list[str], owner: str, lease: float) -> list[str]:
        """Renew ``owner``'s leases (one lapsed with nobody else holding it is taken back:
        a restarted Redis forgets every key); the codes another process holds now."""
        ...

    async def release(self, codes: list[str], owner: str) -> None: ...

    async def generation(self) -> str:
        """A token that changes when the presence forgets everything (a restarted Redis):
        the owners then take their leases back before anyone sweeps them up."""
        ...

    async def advertise(self, owner: str, facts: dict[str, Any], lease: float) -> None: ...
    async def withdraw(self, owner: str) -> None: ...
    async def processes(self) -> dict[str, dict[str, Any]]: ...
    async def close(self) -> None: ...


def open_presence(url: str | None) -> Presence:
    if url is None:
        return LocalPresence()
    from game.net.presence_redis import RedisPresence  # only when asked for

    return RedisPresence(url)


class LocalPresence:
    """The leases of one process, in its memory."""

    local = True

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.leases: dict[str, tuple[str, float]] = {}  # code -> (owner, until)
        self.adverts: dict[str, tuple[dict[str, Any], float]] = {}

    def _holder(self, code: str) -> str | None:
        held = self.leases.get(code)
        if held is None or held[1] <= self.clock():
            return None
        return held[0]

    async def claim(self, code: str, owner: str, lease: float) -> str:
        holder = self._holder(code)
        if holder is None or holder == owner:
            self.leases[code] = (owner, self.clock() + lease)
            return owner
        return holder

    async def owner(self, code: str) -> str | None:
        return self._holder(code)

    async def owners(self, codes: list[str]) -> list[str | None]:
        return [self._holder(code) for code in codes]

    async def renew(self, codes: list[str], owner: str, lease: float) -> list[str]:
        return [code for code in codes if await self.claim(code, owner, lease) != owner]

    async def release(self, codes: list[str], owner: str) -> None:
        for code in codes:
            if self._holder(code) == owner:
                del self.leases[code]

    async def generation(self) -> str:
        return "local"

    async def advertise(self, owner: str, facts: dict[str, Any], lease: float) -> None:
        self.adverts[owner] = (json.loads(json.dumps(facts)), self.clock() + lease)

    async def withdraw(self, owner: str) -> None:
        self.adverts.pop(owner, None)

    async def processes(self) -> dict[str, dict[str, Any]]:
        now = self.clock()
        return {owner: facts for owner, (facts, until) in self.adverts.items() if until > now}

    async def close(self) -> None:
        pass
