"""A real table server on 127.0.0.1 (an ephemeral port) for each test that asks."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

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


@contextmanager
def served(db: Path, **options: Any) -> Iterator[ServerThread]:
    """A real server on 127.0.0.1 (its store ``db``), stopped on the way out."""
    thread = ServerThread("127.0.0.1", 0, db=db, tick=0.05, **options)
    thread.start()
    try:
        yield thread
    finally:
        thread.stop()


@pytest.fixture
def server(tmp_path):
    # --test-seeds: these tests compare networked seeded games with local ones
    with served(tmp_path / "tables.db", test_seeds=True) as thread:
        yield thread
