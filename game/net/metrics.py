"""The table server's Prometheus metrics (``/metrics``, through prometheus_client; only
with ``serve --metrics``, or ``--presence``): tables, connections, moves, the time a move
takes in the server, the store's time per write, lease renewals. Each server has its own
registry (tests run several in one process)."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from aiohttp import web
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
)

if TYPE_CHECKING:
    from game.net.server import TableServer

SECONDS = (0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)
TIMED = ("create", "claim", "seats", "phase", "append", "load_one")


class Metrics:
    def __init__(self, server: TableServer) -> None:
        self.registry = registry = CollectorRegistry()
        lobby, cluster = server.lobby, server.cluster
        Gauge("parlour_tables", "Tables this process serves", registry=registry).set_function(
            lambda: len(lobby.tables)
        )
        Gauge("parlour_connections", "Open Socket.IO connections", registry=registry).set_function(
            lambda: len(server.sessions)
        )
        self.moves = Counter(
            "parlour_moves", "Moves made at this process's tables", registry=registry
        )
        self.move_seconds = Histogram(
            "parlour_move_seconds",
            "A player's move in the server: checked, stored, sent to every seat",
            buckets=SECONDS,
            registry=registry,
        )
        self.store_seconds = Histogram(
            "parlour_store_seconds",
            "One write or read of the store",
            ["operation"],
            buckets=SECONDS,
            registry=registry,
        )
        self.renewals = Counter(
            "parlour_lease_renewals", "Table leases renewed", ["result"], registry=registry
        )
        self.counted = dict(cluster.renewals)
        self.cluster = cluster
        if server.store is not None:
            self._time_store(server.store)

    def _time_store(self, store: Any) -> None:
        """Wrap the store's calls to time them (the tables keep calling the same store)."""
        for name in TIMED:
            method = getattr(store, name)
            timer = self.store_seconds.labels(name)

            def timed(*args: Any, _method: Any = method, _timer: Any = timer) -> Any:
                started = time.perf_counter()
                try:
                    return _method(*args)
                finally:
                    _timer.observe(time.perf_counter() - started)

            setattr(store, name, timed)

    def move(self, seconds: float) -> None:
        self.moves.inc()
        self.move_seconds.observe(seconds)

    async def page(self, request: web.Request) -> web.Response:
        for result, count in self.cluster.renewals.items():
            self.renewals.labels(result).inc(count - self.counted.get(result, 0))
            self.counted[result] = count
        body = generate_latest(self.registry)
        return web.Response(body=body, headers={"Content-Type": CONTENT_TYPE_LATEST})
