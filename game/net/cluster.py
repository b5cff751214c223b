"""One owner per table, when a table server runs as many processes on one store.

A process loads only the tables it owns: it owns a table while it holds the table's lease
in the presence (``presence.py``), renewed every LEASE / 3 seconds. A join, rejoin or start
for a table owned elsewhere is answered with a redirect to the owner's public address
(``--public-url``), which the client follows by itself; a table nobody holds (its owner
was killed, or stopped and handed it over) is claimed from the store by the process
asked for it, or by the periodic sweep of unowned tables, and resumes at its last stored
move. Claiming raises the table's epoch in the store, so a process that lost a table can
no longer write it (``store.TableMoved``): it forgets the table and sends its players on.

Frames for one table never cross processes: each seat's frame is its own, so play needs
no fan-out through the presence. The embedded default (one process) uses LocalPresence
through this same code.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import time
from collections.abc import Callable
from typing import Any

from game.engine.messages import msg
from game.net import messages as m
from game.net import protocol as p
from game.net.lobby import Lobby
from game.net.presence import LEASE, Presence, PresenceDown
from game.net.public_tables import merged
from game.net.store import DamagedTable, TableStore
from game.net.tables import OVER, Table

log = logging.getLogger("game.net")

ROUTED = (p.Join, p.Rejoin, p.Start, p.Watch)  # the requests naming a table another may own
SWEEPING = 3  # leases after a process went during which every round sweeps
SWEEP_EVERY = 15.0  # seconds between sweeps otherwise


def moved_reply(url: str) -> dict[str, Any]:
    """A join, rejoin or start's answer when another process serves the table."""
    return p.refusal_reply(msg(m.MOVED)) | {p.MOVED: url}


