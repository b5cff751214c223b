"""The table store's file: readable by its owner only (it holds every seed in clear),
and a file that is not a table store refused with one line by ``serve`` (exit 2, no
traceback), never taken as an empty server."""

from __future__ import annotations

import os
import socket
import sqlite3
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from game.net.client import NetClient
from game.net.server import ANY_ADDRESS, ServerThread
from game.net.store import Store, StoreError

SERVE_TIMEOUT = 30.0


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def serve(*args: str) -> subprocess.CompletedProcess[str]:
    """``python -m game serve`` on loopback, expected to stop by itself."""
    command = [sys.executable, "-m", "game", "serve", "--host", "127.0.0.1", *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=SERVE_TIMEOUT)


def refused_in_one_line(result: subprocess.CompletedProcess[str]) -> str:
    assert result.returncode == 2, result
    assert "Traceback" not in result.stderr and "Traceback" not in result.stdout
    said = [line for line in result.stderr.splitlines() if line.startswith("card-parlour:")]
    assert len(said) == 1, result.stderr  # (besides the server's own log lines)
    assert all(" INFO " in line for line in result.stderr.splitlines() if line not in said)
    return said[0]


def a_store_with_a_table(path: Path) -> None:
    server = ServerThread("127.0.0.1", 0, db=path)
    server.start()
    try:
        client = NetClient(server.url)
        client.connect()
        assert client.create("kaluki", [{"kind": "you"}, {"kind": "easy"}], "Ann").ok
        client.close()
    finally:
        server.stop()


def test_the_store_and_its_wal_are_readable_by_their_owner_only(tmp_path):
    db = tmp_path / "tables.db"
    server = ServerThread("127.0.0.1", 0, db=db)
    server.start()
    try:
        client = NetClient(server.url)
        client.connect()
        assert client.create("kaluki", [{"kind": "you"}, {"kind": "easy"}], "Ann").ok
        client.close()
        files = [db, Path(f"{db}-wal"), Path(f"{db}-shm")]
        assert all(path.exists() for path in files)
        assert [mode(path) for path in files] == [0o600] * 3
    finally:
        server.stop()


def test_a_store_found_readable_by_others_is_tightened(tmp_path):
    db = tmp_path / "tables.db"
    a_store_with_a_table(db)
    os.chmod(db, 0o644)
    Store(db).close()
    assert mode(db) == 0o600


def test_a_table_hosted_from_the_app_keeps_its_store_owner_only(tmp_path):
    from game.app.scenes.online.connect import serve as host_here

    db = tmp_path / "data" / "hosted_tables.db"
    hosting = host_here("127.0.0.1", 0, db)
    try:
        client = NetClient(hosting.server.url)
        client.connect()
        assert client.create("kaluki", [{"kind": "you"}, {"kind": "easy"}], "Ann").ok
        client.close()
        assert mode(db) == 0o600 and mode(Path(f"{db}-wal")) == 0o600
    finally:
        hosting.stop()


def damaged(tmp_path: Path, kind: str) -> Path:
    path = tmp_path / "tables.db"
    if kind == "a folder":
        path.mkdir()
    elif kind == "in a missing folder":
        path = tmp_path / "nowhere" / "tables.db"
    elif kind == "random bytes":
        path.write_bytes(bytes(range(256)) * 64)
    elif kind == "empty":
        path.write_bytes(b"")
    elif kind == "truncated":
        a_store_with_a_table(path)
        with sqlite3.connect(path) as db:  # enough pages that a cut loses some
            db.execute("CREATE TABLE filler (x)")
            db.executemany("INSERT INTO filler VALUES (?)", [("x" * 500,)] * 200)
        path.write_bytes(path.read_bytes()[: 3 * 4096 + 100])
    elif kind == "another program's":
        with sqlite3.connect(path) as db:
            db.execute("CREATE TABLE contacts (name TEXT)")
    return path


KINDS = ["a folder", "in a missing folder", "random bytes", "empty", "truncated"]


