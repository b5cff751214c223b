"""``python -m game bench --online``: the table server measured on loopback.

1. Round trip: one client at a table of its own sends moves; the time from sending a move
   to receiving its own update (p50/p99), by the client's clock.
2. Load: ``--tables`` tables of 4 headless clients each (1,000 connections at 250) on one
   server process, every client playing Normal's moves, ``--pace`` seconds apart per
   table (0: as fast as the server answers). Reports the round trip p50/p99 under load,
   the server process's CPU share and its memory per table.

The clients must not be what is measured: a thousand of them share one event loop here,
so a bot thinking or a view decoded for one client would delay every other client's
receipt. So Normal's moves are worked out first, by playing the same seeded games
locally (a table with four Normal seats, as the server's own bots play), and the tables
reuse those few seeds; a client only replays the script's move when the server says it
is to act, and the server checks every move as usual (a refused one is counted).

The server runs as ``python -m game serve`` in a subprocess, so its CPU and memory are its
own (read from /proc on Linux).
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import socketio

from game.ai.base import NORMAL
from game.engine import codec
from game.net import protocol as p
from game.net.server import quiet_collector
from game.net.store import digest
from game.net.tables import Table, TableSeat
from game.tools.stats import percentile

GAME = "kaluki"
SEEDS = 8  # the games the tables reuse (table k deals from seed k % SEEDS + 1)
IDLE_SECONDS = 8.0
IDLE_MOVES = 300
IDLE_PACE = 0.05  # under the server's 20 frames/s a connection: a faster seat is refused
TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
PLAN = [{"kind": "you"}] + [{"kind": "open"}] * 3

Script = list[tuple[int, Any]]  # move n -> (the seat that makes it, the encoded action)


def create_frame(seed: int) -> dict[str, Any]:
    return {"game": GAME, "seats": PLAN, "name": "Host", "seed": seed}


def script(seed: int, moves: int) -> Script:
    """The first ``moves`` moves of the game the server deals for ``create_frame(seed)``,
    each seat played by Normal from its own view, as the server's bots would."""
    request = p.parse("create", (create_frame(seed),))
    assert isinstance(request, p.Create)
    seats = [TableSeat(f"AI {n + 1}", NORMAL) for n in range(len(PLAN))]
    table = Table("LOCAL", GAME, request.options, seed, seats, 60.0, digest("bench"))
    table.start("bench")
    done: Script = []
    while len(done) < moves and (seat := table.bot_to_act()) is not None:
        bot, view, legal, history = table.bot_inputs(seat)
        action = bot.choose(view, legal, history)
        table.bot_act(seat, len(table.log), action)
        done.append((seat, codec.encode(action)))
    return done


class LoadClient:
    """One headless seat: a Socket.IO client replaying its table's script. It reads only
    the move count, the phase and whether it is to act from each update."""

    def __init__(self, url: str, pace: float, samples: list[float], moves: Script) -> None:
        self.url, self.pace, self.samples, self.script = url, pace, samples, moves
        self.sio = socketio.AsyncClient(reconnection=False)
        self.seat = 0
        self.n = 0
        self.phase = "waiting"
        self.legal = False
        self.sent: dict[int, float] = {}  # move count acted on -> when
        self.turn = asyncio.Event()
        self.moves = self.refused = self.off_script = 0
        self.sio.on("sync", self._sync)
        self.sio.on("update", self._update)

    async def _sync(self, data: dict[str, Any]) -> None:
        self.seat = data["seat"]
        self._take(data)

    async def _update(self, data: dict[str, Any]) -> None:
        received = time.perf_counter()
        self._take(data)
        started = self.sent.pop(self.n - 1, None)
        if started is not None:
            self.samples.append(received - started)

    def _take(self, data: dict[str, Any]) -> None:
        self.n, self.phase, self.legal = data["n"], data["phase"], bool(data["legal"])
        if self.legal and self.phase == "playing":
            self.turn.set()

    def _ack(self, reply: Any = None, *rest: Any) -> None:
        if not (isinstance(reply, dict) and reply.get("ok")):
            self.refused += 1

    async def connect(self) -> None:
        await self.sio.connect(self.url, transports=["websocket"], wait_timeout=30)

    async def call(self, kind: str, data: dict[str, Any]) -> dict[str, Any]:
        reply: dict[str, Any] = await self.sio.call(kind, data, timeout=60)  # an object, always
        return reply

    async def play(self, until: float) -> None:
        while time.perf_counter() < until and self.phase != "over" and self.sio.connected:
            try:
                await asyncio.wait_for(self.turn.wait(), max(0.01, until - time.perf_counter()))
            except asyncio.TimeoutError:
                return
            self.turn.clear()
            if self.pace:
                wait = self.pace * random.uniform(0.5, 1.5)
                await asyncio.sleep(min(wait, until - time.perf_counter()))
                if time.perf_counter() >= until:
                    return
            n = self.n
            if not self.legal or n in self.sent:
                continue
            if n >= len(self.script):
                return  # the script is played out: this table rests
            seat, action = self.script[n]
            if seat != self.seat:  # the server dealt another game than the script's
                self.off_script += 1
                return
            self.sent[n] = time.perf_counter()
            move = {"seat": self.seat, "n": n, "action": action}
            try:
                await self.sio.emit("act", move, callback=self._ack)
            except socketio.exceptions.BadNamespaceError:
                return  # dropped: counted in the report
            self.moves += 1


