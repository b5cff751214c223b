"""The table server's hooks into python-socketio, python-engineio and aiohttp: every
packet is checked (and paid for) where the library first sees it, before it buffers
anything, without forking the library.

- ``GuardedServer`` (Socket.IO): each packet costs its transport connection a token,
  ``41``/``40`` included; a packet with binary attachments (``5``/``6``), a binary
  message, another namespace or a packet that does not decode is refused with one short
  log line (rate-limited) and a strike, never a library traceback.
- ``guarded_request`` (Engine.IO over HTTP long-polling): a request's body is read in
  full within ``request_seconds`` and at most the frame limit, checked as UTF-8 text
  before Engine.IO decodes it.
- ``GuardedWebSocket`` (Engine.IO over a websocket): text messages only; a connection
  that sends nothing for its ping period, or was closed by the server, ends.
- ``GatedSite`` (aiohttp): near the process's limit of open files a new connection is
  answered ``503`` and closed, with one log line when refusing starts and one when it ends.
"""

from __future__ import annotations

import asyncio
import base64
import binascii
import contextlib
import errno
import logging
import os
import sys
from collections.abc import Callable
from typing import Any

import aiohttp
import socketio
from aiohttp import web
from engineio.async_drivers import aiohttp as eio_aiohttp

from game.net.limits import Connection, Guard, Limits, LogGate

if sys.platform != "win32":  # Windows has no such limit to read or raise
    import resource

log = logging.getLogger("game.net")

CONNECT, DISCONNECT, EVENT = "0", "1", "2"  # the Socket.IO packets a client may send
ROOT = "/"


class TextPacket(socketio.packet.Packet):
    """Socket.IO packets of JSON text only. The library walks every outgoing value looking
    for bytes to send as binary attachments; this server never sends bytes, and that walk
    over each seat's view cost more than encoding it."""

    @classmethod
    def data_is_binary(cls, data: Any) -> bool:
        return False


def address_of(environ: dict[str, Any]) -> str:
    """The peer's address (engineio's aiohttp driver always says 127.0.0.1)."""
    request = environ.get("aiohttp.request")
    remote = getattr(request, "remote", None)
    return str(remote) if remote else "?"


