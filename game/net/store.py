"""The table server's storage: each table as its save (setup, seats and action log). An
action is committed before its result is broadcast, so a server killed at any moment and
restarted resumes every table exactly where its players saw it.

One interface (``TableStore``), two engines: SQLite in WAL mode here (``Store``, the
embedded default, one process) and PostgreSQL (``store_postgres``, many processes);
``open_store`` picks one from the ``--db`` given. Both bring their schema up to the last
of its versions when they open. On both, move n of a table is written as (table, n)
under the table's epoch, a compare-and-set: the epoch goes up each time a process claims
the table, so a process that lost a table (its lease lapsed and another claimed it) can
no longer write it (``TableMoved``), and two processes can never both store move n.

Credentials are kept only as SHA-256 digests: the database alone lets nobody take a seat.
The seeds are kept in clear (a restart deals the same cards), so the file and its WAL are
created readable and writable by their owner only (0600), and tightened if found looser.

A file that is not a table store (a folder, a missing folder, random bytes, a truncated
database, an empty file) is refused with one line (``StoreError``); one damaged table is
set aside (``DamagedTable``) and the others load. A write that fails (a full disk) raises
``WriteFailed`` and changes nothing: the caller waits and tries again.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import sqlite3
import stat
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from game.engine import codec
from game.engine.actions import Action

# The schema's versions, in order: a store is brought up to the last one when it opens.
# Version 1 is the schema of the first releases (their stores have no version yet).
MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (
        """CREATE TABLE IF NOT EXISTS tables (
            code TEXT PRIMARY KEY,
            game TEXT NOT NULL,
            options TEXT NOT NULL,
            seed INTEGER NOT NULL,
            grace REAL NOT NULL,
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
    ("ALTER TABLE tables ADD COLUMN epoch INTEGER NOT NULL DEFAULT 0",),
    ("CREATE INDEX IF NOT EXISTS tables_phase ON tables (phase)",),
    ("ALTER TABLE tables ADD COLUMN public INTEGER NOT NULL DEFAULT 0",),
    # The table's own settings beside the game's options (JSON: the turn timer, ...).
    ("ALTER TABLE tables ADD COLUMN settings TEXT NOT NULL DEFAULT '{}'",),
)
COLUMNS = "code, game, options, seed, grace, host, phase, seats, public, settings"
PLACES = ", ".join("?" * len(COLUMNS.split(",")))  # a value for each column


OWNER_ONLY = 0o600
COMPANIONS = ("-wal", "-shm")  # SQLite creates them with the database's own mode


class StoreError(Exception):
    """The store cannot be opened: one line saying what is wrong with the file."""

    def __init__(self, why: str) -> None:
        super().__init__(" ".join(why.split())[:300])  # SQLite's reports span lines


class WriteFailed(Exception):
    """A write did not happen (the disk is full, the file went away, PostgreSQL does not
    answer): nothing changed."""


class TableMoved(WriteFailed):
    """Another process claimed the table (or already stored its move n): nothing was
    written, and this process must forget its copy (the store lists it in ``lost``). A
    WriteFailed, so the table waits as for any failed write until it is forgotten."""


def digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


@dataclass
class StoredTable:
    code: str
    game: str
    options: dict[str, Any]
    seed: int
    grace: float
    host: str  # digest of the host's secret
    phase: str
    seats: list[dict[str, Any]]  # name, kind, credential digest ("" while open)
    log: list[Action]
    public: bool = False  # listed on the server while it waits (public_tables.py)
    settings: dict[str, Any] = field(default_factory=dict)  # the table's: its turn timer

    def row(self) -> tuple[Any, ...]:
        return (
            self.code,
            self.game,
            json.dumps(self.options),
            self.seed,
            self.grace,
            self.host,
            self.phase,
            json.dumps(self.seats),
            int(self.public),
            json.dumps(self.settings),
        )


@dataclass
class DamagedTable:
    """A stored table that cannot be read back: left in the store, not loaded."""

    code: str
    why: str


def action_text(action: Action) -> str:
    return json.dumps(codec.encode(action), separators=(",", ":"))


def decoded(row: Sequence[Any], actions: Sequence[tuple[int, str]]) -> StoredTable:
    """A table from its row and its moves (ValueError, TypeError or KeyError if damaged)."""
    code, game, options, seed, grace, host, phase, seats, public, settings = row
    log = [codec.decode(Action, json.loads(text), f"{code} move {n}") for n, text in actions]
    seat_list = json.loads(seats)
    if not isinstance(seat_list, list) or not all(
        isinstance(seat, dict) and {"name", "kind", "credential"} <= set(seat) for seat in seat_list
    ):
        raise ValueError("seats are not a list of {name, kind, credential}")
    opts = json.loads(options)
    if not isinstance(opts, dict):
        raise ValueError("options are not an object")
    if not isinstance(seed, int) or not isinstance(grace, int | float):
        raise ValueError("seed or grace is not a number")
    grace = float(grace)
    kept = json.loads(settings)
    if not isinstance(kept, dict):
        raise ValueError("settings are not an object")
    return StoredTable(
        code, game, opts, seed, grace, host, phase, seat_list, log, bool(public), kept
    )


