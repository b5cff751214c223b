"""Sockets that say nothing and requests sent by halves are timed out; ``serve`` raises
its limit of open files, and near it refuses new connections cleanly with one log line.
Raw sockets on 127.0.0.1, bounded in count and time."""

from __future__ import annotations

import json
import os
import resource
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from game.net.client import NetClient
from game.net.limits import Limits
from game.net.server import ServerThread

ROOT = Path(__file__).resolve().parents[2]
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}


@pytest.fixture
def quick_server(tmp_path):
    thread = ServerThread("127.0.0.1", 0, db=tmp_path / "t.db", limits=Limits(request_seconds=1.0))
    thread.start()
    yield thread
    thread.stop()


def closed_by_server(sock: socket.socket) -> bool:
    """Whether the server has closed ``sock`` (it reads the end, or a reset)."""
    sock.settimeout(0.05)
    try:
        while True:
            if sock.recv(65536) == b"":
                return True
    except TimeoutError:
        return False
    except OSError:
        return True


def polling_sid(port: int) -> str:
    url = f"http://127.0.0.1:{port}/socket.io/?EIO=4&transport=polling"
    with urllib.request.urlopen(url, timeout=5) as answer:
        body = answer.read().decode()
    return json.loads(body[1:])["sid"]


def test_silent_sockets_and_requests_sent_by_halves_are_closed(quick_server):
    """Old: 1,000 silent sockets and 500 half-sent requests were all still open after 65 s."""
    port = quick_server.server.port
    silent = [socket.create_connection(("127.0.0.1", port), timeout=5) for _ in range(20)]
    heads = [socket.create_connection(("127.0.0.1", port), timeout=5) for _ in range(10)]
    for sock in heads:
        sock.sendall(b"GET /socket.io/?EIO=4&transport=polling HTTP/1.1\r\nHost: x\r\n")
    bodies = []
    for _ in range(5):
        sid = polling_sid(port)
        sock = socket.create_connection(("127.0.0.1", port), timeout=5)
        head = f"POST /socket.io/?EIO=4&transport=polling&sid={sid} HTTP/1.1\r\nHost: x\r\n"
        sock.sendall(f"{head}Content-Length: 400\r\nContent-Type: text/plain\r\n\r\n4".encode())
        bodies.append(sock)
    every = silent + heads + bodies
    try:
        deadline = time.monotonic() + 15
        open_ = every
        while open_ and time.monotonic() < deadline:
            open_ = [sock for sock in open_ if not closed_by_server(sock)]
            time.sleep(0.1)
        assert not open_, f"{len(open_)} of {len(every)} still open"
        client = NetClient(quick_server.url)  # and a real client is served as ever
        client.connect()
        try:
            assert client.create("kaluki", [{"kind": "you"}, {"kind": "open"}], "Ann").ok
        finally:
            client.close()
    finally:
        for sock in every:
            sock.close()


def answer(sock: socket.socket) -> bytes:
    sock.settimeout(0.02)
    try:
        return sock.recv(100)
    except OSError:  # nothing yet (a timeout), or reset
        return b""


def serve_with_files(tmp_path: Path, soft: int, hard: int, *limits: str) -> subprocess.Popen:
    def limit_files() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))

    command = [sys.executable, "-m", "game", "serve", "--host", "127.0.0.1", "--port", "0"]
    command += ["--db", str(tmp_path / "t.db")]
    for limit in limits:
        command += ["--limit", limit]
    return subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=ENV,
        text=True,
        preexec_fn=limit_files,
    )


def port_of(process: subprocess.Popen) -> int:
    line = process.stdout.readline()
    assert "card-parlour tables on 127.0.0.1:" in line, line
    return int(line.split(":")[1].split()[0])


def test_serve_raises_its_soft_limit_of_open_files_to_the_hard_one(tmp_path):
    process = serve_with_files(tmp_path, 256, 1024)
    try:
        port_of(process)
        limits = Path(f"/proc/{process.pid}/limits").read_text()
        line = next(line for line in limits.splitlines() if line.startswith("Max open files"))
        assert line.split()[3:5] == ["1024", "1024"], line
    finally:
        process.terminate()
        process.communicate(timeout=30)


def stop_after_flood(process: subprocess.Popen, flood: list[socket.socket]) -> str:
    """Close the flood's sockets, stop the server; what it logged."""
    for sock in flood:
        sock.close()
    process.terminate()
    return process.communicate(timeout=30)[1]


def assert_one_refusal_line(errors: str) -> None:
    """Refusing is said once, never with a traceback, in a short log."""
    lines = errors.splitlines()
    assert sum("refusing new connections" in line for line in lines) == 1, errors[-2000:]
    assert "Traceback" not in errors and len(lines) < 20, errors[-2000:]


def test_a_burst_past_the_margin_of_open_files_is_still_one_line_and_no_traceback(tmp_path):
    """Old (CI at 0e2c6fb): asyncio takes up to a backlog of connections before the gate
    sees the first, so a burst could reach the limit itself: the loop logged a traceback
    for every accept that failed. The margin here (128 of 200) is smaller than two bursts."""
    process = serve_with_files(tmp_path, 200, 200)
    flood: list[socket.socket] = []
    try:
        port = port_of(process)
        flood += [socket.create_connection(("127.0.0.1", port), timeout=5) for _ in range(400)]
        time.sleep(1.5)
        assert sum(answer(sock).startswith(b"HTTP/1.1 503") for sock in flood) >= 100
    finally:
        errors = stop_after_flood(process, flood)
    assert_one_refusal_line(errors)


def test_near_the_limit_of_open_files_new_connections_are_refused_with_one_line(tmp_path):
    """Old: at the limit the server stopped accepting with a line for every attempt."""
    process = serve_with_files(tmp_path, 300, 300)
    flood: list[socket.socket] = []
    try:
        port = port_of(process)
        client = NetClient(f"http://127.0.0.1:{port}")  # a player already at the server
        client.connect()
        flood += [socket.create_connection(("127.0.0.1", port), timeout=5) for _ in range(320)]
        time.sleep(1.0)
        refused = sum(answer(sock).startswith(b"HTTP/1.1 503") for sock in flood)
        assert refused >= 40
        assert client.create("kaluki", [{"kind": "you"}, {"kind": "open"}], "Ann").ok
        for sock in flood:
            sock.close()
        flood.clear()
        time.sleep(0.5)
        late = NetClient(f"http://127.0.0.1:{port}")  # room again: connections are taken
        late.connect()
        assert late.create("kaluki", [{"kind": "you"}, {"kind": "open"}], "Bo").ok
        late.close()
        client.close()
    finally:
        errors = stop_after_flood(process, flood)
    assert_one_refusal_line(errors)
