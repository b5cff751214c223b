"""An app for table tests: headless, its files in tmp_path, animations instant unless a
test turns them on."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from game.app.app import App
from game.persist.settings import Settings
from tests.app.conftest import paths_in


@pytest.fixture
def paths(tmp_path):
    return paths_in(tmp_path)


@pytest.fixture
def app(paths) -> Iterator[App]:
    application = App(paths, Settings(language="en", reduce_motion=True), size=(1280, 800))
    yield application
    application.shutdown()
    application.window.destroy()
