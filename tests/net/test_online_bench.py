"""The load benchmark's clients replay Normal's precomputed moves: the server deals the
same game from the seed the benchmark passes, so every replayed move is accepted, and
each client's round trip is timed from its own send to its own update."""

from __future__ import annotations

import asyncio
import time

from game.ai.base import NORMAL
from game.engine import codec
from game.engine.actions import Action
from game.engine.events import events_for
from game.net import protocol as p
from game.net.tables import Table, TableSeat, _events_json
from game.net.wire import encode_events
from game.tools import online_bench as ob


def test_replayed_moves_are_accepted_and_timed(server):
    scripts = {seed: ob.script(seed, 40) for seed in (1, 2)}
    assert all(len(moves) == 40 for moves in scripts.values())
    assert all(isinstance(codec.decode(Action, a, "a"), Action) for _, a in scripts[1])

    async def run() -> tuple[list[ob.LoadClient], list[float]]:
        samples: list[float] = []
        clients = await ob.open_tables(server.url, 2, 0.0, samples, scripts)
        deadline = time.perf_counter() + 20
        await asyncio.gather(*(client.play(deadline) for client in clients))
        await asyncio.gather(*(c.sio.disconnect() for c in clients), return_exceptions=True)
        return clients, samples

    clients, samples = asyncio.run(run())
    assert sum(c.refused for c in clients) == 0
    assert sum(c.off_script for c in clients) == 0
    assert sum(c.moves for c in clients) == 80  # both tables played their scripts out
    assert len(samples) == 80 and all(0 < s < 20 for s in samples)
    logs = server.call(lambda: sorted(len(t.log) for t in server.server.lobby.tables.values()))
    assert logs == [40, 40]


def test_events_encoded_once_read_as_each_seat_sees_them():
    """Each move's events are encoded once and shared between the seats; every seat still
    gets exactly ``events_for`` its seat (another seat's drawn card hidden)."""
    request = p.parse("create", (ob.create_frame(3),))
    seats = [TableSeat(f"AI {n + 1}", NORMAL) for n in range(4)]
    table = Table("X", ob.GAME, request.options, 3, seats, 60.0, "")
    table._deal()
    for _, data in ob.script(3, 60):
        action = codec.decode(Action, data, "action")
        state, events = table.rules.apply(table.state, action)
        table._record(action, state, events)
        shared: dict = {}
        for seat in range(4):
            assert _events_json(events, seat, shared) == encode_events(events_for(events, seat))
