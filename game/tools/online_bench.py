"""``python -m game bench --online``: the table server measured on loopback.

1. Round trip: one client at a table of its own sends moves; the time from sending a move
   to receiving its own update (p50/p99).
2. Load: ``--tables`` tables of 4 headless clients each (1,000 connections at 250) on one
   server process, every client playing Normal's moves from its view, ``--pace`` seconds
   apart per table (0: as fast as the server answers). Reports the round trip p50/p99
   under load, the server process's CPU share and its memory per table.

The server runs as ``python -m game serve`` in a subprocess, so its CPU and memory are its
own (read from /proc on Linux); the clients share one event loop in this process.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import socketio

from game.ai.base import NORMAL
from game.ai.registry import make_bot
from game.engine import codec
from game.engine.actions import Action
from game.net.client import view_type
from game.net.wire import decode_events
from game.tools.stats import percentile

GAME = "kaluki"
TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


class LoadClient:
    """One headless seat: a Socket.IO client playing Normal's moves from its own view.
    It reads every move's events (its bot's history) but decodes its view and legal
    moves only when it is to act, as a thousand of them share one process."""

    def __init__(self, url: str, pace: float, samples: list[float]) -> None:
        self.url, self.pace, self.samples = url, pace, samples
        self.sio = socketio.AsyncClient(reconnection=False)
        self.seat = 0
        self.n = 0
        self.phase = "waiting"
        self.raw: dict[str, Any] = {}
        self.history: list[Any] = []
        self.bot: Any = None
        self.sent: dict[int, float] = {}  # move count acted on -> when
        self.turn = asyncio.Event()
        self.moves = 0
        self.sio.on("sync", self._sync)
        self.sio.on("update", self._update)

    async def _sync(self, data: dict[str, Any]) -> None:
        self.seat = data["seat"]
        self.history = decode_events(data["history"])
        self._take(data)

    async def _update(self, data: dict[str, Any]) -> None:
        self.history.extend(decode_events(data["events"]))
        self._take(data)
        started = self.sent.pop(self.n - 1, None)
        if started is not None:
            self.samples.append(time.perf_counter() - started)

    def _take(self, data: dict[str, Any]) -> None:
        self.n, self.phase, self.raw = data["n"], data["phase"], data
        if data["legal"] and self.phase == "playing":
            self.turn.set()

    async def connect(self) -> None:
        await self.sio.connect(self.url, transports=["websocket"], wait_timeout=30)

    async def call(self, kind: str, data: dict[str, Any]) -> dict[str, Any]:
        return await self.sio.call(kind, data, timeout=60)

    async def play(self, until: float) -> None:
        while time.perf_counter() < until and self.phase != "over" and self.sio.connected:
            try:
                await asyncio.wait_for(self.turn.wait(), max(0.01, until - time.perf_counter()))
            except asyncio.TimeoutError:
                return
            self.turn.clear()
            if self.pace:
                await asyncio.sleep(self.pace * random.uniform(0.5, 1.5))
            data = self.raw
            if not data.get("legal") or data["n"] in self.sent:
                continue
            if self.bot is None:
                self.bot = make_bot(GAME, NORMAL, 0, self.seat)
            view = codec.decode(view_type(GAME), data["view"], "view")
            legal = codec.decode(list[Action], data["legal"], "legal")
            action = self.bot.choose(view, legal, self.history)
            self.sent[data["n"]] = time.perf_counter()
            move = {"seat": self.seat, "n": data["n"], "action": codec.encode(action)}
            try:
                await self.sio.emit("act", move)
            except socketio.exceptions.BadNamespaceError:
                return  # dropped: counted in the report
            self.moves += 1


async def open_tables(url: str, tables: int, pace: float, samples: list[float]) -> list[LoadClient]:
    clients: list[LoadClient] = []

    async def one_table(number: int) -> None:
        seats = [LoadClient(url, pace, samples) for _ in range(4)]
        await asyncio.gather(*(client.connect() for client in seats))
        plan = [{"kind": "you"}] + [{"kind": "open"}] * 3
        created = await seats[0].call(
            "create", {"game": GAME, "seats": plan, "name": "Host", "seed": number + 1}
        )
        for guest, client in enumerate(seats[1:], 1):
            await client.call("join", {"code": created["code"], "name": f"Guest {guest}"})
        await seats[0].call("start", {"code": created["code"], "host": created["host"]})
        clients.extend(seats)

    for first in range(0, tables, 25):  # 25 tables (100 connections) at a time
        await asyncio.gather(*(one_table(n) for n in range(first, min(tables, first + 25))))
    return clients


def _proc(pid: int) -> tuple[float, int]:
    """(CPU seconds used, resident kilobytes) of a process, from /proc."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        cpu = (int(fields[11]) + int(fields[12])) / TICKS
        status = Path(f"/proc/{pid}/status").read_text()
        rss = next(int(line.split()[1]) for line in status.splitlines() if line.startswith("VmRSS"))
        return cpu, rss
    except (OSError, StopIteration, IndexError, ValueError):
        return 0.0, 0