def decoded_or_damaged(
    row: Sequence[Any], actions: Sequence[tuple[int, str]]
) -> StoredTable | DamagedTable:
    try:
        return decoded(row, actions)
    except (ValueError, TypeError, KeyError) as error:
        return DamagedTable(str(row[0]), str(error)[:200])


class TableStore(Protocol):
    """What the tables need of their storage, on every engine."""

    lost: set[str]  # tables found claimed by another process (TableMoved) since

    def create(self, table: StoredTable) -> None: ...
    def claim(self, code: str) -> bool: ...
    def forget(self, code: str) -> None: ...
    def seats(self, code: str, seats: list[dict[str, Any]], phase: str | None = None) -> None: ...
    def phase(self, code: str, phase: str) -> None: ...
    def append(self, code: str, n: int, action: Action, phase: str | None = None) -> None: ...
    def load(self) -> Iterator[StoredTable | DamagedTable]: ...
    def load_one(self, code: str) -> StoredTable | DamagedTable | None: ...
    def unfinished(self) -> list[str]: ...
    def version(self) -> int: ...
    def checkpoint(self) -> None: ...
    def close(self) -> None: ...


def open_store(db: str | Path) -> TableStore:
    """The store ``--db`` names: a postgresql:// address, or an SQLite file's path."""
    if str(db).startswith(("postgresql://", "postgres://")):
        from game.net.store_postgres import PostgresStore  # only when asked for

        return PostgresStore(str(db))
    return Store(db)


def _owner_only(path: Path) -> None:
    """Create ``path`` 0600 if it is missing; tighten it and its companions if looser."""
    with contextlib.suppress(FileExistsError):
        os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, OWNER_ONLY))
    for name in (path, *(Path(f"{path}{end}") for end in COMPANIONS)):
        if name.exists() and stat.S_IMODE(name.stat().st_mode) & 0o077:
            os.chmod(name, OWNER_ONLY)


def _check_file(path: Path) -> None:
    """StoreError unless ``path`` can be a table store (before SQLite touches it)."""
    if path.is_dir():
        raise StoreError(f"{path} is a folder, not a table store")
    if not path.parent.is_dir():
        raise StoreError(f"{path}: the folder {path.parent} does not exist")
    wal = Path(f"{path}-wal")
    if path.exists() and path.stat().st_size == 0 and not (wal.exists() and wal.stat().st_size):
        # SQLite would take it as an empty store: every table it held would be gone.
        raise StoreError(
            f"{path} is empty (0 bytes): not a table store (remove it to start afresh)"
        )


def _open(path: Path) -> sqlite3.Connection:
    _check_file(path)
    try:
        _owner_only(path)
        # One thread at a time uses it (the server's loop), not always the one that
        # opened it.
        db = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False)
    except (OSError, sqlite3.Error) as error:
        raise StoreError(f"{path} cannot be opened: {error}") from None
    try:
        db.execute("PRAGMA journal_mode=WAL")
        # NORMAL is durable across a killed process (the WAL survives); only a power cut
        # could lose the last commits.
        db.execute("PRAGMA synchronous=NORMAL")
        # The WAL is copied into the database by ``checkpoint`` on a worker thread, not
        # by whichever commit happens to pass 1,000 pages: that copy and its fsync
        # stalled the server's loop (and every table on it) for milliseconds.
        db.execute("PRAGMA wal_autocheckpoint=0")
        problems = [row[0] for row in db.execute("PRAGMA quick_check")]
        if problems != ["ok"]:
            raise StoreError(f"{path} is damaged: {problems[0]}")
        names = {row[0] for row in db.execute("SELECT name FROM sqlite_master")}
        if names and not {"tables", "actions"} <= names:
            raise StoreError(f"{path} is an SQLite file of something else, not a table store")
        _migrate(db, path)
    except sqlite3.Error as error:
        db.close()
        raise StoreError(f"{path} is not a table store: {error}") from None
    except StoreError:
        db.close()
        raise
    return db


def _migrate(db: sqlite3.Connection, path: Path) -> None:
    db.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
    db.execute("BEGIN IMMEDIATE")
    try:
        (version,) = db.execute("SELECT COALESCE(MAX(version), 0) FROM schema_version").fetchone()
        if version > len(MIGRATIONS):
            raise StoreError(f"{path}: its schema (version {version}) is newer than this server's")
        for number in range(version, len(MIGRATIONS)):
            for statement in MIGRATIONS[number]:
                db.execute(statement)
            db.execute("INSERT INTO schema_version VALUES (?)", (number + 1,))
        db.execute("COMMIT")
    except BaseException:
        db.execute("ROLLBACK")
        raise


