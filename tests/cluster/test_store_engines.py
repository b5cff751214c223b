"""The same store tests on both engines: SQLite (the embedded default) and a real
PostgreSQL (started by the fixtures). A move is (table, move number) under the epoch of
the process that claimed the table: a second writer of move n, or a process whose table
was claimed since, is refused and stores nothing."""

from __future__ import annotations

import sqlite3

import pytest

from game.engine import codec
from game.engine.actions import Draw
from game.net import protocol as p
from game.net.lobby import Lobby
from game.net.store import MIGRATIONS, Store, StoredTable, TableMoved, open_store
from game.persist.savedgame import HUMAN


@pytest.fixture(params=["sqlite", "postgresql"])
def db(request, tmp_path) -> str:
    """A new, empty store's --db: a file path, or a fresh PostgreSQL database."""
    if request.param == "sqlite":
        return str(tmp_path / "tables.db")
    return request.getfixturevalue("postgres_url")


TAKE = Draw("discard")
SEAT = {"name": "A", "kind": HUMAN, "credential": ""}


def a_table(code: str = "T", phase: str = "playing") -> StoredTable:
    return StoredTable(code, "kaluki", {}, 1, 60.0, "h", phase, [SEAT], [])


def test_a_store_is_migrated_to_the_last_version_once(db):
    first = open_store(db)
    assert first.version() == len(MIGRATIONS)
    first.create(a_table())
    first.close()
    again = open_store(db)  # nothing applied twice, nothing lost
    assert again.version() == len(MIGRATIONS)
    assert again.load_one("T") is not None
    again.close()


def test_moves_are_a_compare_and_set_on_the_move_number(db):
    store = open_store(db)
    store.create(a_table())
    store.append("T", 0, Draw())
    with pytest.raises(TableMoved):  # move 0 again: refused, the first one kept
        store.append("T", 0, TAKE)
    store.append("T", 1, TAKE)
    assert store.load_one("T").log == [Draw(), TAKE]
    assert store.load_one("NONE") is None
    store.close()


def test_a_process_whose_table_was_claimed_can_no_longer_write_it(db):
    """Two processes on one store: the second claims the table (its lease came to it);
    the first one's next move, seats and phase are refused and nothing of them is kept."""
    first, second = open_store(db), open_store(db)
    first.create(a_table())
    first.append("T", 0, Draw())
    assert second.claim("T")
    with pytest.raises(TableMoved):
        first.append("T", 1, TAKE)
    with pytest.raises(TableMoved):
        first.seats("T", [SEAT | {"name": "Mallory"}])
    with pytest.raises(TableMoved):
        first.phase("T", "over")
    second.append("T", 1, Draw())
    stored = second.load_one("T")
    assert isinstance(stored, StoredTable)
    assert stored.log == [Draw(), Draw()]
    assert stored.seats == [SEAT] and stored.phase == "playing"
    assert not second.claim("NONE")
    first.close()
    second.close()


def test_a_table_played_through_the_lobby_comes_back_from_either_engine(db):
    store = open_store(db)
    lobby = Lobby(store)
    seats = [{"kind": "you"}, {"kind": "normal"}]
    created = lobby.handle(
        "a", p.parse("create", ({"game": "kaluki", "seats": seats, "name": "A"},))
    )
    code = created.reply["code"]
    lobby.handle("a", p.parse("start", ({"code": code, "host": created.reply["host"]},)))
    table = lobby.tables[code]
    for _ in range(6):
        seat = table.state.to_act
        action = table.rules.legal_actions(table.state)[0]
        if table.seats[seat].bot_plays:
            table.bot_act(seat, len(table.log), action)
        else:
            table.act("a", seat, len(table.log), action)
    store.close()
    again = Lobby(open_store(db))
    assert again.restore() == 1
    back = again.tables[code]
    assert back.log == table.log and codec.encode(back.state) == codec.encode(table.state)
    # The restoring process claimed the table: its moves are stored, the old copy's are not.
    seat = back.state.to_act
    back.seats[seat].sid = "b"
    back.seats[seat].kind, back.seats[seat].ai = HUMAN, False
    back.act("b", seat, len(back.log), back.rules.legal_actions(back.state)[0])
    reader = open_store(db)
    assert len(reader.load_one(code).log) == len(table.log) + 1
    with pytest.raises(TableMoved):  # a process that never claimed it
        reader.append(code, len(table.log) + 1, Draw())
    reader.close()
    again.store.close()


def test_a_store_of_the_first_releases_is_migrated_in_place(tmp_path):
    """An SQLite file written before schema versions existed keeps its tables and moves."""
    path = tmp_path / "old.db"
    old = sqlite3.connect(path)
    old.executescript(
        "CREATE TABLE tables (code TEXT PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL,"
        " seed INTEGER NOT NULL, grace REAL NOT NULL, host TEXT NOT NULL, phase TEXT NOT NULL,"
        " seats TEXT NOT NULL);"
        " CREATE TABLE actions (code TEXT NOT NULL, n INTEGER NOT NULL, action TEXT NOT NULL,"
        " PRIMARY KEY (code, n));"
        " INSERT INTO tables VALUES ('T', 'kaluki', '{}', 1, 60.0, 'h', 'playing', '[]');"
        ' INSERT INTO actions VALUES (\'T\', 0, \'{"type": "Draw", "source": "stock"}\');'
    )
    old.commit()
    old.close()
    store = Store(path)
    assert store.version() == len(MIGRATIONS)
    assert store.claim("T")
    store.append("T", 1, Draw())
    assert len(store.load_one("T").log) == 2
    store.close()
