"""The table server: python-socketio's AsyncServer over aiohttp, one room per table.

Every client frame passes the connection's rate limit and the protocol's validation
before the lobby sees it; a refused frame is logged and answered with the reason, and a
connection that keeps sending bad frames is closed. The server and every other table go
on whatever one connection sends. AI seats (and dropped players' seats after the grace
period) are played here by the existing bots, thinking on a worker thread.

It binds only the address it is given: a loopback or LAN address, never every interface
unless ``all_interfaces`` says so.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import gc
import ipaddress
import json
import logging
import signal
import socket
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import socketio
from aiohttp import web

from game.engine.messages import msg
from game.net import messages as m
from game.net import operations, paths, public_tables
from game.net import protocol as p
from game.net.client import cancel_others
from game.net.cluster import Cluster, moved_reply
from game.net.limits import Connection, Guard, Limits
from game.net.lobby import KEEP_FINISHED, Lobby, Outcome
from game.net.logs import JsonLines
from game.net.presence import LEASE, open_presence
from game.net.spectators import WATCH_ROOM, Spectators
from game.net.store import StoreError, WriteFailed, open_store
from game.net.tables import OVER, Send
from game.net.thinking import Thinking
from game.net.transport import GatedSite, GuardedServer, TextPacket, raise_file_limit
from game.net.turn_timer import expire_all

if TYPE_CHECKING:
    from game.net.metrics import Metrics

log = logging.getLogger("game.net")
# A wrong table code, seat credential or host secret: what guessing looks like.
WRONG_GUESSES = {m.NO_TABLE, m.BAD_CREDENTIAL, m.NOT_HOST}

ANY_ADDRESS = ("", "0.0.0.0", "::", "*")
CHECKPOINT = 2.0  # seconds between copies of the store's WAL into its database
BACK_IN = 2.0  # seconds a stopping server asks its clients to wait before reconnecting
STOP_DEADLINE = 5.0  # seconds a stop waits for connections to close before cutting them
BOT_RETRY = 5.0  # seconds before a table whose bot failed is played again


class ListenError(Exception):
    """The server cannot listen where it was asked (the port is taken, no such address)."""


def every_interface(host: str) -> bool:
    """Whether listening on ``host`` means every interface: compared on the addresses it
    resolves to, not on its text ("0", "0x0", "::0" and "000.000.000.000" are all of them)."""
    if host in ANY_ADDRESS:
        return True
    try:
        found = socket.getaddrinfo(host, None, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError):
        return False  # nothing to listen on: binding it fails with its own reason
    for *_, address in found:
        text = str(address[0]).split("%", 1)[0]  # an IPv6 zone (fe80::1%eth0)
        with contextlib.suppress(ValueError):
            if ipaddress.ip_address(text).is_unspecified:
                return True
    return False


class TableServer:
    def __init__(
        self,
        host: str,
        port: int = 0,
        db: str | Path | None = None,
        *,
        bot_delay: float = 0.0,
        tick: float = 0.25,
        all_interfaces: bool = False,
        limits: Limits | None = None,
        keep_finished: float = KEEP_FINISHED,
        test_seeds: bool = False,
        test_timer: float | None = None,
        presence: str | None = None,
        public_url: str | None = None,
        lease: float = LEASE,
        metrics: bool = False,
        path_prefix: str = "",
    ) -> None:
        if not all_interfaces and every_interface(host):
            raise ValueError("refusing to listen on every interface: give an address")
        self.host, self.port = host, port
        self.store = open_store(db) if db is not None else None
        self.lobby = Lobby(
            self.store, keep_finished=keep_finished, test_seeds=test_seeds, test_timer=test_timer
        )
        # Which process serves which table (one process: all of them, in its memory).
        self.cluster = Cluster(open_presence(presence), self.lobby, self.store, lease)
        self.cluster.loaded = self._kick
        self.public_url = public_url
        # Socket.IO and the HTTP endpoints under this path (one TLS name, a path a process)
        self.prefix = paths.prefix(path_prefix)
        self.bot_delay, self.tick = bot_delay, tick
        self.limits = limits or Limits()
        self.guard = Guard(self.limits)
        self.spectators = Spectators(self.limits)  # connections watching, never seated
        self.sessions: set[str] = set()  # Socket.IO sessions that really connected
        self.thinking: set[str] = set()  # tables whose bot is on the move
        self.bot_budget = Thinking(self.limits.bot_share)  # every table's bots, one budget
        self.bots_again: dict[str, float] = {}  # tables whose bot failed: when to retry
        self.act_seconds: collections.deque[float] = collections.deque(maxlen=200_000)
        self.sio = GuardedServer(
            self.guard,
            async_mode="aiohttp",
            # Each connection's frames are handled in order on its own reading task:
            # no task per frame (the handlers never wait on the network).
            async_handlers=False,
            max_http_buffer_size=p.MAX_FRAME + 1024,
            cors_allowed_origins=[],
            # A closed app or a dead process closes its socket at once; the pings only
            # find connections lost silently (a network gone), and must not drop a
            # client that is merely busy.
            ping_interval=10,
            ping_timeout=20,
        )
        self.app = web.Application()
        self.sio.attach(self.app, socketio_path=paths.socketio_path(self.prefix))
        self.metrics: Metrics | None = None
        operations.add_routes(self, metrics)
        self.runner: web.AppRunner | None = None
        self._ticker: asyncio.Task | None = None
        self._tasks: set[asyncio.Task] = set()
        self._register()

    # -- life -------------------------------------------------------------------------

    async def start(self) -> int:
        """Listen; the port actually bound (an ephemeral one when asked for 0)."""
        if not self.cluster.shared:  # the others' tables come to it as they are asked for
            restored = self.lobby.restore()
            if restored:
                log.info("restored %d tables", restored)
        # A connection must send a whole request within ``request_seconds`` of opening
        # (and the next one as soon after a reply): silent sockets are not kept.
        self.runner = web.AppRunner(
            self.app, access_log=None, keepalive_timeout=self.limits.request_seconds
        )
        await self.runner.setup()
        site = GatedSite(self.runner, self.host, self.port, self.limits)
        try:
            await site.start()
        except OSError as error:
            await self.runner.cleanup()
            self.runner = None
            why = error.strerror or str(error)
            raise ListenError(f"cannot listen on {self.host}:{self.port}: {why}") from None
        self.port = site.port
        self.cluster.url = self.public_url or f"http://{self.host}:{self.port}{self.prefix}"
        await self.cluster.renew()  # the leases of the tables it restored
        self._spawn(self.cluster.run(self.facts, self._lose))
        self._ticker = asyncio.create_task(self._tick())
        for code in list(self.lobby.tables):
            self._kick(code)
        return self.port

    async def stop(self, back_in: float = BACK_IN, deadline: float = STOP_DEADLINE) -> None:
        """A clean stop (SIGTERM, the host's app closing): take no new tables, tell every
        client the server is going and to come back in ``back_in`` seconds (their own
        reconnection loops then find the restarted server, or give up in time), close the
        connections, persist, and never wait more than ``deadline`` seconds on a client."""
        self.lobby.draining = True
        if self._ticker is not None:
            self._ticker.cancel()
        for task in list(self._tasks):
            task.cancel()
        if self.cluster.shared:  # its tables go to the other processes at once
            back_in = await self._hand_over()
        try:
            await asyncio.wait_for(self._close_connections(back_in), deadline)
        except (TimeoutError, asyncio.TimeoutError):
            log.warning("stop: connections still open after %.0f s: cut", deadline)
        except Exception:
            log.exception("stop: closing the connections failed")
        if self.runner is not None:
            # In-flight requests (a long poll) get the deadline, not aiohttp's minute.
            self.runner._shutdown_timeout = min(deadline, 1.0)
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.runner.cleanup(), deadline)
        self.bot_budget.close()
        if self.store is not None:
            with contextlib.suppress(Exception):
                self.store.checkpoint()
            self.store.close()
        await self.cluster.close()

    async def _hand_over(self) -> float:
        """Release every table and send each client to another process; how soon the
        clients come back (at once)."""
        url = await self.cluster.leave()
        log.info("stop: %d tables handed over (clients sent to %s)", len(self.lobby.tables), url)
        moved = TextPacket(socketio.packet.EVENT, data=[p.MOVED, {"url": url}], namespace="/")
        text = moved.encode()
        for eio_sid in list(self.sio.eio.sockets):
            with contextlib.suppress(Exception):
                await self.sio.eio.send(eio_sid, text)
        return 0.05

    async def _lose(self, code: str) -> None:
        """Another process serves table ``code`` now: forget it, and send its players on
        (they reconnect, and their rejoin is redirected to wherever it is)."""
        table = self.lobby.tables.pop(code, None)
        if self.store is not None:
            self.store.forget(code)
            self.store.lost.discard(code)
        self.thinking.discard(code)
        self.bots_again.pop(code, None)
        await self.cluster.release([code])
        if table is None:
            return
        log.warning("table %s is served by another process now: its players follow", code)
        for seat in table.seats:
            if seat.sid is not None and self.lobby.where.pop(seat.sid, None) is not None:
                await self._emit([Send(seat.sid, p.MOVED, {"url": ""})])
                self._spawn(self.sio.disconnect(seat.sid))

    async def _forget_lost(self) -> None:
        for code in list(self.store.lost if self.store is not None else ()):
            await self._lose(code)

    def facts(self) -> dict[str, Any]:
        """What this process advertises to the others (and /healthz shows)."""
        tables = self.lobby.tables.values()
        return {
            "tables": len(self.lobby.tables),
            "players": sum(seat.sid is not None for table in tables for seat in table.seats),
            "connections": len(self.sessions),
            "public": public_tables.listed(tables),  # its tables waiting for players
        }

    async def _close_connections(self, back_in: float) -> None:
        going = TextPacket(
            socketio.packet.EVENT, data=[p.GOING, {"seconds": back_in}], namespace="/"
        ).encode()
        for eio_sid in list(self.sio.eio.sockets):
            with contextlib.suppress(Exception):
                await self.sio.eio.send(eio_sid, going)
        await self.sio.shutdown()
        # Close every connection now: the clients hear the server went (a waiting room
        # says so at once), and the runner's cleanup no longer waits on them.
        if self.sio.eio.sockets:
            await self.sio.eio.disconnect()

    # -- frames -----------------------------------------------------------------------

    def _register(self) -> None:
        sio = self.sio

        # A client may send events named "connect" and "disconnect" itself: only the
        # real ones (a new connection; one already marked as going) are acted on.
        @sio.event
        async def connect(sid: str, *args: Any) -> Any:
            if sid in self.sessions:
                return await self.frame("connect", sid, args)
            self.sessions.add(sid)
            return True

        @sio.event
        async def disconnect(sid: str, *args: Any) -> Any:
            if sio.manager.is_connected(sid, "/"):
                return await self.frame("disconnect", sid, args)
            self.sessions.discard(sid)
            gone = self.spectators.drop(self.lobby, sid)  # the count of those watching
            await self._emit(gone + self.lobby.disconnect(sid))
            return None

        for kind in p.CLIENT_KINDS:
            sio.on(kind, self._handler(kind))

        @sio.on("*")
        async def unknown(event: Any, sid: str, *args: Any) -> dict[str, Any]:
            return await self.frame(event if isinstance(event, str) else "?", sid, args)

    def _handler(self, kind: str) -> Any:
        async def handler(sid: str, *args: Any) -> dict[str, Any]:
            return await self.frame(kind, sid, args)

        return handler

    async def frame(self, kind: str, sid: str, args: tuple[Any, ...]) -> dict[str, Any]:
        """One client frame, answered with its acknowledgement."""
        started = time.perf_counter()
        connection = self.guard.connections.get(self.sio.manager.eio_sid_from_sid(sid, "/"))
        if connection is None or sid not in self.sessions:
            return p.refusal_reply(msg(m.NOT_SEATED))
        limit = connection.limit
        try:
            if not limit.allow():
                raise p.Refusal(msg(m.TOO_FAST), strike=True)
            request = p.parse(kind, args)
            moved = await self.cluster.route(request)
            if moved is not None:  # the table exists: within the guesses, as a join is
                if not connection.peer.guesses.allow():
                    raise p.Refusal(msg(m.TOO_MANY_GUESSES))
                connection.peer.guesses.give_back()
                return moved_reply(moved)
            outcome = self.admit(connection, sid, request)
            self.spectators.settle(self.lobby, sid, request, outcome)
        except p.Refusal as refusal:
            log.debug("refused %s from %s: %s", kind[:20], sid, refusal)
            if refusal.strike and limit.strike():
                self._spawn(self.sio.cut(connection, f"after {limit.strikes} bad frames"))
            return p.refusal_reply(refusal.message)
        except Exception:  # a bug must cost one frame, never the server
            log.exception("frame %s from %s failed", kind[:20], sid)
            return p.refusal_reply(msg(m.BAD_FRAME, why="server error"))
        if outcome.left is not None:
            await self.sio.leave_room(sid, outcome.left)
        for other, room in outcome.evicted:
            await self.sio.leave_room(other, room)
        if outcome.room is not None:
            await self.sio.enter_room(sid, outcome.room)
        await self._emit(outcome.sends)
        # (a Start names its table: the host may sit at none of its seats)
        code = outcome.room or self.lobby.where.get(sid) or getattr(request, "code", None)
        if code is not None:
            self._kick(code)
        if kind == "act":  # a move's time in the server: checked, stored, sent to all
            self.act_seconds.append(time.perf_counter() - started)
            if self.metrics is not None:
                self.metrics.move(self.act_seconds[-1])
        if isinstance(request, p.Create | p.Rematch) and outcome.reply.get("ok"):
            await self.cluster.created(outcome.reply["code"])  # (a rematch's: again, harmless)
        if self.cluster.shared and outcome.reply.get("ok") and kind != "act":
            outcome.reply["peers"] = self.cluster.peers
        await self._forget_lost()
        return outcome.reply

    def admit(self, connection: Connection, sid: str, request: p.Request) -> Outcome:
        """The lobby's outcome of one request, within the connection's and its address's
        budgets: tables it may open, wrong codes and secrets it may guess."""
        guard, lobby = self.guard, self.lobby
        if isinstance(request, p.Create):
            most = guard.table_refusal(connection, self._live)
            if most is not None:
                raise p.Refusal(msg(m.TOO_MANY_TABLES, most=most))
            for code in lobby.evict_waiting(
                self.limits.waiting_tables - 1, self.limits.waiting_seconds
            ):
                log.info("waiting table %s forgotten to make room", code)
            if lobby.waiting() >= self.limits.waiting_tables:
                raise p.Refusal(msg(m.SERVER_BUSY))
            outcome = lobby.handle(sid, request)
            guard.created(connection, outcome.reply["code"])
            return outcome
        watching = self.spectators.handle
        if not isinstance(request, p.Join | p.Rejoin | p.Start | p.Watch):
            return watching(lobby, sid, connection.address, request) or lobby.handle(sid, request)
        guesses = connection.peer.guesses
        if not guesses.allow():
            raise p.Refusal(msg(m.TOO_MANY_GUESSES))
        try:
            outcome = watching(lobby, sid, connection.address, request) or lobby.handle(
                sid, request
            )
        except p.Refusal as refusal:
            if refusal.message.key not in WRONG_GUESSES:
                guesses.give_back()
            raise
        guesses.give_back()
        return outcome

    def _live(self, code: str) -> bool:
        table = self.lobby.tables.get(code)
        return table is not None and table.phase != OVER

    async def _emit(self, sends: list[Send]) -> None:
        """Each frame encoded once and put straight on its connections' Engine.IO queues,
        in order. The library's emit makes a task per recipient and waits for them all:
        turns of the event loop per frame that, at a thousand connections, cost more
        than the move itself and kept the mover waiting behind everyone else's traffic."""
        manager = self.sio.manager
        for send in sends:
            if not send.to:
                continue
            if send.to in self.lobby.tables or send.to.startswith(WATCH_ROOM):
                to = [eio_sid for _, eio_sid in manager.get_participants("/", send.to)]
                if not send.to.startswith(WATCH_ROOM):  # the table's spectators hear it too
                    spectators = manager.get_participants("/", WATCH_ROOM + send.to)
                    to += [eio_sid for _, eio_sid in spectators]
            else:
                to = [manager.eio_sid_from_sid(send.to, "/")]
            packet = TextPacket(socketio.packet.EVENT, data=[send.event, send.data], namespace="/")
            text = packet.encode()
            for eio_sid in to:
                if eio_sid is None:
                    continue
                if self.sio.backlog(eio_sid) >= self.limits.queue:  # it never reads
                    connection = self.guard.connections.get(eio_sid)
                    if connection is not None:
                        self._spawn(self.sio.cut(connection, "that reads nothing", flush=False))
                    continue
                await self.sio.eio.send(eio_sid, text)

    # -- the computer's seats -----------------------------------------------------------

    def _spawn(self, coroutine: Any) -> None:
        task = asyncio.create_task(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _kick(self, code: str) -> None:
        table = self.lobby.tables.get(code)
        if code in self.bots_again:  # its bot failed a moment ago: the tick retries
            return
        if table is not None and code not in self.thinking and table.bot_to_act() is not None:
            self.thinking.add(code)
            self._spawn(self._bots(code))

    async def _bots(self, code: str) -> None:
        """Play the table's bot seats until a human is to act (or the game ends)."""
        try:
            table = self.lobby.tables[code]
            while (seat := table.bot_to_act()) is not None:
                hold = self.spectators.hold(table, time.monotonic())
                if hold > 0:  # a break where a spectator may take a computer's seat
                    await asyncio.sleep(hold)
                    continue
                if self.bot_delay:
                    await asyncio.sleep(self.bot_delay)
                    if table.bot_to_act() != seat:
                        continue
                bot, view, legal, history = table.bot_inputs(seat)
                n = len(table.log)
                owner = self.guard.created_by.get(code, "")
                action = await self.bot_budget.choose(owner, bot, view, legal, history)
                await self._emit(table.bot_act(seat, n, action))
        except Exception:  # never silent, never for good: the tick plays it again
            if self.store is None or code not in self.store.lost:  # (lost: served elsewhere)
                log.exception("the bot of table %s failed; again in %.0f s", code, BOT_RETRY)
                self.bots_again[code] = time.monotonic() + BOT_RETRY
        finally:
            self.thinking.discard(code)

    async def _tick(self) -> None:
        last_checkpoint = time.monotonic()
        while True:
            await asyncio.sleep(self.tick)
            if self.store is not None and time.monotonic() - last_checkpoint >= CHECKPOINT:
                last_checkpoint = time.monotonic()
                self._spawn(asyncio.to_thread(self.store.checkpoint))
            try:
                await self._tick_tables()
            except Exception:  # a bug costs one tick, never the ticker
                log.exception("the tables' tick failed")

    async def _tick_tables(self) -> None:
        await self._forget_lost()
        for code in self.lobby.evict_finished():  # kept in the store only
            log.info("table %s finished: no longer in memory", code)
            self.thinking.discard(code)
        limits = self.limits
        for code in self.lobby.evict_waiting(limits.waiting_tables, limits.waiting_seconds):
            log.info("table %s waited with nobody there: set aside", code)
        self.guard.prune()
        # Tables waiting for the store try their write again; seats past their grace.
        sends = self.lobby.retry_saves() + self.lobby.takeovers()
        sends += self.spectators.prune(self.lobby)
        sends += expire_all(self.lobby.tables.values())  # turns whose time ran out
        if sends:
            await self._emit(sends)
            for code in {send.to for send in sends if send.to in self.lobby.tables}:
                self._kick(code)
        now = time.monotonic()
        for code, at in list(self.bots_again.items()):
            if now >= at:
                del self.bots_again[code]
                self._kick(code)


class ServerThread:
    """A table server on its own event loop in a background thread (the app hosting a
    table, the tests, the benchmark). ``start`` returns once it listens."""

    def __init__(self, host: str = "127.0.0.1", port: int = 0, **options: Any) -> None:
        self.server = TableServer(host, port, **options)
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True, name="tables")

    @property
    def url(self) -> str:
        return f"http://{self.server.host}:{self.server.port}{self.server.prefix}"

    def start(self) -> int:
        self.thread.start()
        return asyncio.run_coroutine_threadsafe(self.server.start(), self.loop).result(10)

    def call(self, function: Any, *args: Any) -> Any:
        """Run ``function(*args)`` on the server's loop (to read its tables safely)."""

        async def run() -> Any:
            return function(*args)

        return asyncio.run_coroutine_threadsafe(run(), self.loop).result(10)

    def stop(self) -> None:
        async def stop() -> None:
            await self.server.stop()
            await cancel_others()

        with contextlib.suppress(Exception):
            asyncio.run_coroutine_threadsafe(stop(), self.loop).result(10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)
        self.loop.close()


def move_stats(seconds: list[float]) -> dict[str, Any]:
    """How long the server took over each move (milliseconds)."""
    ms = sorted(s * 1000 for s in seconds)

    def at(share: float) -> float:
        return round(ms[min(len(ms) - 1, int(share * len(ms)))], 2) if ms else 0.0

    return {"moves": len(ms), "p50_ms": at(0.5), "p99_ms": at(0.99), "max_ms": at(1.0)}


SWITCH_INTERVAL = 0.001
GC_THRESHOLDS = (10_000, 50, 100)  # Python's defaults: (700, 10, 10)


def quiet_collector() -> None:
    """A dedicated server's heap is large (a thousand connections, every table's states),
    and Python's default collector walked all of it every few seconds under load,
    stopping every table for up to half a second (measured: 5 full collections in a
    40 s run, 0.5 s the longest). What exists once the server is up is frozen (never
    walked again) and young objects are collected in larger, rarer batches; gen-2
    collections become rare. Only for ``serve``: the app's own collector is its own."""
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


@dataclass(frozen=True)
class ClusterOptions:
    """``serve``'s options for a server of many processes (all off: the embedded one)."""

    presence: str | None = None  # redis://...
    public_url: str | None = None
    lease: float = LEASE
    metrics: bool = False
    log_json: bool = False
    path_prefix: str | None = None  # None: the public URL's path


def serve(
    host: str,
    port: int,
    db: str | Path,
    all_interfaces: bool = False,
    test_seeds: bool = False,
    limits: Limits | None = None,
    cluster: ClusterOptions | None = None,
    test_timer: float | None = None,
) -> int:
    """``python -m game serve``: run a dedicated table server until interrupted."""
    cluster = cluster or ClusterOptions()
    if cluster.public_url is not None and not cluster.public_url.startswith(
        ("http://", "https://")
    ):
        print("card-parlour: --public-url is http://... or https://...", file=sys.stderr)
        return 2
    try:
        path_prefix = paths.prefix(
            cluster.path_prefix
            if cluster.path_prefix is not None
            else paths.prefix_of(cluster.public_url or "")
        )
    except ValueError as error:
        print(f"card-parlour: {error}", file=sys.stderr)
        return 2
    if cluster.log_json:
        handler = logging.StreamHandler()
        handler.setFormatter(JsonLines(cluster.public_url or f"http://{host}:{port}"))
        logging.basicConfig(level=logging.INFO, handlers=[handler])
    else:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    soft, _hard = raise_file_limit()  # every connection is an open file
    # The bots think on a worker thread: the loop (the players' moves) waits at most this
    # long for the interpreter when it wants it back (Python's default is 5 ms).
    sys.setswitchinterval(SWITCH_INTERVAL)
    log.info("open files: up to %d", soft)

    async def main() -> None:
        server = TableServer(
            host,
            port,
            db,
            bot_delay=0.5,
            all_interfaces=all_interfaces,
            test_seeds=test_seeds,
            test_timer=test_timer,
            limits=limits,
            presence=cluster.presence,
            public_url=cluster.public_url,
            lease=cluster.lease,
            metrics=cluster.metrics,
            path_prefix=path_prefix,
        )
        bound = await server.start()
        quiet_collector()
        print(f"card-parlour tables on {host}:{bound}{path_prefix} (storage {db})", flush=True)
        stopping = asyncio.Event()
        with contextlib.suppress(NotImplementedError, AttributeError):  # not on Windows
            asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stopping.set)
        try:
            await stopping.wait()
            log.info("SIGTERM: telling the clients, then stopping")
        finally:
            await server.stop()
            print("stats " + json.dumps(move_stats(list(server.act_seconds))), flush=True)

    try:
        with contextlib.suppress(KeyboardInterrupt):
            asyncio.run(main())
    except (StoreError, ListenError, ValueError, OSError, WriteFailed) as error:
        # one line, never a traceback (a PostgreSQL or Redis not there is an OSError)
        print(f"card-parlour: {error}", file=sys.stderr)
        return 2
    return 0