class Store:
    """SQLite: the embedded default."""

    def __init__(self, path: str | Path) -> None:
        self.db = _open(Path(path))
        self.path = str(path)
        self.epochs: dict[str, int] = {}  # the tables this process claimed: their epoch
        self.lost: set[str] = set()  # tables found claimed by another process since

    def version(self) -> int:
        return int(self.db.execute("SELECT MAX(version) FROM schema_version").fetchone()[0])

    def close(self) -> None:
        self.checkpoint()
        self.db.close()

    def checkpoint(self) -> None:
        """Copy what the WAL holds into the database (safe on any thread: its own
        connection; writers go on meanwhile)."""
        db = sqlite3.connect(self.path, isolation_level=None)
        try:
            db.execute("PRAGMA wal_checkpoint(PASSIVE)")
        except sqlite3.Error:
            pass  # busy or closing: the next one copies it
        finally:
            db.close()

    def _write(self, code: str, *statements: tuple[str, tuple[Any, ...]]) -> None:
        """The statements of table ``code``, in one transaction: each must change one row.
        WriteFailed (nothing written) if they cannot; TableMoved (nothing written, the
        table listed in ``lost``) if one changed none or move n is stored already."""
        try:
            with self.db:
                self.db.execute("BEGIN IMMEDIATE")
                for sql, values in statements:
                    if self.db.execute(sql, values).rowcount != 1:
                        raise TableMoved(code)
        except sqlite3.IntegrityError:
            self.lost.add(code)
            raise TableMoved(code) from None
        except TableMoved:
            self.lost.add(code)
            raise
        except sqlite3.Error as error:
            raise WriteFailed(str(error)) from None

    def create(self, table: StoredTable) -> None:
        try:
            with self.db:
                self.db.execute("BEGIN IMMEDIATE")
                self.db.execute(
                    f"INSERT INTO tables ({COLUMNS}, epoch) VALUES ({PLACES}, 1)",
                    table.row(),
                )
        except sqlite3.Error as error:
            raise WriteFailed(str(error)) from None
        self.epochs[table.code] = 1

    def claim(self, code: str) -> bool:
        """Take table ``code`` for this process (its epoch goes up: whoever held it can no
        longer write it); False when there is no such table."""
        try:
            with self.db:
                row = self.db.execute(
                    "UPDATE tables SET epoch = epoch + 1 WHERE code = ? RETURNING epoch", (code,)
                ).fetchone()
        except sqlite3.Error as error:
            raise WriteFailed(str(error)) from None
        if row is None:
            return False
        self.epochs[code] = int(row[0])
        return True

    def forget(self, code: str) -> None:
        self.epochs.pop(code, None)

    def _epoch(self, code: str) -> int:
        return self.epochs.get(code, -1)

    def seats(self, code: str, seats: list[dict[str, Any]], phase: str | None = None) -> None:
        """The seats (and the phase with them, in the same transaction, when given)."""
        where = (code, self._epoch(code))
        if phase is None:
            sql = "UPDATE tables SET seats = ? WHERE code = ? AND epoch = ?"
            self._write(code, (sql, (json.dumps(seats), *where)))
        else:
            sql = "UPDATE tables SET seats = ?, phase = ? WHERE code = ? AND epoch = ?"
            self._write(code, (sql, (json.dumps(seats), phase, *where)))

    def phase(self, code: str, phase: str) -> None:
        sql = "UPDATE tables SET phase = ? WHERE code = ? AND epoch = ?"
        self._write(code, (sql, (phase, code, self._epoch(code))))

    def append(self, code: str, n: int, action: Action, phase: str | None = None) -> None:
        """Move number ``n`` (0-based) of table ``code`` (and the phase it leads to, when
        it changes); committed when this returns, WriteFailed with nothing stored if not,
        TableMoved if another process holds the table or already stored move n."""
        insert = "INSERT INTO actions SELECT ?, ?, ? FROM tables WHERE code = ? AND epoch = ?"
        statements: list[tuple[str, tuple[Any, ...]]] = [
            (insert, (code, n, action_text(action), code, self._epoch(code)))
        ]
        if phase is not None:
            statements.append(("UPDATE tables SET phase = ? WHERE code = ?", (phase, code)))
        self._write(code, *statements)

    def unfinished(self) -> list[str]:
        """The codes of every table still waiting or under way."""
        rows = self.db.execute("SELECT code FROM tables WHERE phase != 'over'").fetchall()
        return [str(row[0]) for row in rows]

    def _one(self, row: Sequence[Any]) -> StoredTable | DamagedTable:
        actions = self.db.execute(
            "SELECT n, action FROM actions WHERE code = ? ORDER BY n", (row[0],)
        ).fetchall()
        return decoded_or_damaged(row, actions)

    def load(self) -> Iterator[StoredTable | DamagedTable]:
        """Every table, with its log in order (the caller replays and checks it); a row
        that cannot be decoded comes as a DamagedTable instead."""
        for row in self.db.execute(f"SELECT {COLUMNS} FROM tables").fetchall():
            yield self._one(row)

    def load_one(self, code: str) -> StoredTable | DamagedTable | None:
        row = self.db.execute(f"SELECT {COLUMNS} FROM tables WHERE code = ?", (code,)).fetchone()
        return None if row is None else self._one(row)
