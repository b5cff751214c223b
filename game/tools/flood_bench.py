"""``python -m game bench --online --hard-flood N``: a well-behaved table's round trip
while one client floods the server with computer tables (issue 26).

The server runs as ``python -m game serve`` in its own process, its per-address table caps
lifted so that the flood is what the bots' shared thinking budget alone must bear. A
reference table of four scripted human seats (the online bench's clients, paced under the
rate limit) plays for ``seconds`` with the server otherwise idle, then again while one
attacking client creates ``N`` Kaluki tables of six Hard seats and starts them. Reported:
the reference round trip p50/p99 before and during the flood, the server's CPU share, and
how many moves the flood's bots made.
"""

from __future__ import annotations

import asyncio
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import socketio

from game.tools import online_bench as ob

HARD_SEATS = [{"kind": "hard"}] * 6


async def _reference(url: str, seconds: float, moves: ob.Script) -> dict[str, Any]:
    samples: list[float] = []
    clients = await ob.open_tables(url, 1, ob.IDLE_PACE, samples, {1: moves})
    await asyncio.gather(*(c.play(time.perf_counter() + seconds) for c in clients))
    await asyncio.gather(*(c.sio.disconnect() for c in clients), return_exceptions=True)
    return ob._figures(samples) | {"refused": sum(c.refused for c in clients)}


async def _flood(url: str, tables: int) -> tuple[socketio.AsyncClient, int]:
    attacker = socketio.AsyncClient(reconnection=False)
    await attacker.connect(url, transports=["websocket"], wait_timeout=30)
    started = 0
    for _ in range(tables):
        await asyncio.sleep(0.06)  # under the rate limit: the flood is of work, not frames
        reply = await attacker.call(
            "create", {"game": "kaluki", "seats": HARD_SEATS, "name": "Eve"}, timeout=60
        )
        if not reply.get("ok"):
            continue
        await asyncio.sleep(0.06)
        answer = await attacker.call("start", {"code": reply["code"], "host": reply["host"]})
        started += bool(answer.get("ok"))
    return attacker, started


async def _measure(url: str, pid: int, tables: int, seconds: float) -> dict[str, Any]:
    moves = ob.script(1, ob.IDLE_MOVES)
    before = await _reference(url, seconds, moves)
    attacker, started = await _flood(url, tables)
    await asyncio.sleep(1.0)  # every flood table's bots are thinking by now
    cpu0, _ = ob._proc(pid)
    begin = time.perf_counter()
    during = await _reference(url, seconds, moves)
    cpu1, rss = ob._proc(pid)
    elapsed = time.perf_counter() - begin
    await attacker.disconnect()
    return {
        "flood_tables": tables,
        "flood_started": started,
        "round_trip_before": before,
        "round_trip_during": during,
        "server_cpu_percent_during": round(100 * (cpu1 - cpu0) / max(elapsed, 1e-9), 1),
        "server_rss_mb": round(rss / 1024, 1),
    }


def run_flood(tables: int = 40, seconds: float = 10.0, as_json: bool = False) -> dict[str, Any]:
    command = [sys.executable, "-m", "game", "serve", "--host", "127.0.0.1", "--port", "0"]
    lifted = ["tables_per_connection", "tables_per_address"]
    with tempfile.TemporaryDirectory() as folder:
        command += ["--db", str(Path(folder) / "flood.db"), "--test-seeds"]
        for name in lifted:
            command += ["--limit", f"{name}={tables + 10}"]
        figures: dict[str, Any]
        figures, _ = ob.run_server_process(
            command, lambda url, pid: _measure(url, pid, tables, seconds)
        )
    if as_json:
        print(json.dumps(figures))
    else:
        b, d = figures["round_trip_before"], figures["round_trip_during"]
        print(
            f"reference table: round trip p50 {b['p50_ms']} / p99 {b['p99_ms']} ms alone, "
            f"p50 {d['p50_ms']} / p99 {d['p99_ms']} ms while {figures['flood_started']} tables "
            f"of six Hard seats play (server CPU {figures['server_cpu_percent_during']}%)"
        )
    return figures
