"""What a table server's operators (and load balancers) read over HTTP, beside the
Socket.IO endpoint: ``/healthz`` (200 while it serves; 503 while its store or presence is
down), ``/lobby`` (the processes, tables and players of the whole cluster, and its public
tables waiting for players, from any process; rate-limited per connection and per
address, as every request is) and, when asked for, ``/metrics`` in Prometheus's format
(``metrics.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from aiohttp import web

if TYPE_CHECKING:
    from game.net.server import TableServer


def add_routes(server: TableServer, metrics: bool) -> None:
    async def healthz(request: web.Request) -> web.Response:
        facts = server.facts()
        facts.pop("public")  # (the lobby lists them)
        ok = server.cluster.presence_up and not server.lobby.draining
        body: dict[str, Any] = {"ok": ok, "url": server.cluster.url, **facts}
        body["presence"] = "up" if server.cluster.presence_up else "down"
        body["unsaved_tables"] = sum(t.unsaved is not None for t in server.lobby.tables.values())
        return web.json_response(body, status=200 if ok else 503)

    async def lobby(request: web.Request) -> web.Response:
        if not server.guard.may_list(request.remote or "", request.transport):
            return web.json_response({"ok": False, "why": "too many requests"}, status=429)
        return web.json_response(await server.cluster.totals(server.facts()))

    at = server.prefix  # "" or "/p2": the process's path behind a shared name
    server.app.router.add_get(f"{at}/healthz", healthz)
    server.app.router.add_get(f"{at}/lobby", lobby)
    if metrics:
        from game.net.metrics import Metrics  # only when asked for (prometheus_client)

        server.metrics = Metrics(server)
        server.app.router.add_get(f"{at}/metrics", server.metrics.page)
