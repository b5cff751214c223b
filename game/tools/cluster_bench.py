"""``python -m game bench --online --processes N``: the same load as ``bench --online``
spread over N table server processes on one PostgreSQL and one Redis (started here, on
loopback, in temporary folders), reporting today's figures plus each process's CPU, the
store's writes and the presence's operations per second, and what each costs per move.

The tables are split evenly: table k's four clients reach process k % N (so no client
needs a redirect here; the cluster tests cover those).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import subprocess
import sys
import time
from typing import Any

import redis

from game.net.server import quiet_collector
from game.tools.engines import Postgres, Redis, free_port, postgres_bin
from game.tools.online_bench import (
    IDLE_PACE,
    IDLE_SECONDS,
    Script,
    _figures,
    _own_cpu,
    _proc,
    open_tables,
    scripts_for,
)


def _redis_commands(url: str) -> int:
    client = redis.Redis.from_url(url)
    try:
        return int(client.info("stats")["total_commands_processed"])
    finally:
        client.close()


async def _measure(
    urls: list[str],
    pids: list[int],
    presence: str,
    tables: int,
    seconds: float,
    pace: float,
    scripts: dict[int, Script],
) -> dict[str, Any]:
    lone: list[float] = []
    single = await open_tables(urls[0], 1, IDLE_PACE, lone, {1: scripts[1]})
    await asyncio.gather(*(c.play(time.perf_counter() + IDLE_SECONDS) for c in single))
    await asyncio.gather(*(c.sio.disconnect() for c in single), return_exceptions=True)
    samples: list[float] = []
    started = time.perf_counter()
    shares = [tables // len(urls) + (k < tables % len(urls)) for k in range(len(urls))]
    opened = await asyncio.gather(
        *(open_tables(url, share, pace, samples, scripts) for url, share in zip(urls, shares))
    )
    clients = [client for group in opened for client in group]
    setup = time.perf_counter() - started
    quiet_collector()
    cpu1 = [_proc(pid)[0] for pid in pids]
    commands1 = _redis_commands(presence)
    mine = _own_cpu()
    begin = time.perf_counter()
    await asyncio.gather(*(client.play(begin + seconds) for client in clients))
    elapsed = time.perf_counter() - begin
    cpu2 = [_proc(pid)[0] for pid in pids]
    commands2 = _redis_commands(presence)
    mine = _own_cpu() - mine
    moves = sum(client.moves for client in clients)
    dropped = sum(not client.sio.connected for client in clients)
    await asyncio.gather(*(c.sio.disconnect() for c in clients), return_exceptions=True)
    cpu = [b - a for a, b in zip(cpu1, cpu2)]
    per_second = moves / max(elapsed, 1e-9)
    redis_per_second = (commands2 - commands1) / max(elapsed, 1e-9)
    return {
        "processes": len(urls),
        "round_trip_idle": _figures(lone),
        "load": {
            "tables": tables,
            "connections": len(clients),
            "dropped": dropped,
            "refused": sum(client.refused for client in clients),
            "pace_s": pace,
            "seconds": round(elapsed, 1),
            "setup_seconds": round(setup, 1),
            "moves": moves,
            "moves_per_second": round(per_second, 1),
            "round_trip": _figures(samples),
            "server_cpu_percent_each": [round(100 * c / max(elapsed, 1e-9), 1) for c in cpu],
            "server_cpu_ms_per_move": round(1000 * sum(cpu) / max(moves, 1), 2),
            "store_writes_per_second": round(per_second, 1),  # one INSERT a move
            "redis_ops_per_second": round(redis_per_second, 1),
            "clients_cpu_percent": round(100 * mine / max(elapsed, 1e-9), 1),
        },
    }


def _start(url: str, port: int, db: str, presence: str, tables: int) -> subprocess.Popen:
    command = [sys.executable, "-m", "game", "serve", "--host", "127.0.0.1", "--port", str(port)]
    command += ["--db", db, "--presence", presence, "--public-url", url, "--test-seeds"]
    command += ["--limit", f"tables_per_address={tables + 1}"]
    server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    line = server.stdout.readline() if server.stdout else ""
    if "card-parlour tables on" not in line:
        server.kill()
        raise RuntimeError(f"a server process did not start: {line!r}")
    return server


def run_cluster(
    processes: int, tables: int, seconds: float, pace: float, as_json: bool = False
) -> dict[str, Any] | None:
    logging.getLogger("engineio").setLevel(logging.CRITICAL)
    logging.getLogger("socketio").setLevel(logging.CRITICAL)
    if postgres_bin() is None or Redis().binary is None:
        print("bench --processes needs PostgreSQL (initdb) and redis-server installed")
        return None
    scripts = scripts_for(seconds, pace)
    postgres, presence = Postgres(), Redis()
    servers: list[subprocess.Popen] = []
    try:
        postgres.init()
        postgres.start()
        presence.start()
        db = postgres.new_database()
        urls = []
        for _ in range(processes):
            port = free_port()
            urls.append(f"http://127.0.0.1:{port}")
            servers.append(_start(urls[-1], port, db, presence.url, tables))
        figures = asyncio.run(
            _measure(urls, [s.pid for s in servers], presence.url, tables, seconds, pace, scripts)
        )
    finally:
        for server in servers:
            server.terminate()
        for server in servers:
            with contextlib.suppress(Exception):
                server.communicate(timeout=30)
        presence.stop()
        postgres.remove()
    if as_json:
        print(json.dumps(figures))
    else:
        idle, load = figures["round_trip_idle"], figures["load"]
        print(
            f"{processes} processes; round trip, idle: p50 {idle['p50_ms']} ms, "
            f"p99 {idle['p99_ms']} ms"
        )
        print(
            f"load: {load['tables']} tables, {load['connections']} connections "
            f"({load['dropped']} dropped, {load['refused']} moves refused), "
            f"{load['moves_per_second']} moves/s for {load['seconds']} s: round trip "
            f"p50 {load['round_trip']['p50_ms']} ms, p99 {load['round_trip']['p99_ms']} ms; "
            f"server CPU {load['server_cpu_percent_each']}% each "
            f"({load['server_cpu_ms_per_move']} ms a move in all); PostgreSQL "
            f"{load['store_writes_per_second']} writes/s; Redis {load['redis_ops_per_second']} "
            f"operations/s; the clients' process {load['clients_cpu_percent']}% CPU"
        )
    return figures
