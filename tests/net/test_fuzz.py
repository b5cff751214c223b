"""Hostile frames: 10,000 mutated frames from a seated client neither crash the server
nor change any table; floods and oversize frames are refused, and a connection that keeps
at it is closed while everyone else plays on."""

from __future__ import annotations

import asyncio
import random
import time
from typing import Any

import pytest

from game.engine import codec
from game.engine.actions import Action
from game.net import messages as m
from game.net.client import NetClient
from game.net.limits import Limits
from game.net.protocol import CLIENT_KINDS, MAX_FRAME
from game.net.server import ServerThread
from tests.net.netplay import close, open_table, play

FRAMES = 10_000
IN_FLIGHT = 64


def raw(client: NetClient, kind: str, data: Any):
    """A frame exactly as given (several arguments when ``data`` is a tuple)."""
    return asyncio.run_coroutine_threadsafe(client.sio.call(kind, data, timeout=10), client.loop)


def junk(rng: random.Random, depth: int = 0) -> Any:
    choice = rng.randrange(10 if depth < 3 else 6)
    return [
        lambda: None,
        lambda: rng.choice([True, False]),
        lambda: rng.randint(-(10**15), 10**15),
        lambda: rng.random() * 1e6,
        lambda: rng.choice(["", "AS", "JK", "7H#9", "ZZ", "stock", "x" * rng.randrange(300)]),
        lambda: "".join(chr(rng.randrange(1, 0x3000)) for _ in range(rng.randrange(20))),
        lambda: [junk(rng, depth + 1) for _ in range(rng.randrange(4))],
        lambda: {str(junk(rng, 3))[:10]: junk(rng, depth + 1) for _ in range(rng.randrange(4))},
        lambda: {"type": rng.choice(sorted(Action.registry)), "card": junk(rng, 3)},
        lambda: [[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]],
    ][choice]()


def mutate(rng: random.Random, kind: str, data: dict[str, Any]) -> tuple[str, Any]:
    data = dict(data)
    roll = rng.randrange(12)
    if roll == 0 and data:
        del data[rng.choice(sorted(data))]
    elif roll == 1:
        data[rng.choice(["x", "seat", "n", "code", "kind", "type"])] = junk(rng)
    elif roll == 2 and data:
        data[rng.choice(sorted(data))] = junk(rng)
    elif roll == 3:
        kind = rng.choice([*CLIENT_KINDS, "connect", "disconnect", "lobby", "", "💥", "x" * 90])
    elif roll == 4:
        return kind, junk(rng)
    elif roll == 5:
        return kind, (data, junk(rng))  # two arguments
    elif roll == 6:
        data["text"] = "w" * (MAX_FRAME + rng.randrange(200))  # over the frame limit
    elif roll == 7 and "action" in data:
        action = dict(data["action"])
        action[rng.choice(sorted(action))] = junk(rng)
        data["action"] = action
    elif roll == 8 and data:
        key = rng.choice(sorted(data))
        data[key] = [data[key]] * rng.randrange(3)
    return kind, data


@pytest.fixture
def lenient_server(tmp_path):
    lenient = Limits(rate=1e9, burst=1e9, max_strikes=10**9, guess_burst=1e9)
    server = ServerThread("127.0.0.1", 0, db=tmp_path / "t.db", limits=lenient, test_seeds=True)
    server.start()
    yield server
    server.stop()


def tables_now(server: ServerThread, codes: list[str]) -> list[Any]:
    tables = server.server.lobby.tables
    return server.call(lambda: [(len(tables[c].log), codec.encode(tables[c].state)) for c in codes])


def test_ten_thousand_mutated_frames_change_no_table(lenient_server):
    server = lenient_server
    players, code = open_table(server.url, "kaluki", 21)
    others, other_code = open_table(server.url, "kalooki", 22)
    try:
        table = server.server.lobby.tables[code]
        to_act = table.state.to_act
        fuzzer = players[(to_act + 1) % 4].client
        legal = server.call(lambda: table.rules.legal_actions(table.state))
        credential = fuzzer.credential
        seeds = [
            ("act", {"seat": fuzzer.seat, "n": 0, "action": codec.encode(legal[0])}),
            ("act", {"seat": to_act, "n": 0, "action": codec.encode(legal[-1])}),
            ("chat", {"text": "hello"}),
            ("join", {"code": code, "name": "Eve"}),
            ("rejoin", {"code": code, "seat": fuzzer.seat, "credential": credential}),
            ("start", {"code": other_code, "host": "h" * 32}),
            ("create", {"game": "kaluki", "seats": [{"kind": "open"}], "name": "Eve"}),
            ("undo", {}),
        ]
        before = tables_now(server, [code, other_code])
        rng = random.Random(2026)
        pending: list[Any] = []
        answered = 0
        for _ in range(FRAMES):
            kind, data = mutate(rng, *rng.choice(seeds))
            pending.append(raw(fuzzer, kind, data))
            if len(pending) >= IN_FLIGHT:
                for future in pending:
                    answered += future.result(15) is not None
                pending.clear()
        for future in pending:
            answered += future.result(15) is not None
        assert answered == FRAMES  # every frame was answered: the server never fell over
        assert tables_now(server, [code, other_code]) == before
        # ...and both tables play on.
        for group in (players, others):
            play(group, until=lambda group=group: min(p.view.n for p in group) >= 2)
    finally:
        close([*players, *others])


def test_a_flood_is_refused_and_then_the_connection_closed(server):
    players, _code = open_table(server.url, "laugh_and_lie_down", 4, humans=2)
    flooder = NetClient(server.url, timeout=1.0, reconnect=False, paced=False)
    flooder.connect()
    try:
        replies = [flooder.send("chat", {"text": "spam"}) for _ in range(200)]
        keys = set()
        for future in replies:
            reply = future.result(15)
            keys.add(reply.message.key if reply.message else reply.ok)
        assert m.TOO_FAST in keys
        deadline = time.monotonic() + 10
        while flooder.connected and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not flooder.connected
        play(players, until=lambda: min(p.view.n for p in players) >= 4)  # it never noticed
    finally:
        flooder.close()
        close(players)


def test_an_oversize_frame_is_refused_and_a_huge_one_costs_only_its_connection(server):
    client = NetClient(server.url, reconnect=False)
    client.connect()
    try:
        reply = client.request("chat", {"text": "w" * (MAX_FRAME + 10)})
        assert reply.message.key == m.TOO_BIG
        raw(client, "chat", {"text": "w" * 500_000})
        deadline = time.monotonic() + 10
        while client.connected and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not client.connected
    finally:
        client.close()
    fresh = NetClient(server.url)
    fresh.connect()
    try:
        assert fresh.create("kaluki", [{"kind": "you"}, {"kind": "normal"}], "Ann").ok
    finally:
        fresh.close()
