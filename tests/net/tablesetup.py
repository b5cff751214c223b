"""App tables at a real networked table: a host and joiners (real NetClients, real
headless apps) seated on a server on 127.0.0.1, each with its own files."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from game.app import i18n
from game.app.app import App
from game.app.net_session import NetSession
from game.app.table import open_net_table
from game.app.table.table_scene import TableScene
from game.net.client import NetClient
from game.net.seatview import SeatView
from game.persist.settings import Settings
from tests.app.conftest import paths_in


def new_app(folder: Path, language: str = "en") -> App:
    app = App(paths_in(folder), Settings(language=language, reduce_motion=True), size=(1280, 800))
    return app


def close_app(app: App) -> None:
    app.shutdown()
    app.window.destroy()
    i18n.set_language("en")


def seat_clients(url: str, game_id: str, kinds: list[str], seed: int, grace: float = 60.0):
    """Clients for the "you"/"open" seats of a new table (the rest AI levels), started."""
    humans = [kind for kind in kinds if kind in ("you", "open")]
    clients = [NetClient(url) for _ in humans]
    for client in clients:
        client.connect()
    seats = [{"kind": kind} for kind in kinds]
    reply = clients[0].create(game_id, seats, "Ann", seed=seed, grace=grace)
    assert reply.ok, reply
    for number, client in enumerate(clients[1:]):
        assert client.join(reply.data["code"], ("Bob", "Cleo", "Dan")[number]).ok
    assert clients[0].start().ok
    return clients


def session_for(client: NetClient, seconds: float = 10.0) -> NetSession:
    """The seat's session once its first view is here (every frame kept, in order)."""
    seat = SeatView()
    while seat.view is None:
        seat.feed(client.inbox.get(timeout=seconds))
    return NetSession(client, seat)


def sit(app: App, client: NetClient) -> TableScene:
    i18n.set_language(app.settings.language)  # one process: each app's language by turns
    table = open_net_table(app, session_for(client))
    table.ai_pause = 0.0
    run(app, table, 2)
    return table


def run(app: App, table: TableScene, count: int = 1) -> None:
    """Frames of ``app`` in its own language (the language is the process's)."""
    i18n.set_language(app.settings.language)
    for _ in range(count):
        app.frame(1 / 60)


def until(
    apps: list[tuple[App, TableScene]],
    done: Callable[[], bool],
    seconds=20.0,
    state: Callable[[], object] = lambda: "",
) -> None:
    """Frames of every app until ``done``; at the bound, the failure shows ``state()``."""
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, f"the tables did not get there in time {state()}"
        for app, table in apps:
            run(app, table)
        time.sleep(0.002)


def arrive(app: App, kind: type, seconds: float = 20.0):
    """Frames of ``app`` until its top scene is a ``kind`` (a rejoin's network part runs
    on a worker thread: the table, or the reason, comes a few frames later)."""
    deadline = time.monotonic() + seconds
    while not isinstance(app.stack.top, kind):
        assert time.monotonic() < deadline, f"never reached {kind.__name__}: {app.stack.top}"
        run(app, None)
        time.sleep(0.005)
    return app.stack.top
