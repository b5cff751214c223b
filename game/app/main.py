"""Starting the app: ``python -m game`` / ``card-parlour`` / ``make play``."""

from __future__ import annotations

import logging
import time
from typing import Any

log = logging.getLogger(__name__)


def run_app(
    portable: bool = False, measure_startup: bool = False, load: Any = None, replay: Any = None
) -> int:
    """Open the window on the title screen and run until the player quits.

    With ``measure_startup`` the app prints the time from this call to the first frame
    shown and closes at once (``python -m game play --measure-startup``). ``load`` is a
    ``SavedGame`` (from ``--load PATH``) to open at the table over the title; ``replay``
    one (``--replay FILE``) to look back over, from its start."""
    started = time.perf_counter()
    from game.app.app import App
    from game.app.scenes.title import TitleScene
    from game.persist.paths import app_paths
    from game.persist.settings import load_settings

    paths = app_paths(portable)
    settings, messages = load_settings(paths)
    app = App(paths, settings, messages=messages)

    def first_frame() -> None:
        if load is not None:
            app.resume_game(load)
        if replay is not None:
            from game.app.scenes.replay import ReplayScene

            app.stack.push(ReplayScene(app, replay))
        if measure_startup:
            elapsed = (time.perf_counter() - started) * 1000
            print(f"first frame after {elapsed:.0f} ms (from run_app)")
            app.quit()

    return app.run(TitleScene(app), on_first_frame=first_frame)