async def open_tables(
    url: str, tables: int, pace: float, samples: list[float], scripts: dict[int, Script]
) -> list[LoadClient]:
    clients: list[LoadClient] = []

    async def one_table(number: int) -> None:
        seed = number % len(scripts) + 1
        seats = [LoadClient(url, pace, samples, scripts[seed]) for _ in range(4)]
        await asyncio.gather(*(client.connect() for client in seats))
        created = await seats[0].call("create", create_frame(seed))
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


def _own_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


async def _measure(
    url: str, pid: int, tables: int, seconds: float, pace: float, scripts: dict[int, Script]
) -> dict:
    # 1. Round trip with the server otherwise idle.
    lone: list[float] = []
    single = await open_tables(url, 1, IDLE_PACE, lone, {1: scripts[1]})
    await asyncio.gather(*(c.play(time.perf_counter() + IDLE_SECONDS) for c in single))
    await asyncio.gather(*(c.sio.disconnect() for c in single), return_exceptions=True)
    round_trip = _figures(lone) | {"refused": sum(c.refused for c in single)}
    # 2. Load.
    cpu0, rss0 = _proc(pid)
    samples: list[float] = []
    started = time.perf_counter()
    clients = await open_tables(url, tables, pace, samples, scripts)
    setup = time.perf_counter() - started
    # A thousand clients make a large heap here too: the collector's full passes over it
    # would stall every client's receipt (and count against the server).
    quiet_collector()
    cpu1, _ = _proc(pid)
    mine = _own_cpu()
    begin = time.perf_counter()
    await asyncio.gather(*(client.play(begin + seconds) for client in clients))
    elapsed = time.perf_counter() - begin
    cpu2, rss2 = _proc(pid)
    mine = _own_cpu() - mine
    moves = sum(client.moves for client in clients)
    dropped = sum(not client.sio.connected for client in clients)
    await asyncio.gather(*(c.sio.disconnect() for c in clients), return_exceptions=True)
    return {
        "round_trip_idle": round_trip,
        "load": {
            "tables": tables,
            "connections": len(clients),
            "dropped": dropped,
            "refused": sum(client.refused for client in clients),
            "off_script": sum(client.off_script for client in clients),
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
            "clients_cpu_percent": round(100 * mine / max(elapsed, 1e-9), 1),
        },
    }


def scripts_for(seconds: float, pace: float) -> dict[int, Script]:
    """Enough of each seed's game for the run (the first one also for the idle table)."""
    per_table = min(600, int(1.5 * seconds / max(pace, 0.05)) + 20)
    return {
        seed: script(seed, max(per_table, IDLE_MOVES if seed == 1 else 0))
        for seed in range(1, SEEDS + 1)
    }


def run_server_process(command: list[str], measure: Any) -> tuple[Any, str]:
    """Start ``python -m game serve ...`` (``command``), run ``measure(url, pid)`` (a
    coroutine) against it, stop it; what it returned and what the server printed after."""
    server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        line = server.stdout.readline() if server.stdout else ""
        port = int(line.split("127.0.0.1:")[1].split()[0])
        figures = asyncio.run(measure(f"http://127.0.0.1:{port}", server.pid))
    finally:
        server.terminate()
        rest, _ = server.communicate(timeout=30)
    return figures, rest or ""


def run_online(tables: int = 250, seconds: float = 30.0, pace: float = 1.0, as_json: bool = False):
    """Start a server process, measure, stop it; the figures (also printed)."""
    logging.getLogger("engineio").setLevel(logging.CRITICAL)
    logging.getLogger("socketio").setLevel(logging.CRITICAL)
    scripts = scripts_for(seconds, pace)  # before the server starts: its CPU is its own
    with tempfile.TemporaryDirectory() as folder:
        command = [sys.executable, "-m", "game", "serve", "--host", "127.0.0.1", "--port", "0"]
        # --test-seeds: each table replays a script computed for its seed
        command += ["--db", str(Path(folder) / "bench.db"), "--test-seeds"]
        # Every table comes from this one address: its caps are the bench's number.
        command += ["--limit", f"tables_per_address={tables + 1}"]
        figures, rest = run_server_process(
            command, lambda url, pid: _measure(url, pid, tables, seconds, pace, scripts)
        )
        for line in rest.splitlines():
            if line.startswith("stats "):  # the server's own time over each move
                figures["load"]["server_time_per_move"] = json.loads(line[6:])
    if as_json:
        print(json.dumps(figures))
    else:
        idle, load = figures["round_trip_idle"], figures["load"]
        print(f"round trip, idle server: p50 {idle['p50_ms']} ms, p99 {idle['p99_ms']} ms")
        print(
            f"load: {load['tables']} tables, {load['connections']} connections "
            f"({load['dropped']} dropped, {load['refused']} moves refused), "
            f"{load['moves_per_second']} moves/s for {load['seconds']} s: round trip "
            f"p50 {load['round_trip']['p50_ms']} ms, p99 {load['round_trip']['p99_ms']} ms; "
            f"server CPU {load['server_cpu_percent']}% ({load['server_cpu_ms_per_move']} ms a "
            f"move), memory {load['server_rss_mb']} MB ({load['server_kb_per_table']} KB a table); "
            f"the clients' process {load['clients_cpu_percent']}% CPU"
        )
        inside = load.get("server_time_per_move")
        if inside:
            print(
                f"time in the server over each move (both runs): p50 {inside['p50_ms']} ms, "
                f"p99 {inside['p99_ms']} ms over {inside['moves']} moves"
            )
    return figures