@pytest.mark.parametrize("kind", [*KINDS, "another program's"])
def test_a_file_that_is_no_table_store_is_refused_on_opening(tmp_path, kind):
    path = damaged(tmp_path, kind)
    with pytest.raises(StoreError) as refused:
        Store(path)
    assert "\n" not in str(refused.value) and str(path) in str(refused.value)
    if kind == "empty":  # not silently made into an empty store
        assert path.stat().st_size == 0


def test_serve_refuses_each_damaged_store_in_one_line(tmp_path):
    # (a truncated or empty file takes the same path: StoreError, tested above)
    for number, kind in enumerate(["a folder", "in a missing folder", "random bytes"]):
        folder = tmp_path / str(number)
        folder.mkdir()
        path = damaged(folder, kind)
        line = refused_in_one_line(serve("--port", "0", "--db", str(path)))
        assert str(path) in line, (kind, line)


def test_serve_says_in_one_line_that_its_port_is_taken(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        line = refused_in_one_line(serve("--port", str(port), "--db", str(tmp_path / "t.db")))
    assert f"127.0.0.1:{port}" in line


# The server's own every-interface forms too (taken from it: a test never writes one).
@pytest.mark.parametrize(
    "anywhere", ["0", "0.0", "::0", "0x0", "000.000.000.000", *ANY_ADDRESS[1:3]]
)
def test_every_way_of_writing_every_interface_is_refused_without_the_flag(anywhere):
    from game.net.server import TableServer

    with pytest.raises(ValueError):
        TableServer(anywhere)


def test_serve_host_0_is_refused_in_one_line(tmp_path):
    line = refused_in_one_line(serve("--host", "0", "--port", "0", "--db", str(tmp_path / "t.db")))
    assert "every interface" in line
    assert not (tmp_path / "t.db").exists()


def test_a_damaged_store_of_the_app_s_hosted_tables_is_moved_aside_and_hosting_goes_on(tmp_path):
    from game.app.scenes.online.connect import serve as host_here

    db = tmp_path / "data" / "hosted_tables.db"
    db.parent.mkdir()
    db.write_bytes(b"not a database at all" * 100)
    hosting = host_here("127.0.0.1", 0, db)
    try:
        client = NetClient(hosting.server.url)
        client.connect()
        assert client.create("kaluki", [{"kind": "you"}, {"kind": "easy"}], "Ann").ok
        client.close()
    finally:
        hosting.stop()
    aside = [path for path in db.parent.iterdir() if ".damaged-" in path.name]
    assert [path.read_bytes() for path in aside] == [b"not a database at all" * 100]
    assert mode(db) == 0o600


def start_serve(db: Path, *args: str, stderr: int = subprocess.DEVNULL):
    """``python -m game serve`` on 127.0.0.1 at a free port, a table made there by a real
    client; the running process (the caller stops it)."""
    command = [sys.executable, "-m", "game", "serve", "--host", "127.0.0.1", "--port", "0"]
    process = subprocess.Popen(
        [*command, "--db", str(db), *args], stdout=subprocess.PIPE, stderr=stderr, text=True
    )
    try:
        line = process.stdout.readline() if process.stdout else ""
        port = int(line.split("127.0.0.1:")[1].split()[0])
        client = NetClient(f"http://127.0.0.1:{port}")
        client.connect()
        assert client.create("kaluki", [{"kind": "you"}, {"kind": "easy"}], "Ann").ok
        client.close()
    except BaseException:
        process.kill()
        process.wait(SERVE_TIMEOUT)
        raise
    return process


def test_serve_creates_its_store_owner_only(tmp_path):
    db = tmp_path / "tables.db"
    process = start_serve(db)
    try:
        files = [db, Path(f"{db}-wal"), Path(f"{db}-shm")]
        assert [mode(path) for path in files] == [0o600] * 3
    finally:
        process.terminate()
        process.wait(SERVE_TIMEOUT)


@pytest.mark.parametrize("anywhere", ["0", "::0", "0x0"])
def test_the_app_never_hosts_on_every_interface(tmp_path, anywhere):
    from game.app.scenes.online.connect import Failed
    from game.app.scenes.online.connect import serve as host_here

    with pytest.raises(Failed) as refused:
        host_here(anywhere, 0, tmp_path / "hosted_tables.db")
    assert refused.value.key == "online.cannot_listen"
