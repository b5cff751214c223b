"""Floods at the transport: limits hold per Engine.IO connection and per address (a
namespace reconnect buys nothing), packets with binary attachments are refused before
the library buffers them, and a malformed packet costs one short log line and a strike.
Each attack is a raw client on 127.0.0.1, bounded in count and time."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time

import aiohttp

from game.net import messages as m
from game.net.client import NetClient
from game.net.limits import Limits
from game.net.protocol import BURST, MAX_STRIKES, RATE
from game.net.server import ServerThread
from tests.net.rawsock import RawSocket, key, run


def test_a_namespace_reconnect_keeps_the_bucket_and_the_strikes(server):
    """Old: ``41`` then ``40`` gave a fresh session, bucket and strikes (about 2,000
    frames a second answered; never closed)."""

    async def attack() -> tuple[int, bool, float]:
        sock = await RawSocket(server.server.port).open()
        answered, started = 0, time.monotonic()
        acks = []
        while time.monotonic() - started < 2.0 and not sock.closed:
            await sock.send("1")  # leave the namespace: "41" on the wire
            await sock.send("0")  # ...and come back: "40"
            for _ in range(10):
                acks.append(await sock.event("chat", {"text": "spam"}))
            await asyncio.sleep(0.01)
        elapsed = time.monotonic() - started
        for ack in acks:
            reply = sock.acks.get(ack)
            answered += reply is not None and key(reply) != m.TOO_FAST
        closed = await sock.wait_closed(5)
        await sock.close()
        return answered, closed, elapsed

    answered, closed, elapsed = run(attack())
    assert answered <= BURST + RATE * elapsed + 5, answered
    assert closed  # its strikes added up: the connection was closed


def test_many_connections_from_one_address_share_one_budget_of_wrong_codes(server):
    """Old: each connection had its own 20 frames a second of code guesses."""
    limits = Limits()  # the server fixture runs with the defaults

    async def attack() -> tuple[int, float]:
        socks = [await RawSocket(server.server.port).open() for _ in range(10)]
        await asyncio.sleep(0.2)
        started = time.monotonic()
        acks = []
        for round_ in range(12):
            for number, sock in enumerate(socks):
                code = f"{number:02d}{round_:02d}".translate(str.maketrans("01", "AB"))
                acks.append(
                    (sock, await sock.event("join", {"code": (code * 4)[:13], "name": "Eve"}))
                )
            await asyncio.sleep(0.05)
        wrong = 0
        for sock, ack in acks:
            wrong += key(await sock.answer(ack)) == m.NO_TABLE
        elapsed = time.monotonic() - started
        for sock in socks:
            await sock.close()
        return wrong, elapsed

    wrong, elapsed = run(attack())
    assert wrong <= limits.guess_burst + limits.guess_rate * elapsed + 2, wrong


def test_attachments_are_refused_before_they_are_buffered(server):
    """Old: a packet announcing attachments, then binary messages, grew the server by a
    megabyte for each one sent, never released."""
    sio = server.server.sio

    async def attack() -> bool:
        sock = await RawSocket(server.server.port).open()
        await asyncio.sleep(0.1)
        await sock.send('5999999999-["chat",{"_placeholder":true,"num":0}]')
        for _ in range(200):
            if not await sock.send(b"\x04" + b"x" * 16_000):
                break
            await asyncio.sleep(0.002)
        closed = await sock.wait_closed(5)
        await sock.close()
        return closed

    closed = run(attack())
    held = server.call(
        lambda: sum(
            sum(len(a) for a in packet.attachments) for packet in sio._binary_packet.values()
        )
    )
    assert held == 0 and closed


def test_a_malformed_packet_costs_a_short_line_and_a_strike(server, caplog):
    """Old: each one logged a library traceback of 2.75 KB and cost no strike."""
    caplog.set_level(logging.INFO)
    bad = ['2["chat"', "2{}", "2[]", "29", "2x", '0/admin,{"a":1}', "7", '2["chat"]]', "0"]

    async def attack() -> bool:
        sock = await RawSocket(server.server.port).open()
        await asyncio.sleep(0.1)
        for number in range(MAX_STRIKES * 3):
            if not await sock.send(bad[number % len(bad)]):
                break
            await asyncio.sleep(0.005)
        closed = await sock.wait_closed(5)
        await sock.close()
        return closed

    assert run(attack())
    text = "\n".join(record.getMessage() for record in caplog.records)
    assert "Traceback" not in caplog.text and len(caplog.text) < 3_000, caplog.text
    assert all(len(record.getMessage()) < 200 for record in caplog.records), text


def test_an_event_named_with_a_number_is_an_unknown_kind(server):
    async def attack() -> object:
        sock = await RawSocket(server.server.port).open()
        await asyncio.sleep(0.1)
        await sock.send("21" + json.dumps([7, {}]))
        answer = await sock.answer(1)
        await sock.close()
        return answer

    assert key(run(attack())) == m.UNKNOWN_KIND


def test_malformed_engineio_packets_cost_a_strike_not_a_traceback(server, caplog):
    """Old: an empty or unknown Engine.IO packet over a websocket raised out of the
    library's reader (a traceback, the connection dropped uncleanly), and a long-polling
    payload of too many packets logged 'post request handler error' with a traceback."""
    caplog.set_level(logging.INFO)
    port = server.server.port

    async def attack() -> tuple[bool, list[int]]:
        sock = await RawSocket(port).open()
        await asyncio.sleep(0.1)
        assert sock.ws is not None
        for number in range(MAX_STRIKES + 5):
            if sock.closed:
                break
            with contextlib.suppress(Exception):
                await sock.ws.send_str(["", "9", "b!!!", "8x"][number % 4])
            await asyncio.sleep(0.01)
        closed = await sock.wait_closed(5)
        await sock.close()
        statuses = []
        base = f"http://127.0.0.1:{port}/socket.io/?EIO=4&transport=polling"
        async with aiohttp.ClientSession() as session:
            async with session.get(base) as answer:
                sid = json.loads((await answer.text())[1:])["sid"]
            for data in ("\x1e".join(["40"] * 20).encode(), b"4\xff\xfe", b"9"):
                async with session.post(f"{base}&sid={sid}", data=data) as answer:
                    statuses.append(answer.status)
        return closed, statuses

    closed, statuses = run(attack())
    assert closed and statuses == [400, 400, 400]
    assert "Traceback" not in caplog.text and "handler error" not in caplog.text, caplog.text


def test_a_connection_that_reads_nothing_is_cut_at_its_queue_limit(tmp_path):
    """Old: the frames for a long-polling client that never polls queued without limit."""
    server = ServerThread("127.0.0.1", 0, db=tmp_path / "t.db", limits=Limits(queue=20))
    server.start()
    host = NetClient(server.url)
    try:
        host.connect()
        code = host.create("kaluki", [{"kind": "you"}, {"kind": "open"}], "Ann").data["code"]
        port = server.server.port

        async def deaf_guest() -> str:
            base = f"http://127.0.0.1:{port}/socket.io/?EIO=4&transport=polling"
            async with aiohttp.ClientSession() as session:
                async with session.get(base) as answer:
                    sid = json.loads((await answer.text())[1:])["sid"]
                join = '421["join",' + json.dumps({"code": code, "name": "Deaf"}) + "]"
                for body in ("40", join):  # then it never polls again
                    async with session.post(f"{base}&sid={sid}", data=body.encode()) as answer:
                        assert answer.status == 200
            return sid

        sid = run(deaf_guest())
        assert server.call(lambda: sid in server.server.guard.connections)
        for number in range(40):  # each line is queued for the deaf guest too
            assert host.chat(f"line {number}").ok
        deadline = time.monotonic() + 10
        while server.call(lambda: sid in server.server.guard.connections):
            assert time.monotonic() < deadline, "the deaf connection was never cut"
            time.sleep(0.05)
        assert server.call(lambda: server.server.sio.backlog(sid)) == 0
        assert host.chat("still here").ok  # the host's own connection is untouched
    finally:
        host.close()
        server.stop()