def _figures(samples: list[float]) -> dict[str, Any]:
    ms = [s * 1000 for s in samples]
    return {
        "n": len(ms),
        "p50_ms": round(percentile(ms, 50), 2),
        "p99_ms": round(percentile(ms, 99), 2),
        "max_ms": round(max(ms, default=0.0), 2),
    }


async def _measure(url: str, pid: int, tables: int, seconds: float, pace: float) -> dict:
    # 1. Round trip with the server otherwise idle.
    lone: list[float] = []
    single = await open_tables(url, 1, 0.0, lone)
    await asyncio.gather(*(c.play(time.perf_counter() + 5) for c in single))
    await asyncio.gather(*(c.sio.disconnect() for c in single), return_exceptions=True)
    round_trip = _figures(lone)
    # 2. Load.
    cpu0, rss0 = _proc(pid)
    samples: list[float] = []
    started = time.perf_counter()
    clients = await open_tables(url, tables, pace, samples)
    setup = time.perf_counter() - started
    cpu1, _ = _proc(pid)
    begin = time.perf_counter()
    await asyncio.gather(*(client.play(begin + seconds) for client in clients))
    elapsed = time.perf_counter() - begin
    cpu2, rss2 = _proc(pid)
    moves = sum(client.moves for client in clients)
    dropped = sum(not client.sio.connected for client in clients)
    await asyncio.gather(*(c.sio.disconnect() for c in clients), return_exceptions=True)
    return {
        "round_trip_idle": round_trip,
        "load": {
            "tables": tables,
            "connections": len(clients),
            "dropped": dropped,
            "pace_s": pace,
            "seconds": round(elapsed, 1),
            "setup_seconds": round(setup, 1),
            "moves": moves,
            "moves_per_second": round(moves / max(elapsed, 1e-9), 1),
            "round_trip": _figures(samples),
            "server_cpu_percent": round(100 * (cpu2 - cpu1) / max(elapsed, 1e-9), 1),
            "server_cpu_ms_per_move": round(1000 * (cpu2 - cpu1) / max(moves, 1), 2),
            "server_setup_cpu_s": round(cpu1 - cpu0, 2),
            "server_rss_mb": round(rss2 / 1024, 1),
            "server_kb_per_table": round((rss2 - rss0) / max(tables, 1), 1),
        },
    }


def run_online(tables: int = 250, seconds: float = 30.0, pace: float = 1.0, as_json: bool = False):
    """Start a server process, measure, stop it; the figures (also printed)."""
    logging.getLogger("engineio").setLevel(logging.CRITICAL)
    logging.getLogger("socketio").setLevel(logging.CRITICAL)
    with tempfile.TemporaryDirectory() as folder:
        command = [sys.executable, "-m", "game", "serve", "--host", "127.0.0.1", "--port", "0"]
        command += ["--db", str(Path(folder) / "bench.db")]
        server = subprocess.Popen(
            command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True
        )
        try:
            line = server.stdout.readline() if server.stdout else ""
            port = int(line.split("127.0.0.1:")[1].split()[0])
            figures = asyncio.run(
                _measure(f"http://127.0.0.1:{port}", server.pid, tables, seconds, pace)
            )
        finally:
            server.terminate()
            rest, _ = server.communicate(timeout=30)
        for line in (rest or "").splitlines():
            if line.startswith("stats "):  # the server's own time over each move
                figures["load"]["server_time_per_move"] = json.loads(line[6:])
    if as_json:
        print(json.dumps(figures))
    else:
        idle, load = figures["round_trip_idle"], figures["load"]
        print(f"round trip, idle server: p50 {idle['p50_ms']} ms, p99 {idle['p99_ms']} ms")
        print(
            f"load: {load['tables']} tables, {load['connections']} connections "
            f"({load['dropped']} dropped), "
            f"{load['moves_per_second']} moves/s for {load['seconds']} s: round trip "
            f"p50 {load['round_trip']['p50_ms']} ms, p99 {load['round_trip']['p99_ms']} ms; "
            f"server CPU {load['server_cpu_percent']}% ({load['server_cpu_ms_per_move']} ms a "
            f"move), memory {load['server_rss_mb']} MB ({load['server_kb_per_table']} KB a table)"
        )
        inside = load.get("server_time_per_move")
        if inside:
            print(
                f"time in the server over each move (both runs): p50 {inside['p50_ms']} ms, "
                f"p99 {inside['p99_ms']} ms over {inside['moves']} moves"
            )
    return figures
