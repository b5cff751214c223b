"""Apps for table tests: headless, their files in tmp_path, animations instant unless a
test turns them on (the soak plays quickly, with sound off)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from game.app.app import App
from tests.app.conftest import headless_app


@pytest.fixture
def app(paths) -> Iterator[App]:
    with headless_app(paths, reduce_motion=True) as application:
        yield application


@pytest.fixture
def soak_app(paths) -> Iterator[App]:
    with headless_app(paths, animation_speed=3.0, sound=False) as application:
        yield application
