"""The table server's storage: SQLite in WAL mode, each table as its save (setup, seats
and action log). An action is committed before its result is broadcast, so a server
killed at any moment and restarted resumes every table exactly where its players saw it.

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
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.engine import codec
from game.engine.actions import Action

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    code TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    seed INTEGER NOT NULL,
    grace REAL NOT NULL,
    host TEXT NOT NULL,
    phase TEXT NOT NULL,
    seats TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS actions (
    code TEXT NOT NULL,
    n INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (code, n)
);
"""


OWNER_ONLY = 0o600
COMPANIONS = ("-wal", "-shm")  # SQLite creates them with the database's own mode


class StoreError(Exception):
    """The store cannot be opened: one line saying what is wrong with the file."""

    def __init__(self, why: str) -> None:
        super().__init__(" ".join(why.split())[:300])  # SQLite's reports span lines


class WriteFailed(Exception):
    """A write did not happen (the disk is full, the file went away): nothing changed."""


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


@dataclass
class DamagedTable:
    """A stored table that cannot be read back: left in the store, not loaded."""

    code: str
    why: str


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
        db.executescript(SCHEMA)
    except sqlite3.Error as error:
        db.close()
        raise StoreError(f"{path} is not a table store: {error}") from None
    except StoreError:
        db.close()
        raise
    return db


class Store:
    def __init__(self, path: str | Path) -> None:
        self.db = _open(Path(path))
        self.path = str(path)

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

    def _write(self, sql: str, *rows: tuple[Any, ...]) -> None:
        """``sql`` for each row, in one transaction; WriteFailed (nothing written) if not."""
        try:
            with self.db:
                self.db.execute("BEGIN IMMEDIATE")
                for row in rows:
                    self.db.execute(sql, row)
        except sqlite3.Error as error:
            raise WriteFailed(str(error)) from None

    def create(self, table: StoredTable) -> None:
        self._write(
            "INSERT INTO tables VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (
                table.code,
                table.game,
                json.dumps(table.options),
                table.seed,
                table.grace,
                table.host,
                table.phase,
                json.dumps(table.seats),
            ),
        )

    def seats(self, code: str, seats: list[dict[str, Any]], phase: str | None = None) -> None:
        """The seats (and the phase with them, in the same transaction, when given)."""
        if phase is None:
            self._write("UPDATE tables SET seats = ? WHERE code = ?", (json.dumps(seats), code))
        else:
            self._write(
                "UPDATE tables SET seats = ?, phase = ? WHERE code = ?",
                (json.dumps(seats), phase, code),
            )

    def phase(self, code: str, phase: str) -> None:
        self._write("UPDATE tables SET phase = ? WHERE code = ?", (phase, code))

    def append(self, code: str, n: int, action: Action, phase: str | None = None) -> None:
        """Move number ``n`` (0-based) of table ``code`` (and the phase it leads to, when
        it changes); committed when this returns, WriteFailed with nothing stored if not."""
        text = json.dumps(codec.encode(action), separators=(",", ":"))
        try:
            with self.db:
                self.db.execute("BEGIN IMMEDIATE")
                self.db.execute("INSERT INTO actions VALUES (?, ?, ?)", (code, n, text))
                if phase is not None:
                    self.db.execute("UPDATE tables SET phase = ? WHERE code = ?", (phase, code))
        except sqlite3.Error as error:
            raise WriteFailed(str(error)) from None

    def load(self) -> Iterator[StoredTable | DamagedTable]:
        """Every table, with its log in order (the caller replays and checks it); a row
        that cannot be decoded comes as a DamagedTable instead."""
        rows = self.db.execute(
            "SELECT code, game, options, seed, grace, host, phase, seats FROM tables"
        ).fetchall()
        for code, game, options, seed, grace, host, phase, seats in rows:
            try:
                yield self._decoded(code, game, options, seed, grace, host, phase, seats)
            except (ValueError, TypeError, KeyError) as error:
                yield DamagedTable(str(code), str(error)[:200])

    def _decoded(
        self,
        code: str,
        game: str,
        options: str,
        seed: int,
        grace: float,
        host: str,
        phase: str,
        seats: str,
    ) -> StoredTable:
        log = [
            codec.decode(Action, json.loads(text), f"{code} move {n}")
            for n, text in self.db.execute(
                "SELECT n, action FROM actions WHERE code = ? ORDER BY n", (code,)
            )
        ]
        seat_list = json.loads(seats)
        if not isinstance(seat_list, list) or not all(
            isinstance(seat, dict) and {"name", "kind", "credential"} <= set(seat)
            for seat in seat_list
        ):
            raise ValueError("seats are not a list of {name, kind, credential}")
        opts = json.loads(options)
        if not isinstance(opts, dict):
            raise ValueError("options are not an object")
        if not isinstance(seed, int) or not isinstance(grace, int | float):
            raise ValueError("seed or grace is not a number")
        return StoredTable(code, game, opts, seed, float(grace), host, phase, seat_list, log)
