"""The app's side of a networked table: a Socket.IO client on its own threads that turns
the server's frames into engine values and hands them over through a queue, which the
table polls once a frame (as it polls the AI worker). Requests wait for the server's
acknowledgement (a request in flight when the connection goes is answered at once as not
sent); after a lost connection, whichever way it went (a network gone, a server killed,
a server stopping cleanly and saying when to come back), the client's own loop
reconnects (``Reconnect``: backoff with jitter, bounded, each attempt reported in the
inbox for the table's banner) and takes its seat back with the credential. The
library's reconnection is off: it never reconnects after a disconnect the server sent.

The client holds a view, never a state: everything in the frames is what the server let
this seat see.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import logging
import queue
import random
import threading
from dataclasses import dataclass, field
from typing import Any

from game.engine import codec
from game.engine.actions import Action
from game.engine.events import Event
from game.engine.messages import Message
from game.games.registry import get_game
from game.net import messages as _messages  # noqa: F401  (their English templates)
from game.net import paths
from game.net import watch_messages as _watch_messages  # noqa: F401
from game.net.protocol import BURST, GOING, MOVED, RATE, RateLimit
from game.net.record import RECORD, GameRecord, record_frame
from game.net.wire import decode_events

log = logging.getLogger("game.net")

SERVER_KINDS = ("lobby", "sync", "update", "chat", "notice", RECORD, "clock")
MAX_HOPS = 3  # redirects one request follows (a table that moved while we followed it)


def address(value: Any) -> str | None:
    """A table server's address as a server sent it (a redirect, a peer; with its path
    when the process sits under one), or None."""
    if isinstance(value, str) and value.startswith(("http://", "https://")) and len(value) < 300:
        try:
            paths.prefix_of(value)
        except ValueError:
            return None
        return value
    return None


@dataclass(frozen=True)
class Reconnect:
    """The client's reconnection loop: the first wait (the server's ``going`` says how
    long; else ``first``), doubled each failed attempt up to ``most``, each wait drawn in
    its upper half (jitter: a room of clients does not come back in one burst), and at
    most ``attempts`` tries (about five minutes at these values) before it gives up."""

    first: float = 0.5
    most: float = 5.0
    attempts: int = 64

    def waits(self, first: float | None, rng: random.Random) -> list[float]:
        delay = max(0.05, first if first is not None else self.first)
        out: list[float] = []
        for _ in range(self.attempts):
            out.append(rng.uniform(delay / 2, delay) if first is None or out else delay)
            delay = min(self.most, delay * 2)
        return out


async def cancel_others() -> None:
    """Cancel the loop's other tasks (pings, reconnection) before it stops."""
    tasks = [task for task in asyncio.all_tasks() if task is not asyncio.current_task()]
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)


def view_type(game_id: str) -> type:
    """The type of a seat's view in ``game_id``, as its rules declare it."""
    return get_game(game_id).rules.view_type


@dataclass(frozen=True)
class LobbyInfo:
    code: str
    game: str
    phase: str
    grace: float
    seats: tuple[dict[str, Any], ...]
    timer: int = 0  # the turn timer's seconds a turn (0: off)
    on_timeout: str = "computer"  # or "drop" (Indian Rummy)
    watching: int = 0  # spectators at the table now (absent from an older server's frame)


@dataclass(frozen=True)
class Synced:
    """The whole of what a (re)joined seat may know (a spectator's: seat None, the
    public view, and the seats it may take now in ``free``)."""

    seat: int | None
    n: int
    phase: str
    names: tuple[str, ...]
    view: Any
    legal: tuple[Action, ...]
    history: tuple[Event, ...]
    free: tuple[int, ...] = ()


@dataclass(frozen=True)
class Updated:
    """One move at the table, as this seat sees it."""

    n: int
    phase: str
    events: tuple[Event, ...]
    view: Any
    legal: tuple[Action, ...]
    free: tuple[int, ...] = ()  # (a spectator's) the seats it may take now


@dataclass(frozen=True)
class Clocked:
    """The turn timer: ``seat``'s time left, ``left`` of ``of`` seconds when the frame
    came (a duration: the server's clock and this one differ); seat None: none runs."""

    seat: int | None
    left: float
    of: float


@dataclass(frozen=True)
class ChatLine:
    seat: int | None
    text: str
    watcher: str = ""  # a spectator's line: its name (and no seat)


