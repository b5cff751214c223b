"""What one client may cost the table server, in one place (``Limits``), and the state
each server process builds from it (``Guard``): a bucket and a count of bad packets per
transport connection, a budget of wrong guesses and a count of tables per address.

Limits hold per Engine.IO connection (what a socket is), never per Socket.IO session: a
client that leaves the namespace and connects again (``41`` then ``40``) keeps its bucket
and its strikes. Budgets that connections could multiply (guessing table codes, opening
tables) hold per address. Every server process builds its own ``Guard`` from the same
``Limits`` (``serve --limit name=value`` changes one).
"""

from __future__ import annotations

import dataclasses
import logging
import time
import weakref
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game.net import protocol as p

Clock = Callable[[], float]


@dataclass(frozen=True)
class Limits:
    rate: float = p.RATE  # frames a second a connection may keep up (every packet counts)
    burst: float = p.BURST  # ...and send at once
    max_strikes: int = p.MAX_STRIKES  # bad packets before the connection is closed
    guess_rate: float = 0.5  # wrong table codes, credentials, host secrets a second, an address
    guess_burst: float = 20.0
    tables_per_connection: int = 4  # tables waiting or under way that one connection created
    tables_per_address: int = 16  # ...that one address created
    waiting_tables: int = 500  # tables waiting to start, the whole server
    waiting_seconds: float = 1800.0  # a waiting table nobody is connected to is then forgotten
    bot_share: float = 0.5  # of one core: the computer seats' thinking time, every table
    queue: int = 512  # frames waiting to go out to one connection (a client that never reads)
    request_seconds: float = 10.0  # to send a whole HTTP request (head and body) or the next one
    fd_margin: int = 128  # open files kept free (more than a listen backlog of 100): new
    # connections are refused this near the limit
    log_per_second: float = 2.0  # lines about bad packets (the rest are counted)
    list_rate: float = 1.0  # lobby lists (GET /lobby) a second, per connection and per address
    list_burst: float = 10.0
    spectators_per_table: int = 20  # connections watching one table (spectators.py)
    spectators_per_address: int = 8  # connections from one address watching, any table

    @classmethod
    def parse(cls, items: list[str]) -> Limits:
        """``["name=value", ...]`` over the defaults; ValueError names what is wrong."""
        kinds = {f.name: f.type for f in dataclasses.fields(cls)}
        changes: dict[str, Any] = {}
        for item in items:
            name, _, value = item.partition("=")
            name = name.strip().replace("-", "_")
            if name not in kinds:
                raise ValueError(f"no limit called {name!r} (limits: {', '.join(kinds)})")
            try:
                number = int(value) if kinds[name] in (int, "int") else float(value)
            except ValueError:
                raise ValueError(f"limit {name} needs a number, not {value!r}") from None
            if number < 0:
                raise ValueError(f"limit {name} cannot be negative")
            changes[name] = number
        return dataclasses.replace(cls(), **changes)


class Budget(p.RateLimit):
    """A token bucket that can give a token back (a guess that was right costs nothing)."""

    def give_back(self) -> None:
        self.tokens = min(self.burst, self.tokens + 1)


@dataclass
class Address:
    """What every connection from one address shares."""

    guesses: Budget
    connections: int = 0


@dataclass
class Connection:
    """One transport (Engine.IO) connection."""

    eio_sid: str
    address: str
    limit: p.RateLimit
    peer: Address
    tables: set[str] = field(default_factory=set)  # the tables it created
    abort: Callable[[], None] | None = None  # drops its socket at once (a websocket's)
    in_flight: int = 0  # its events being handled, whose acks are not yet queued


class Guard:
    """The connections and addresses of one server process and their budgets."""

    def __init__(self, limits: Limits, clock: Clock = time.monotonic) -> None:
        self.limits, self.clock = limits, clock
        self.connections: dict[str, Connection] = {}
        self.addresses: dict[str, Address] = {}
        self.created_by: dict[str, str] = {}  # table code -> the address that created it
        # GET /lobby: a bucket per address, and one per HTTP connection (its transport)
        self.listers: dict[str, p.RateLimit] = {}
        self.list_connections: weakref.WeakKeyDictionary[Any, p.RateLimit] = (
            weakref.WeakKeyDictionary()
        )

    def open(self, eio_sid: str, address: str) -> Connection:
        limits = self.limits
        peer = self.addresses.get(address)
        if peer is None:
            guesses = Budget(limits.guess_rate, limits.guess_burst, self.clock)
            peer = self.addresses[address] = Address(guesses)
        peer.connections += 1
        limit = p.RateLimit(limits.rate, limits.burst, self.clock, limits.max_strikes)
        connection = Connection(eio_sid, address, limit, peer)
        self.connections[eio_sid] = connection
        return connection

    def close(self, eio_sid: str) -> None:
        connection = self.connections.pop(eio_sid, None)
        if connection is None:
            return
        connection.peer.connections -= 1

    def may_list(self, address: str, transport: Any) -> bool:
        """Whether one more lobby list may be read by ``address`` on ``transport``."""
        limits = self.limits

        def bucket() -> p.RateLimit:
            return p.RateLimit(limits.list_rate, limits.list_burst, self.clock)

        by_address = self.listers.setdefault(address, bucket())
        by_connection = self.list_connections.get(transport) if transport is not None else None
        if by_connection is None and transport is not None:
            by_connection = self.list_connections[transport] = bucket()
        if by_connection is not None and not by_connection.allow():
            return False
        return by_address.allow()

    def prune(self) -> None:
        """Forget addresses with no connection whose guesses have refilled (closing every
        socket must not buy a fresh budget sooner)."""
        for address, peer in list(self.addresses.items()):
            if peer.connections <= 0 and peer.guesses.allow():
                peer.guesses.give_back()
                if peer.guesses.tokens >= peer.guesses.burst:
                    del self.addresses[address]
        for address, bucket in list(self.listers.items()):  # refilled: nothing to keep
            if bucket.allow():
                bucket.tokens += 1
                if bucket.tokens >= bucket.burst:
                    del self.listers[address]

    def table_refusal(self, connection: Connection, live: Callable[[str], bool]) -> int | None:
        """The cap a new table from ``connection`` would pass (None: it may create one).
        ``live(code)``: the table is still waiting or under way."""
        connection.tables = {code for code in connection.tables if live(code)}
        for code in [code for code in self.created_by if not live(code)]:
            del self.created_by[code]
        if len(connection.tables) >= self.limits.tables_per_connection:
            return self.limits.tables_per_connection
        from_address = sum(a == connection.address for a in self.created_by.values())
        if from_address >= self.limits.tables_per_address:
            return self.limits.tables_per_address
        return None

    def created(self, connection: Connection, code: str) -> None:
        connection.tables.add(code)
        self.created_by[code] = connection.address


class LogGate:
    """At most ``per_second`` lines a second (a burst of ten) about bad packets; the lines
    it held back are counted in the next one it lets through."""

    def __init__(self, logger: logging.Logger, per_second: float, clock: Clock = time.monotonic):
        self.logger = logger
        self.bucket = p.RateLimit(per_second, 10.0, clock)
        self.held = 0

    def warning(self, text: str, *args: object) -> None:
        if not self.bucket.allow():
            self.held += 1
            return
        if self.held:
            text += f" ({self.held} more like it not logged)"
            self.held = 0
        self.logger.warning(text, *args)