class GuardedServer(socketio.AsyncServer):
    """python-socketio's server with every incoming packet checked first."""

    def __init__(self, guard: Guard, **options: Any) -> None:
        super().__init__(serializer=TextPacket, **options)
        self.guard = guard
        self.gate = LogGate(log, guard.limits.log_per_second)
        self.bad_packets = 0
        self._guard_engineio()

    def _guard_engineio(self) -> None:
        drivers = dict(self.eio._async)
        drivers["translate_request"] = guarded_request(drivers["translate_request"], self)
        drivers["websocket"] = GuardedWebSocket
        self.eio._async = drivers
        self.eio.guarded = self  # what GuardedWebSocket reports bad packets to

    # -- the transport connection ---------------------------------------------------------

    async def _handle_eio_connect(self, eio_sid: str, environ: dict[str, Any]) -> Any:
        self.guard.open(eio_sid, address_of(environ))
        return await super()._handle_eio_connect(eio_sid, environ)

    async def _handle_eio_disconnect(self, eio_sid: str, reason: Any) -> None:
        try:
            await super()._handle_eio_disconnect(eio_sid, reason)
        finally:
            self.guard.close(eio_sid)

    async def _handle_eio_message(self, eio_sid: str, data: Any) -> None:
        connection = self.guard.connections.get(eio_sid)
        if connection is None:  # closed by the server: nothing more is read from it
            return
        if not isinstance(data, str) or data[:1] not in (CONNECT, DISCONNECT, EVENT):
            kind = "binary data" if not isinstance(data, str) else f"packet type {data[:1]!r}"
            await self.refuse(connection, kind)  # attachments are never buffered
            return
        if data[0] != EVENT and not connection.limit.allow():  # an event pays in frame()
            await self.refuse(connection, "connect/disconnect too fast")
            return
        try:
            packet = self.packet_class(encoded_packet=data)
        except (ValueError, TypeError, IndexError, RecursionError) as error:
            await self.refuse(connection, f"undecodable packet ({type(error).__name__})")
            return
        namespace = packet.namespace or ROOT
        connected = self.manager.sid_from_eio_sid(eio_sid, ROOT) is not None
        if packet.attachment_count or namespace != ROOT:
            await self.refuse(connection, "attachments or another namespace", packet.id)
        elif data[0] == CONNECT:
            if connected:
                await self.refuse(connection, "connect while connected")
            else:
                await self._handle_connect(eio_sid, namespace, packet.data)
        elif data[0] == DISCONNECT:
            if not connected:
                await self.refuse(connection, "disconnect while not connected")
            else:
                await self._handle_disconnect(eio_sid, namespace, self.reason.CLIENT_DISCONNECT)
        elif not connected:
            await self.refuse(connection, "event before connect", packet.id)
        elif not isinstance(packet.data, list) or not packet.data:
            await self.refuse(connection, "an event without a name", packet.id)
        else:
            if not isinstance(packet.data[0], str):
                packet.data[0] = "?"  # answered as an unknown kind, with a strike
            await self._handle_event(eio_sid, namespace, packet.id, packet.data)

    async def refuse(self, connection: Connection, why: str, ack: int | None = None) -> None:
        """A bad packet: one short line (rate-limited), a strike, an answer if it asked
        for one; the connection is closed after ``max_strikes``."""
        from game.engine.messages import msg
        from game.net import messages as m
        from game.net import protocol as p

        self.bad_packets += 1
        self.gate.warning("bad packet from %s: %s", connection.address, why)
        if ack is not None:
            reply = p.refusal_reply(msg(m.BAD_FRAME, why=why))
            await self._send_packet(
                connection.eio_sid,
                self.packet_class(socketio.packet.ACK, namespace=ROOT, id=ack, data=[reply]),
            )
        if connection.limit.strike():
            await self.cut(connection, f"after {connection.limit.strikes} bad packets")

    async def _handle_event_internal(
        self, server: Any, sid: str, eio_sid: str, data: Any, namespace: str, id: Any
    ) -> None:
        """An event handled and acked, counted while in flight so that a cut waits for its
        ack to be queued (a refusal must reach the client before its connection closes)."""
        connection = self.guard.connections.get(eio_sid)
        if connection is not None:
            connection.in_flight += 1
        try:
            await super()._handle_event_internal(server, sid, eio_sid, data, namespace, id)
        finally:
            if connection is not None:
                connection.in_flight -= 1

    async def cut(self, connection: Connection, why: str, flush: bool = True) -> None:
        """Close a transport connection, whatever its client does next. Nothing more it
        sends is read; with ``flush`` the acks of the frames already read (the refusals
        saying why, e.g. net.too_fast) and the close packet go out first: a websocket's
        writer sends them and then closes it, and is dropped after ``FLUSH_SECONDS``
        whatever its client does. A client that reads nothing is dropped at once."""
        self.gate.warning("closing a connection from %s %s", connection.address, why)
        self.guard.close(connection.eio_sid)
        socket = self.eio.sockets.get(connection.eio_sid)
        loop = asyncio.get_running_loop()
        if flush:
            await _until(lambda: connection.in_flight == 0, loop.time() + FLUSH_SECONDS)
        if socket is not None:
            await socket.close(wait=False, abort=False, reason=self.reason.SERVER_DISCONNECT)
            if flush and connection.abort is not None:
                socket.queue.put_nowait(None)  # the writer's end: all before it is sent
            self.eio.sockets.pop(connection.eio_sid, None)
        if connection.abort is not None:
            if flush:
                loop.call_later(FLUSH_SECONDS, connection.abort)
            else:
                connection.abort()

    def backlog(self, eio_sid: str) -> int:
        """Frames waiting to go out to one connection."""
        socket = self.eio.sockets.get(eio_sid)
        return socket.queue.qsize() if socket is not None else 0


FLUSH_SECONDS = 1.0  # a cut connection's last acks may take this long to go out


