"""The table server's storage: SQLite in WAL mode, each table as its save (setup, seats
and action log). An action is committed before its result is broadcast, so a server
killed at any moment and restarted resumes every table exactly where its players saw it.

Credentials are kept only as SHA-256 digests: the database alone lets nobody take a seat.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
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


class Store:
    def __init__(self, path: str | Path) -> None:
        # One thread at a time uses it (the server's loop), not always the one that opened it.
        self.db = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        # NORMAL is durable across a killed process (the WAL survives); only a power cut
        # could lose the last commits.
        self.db.execute("PRAGMA synchronous=NORMAL")
        # The WAL is copied into the database by ``checkpoint`` on a worker thread, not
        # by whichever commit happens to pass 1,000 pages: that copy and its fsync
        # stalled the server's loop (and every table on it) for milliseconds.
        self.db.execute("PRAGMA wal_autocheckpoint=0")
        self.db.executescript(SCHEMA)
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

    def create(self, table: StoredTable) -> None:
        with self.db:
            self.db.execute(
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

    def seats(self, code: str, seats: list[dict[str, Any]]) -> None:
        with self.db:
            self.db.execute("UPDATE tables SET seats = ? WHERE code = ?", (json.dumps(seats), code))

    def phase(self, code: str, phase: str) -> None:
        with self.db:
            self.db.execute("UPDATE tables SET phase = ? WHERE code = ?", (phase, code))

    def append(self, code: str, n: int, action: Action) -> None:
        """Move number ``n`` (0-based) of table ``code``; committed when this returns."""
        with self.db:
            self.db.execute(
                "INSERT INTO actions VALUES (?, ?, ?)",
                (code, n, json.dumps(codec.encode(action), separators=(",", ":"))),
            )

    def load(self) -> Iterator[StoredTable]:
        """Every table, with its log in order (the caller replays and checks it)."""
        rows = self.db.execute(
            "SELECT code, game, options, seed, grace, host, phase, seats FROM tables"
        ).fetchall()
        for code, game, options, seed, grace, host, phase, seats in rows:
            log = [
                codec.decode(Action, json.loads(text), f"{code} move {n}")
                for n, text in self.db.execute(
                    "SELECT n, action FROM actions WHERE code = ? ORDER BY n", (code,)
                )
            ]
            yield StoredTable(
                code, game, json.loads(options), seed, grace, host, phase, json.loads(seats), log
            )
