"""Every test here waits for the screens' background work (a connection closing, the
LAN browser saying goodbye) before its table server stops."""

from __future__ import annotations

import pytest

from game.app.scenes.online.task import wait_all
from game.net.server import ServerThread
from tests.app.conftest import headless_app


@pytest.fixture(autouse=True)
def background_work_finishes():
    yield
    assert wait_all(20)


@pytest.fixture
def server(tmp_path):
    """A real table server on 127.0.0.1, its tables in ``tmp_path``."""
    thread = ServerThread("127.0.0.1", 0, db=tmp_path / "tables.db", test_seeds=True)
    thread.start()
    yield thread
    thread.stop()


@pytest.fixture
def app(server, paths):
    """An app that closes (and lets go of its connections) before the server stops."""
    with headless_app(paths) as application:
        yield application
    assert wait_all(20)