async def _until(done: Callable[[], bool], deadline: float) -> bool:
    """Whether ``done()`` came true by the loop's ``deadline`` (checked every 10 ms)."""
    loop = asyncio.get_running_loop()
    while not done():
        if loop.time() >= deadline:
            return False
        await asyncio.sleep(0.01)
    return True


# -- Engine.IO's transports -----------------------------------------------------------------


class _Body:
    """A request body already read, as Engine.IO reads ``wsgi.input``."""

    def __init__(self, data: bytes) -> None:
        self.data = data

    async def read(self, length: int = -1) -> bytes:
        data, self.data = self.data, b""
        return data


def engineio_packet_ok(text: str) -> bool:
    """Whether ``text`` is an Engine.IO packet the library decodes without an exception:
    a type 0-6, or ``b`` and base64 (a binary message, refused later with a strike)."""
    if not text:
        return False
    if text[0] == "b":
        try:
            base64.b64decode(text[1:], validate=True)
        except (binascii.Error, ValueError):
            return False
        return True
    return text[0] in "0123456"


MAX_PAYLOAD = 16  # packets in one long-polling POST (Engine.IO's own limit, which raises)


def guarded_request(translate: Callable[..., Any], sio: GuardedServer) -> Callable[..., Any]:
    """Engine.IO's request translation for aiohttp, with a long-polling POST's body read
    in full, within the time limit, at most the frame limit, as UTF-8 text of at most
    ``MAX_PAYLOAD`` well-formed packets (a bad one is refused with a strike)."""
    limit = sio.guard.limits

    async def translate_request(request: web.Request) -> dict[str, Any]:
        environ: dict[str, Any] = translate(request)
        if request.method != "POST":
            return environ
        length = request.content_length
        if length is None or length > MAX_BODY:
            raise web.HTTPRequestEntityTooLarge(max_size=MAX_BODY, actual_size=length or 0)
        try:
            body = await asyncio.wait_for(
                request.content.readexactly(length), limit.request_seconds
            )
            packets = body.decode("utf-8").split("\x1e") if body else []
        except (asyncio.TimeoutError, asyncio.IncompleteReadError):
            raise web.HTTPRequestTimeout() from None
        except UnicodeDecodeError:
            packets = [""]
        if len(packets) > MAX_PAYLOAD or not all(map(engineio_packet_ok, packets)):
            connection = sio.guard.connections.get(request.query.get("sid", ""))
            if connection is not None:
                await sio.refuse(connection, "a long-polling payload that does not decode")
            else:
                sio.gate.warning("bad long-polling payload from %s", request.remote)
            raise web.HTTPBadRequest(text="bad payload")
        environ["wsgi.input"] = _Body(body)
        return environ

    return translate_request


MAX_BODY = 16 * 1024 + 1024  # a long-polling POST: one frame and its Engine.IO framing


class GuardedWebSocket(eio_aiohttp.WebSocket):
    """engineio's aiohttp websocket, reading text messages only, each within the ping
    period; it ends once the server has closed the connection."""

    async def __call__(self, environ: dict[str, Any]) -> Any:
        request = environ["aiohttp.request"]
        socket = getattr(self.handler, "__self__", None)
        sio = getattr(self.server, "guarded", None)
        connection = sio.guard.connections.get(socket.sid) if sio and socket else None
        if connection is not None and request.transport is not None:
            connection.abort = request.transport.abort
        return await super().__call__(environ)

    async def wait(self) -> Any:
        socket = getattr(self.handler, "__self__", None)
        sio = getattr(self.server, "guarded", None)
        period = self.server.ping_interval + self.server.ping_timeout
        while True:
            if socket is not None and socket.closed:
                raise OSError("closed by the server")
            try:
                message = await self._sock.receive(timeout=period)
            except asyncio.TimeoutError:
                raise OSError("silent") from None
            if message.type == aiohttp.WSMsgType.TEXT and engineio_packet_ok(message.data):
                return message.data
            if message.type not in (aiohttp.WSMsgType.TEXT, aiohttp.WSMsgType.BINARY):
                raise OSError("closing")  # the client closed, or the socket failed
            connection = sio.guard.connections.get(socket.sid) if sio and socket else None
            if connection is None or sio is None:
                raise OSError("not a text Engine.IO packet")
            why = "a binary message" if message.type == aiohttp.WSMsgType.BINARY else None
            await sio.refuse(connection, why or "an Engine.IO packet that does not decode")