@dataclass(frozen=True)
class Notice:
    message: Message


@dataclass(frozen=True)
class Connection:
    """The connection came (``up``) or went."""

    up: bool


@dataclass(frozen=True)
class Reconnecting:
    """While the connection is down: the reconnection loop's next ``attempt`` and its
    wait in seconds, or that it ``gave_up``."""

    attempt: int
    retry_in: float = 0.0
    gave_up: bool = False


Incoming = (
    LobbyInfo
    | Synced
    | Updated
    | ChatLine
    | Notice
    | Connection
    | Reconnecting
    | GameRecord
    | Clocked
)


def _actions(data: Any) -> tuple[Action, ...]:
    return tuple(codec.decode(list[Action], data, "legal"))


def _seats(data: Any) -> tuple[int, ...]:
    return tuple(codec.decode(list[int], data, "free"))


def _watching(data: dict[str, Any]) -> int:
    count = codec.decode(int, data.get("watching", 0), "watching")
    if count < 0:
        raise ValueError("watching: below 0")
    return int(count)


def decode_frame(game_id: str, kind: str, data: Any) -> Incoming:
    """One server frame as engine values (ValueError if it is not one)."""
    if not isinstance(data, dict):
        raise ValueError(f"{kind}: not an object")
    if kind == "lobby":
        seats = data["seats"]
        timer, on_timeout = int(data.get("timer", 0)), str(data.get("on_timeout", "computer"))
        return LobbyInfo(
            data["code"],
            data["game"],
            data["phase"],
            data["grace"],
            tuple(seats),
            timer,
            on_timeout,
            _watching(data),
        )
    if kind == "chat":
        watcher = data.get("watcher", "")
        return ChatLine(data.get("seat"), str(data.get("text", "")), str(watcher)[:40])
    if kind == "notice":
        return Notice(codec.decode(Message, data["message"], "notice"))
    if kind == RECORD:  # checked here, on the client's thread (a whole game's replay)
        return record_frame(data)
    if kind == "clock":
        seat = data["seat"]
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)):
            raise ValueError("clock: a seat is a number")
        return Clocked(seat, float(data["left"]), float(data["of"]))
    vt = view_type(game_id)
    if kind == "sync":
        return Synced(
            data["seat"],
            data["n"],
            data["phase"],
            tuple(data["names"]),
            codec.decode(vt, data["view"], "view"),
            _actions(data["legal"]),
            tuple(decode_events(data["history"], "history")),
            _seats(data.get("free", [])),
        )
    if kind == "update":
        return Updated(
            data["n"],
            data["phase"],
            tuple(decode_events(data["events"])),
            codec.decode(vt, data["view"], "view"),
            _actions(data["legal"]),
            _seats(data.get("free", [])),
        )
    raise ValueError(f"unknown frame {kind!r}")


@dataclass
class Reply:
    """The server's answer to a request: ``message`` says why when it refused."""

    ok: bool
    data: dict[str, Any] = field(default_factory=dict)
    message: Message | None = None


def reply_of(data: Any) -> Reply:
    if not isinstance(data, dict):
        return Reply(False)
    if data.get("ok"):
        return Reply(True, data)
    try:
        message = codec.decode(Message, data.get("message"), "message")
    except ValueError:
        message = None
    return Reply(False, data, message)


