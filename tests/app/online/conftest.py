"""Every test here waits for the screens' background work (a connection closing, the
LAN browser saying goodbye) before its table server stops."""

from __future__ import annotations

import pytest

from game.app.scenes.online.task import wait_all


@pytest.fixture(autouse=True)
def background_work_finishes():
    yield
    assert wait_all(20)
