"""The tables in PostgreSQL, through asyncpg: the store of a table server that runs as
many processes (``--db postgresql://...``). The same interface and the same rules as the
SQLite store (``store.py``): move n is inserted only under the epoch this process
claimed the table with, and (table, n) is the primary key, so two processes never both
store move n.

The tables call their store synchronously, between checking a move and sending it: this
store runs asyncpg on an event loop of its own thread and waits for each answer (a
loopback round trip: a fraction of a millisecond), at most ``TIMEOUT`` seconds. A
PostgreSQL that does not answer raises WriteFailed, as a full disk does for SQLite: the
move is refused, the table's copy in memory is unchanged, and the next move tries again
(asyncpg's pool reconnects).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import threading
from collections.abc import Callable, Coroutine, Iterator
from typing import Any, TypeVar

import asyncpg

from game.engine.actions import Action
from game.net.store import (
    COLUMNS,
    DamagedTable,
    StoredTable,
    TableMoved,
    WriteFailed,
    action_text,
    decoded_or_damaged,
)

TIMEOUT = 3.0  # seconds a statement may take before the store counts as down
MIGRATION_LOCK = 730_001  # an advisory lock: processes starting at once migrate in turn

# The same versions as the SQLite store's MIGRATIONS, in PostgreSQL's words.
MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (
        """CREATE TABLE IF NOT EXISTS tables (
            code TEXT PRIMARY KEY,
            game TEXT NOT NULL,
            options TEXT NOT NULL,
            seed BIGINT NOT NULL,
            grace DOUBLE PRECISION NOT NULL,
            host TEXT NOT NULL,
            phase TEXT NOT NULL,
            seats TEXT NOT NULL
        )""",
        """CREATE TABLE IF NOT EXISTS actions (
            code TEXT NOT NULL,
            n INTEGER NOT NULL,
            action TEXT NOT NULL,
            PRIMARY KEY (code, n)
        )""",
    ),
    ("ALTER TABLE tables ADD COLUMN IF NOT EXISTS epoch BIGINT NOT NULL DEFAULT 0",),
    ("CREATE INDEX IF NOT EXISTS tables_phase ON tables (phase)",),
    ("ALTER TABLE tables ADD COLUMN IF NOT EXISTS public INTEGER NOT NULL DEFAULT 0",),
    ("ALTER TABLE tables ADD COLUMN IF NOT EXISTS settings TEXT NOT NULL DEFAULT '{}'",),
)

T = TypeVar("T")
DOWN = (OSError, asyncio.TimeoutError, asyncpg.PostgresConnectionError, asyncpg.InterfaceError)


class PostgresStore:
    def __init__(self, url: str, timeout: float = TIMEOUT) -> None:
        self.url, self.timeout = url, timeout
        self.epochs: dict[str, int] = {}
        self.lost: set[str] = set()  # tables found claimed by another process since
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True, name="store")
        self.thread.start()
        self.pool: asyncpg.Pool | None = None
        try:
            self._wait(self._open(), 30.0)
        except BaseException:
            self._stop_loop()
            raise

    async def _open(self) -> None:
        self.pool = await asyncpg.create_pool(
            self.url, min_size=1, max_size=4, command_timeout=self.timeout
        )
        async with self.pool.acquire() as db, db.transaction():
            await db.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
            await db.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
            version = await db.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_version")
            if version > len(MIGRATIONS):
                raise ValueError(
                    f"the store's schema (version {version}) is newer than this server's"
                )
            for number in range(version, len(MIGRATIONS)):
                for statement in MIGRATIONS[number]:
                    await db.execute(statement)
                await db.execute("INSERT INTO schema_version VALUES ($1)", number + 1)

    # -- waiting for the store's loop ----------------------------------------------------

    def _wait(self, coroutine: Coroutine[Any, Any, T], timeout: float | None = None) -> T:
        future = asyncio.run_coroutine_threadsafe(coroutine, self.loop)
        try:
            return future.result(timeout or self.timeout + 0.5)
        except concurrent.futures.TimeoutError:
            future.cancel()
            raise WriteFailed("PostgreSQL did not answer in time") from None

    def _call(self, work: Callable[[asyncpg.Connection], Coroutine[Any, Any, T]]) -> T:
        async def run() -> T:
            assert self.pool is not None
            async with self.pool.acquire(timeout=self.timeout) as db:
                return await work(db)

        try:
            return self._wait(run())
        except DOWN as error:
            raise WriteFailed(f"PostgreSQL: {type(error).__name__}") from None

    def version(self) -> int:
        return int(self._call(lambda db: db.fetchval("SELECT MAX(version) FROM schema_version")))

    def close(self) -> None:
        if self.pool is not None:
            pool = self.pool
            self.pool = None
            try:
                self._wait(pool.close(), 5.0)
            except Exception:
                pool.terminate()
        self._stop_loop()

    def _stop_loop(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)
        self.loop.close()

    def checkpoint(self) -> None:
        """Nothing to do: PostgreSQL checkpoints by itself."""

    # -- the tables ----------------------------------------------------------------------

    def create(self, table: StoredTable) -> None:
        places = ", ".join(f"${n}" for n in range(1, COLUMNS.count(",") + 2))
        sql = f"INSERT INTO tables ({COLUMNS}, epoch) VALUES ({places}, 1)"
        row = table.row()
        self._call(lambda db: db.execute(sql, *row))
        self.epochs[table.code] = 1

    def claim(self, code: str) -> bool:
        sql = "UPDATE tables SET epoch = epoch + 1 WHERE code = $1 RETURNING epoch"
        epoch = self._call(lambda db: db.fetchval(sql, code))
        if epoch is None:
            return False
        self.epochs[code] = int(epoch)
        return True

    def forget(self, code: str) -> None:
        self.epochs.pop(code, None)

    def _write(self, sql: str, *values: Any, phase: str | None = None, code: str = "") -> None:
        """One statement of table ``code`` that must change one row, and the table's phase
        with it in one transaction when given. TableMoved (the table listed in ``lost``)
        if it changed none or move n is stored already."""

        async def write(db: asyncpg.Connection) -> None:
            async with db.transaction():
                if await db.execute(sql, *values) not in ("UPDATE 1", "INSERT 0 1"):
                    raise TableMoved(code)
                if phase is not None:
                    await db.execute("UPDATE tables SET phase = $1 WHERE code = $2", phase, code)

        try:
            self._call(write)
        except (TableMoved, asyncpg.UniqueViolationError):
            self.lost.add(code)
            raise TableMoved(code) from None

    def seats(self, code: str, seats: list[dict[str, Any]], phase: str | None = None) -> None:
        sql = "UPDATE tables SET seats = $1 WHERE code = $2 AND epoch = $3"
        self._write(sql, json.dumps(seats), code, self.epochs.get(code, -1), phase=phase, code=code)

    def phase(self, code: str, phase: str) -> None:
        sql = "UPDATE tables SET phase = $1 WHERE code = $2 AND epoch = $3"
        self._write(sql, phase, code, self.epochs.get(code, -1), code=code)

    def append(self, code: str, n: int, action: Action, phase: str | None = None) -> None:
        sql = (
            "INSERT INTO actions (code, n, action) SELECT $1, $2, $3 FROM tables"
            " WHERE code = $1 AND epoch = $4"
        )
        epoch, text = self.epochs.get(code, -1), action_text(action)
        try:
            self._write(sql, code, n, text, epoch, phase=phase, code=code)
        except TableMoved:
            if not self._stored_already(code, n, text, epoch):
                raise
            self.lost.discard(code)
            if phase is not None:
                self.phase(code, phase)

    def _stored_already(self, code: str, n: int, text: str, epoch: int) -> bool:
        """Whether move n is ours, stored by a write whose answer was lost (PostgreSQL went
        after the commit): trying it again then succeeds instead of losing the table."""
        sql = (
            "SELECT a.action FROM actions a JOIN tables t ON t.code = a.code"
            " WHERE a.code = $1 AND a.n = $2 AND t.epoch = $3"
        )
        return bool(self._call(lambda db: db.fetchval(sql, code, n, epoch)) == text)

    def unfinished(self) -> list[str]:
        rows = self._call(lambda db: db.fetch("SELECT code FROM tables WHERE phase != 'over'"))
        return [str(row["code"]) for row in rows]

    async def _one(self, db: asyncpg.Connection, row: Any) -> StoredTable | DamagedTable:
        actions = await db.fetch("SELECT n, action FROM actions WHERE code = $1 ORDER BY n", row[0])
        return decoded_or_damaged(tuple(row), [(a["n"], a["action"]) for a in actions])

    def load(self) -> Iterator[StoredTable | DamagedTable]:
        async def every(db: asyncpg.Connection) -> list[StoredTable | DamagedTable]:
            rows = await db.fetch(f"SELECT {COLUMNS} FROM tables")
            return [await self._one(db, row) for row in rows]

        yield from self._call(every)

    def load_one(self, code: str) -> StoredTable | DamagedTable | None:
        async def one(db: asyncpg.Connection) -> StoredTable | DamagedTable | None:
            row = await db.fetchrow(f"SELECT {COLUMNS} FROM tables WHERE code = $1", code)
            return None if row is None else await self._one(db, row)

        return self._call(one)