# -- the listening socket ---------------------------------------------------------------


def file_limit() -> int:
    """How many files this process may open (its soft limit)."""
    if sys.platform == "win32":
        return 1 << 30
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def raise_file_limit() -> tuple[int, int]:
    """The soft limit of open files raised to the hard one (``serve``); both after."""
    if sys.platform == "win32":
        return file_limit(), file_limit()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != hard:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
        except (ValueError, OSError) as error:
            log.warning("open files stay limited to %d: %s", soft, error)
            return soft, hard
    return resource.getrlimit(resource.RLIMIT_NOFILE)


ACCEPT_OUT_OF_FILES = (errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM)
REFUSAL = b"HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n"


class _Refuse(asyncio.Protocol):
    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        if isinstance(transport, asyncio.Transport):
            transport.write(REFUSAL)
        transport.close()


class GatedSite(web.TCPSite):
    """A TCP site that stops taking connections ``fd_margin`` open files short of the
    process's limit: a new one is answered 503 and closed (a player's app says it cannot
    reach the server) rather than the accept loop failing and logging for every attempt."""

    def __init__(self, runner: web.AppRunner, host: str, port: int, limits: Limits) -> None:
        super().__init__(runner, host, port, backlog=BACKLOG)
        self.limits = limits
        self.refusing = False
        self.refused = 0
        self.own_files = BASE_FILES
        self._previous_handler: Any = None

    def open_files(self) -> int:
        """The process's open files now (Linux counts them; elsewhere: its own at the
        start and one for each connection aiohttp holds)."""
        with contextlib.suppress(OSError):
            return len(os.listdir("/proc/self/fd"))
        server = self._runner.server
        return self.own_files + (len(server.connections) if server is not None else 0)

    def _factory(self) -> asyncio.BaseProtocol:
        server = self._runner.server
        assert server is not None
        # Refusing starts ``fd_margin`` short of the limit and ends half as far again below
        # it: refused sockets closing must not flip it back and forth (a line each time).
        margin = self.limits.fd_margin * (1.5 if self.refusing else 1.0)
        full = self.open_files() >= file_limit() - margin
        if full != self.refusing:
            self.refusing = full
            if full:
                log.warning("near the limit of open files: refusing new connections")
            else:
                log.warning("accepting connections again (%d refused)", self.refused)
                self.refused = 0
        if full:
            self.refused += 1
            return _Refuse()
        return server()

    def _on_loop_error(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        # asyncio takes up to ``backlog`` connections in one go before the gate sees the
        # first: a burst can still meet the limit. The loop then pauses accepting for a
        # second by itself; what is left to do is the one line, not a traceback each time.
        error = context.get("exception")
        if isinstance(error, OSError) and error.errno in ACCEPT_OUT_OF_FILES:
            if not self.refusing:
                self.refusing = True
                log.warning("near the limit of open files: refusing new connections")
            self.refused += 1
        elif self._previous_handler is not None:
            self._previous_handler(loop, context)
        else:
            loop.default_exception_handler(context)

    async def start(self) -> None:
        await web.BaseSite.start(self)
        loop = asyncio.get_running_loop()
        self._previous_handler = loop.get_exception_handler()
        loop.set_exception_handler(self._on_loop_error)
        self._server = await loop.create_server(
            self._factory, self._host, self._port, backlog=self._backlog
        )
        sockets = self._server.sockets
        self._bound_port = sockets[0].getsockname()[1] if sockets else self._port

    async def stop(self) -> None:
        await super().stop()
        asyncio.get_running_loop().set_exception_handler(self._previous_handler)


# asyncio accepts up to ``backlog`` connections before the first of them meets the gate:
# ``fd_margin`` is kept larger.
BACKLOG = 100
BASE_FILES = 48  # the process's own (streams, the store and its WAL, the loop) where not counted
