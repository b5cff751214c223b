"""A real table server on 127.0.0.1 (an ephemeral port) for each test that asks."""

from __future__ import annotations

import sys

import pytest

from game.net.server import ServerThread


@pytest.fixture(autouse=True)
def quick_thread_switches():
    """Frames hop between the server's, the clients' and the test's threads: a short
    switch interval keeps each hop from waiting out another thread's 5 ms time slice."""
    before = sys.getswitchinterval()
    sys.setswitchinterval(0.0005)
    yield
    sys.setswitchinterval(before)


@pytest.fixture
def server(tmp_path):
    # --test-seeds: these tests compare networked seeded games with local ones
    thread = ServerThread("127.0.0.1", 0, db=tmp_path / "tables.db", tick=0.05, test_seeds=True)
    thread.start()
    yield thread
    thread.stop()
