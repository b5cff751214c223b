"""A raw Engine.IO / Socket.IO client over aiohttp for the attack tests: it sends packets
exactly as written (namespace churn, attachments, malformed text, binary frames) and
reads what comes back, answering the server's pings. Everything is bounded in time."""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

import aiohttp


class RawSocket:
    """One Engine.IO connection over a websocket."""

    def __init__(self, port: int) -> None:
        self.url = f"ws://127.0.0.1:{port}/socket.io/?EIO=4&transport=websocket"
        self.session: aiohttp.ClientSession | None = None
        self.ws: aiohttp.ClientWebSocketResponse | None = None
        self.acks: dict[int, Any] = {}
        self.closed = False
        self._next = 0
        self._reader: asyncio.Task | None = None

    async def open(self, namespace: bool = True) -> RawSocket:
        self.session = aiohttp.ClientSession()
        self.ws = await self.session.ws_connect(self.url, max_msg_size=0)
        opening = await asyncio.wait_for(self.ws.receive_str(), 5)
        assert opening.startswith("0{"), opening
        self._reader = asyncio.ensure_future(self._read())
        if namespace:
            await self.send("0")
        return self

    async def _read(self) -> None:
        assert self.ws is not None
        try:
            async for message in self.ws:
                if message.type != aiohttp.WSMsgType.TEXT:
                    break
                text = message.data
                if text == "2":
                    await self.ws.send_str("3")
                elif text.startswith("43"):
                    digits = ""
                    for ch in text[2:]:
                        if not ch.isdigit():
                            break
                        digits += ch
                    self.acks[int(digits)] = json.loads(text[2 + len(digits) :])[0]
                elif text.startswith("1"):
                    break
        except (aiohttp.ClientError, ConnectionError, asyncio.CancelledError):
            pass
        finally:
            self.closed = True

    async def send(self, text: str | bytes) -> bool:
        """Send one Socket.IO packet as text (Engine.IO's "4" is put before it) or a
        binary message; False once the server has closed the connection."""
        if self.closed or self.ws is None or self.ws.closed:
            return False
        try:
            if isinstance(text, bytes):
                await self.ws.send_bytes(text)
            else:
                await self.ws.send_str("4" + text)
        except (aiohttp.ClientError, ConnectionError, RuntimeError):
            self.closed = True
            return False
        return True

    async def event(self, kind: str, data: Any) -> int:
        """An event that asks for an answer; its ack id."""
        self._next += 1
        await self.send(f"2{self._next}" + json.dumps([kind, data]))
        return self._next

    async def answer(self, ack: int, seconds: float = 5.0) -> Any:
        deadline = time.monotonic() + seconds
        while ack not in self.acks and not self.closed and time.monotonic() < deadline:
            await asyncio.sleep(0.01)
        return self.acks.get(ack)

    async def wait_closed(self, seconds: float = 5.0) -> bool:
        deadline = time.monotonic() + seconds
        while not self.closed and time.monotonic() < deadline:
            await asyncio.sleep(0.02)
        return self.closed

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
        if self._reader is not None:
            self._reader.cancel()
            await asyncio.gather(self._reader, return_exceptions=True)
        if self.session is not None:
            await self.session.close()


def key(reply: Any) -> str | None:
    """The refusal's message key of an answer (None when it was accepted or missing)."""
    if isinstance(reply, dict) and not reply.get("ok"):
        return reply.get("message", {}).get("key")
    return None


def run(coroutine: Any, seconds: float = 60.0) -> Any:
    return asyncio.run(asyncio.wait_for(coroutine, seconds))
