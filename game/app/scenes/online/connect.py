"""Getting a client to a table, off the screen's thread (see ``task.py``): hosting on this
computer (a table server in-process, advertised on the LAN), creating a table on a
dedicated server, or joining one. Every failure is a ``Failed`` with a message for the
player, never an exception the screen does not expect.
"""

from __future__ import annotations

import atexit
import contextlib
import logging
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.app.scenes.online.addresses import Where
from game.engine.messages import Message
from game.net.client import NetClient, Reply
from game.net.discovery import Advertiser
from game.net.server import ServerThread
from game.net.store import StoreError

if TYPE_CHECKING:
    from game.app.scenes.online.hosted import HostedServer

log = logging.getLogger(__name__)

CONNECT_TIMEOUT = 5.0
HOSTED_DB = "hosted_tables.db"  # in the data folder: the tables this app serves
FINISHED_S = 30.0  # seconds a finished table stays on the app's server (then the store only)


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
    public: bool = False  # listed on that server while it waits for players
    path: str = ""  # that server's path under a shared name ("/p2")
    table_name: str = ""  # what the LAN list shows ("Ann's table")
    db: Path | None = None  # where the hosted tables are kept
    timer: int = 0  # the turn timer's seconds a turn (0: off)
    on_timeout: str = "computer"  # or "drop" (Indian Rummy)


@dataclass
class Hosting:
    """The table server this app runs for its host, and the LAN advertisement of each of
    its tables that still accepts players (by table code)."""

    server: ServerThread
    adverts: dict[str, Advertiser] = field(default_factory=dict)
    stopped: bool = field(default=False)

    def advertise(self, code: str, name: str, game_id: str) -> None:
        host, port = self.server.server.host, self.server.server.port
        try:
            self.adverts[code] = Advertiser(name, host, port, game_id, code, [host])
        except Exception as error:  # friends can still type the address and code
            log.info("table not advertised: %s", error)

    def withdraw(self, code: str) -> None:
        """The table takes no more players (it started, or its host left the room)."""
        advert = self.adverts.pop(code, None)
        if advert is not None:
            with contextlib.suppress(Exception):
                advert.close()

    def in_play(self, besides: str | None = None) -> bool:
        """Any table here (but ``besides``) waiting or under way (not a finished one)."""
        from game.net.tables import OVER

        def busy() -> bool:
            tables = self.server.server.lobby.tables
            return any(t.phase != OVER for code, t in tables.items() if code != besides)

        try:
            return bool(self.server.call(busy))
        except Exception:
            return False

    def stop(self) -> None:
        """A clean stop: the friends' apps hear when to come back (Continue here serves
        the same store again)."""
        if self.stopped:
            return
        self.stopped = True
        for code in list(self.adverts):
            self.withdraw(code)
        self.server.stop()


@dataclass
class Joined:
    client: NetClient
    address: str  # as friends type it: "192.168.1.5:41414"
    hosting: Hosting | None = None
    public: bool = False  # listed on its server (public_tables)


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


def set_aside(db: Path) -> Path:
    """Move a store this app cannot read (and its WAL) out of the way; where it went."""
    aside = db.with_name(f"{db.name}.damaged-{time.strftime('%Y%m%d-%H%M%S')}")
    for end in ("", "-wal", "-shm"):
        with contextlib.suppress(FileNotFoundError):
            Path(f"{db}{end}").rename(f"{aside}{end}")
    return aside


def serve(address: str, port: int, db: Path | None) -> Hosting:
    """A table server here, at ``address`` only; it resumes every table kept in ``db``.
    (The app keeps one: ``hosted.HostedServer``.) A finished table leaves it soon."""
    if db is not None:
        db.parent.mkdir(parents=True, exist_ok=True)
    try:
        try:
            server = ServerThread(address, port, db=db, bot_delay=0.5, keep_finished=FINISHED_S)
        except StoreError as error:  # moved aside (never deleted), as a damaged save is
            if db is None:
                raise
            aside = set_aside(db)
            log.warning("hosted tables unreadable (%s): moved to %s", error, aside.name)
            server = ServerThread(address, port, db=db, bot_delay=0.5, keep_finished=FINISHED_S)
    except (StoreError, ValueError) as error:  # every interface ("0", "::0"), or a store
        log.info("cannot host on %s:%s: %s", address, port, error)  # still unreadable
        raise Failed("online.cannot_listen") from None
    try:
        server.start()
    except Exception as error:
        log.info("cannot listen on %s:%s: %s", address, port, error)
        server.stop()
        raise Failed("online.cannot_listen") from None
    hosting = Hosting(server)
    atexit.register(hosting.stop)  # the app closed with the table open: stop serving
    return hosting


def host(plan: Plan, hosted: HostedServer | None = None) -> Joined:
    """Serve (unless on a server: on the app's one server, ``hosted``), create the table,
    advertise it on the LAN while it accepts players."""
    hosting = None
    if not plan.on_server:
        hosting = (
            hosted.serve(plan.address, plan.port, plan.db)
            if hosted is not None
            else serve(plan.address, plan.port, plan.db)
        )
    address, port = plan.address, plan.port
    if hosting is not None:  # where the app's server listens (it may have been running)
        address, port = hosting.server.server.host, hosting.server.server.port

    def give_up() -> None:
        if hosting is not None and hosted is None:
            hosting.stop()
        elif hosted is not None:
            hosted.release(None)

    try:
        where = Where(address, port, plan.secure, plan.path)
        client = _connect(where.url)
    except Failed:
        give_up()
        raise
    drop = plan.on_timeout if plan.on_timeout != "computer" else None
    reply = client.create(
        plan.game_id,
        plan.seats,
        plan.name,
        options=plan.options,
        grace=plan.grace,
        public=plan.on_server and plan.public,
        timer=plan.timer,
        on_timeout=drop,
    )
    if not reply.ok:
        client.close()
        give_up()
        raise _refused(reply, "online.create_refused")
    if hosting is not None and client.code is not None:
        hosting.advertise(client.code, plan.table_name, plan.game_id)
    return Joined(client, where.typed, hosting, public=plan.on_server and plan.public)


def join(where: Where, code: str, name: str, seat: int | None) -> Joined:
    client = _connect(where.url)
    reply = client.join(code, name, seat)
    if not reply.ok:
        client.close()
        raise _refused(reply, "online.join_refused")
    return Joined(client, where.typed)
