"""The computer seats of every table share one thinking budget: a flood of Hard tables
uses at most its share of the clock, one decision at a time, and a human's move is
answered meanwhile. (The round trip under such a flood is measured by
``python -m game bench --online --hard-flood 40``: docs/NETWORK.md.)"""

from __future__ import annotations

import threading
import time

import pytest

from game.net.client import NetClient
from game.net.limits import Limits
from game.net.server import ServerThread
from game.net.thinking import CREDIT
from tests.net.netplay import close, open_table, play

SHARE = 0.25


@pytest.fixture
def budget_server(tmp_path):
    limits = Limits(bot_share=SHARE, tables_per_connection=20, tables_per_address=20)
    thread = ServerThread(
        "127.0.0.1", 0, db=tmp_path / "t.db", tick=0.05, limits=limits, test_seeds=True
    )
    thread.start()
    yield thread
    thread.stop()


def test_a_flood_of_hard_tables_thinks_within_its_share_one_decision_at_a_time(budget_server):
    """Old: each table's bots thought on the default thread pool, several Hard searches
    at once (40 such tables took a well-behaved table's round trip to 2.8 s)."""
    server = budget_server
    thinking = server.server.bot_budget
    at_once, most = [0], [0]
    lock = threading.Lock()
    original = thinking.worker.submit

    def counted(function, *args):
        def run():
            with lock:
                at_once[0] += 1
                most[0] = max(most[0], at_once[0])
            try:
                return function(*args)
            finally:
                with lock:
                    at_once[0] -= 1

        return original(run)

    thinking.worker.submit = counted
    attacker = NetClient(server.url, paced=True)
    attacker.connect()
    players, _code = open_table(server.url, "laugh_and_lie_down", 4, humans=2)
    try:
        started = time.monotonic()
        for _ in range(6):
            reply = attacker.create("kaluki", [{"kind": "hard"}] * 6, "Eve")
            assert reply.ok
            assert attacker.start().ok
        # The humans' table plays on while the flood thinks.
        play(players, until=lambda: min(p.view.n for p in players) >= 6, seconds=60)
        time.sleep(max(0.0, 3.0 - (time.monotonic() - started)))
        elapsed = time.monotonic() - started
        used = server.call(lambda: thinking.total)
        assert used > 0  # the flood's bots did think
        assert used <= SHARE * elapsed + CREDIT + 1.0, (used, elapsed)
        assert most[0] == 1  # never two decisions at once
    finally:
        attacker.close()
        close(players)