class NetClient:
    """One seat's connection to a table server (see the module docstring). The Socket.IO
    client (aiohttp's, so no other package is needed) runs on an event loop of its own
    thread; the caller's thread only waits for acknowledgements or polls the inbox."""

    def __init__(
        self,
        url: str,
        timeout: float = 10.0,
        reconnect: bool = True,
        paced: bool = True,
        retry: Reconnect | None = None,
    ) -> None:
        self.url, self.timeout = url, timeout
        # A table server of many processes: the table's owner is ``url``; ``entry`` (the
        # address first given) and the ``peers`` a reply names can find it if it goes.
        self.entry = url
        self.peers: tuple[str, ...] = ()
        self._moving = False  # following a redirect: not a lost connection
        self.inbox: queue.Queue[Incoming] = queue.Queue()
        self.game_id: str | None = None
        self.code: str | None = None
        self.seat: int | None = None
        self.credential: str | None = None  # kept beside the saves by the app
        self.host_secret: str | None = None
        self.watching: str = ""  # the spectator's name while it watches ``code``
        self.frames: list[tuple[str, Any]] = []  # every raw frame received (tests)
        self.record = False
        self._rejoining: asyncio.Future[Reply] | None = None
        self.reconnect, self.retry = reconnect, retry or Reconnect()
        self._rng = random.Random()  # jitter only: nothing here needs to be secret
        self._closing = False  # close() was called: do not come back
        self._back_in: float | None = None  # the stopping server's word on when to return
        self._reconnecting: asyncio.Task[None] | None = None
        self._lost: asyncio.Future[None] | None = None  # done when this connection goes
        # Keep under the server's rate limit: a bot seat or a fast script waits here
        # rather than being refused for flooding.
        self._pace = RateLimit(rate=0.9 * RATE, burst=BURST / 2) if paced else None
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True, name="net")
        self.thread.start()
        # Imported here: the app's local tables import this module's types, and python-
        # socketio with aiohttp under it costs a local game's first table ~0.2 s.
        import socketio

        self.sio = socketio.AsyncClient(reconnection=False, handle_sigint=False)
        self.sio.on("connect", self._connected)
        self.sio.on("disconnect", self._disconnected)
        self.sio.on(GOING, self._going)
        self.sio.on(MOVED, self._moved)
        for kind in SERVER_KINDS:
            self.sio.on(kind, self._receiver(kind))

    # -- connection -------------------------------------------------------------------

    def _run(self, coroutine: Any, timeout: float | None = None) -> Any:
        future = asyncio.run_coroutine_threadsafe(coroutine, self.loop)
        return future.result(timeout or self.timeout + 1)

    def connect(self) -> None:
        self._run(self._open())

    async def _open(self) -> None:
        base, path = paths.split(self.url)  # a server under a path (behind a shared name)
        await self.sio.connect(
            base, transports=["websocket"], socketio_path=path, wait_timeout=self.timeout
        )

    def close(self) -> None:
        """Leave the connection and stop the client's thread."""
        if self.loop.is_closed():
            return
        with contextlib.suppress(Exception):
            self._run(self._shutdown(), 5)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)
        self.loop.close()

    async def _shutdown(self) -> None:
        self._closing = True
        await self.sio.disconnect()
        await cancel_others()

    @property
    def connected(self) -> bool:
        return bool(self.sio.connected)

    async def _connected(self) -> None:
        self._lost = asyncio.get_running_loop().create_future()
        self._back_in = None
        self.inbox.put(Connection(True))
        if self.code is not None and self.seat is not None and self.credential is not None:
            # A reconnection: take the seat back (not awaited here: we are in a handler).
            self._rejoining = asyncio.ensure_future(self._call("rejoin", self._rejoin_data()))
        elif self.code is not None and self.watching:  # a spectator watches again
            data = {"code": self.code, "name": self.watching}
            self._rejoining = asyncio.ensure_future(self._call("watch", data))

    async def _going(self, data: Any) -> None:
        """The server is stopping cleanly and says when to come back."""
        if self.record:
            self.frames.append((GOING, data))
        seconds = data.get("seconds") if isinstance(data, dict) else None
        if isinstance(seconds, int | float) and 0 <= seconds <= 60:
            self._back_in = float(seconds)

    async def _moved(self, data: Any) -> None:
        """The table went to another process (that one's address, or "" to find it); the
        server closes this connection next, and the client comes back at once, where the
        rejoin is sent on to wherever the table is."""
        if self.record:
            self.frames.append((MOVED, data))
        url = address(data.get("url")) if isinstance(data, dict) else None
        if url is not None:
            self.url = url
        self._back_in = 0.05

    async def _follow(self, url: str) -> bool:
        """Go to the process that owns the table (the player sees a short "connecting")."""
        self._moving = True
        try:
            self.url = url
            await self.sio.disconnect()
            await self._settled()
            await self._open()
            return True
        except Exception as error:  # gone meanwhile: the reconnection loop looks on
            log.debug("following the table to %s: %s", url, error)
            self._moving = False
            if self.reconnect and not self._closing and self._reconnecting is None:
                self._reconnecting = asyncio.ensure_future(self._come_back())
            return False
        finally:
            self._moving = False

    async def _disconnected(self, *reason: Any) -> None:
        if self._lost is not None and not self._lost.done():
            self._lost.set_result(None)  # requests in flight are answered: not sent
        self.inbox.put(Connection(False))
        if self._moving:
            return
        if self.reconnect and not self._closing and self._reconnecting is None:
            self._reconnecting = asyncio.ensure_future(self._come_back())

    async def _settled(self) -> None:
        """Let the old Engine.IO connection finish closing (its read loop resets the
        client's state after the disconnect handler ran: a connection opened before that
        would be torn down with it)."""
        eio = self.sio.eio
        for task in (getattr(eio, "read_loop_task", None), getattr(eio, "write_loop_task", None)):
            if task is not None and not task.done():
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(asyncio.shield(task), self.timeout)

    async def _come_back(self) -> None:
        """The reconnection loop (see ``Reconnect``); each attempt is in the inbox."""
        # Each attempt tries the next address it knows: the table's process first, then
        # any other (one lost for good, another serves its tables).
        addresses = list(dict.fromkeys([self.url, self.entry, *self.peers]))
        try:
            for attempt, wait in enumerate(self.retry.waits(self._back_in, self._rng), 1):
                self.inbox.put(Reconnecting(attempt, round(wait, 2)))
                await asyncio.sleep(wait)
                if self._closing or self.sio.connected:
                    return
                self.url = addresses[(attempt - 1) % len(addresses)]
                await self._settled()
                try:
                    await self._open()
                    return
                except Exception as error:  # nobody there yet: wait longer
                    log.debug("reconnection %d to %s: %s", attempt, self.url, error)
            self.inbox.put(Reconnecting(self.retry.attempts, gave_up=True))
        finally:
            self._reconnecting = None

    def _receiver(self, kind: str) -> Any:
        async def receive(data: Any) -> None:
            if self.record:
                self.frames.append((kind, data))
            game_id = self.game_id
            if kind == "lobby" and isinstance(data, dict):
                game_id = self.game_id = str(data.get("game"))
            # A frame this version cannot read has nothing to show.
            with contextlib.suppress(ValueError, KeyError, TypeError):
                self.inbox.put(decode_frame(game_id or "", kind, data))

        return receive

    def poll(self) -> list[Incoming]:
        """Everything received since the last poll (never waits)."""
        items = []
        while True:
            try:
                items.append(self.inbox.get_nowait())
            except queue.Empty:
                return items

    def wait_for(self, kind: type, timeout: float | None = None) -> Any:
        """Block until a frame of ``kind`` arrives (tools and tests; the app polls)."""
        while True:
            item = self.inbox.get(timeout=timeout or self.timeout)
            if isinstance(item, kind):
                return item

    # -- requests ---------------------------------------------------------------------

    async def _call(self, kind: str, data: dict[str, Any], hops: int = 0) -> Reply:
        while self._pace is not None and not self._pace.allow():
            await asyncio.sleep(1 / self._pace.rate)
        # (after the pacing wait: a reconnection during it starts a rejoin to wait for)
        rejoining = self._rejoining
        if kind != "rejoin" and rejoining is not None and not rejoining.done():
            # After a reconnection the seat is taken back first: a move sent before the
            # rejoin would be refused (net.not_seated) by a server that has not seen it.
            await asyncio.wait({rejoining})
        lost = self._lost
        if lost is None or lost.done():
            return Reply(False)  # no connection: not sent
        call = asyncio.ensure_future(self.sio.call(kind, data, timeout=self.timeout))
        await asyncio.wait({call, lost}, return_when=asyncio.FIRST_COMPLETED)
        if not call.done():  # the connection went with the request in flight
            call.cancel()
            return Reply(False)
        from socketio.exceptions import BadNamespaceError, TimeoutError

        try:
            answer = call.result()
        except (TimeoutError, BadNamespaceError):
            return Reply(False)
        reply = reply_of(answer)
        peers = reply.data.get("peers")
        if isinstance(peers, list):
            self.peers = tuple(url for url in map(address, peers[:32]) if url is not None)
        moved = None if reply.ok else address(reply.data.get(MOVED))
        if moved is None or hops >= MAX_HOPS or not await self._follow(moved):
            return reply
        rejoining = self._rejoining
        if kind == "rejoin" and rejoining is not None and not rejoining.done():
            return await rejoining  # the new connection took the seat back by itself
        return await self._call(kind, data, hops + 1)

    def send(self, kind: str, data: dict[str, Any]) -> concurrent.futures.Future[Reply]:
        """Send a request without waiting: the app polls the future's ``done()``."""
        return asyncio.run_coroutine_threadsafe(self._call(kind, data), self.loop)

    def request(self, kind: str, data: dict[str, Any]) -> Reply:
        """Send a request and wait for the server's answer."""
        return self.send(kind, data).result(self.timeout + 1)

    def create(
        self,
        game_id: str,
        seats: list[dict[str, str]],
        name: str,
        options: dict[str, Any] | None = None,
        seed: int | None = None,
        grace: float = 60.0,
        public: bool = False,
        timer: int = 0,
        on_timeout: str | None = None,
    ) -> Reply:
        data: dict[str, Any] = {
            "game": game_id,
            "options": options or {},
            "seats": seats,
            "grace": grace,
            "name": name,
        }
        if public:  # listed on the server while it waits for players
            data["public"] = True
        if timer:  # (a server before the turn timer takes the table without it)
            data["timer"] = timer
        if on_timeout is not None:
            data["on_timeout"] = on_timeout
        if seed is not None:
            data["seed"] = seed
        self.game_id = game_id
        reply = self.request("create", data)
        if reply.ok:
            self.code, self.host_secret = reply.data["code"], reply.data["host"]
            self.seat, self.credential = reply.data.get("seat"), reply.data.get("credential")
        return reply

    def join(self, code: str, name: str, seat: int | None = None) -> Reply:
        data: dict[str, Any] = {"code": code, "name": name}
        if seat is not None:
            data["seat"] = seat
        reply = self.request("join", data)
        if reply.ok:
            self.code, self.seat = reply.data["code"], reply.data["seat"]
            self.credential, self.game_id = reply.data["credential"], reply.data["game"]
        return reply

    def watch(self, code: str, name: str) -> Reply:
        """Watch table ``code`` as a spectator (its public view, log and chat)."""
        reply = self.request("watch", {"code": code, "name": name})
        if reply.ok:
            self.code, self.game_id = reply.data["code"], reply.data["game"]
            self.seat, self.credential, self.watching = None, None, name
        return reply

    def sit(self, seat: int, name: str) -> Reply:
        """(A spectator) take ``seat``: a free one, or a computer's between deals."""
        reply = self.request("sit", {"seat": seat, "name": name})
        if reply.ok:
            self.seat, self.credential, self.watching = (
                reply.data["seat"],
                reply.data["credential"],
                "",
            )
        return reply

    def _rejoin_data(self) -> dict[str, Any]:
        return {"code": self.code, "seat": self.seat, "credential": self.credential}

    def rejoin(self) -> Reply:
        """Take this seat back (the app does it after restarting, from the kept credential)."""
        return self.request("rejoin", self._rejoin_data())

    def start(self) -> Reply:
        assert self.code is not None and self.host_secret is not None
        return self.request("start", {"code": self.code, "host": self.host_secret})

    def act(self, n: int, action: Action) -> Reply:
        """Play ``action`` for this seat; ``n`` is the move count of the view it was
        chosen from (a move chosen on an old view is refused, never misapplied)."""
        return self.request("act", {"seat": self.seat, "n": n, "action": codec.encode(action)})

    def chat(self, text: str) -> Reply:
        return self.request("chat", {"text": text})

    def rematch(self) -> Reply:
        """Play again at this finished table: sit at the same seat of its rematch (a new
        code; the host's secret starts it too)."""
        reply = self.request("rematch", {})
        if reply.ok:
            self.code, self.seat = reply.data["code"], reply.data["seat"]
            self.credential, self.game_id = reply.data["credential"], reply.data["game"]
        return reply

    def ask_record(self) -> None:
        """Ask for the finished game's record again, without waiting: it comes to the
        inbox as a ``GameRecord`` (checked on this client's thread), a refusal as a
        ``Notice``."""

        async def ask() -> None:
            reply = await self._call(RECORD, {})
            if reply.ok:
                self.inbox.put(record_frame(reply.data))
            elif reply.message is not None:
                self.inbox.put(Notice(reply.message))

        asyncio.run_coroutine_threadsafe(ask(), self.loop)

    def remove(self, seat: int) -> Reply:
        """(The host) take ``seat``'s player from the table; the computer plays on."""
        return self.request("remove", {"seat": seat})

    def close_table(self) -> Reply:
        """(The host) end the table for everyone."""
        return self.request("close", {})

    def leave(self) -> Reply:
        return self.request("leave", {})

    def back(self) -> Reply:
        """This seat's player is back (it was away: the computer played its turns)."""
        return self.request("back", {})