class Cluster:
    def __init__(
        self,
        presence: Presence,
        lobby: Lobby,
        store: TableStore | None,
        lease: float = LEASE,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.presence, self.lobby, self.store = presence, lobby, store
        self.lease, self.clock = lease, clock
        self.url = ""  # this process's public address (set when it listens)
        self.peers: list[str] = []  # the other processes' addresses, as last advertised
        self.others: dict[str, dict[str, Any]] = {}  # and what they advertised
        self.unowned: set[str] = set()  # unfinished tables nobody held at the last sweep
        self.generation: str | None = None  # the presence's (a new one: it forgot all)
        self.sweep_after = 0.0  # no sweep before then: the owners take their leases back
        self.sweeping_until = 0.0  # a process went: sweep every round until then
        self.swept_at = -SWEEP_EVERY
        self.renewals = {"ok": 0, "lost": 0, "failed": 0}
        self.presence_up = True
        self.loaded: Callable[[str], None] = lambda code: None  # a table came here: kick it

    @property
    def shared(self) -> bool:
        return not self.presence.local

    # -- routing ------------------------------------------------------------------------

    async def route(self, request: p.Request) -> str | None:
        """Where ``request`` must go: another process's address, or None (served here;
        its table is loaded now if this process just claimed it). Refusal if nobody can
        tell who owns the table."""
        code = getattr(request, "code", None)
        if not isinstance(request, ROUTED) or code is None or code in self.lobby.tables:
            return None
        try:
            holder = await self.presence.owner(code)
            if holder is None:
                # Nobody serves it: claim it if the store has it under way (a code that
                # names no table costs a read here and a guess in the lobby, no lease).
                stored = self.store.load_one(code) if self.store is not None else None
                if stored is None or isinstance(stored, DamagedTable) or stored.phase == OVER:
                    return None
                holder = await self.presence.claim(code, self.url, self.lease)
        except PresenceDown as error:
            log.warning("table %s: cannot tell who serves it (%s)", code, error)
            raise p.Refusal(msg(m.PRESENCE_DOWN)) from None
        if holder != self.url:
            return holder
        if not self.load(code):
            await self.release([code])
        return None

    def load(self, code: str) -> bool:
        """Claim table ``code`` in the store and load it (this process holds its lease);
        False when there is no such table, or it is finished or damaged."""
        if code in self.lobby.tables:  # loaded meanwhile (for another of its players)
            return True
        if self.store is None or not self.store.claim(code):
            return False
        stored = self.store.load_one(code)
        if stored is None or isinstance(stored, DamagedTable) or stored.phase == OVER:
            self.store.forget(code)
            return False
        try:
            table = Table.restore(stored, self.store)
        except Exception as error:  # whatever is wrong with one table, the others go on
            log.error("table %s set aside (does not replay): %s", code, error)
            self.store.forget(code)
            return False
        for seat in table.seats:
            if seat.dropped_at is not None:
                seat.dropped_at = self.lobby.clock()
        self.lobby.tables[code] = table
        log.info("table %s now served here (move %d)", code, len(table.log))
        self.loaded(code)
        return True

    async def created(self, code: str) -> None:
        """A table made here is owned here."""
        try:
            await self.presence.claim(code, self.url, self.lease)
        except PresenceDown as error:  # the next renewal takes the lease
            log.warning("table %s: lease not taken yet (%s)", code, error)

    # -- the leases ---------------------------------------------------------------------

    async def renew(self) -> list[str]:
        """Renew every lease this process holds; the tables it lost (another process
        holds them now)."""
        codes = list(self.lobby.tables)
        try:
            generation = await self.presence.generation()
            if generation != self.generation and self.generation is not None:
                log.warning("the presence forgot every lease (restarted): taking ours back")
                self.sweep_after = self.clock() + self.lease
            self.generation = generation
            lost = await self.presence.renew(codes, self.url, self.lease)
        except PresenceDown as error:
            # Nobody can claim anything while the presence is down, and the store's epochs
            # stop a stale writer in any case: the tables play on.
            if self.presence_up:
                log.error("presence down: tables play on, joins elsewhere wait (%s)", error)
            self.presence_up = False
            self.renewals["failed"] += 1
            return []
        if not self.presence_up:
            log.info("presence back: %d leases renewed", len(codes) - len(lost))
            self.sweep_after = self.clock() + self.lease
        self.presence_up = True
        self.renewals["ok"] += len(codes) - len(lost)
        self.renewals["lost"] += len(lost)
        return lost

    async def advertise(self, facts: dict[str, Any]) -> None:
        try:
            await self.presence.advertise(self.url, facts, self.lease)
            others = await self.presence.processes()
        except PresenceDown:
            return
        peers = sorted(url for url in others if url != self.url)
        if set(self.peers) - set(peers):  # a process went: sweep up its tables now
            self.sweeping_until = self.clock() + SWEEPING * self.lease
        self.peers = peers
        self.others = {url: facts for url, facts in others.items() if url != self.url}

    async def sweep(self) -> int:
        """Claim a fair share of the unfinished tables nobody holds (their process was
        lost); how many came here."""
        now = self.clock()
        if not self.shared or self.store is None or now < self.sweep_after:
            return 0
        # Each sweep reads every unfinished table's code: every round only while a
        # process has just gone, else once in a while (a whole cluster restarted).
        if now > self.sweeping_until and now - self.swept_at < SWEEP_EVERY:
            return 0
        self.swept_at = now
        try:
            codes = [code for code in self.store.unfinished() if code not in self.lobby.tables]
            owners = await self.presence.owners(codes)
        except Exception as error:
            log.debug("sweep skipped: %s", error)
            return 0
        unowned = {code for code, owner in zip(codes, owners, strict=True) if owner is None}
        # Only tables unowned at two rounds running: one just made elsewhere is in the
        # store a moment before its maker takes its lease.
        orphans = sorted(unowned & self.unowned)
        self.unowned = unowned - set(orphans)
        share = math.ceil(len(orphans) / (len(self.peers) + 1))
        taken = 0
        for code in orphans:
            if taken >= share:
                break
            try:
                if await self.presence.claim(code, self.url, self.lease) != self.url:
                    continue
            except PresenceDown:
                return taken
            if self.load(code):
                taken += 1
            else:
                await self.release([code])
        return taken

    async def release(self, codes: list[str]) -> None:
        try:
            await self.presence.release(codes, self.url)
        except PresenceDown as error:  # they lapse by themselves
            log.warning("leases not released (%s)", error)

    async def leave(self) -> str:
        """Hand every table over at once (a clean stop): the leases are released and the
        advert withdrawn; the address the clients should go to ("" if none is known)."""
        await self.release(list(self.lobby.tables))
        with contextlib.suppress(PresenceDown):
            await self.presence.withdraw(self.url)
            # Read the processes now: the last round's list (up to lease / 3 old) misses
            # one started since, and a client sent to "" knows no other address.
            others = await self.presence.processes()
            self.peers = sorted(url for url in others if url != self.url)
        return self.peers[0] if self.peers else ""

    async def totals(self, mine: dict[str, Any] | None = None) -> dict[str, Any]:
        """The lobby across processes: the processes, their tables and players, and the
        public tables waiting for players (``mine``: this process's facts as they are now,
        not as last advertised)."""
        try:
            every = await self.presence.processes()
        except PresenceDown:
            every = {}
        every.setdefault(self.url, {})
        if mine is not None:
            every[self.url] = mine
        facts = list(every.values())
        return {
            "public": merged(f.get("public") for f in facts),
            "processes": len(every),
            "tables": sum(int(f.get("tables", 0)) for f in facts),
            "players": sum(int(f.get("players", 0)) for f in facts),
            "connections": sum(int(f.get("connections", 0)) for f in facts),
        }

    async def close(self) -> None:
        await self.presence.close()

    async def run(self, facts: Callable[[], dict[str, Any]], lost: Any) -> None:
        """Renew, advertise and sweep every LEASE / 3 seconds until cancelled; ``lost`` is
        awaited with each table another process took."""
        while True:
            started = self.clock()
            try:
                for code in await self.renew():
                    await lost(code)
                await self.advertise(facts())
                await self.sweep()
            except asyncio.CancelledError:
                raise
            except Exception:  # a bug costs one round, never the leases
                log.exception("the leases' round failed")
            await asyncio.sleep(max(0.05, self.lease / 3 - (self.clock() - started)))
