"""Getting a client to a table, off the screen's thread (see ``task.py``): hosting on this
computer (a table server in-process, advertised on the LAN), creating a table on a
dedicated server, or joining one. Every failure is a ``Failed`` with a message for the
player, never an exception the screen does not expect.
"""

from __future__ import annotations

import atexit
import contextlib
import logging
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.app.scenes.online.addresses import Where
from game.engine.messages import Message
from game.net.client import NetClient, Reply
from game.net.discovery import Advertiser
from game.net.server import ServerThread

log = logging.getLogger(__name__)

CONNECT_TIMEOUT = 5.0
HOSTED_DB = "hosted_tables.db"  # in the data folder: the tables this app serves


class Failed(Exception):
    """Why it did not work: a translation key of ours, or the server's own message."""

    def __init__(self, key: str, message: Message | None = None) -> None:
        super().__init__(key)
        self.key, self.message = key, message


@dataclass
class Plan:
    """What the Host screen chose."""

    game_id: str
    seats: list[dict[str, str]]  # {"kind": "you" | "open" | an AI level}
    options: dict[str, Any]
    name: str
    grace: float
    address: str  # where the table listens (this computer) or the server's address
    port: int
    on_server: bool = False  # a dedicated server: nothing runs here
    secure: bool = False  # that server is behind a TLS proxy (https)
    table_name: str = ""  # what the LAN list shows ("Ann's table")
    db: Path | None = None  # where the hosted tables are kept


@dataclass
class Hosting:
    """The table server this app runs for its host, and its LAN advertisement."""

    server: ServerThread
    advert: Advertiser | None = None
    stopped: bool = field(default=False)

    def stop(self) -> None:
        if self.stopped:
            return
        self.stopped = True
        if self.advert is not None:
            with contextlib.suppress(Exception):
                self.advert.close()
        self.server.stop()


@dataclass
class Joined:
    client: NetClient
    address: str  # as friends type it: "192.168.1.5:41414"
    hosting: Hosting | None = None


def _refused(reply: Reply, fallback: str) -> Failed:
    return Failed(fallback, reply.message)


def _connect(url: str) -> NetClient:
    client = NetClient(url, timeout=CONNECT_TIMEOUT)
    try:
        client.connect()
    except Exception as error:
        log.info("no table server at %s: %s", url, error)
        client.close()
        raise Failed("online.no_server") from None
    return client


def serve(address: str, port: int, db: Path | None) -> Hosting:
    """A table server here, at ``address`` only; it resumes every table kept in ``db``."""
    if db is not None:
        db.parent.mkdir(parents=True, exist_ok=True)
    server = ServerThread(address, port, db=db, bot_delay=0.5)
    try:
        server.start()
    except Exception as error:
        log.info("cannot listen on %s:%s: %s", address, port, error)
        server.stop()
        raise Failed("online.cannot_listen") from None
    hosting = Hosting(server)
    atexit.register(hosting.stop)  # the app closed with the table open: stop serving
    return hosting


def host(plan: Plan) -> Joined:
    """Serve (unless on a server), create the table, advertise it on the LAN."""
    hosting = None if plan.on_server else serve(plan.address, plan.port, plan.db)
    port = plan.port if hosting is None else hosting.server.server.port
    try:
        client = _connect(Where(plan.address, port, plan.secure).url)
    except Failed:
        if hosting is not None:
            hosting.stop()
        raise
    reply = client.create(
        plan.game_id, plan.seats, plan.name, options=plan.options, grace=plan.grace
    )
    if not reply.ok:
        client.close()
        if hosting is not None:
            hosting.stop()
        raise _refused(reply, "online.create_refused")
    if hosting is not None and client.code is not None:
        try:
            hosting.advert = Advertiser(
                plan.table_name, plan.address, port, plan.game_id, client.code, [plan.address]
            )
        except Exception as error:  # friends can still type the address and code
            log.info("table not advertised: %s", error)
    return Joined(client, f"{plan.address}:{port}", hosting)


def join(where: Where, code: str, name: str, seat: int | None) -> Joined:
    client = _connect(where.url)
    reply = client.join(code, name, seat)
    if not reply.ok:
        client.close()
        raise _refused(reply, "online.join_refused")
    return Joined(client, f"{where.host}:{where.port}")
