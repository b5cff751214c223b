"""``--self-test``: prove the installed or packaged app can start, without a player.

It opens pygame (the dummy video and audio drivers when there is no display or sound
device), loads every sprite, sound and font, both translations and the theme, builds
every scene once in each language and renders a frame of each (a font pygame_gui
cannot find, which it only warns about, fails the test: the bundle leaves unused faces
out), with files in a temporary folder (the player's own settings and saves are never
touched). It prints ``SELF-TEST OK`` and returns 0, or ``SELF-TEST FAILED: <reason>`` and 1.
"""

from __future__ import annotations

import sys
import tempfile
import time
import traceback
import warnings
from pathlib import Path


def run_self_test(result_file: str | None = None) -> int:
    started = time.perf_counter()
    notes: list[str] = []
    try:
        _check(notes)
        status = 0
        report = "SELF-TEST OK"
    except Exception as error:  # report every failure, never crash
        status = 1
        report = f"SELF-TEST FAILED: {type(error).__name__}: {error}"
        notes.append(traceback.format_exc())
    elapsed = time.perf_counter() - started
    lines = [report, *[f"  {note}" for note in notes], f"  took {elapsed:.1f} s"]
    text = "\n".join(lines)
    print(text, file=sys.stdout if status == 0 else sys.stderr)
    if result_file:
        Path(result_file).write_text(text + "\n", encoding="utf-8")
    return status


def _check(notes: list[str]) -> None:
    from game.app.scripted import check_assets

    check_assets(notes)
    _check_scenes(notes)
    from game.net.selfcheck import check_network

    notes.append(check_network())


def _check_scenes(notes: list[str]) -> None:
    from game.app.app import App
    from game.persist.paths import Paths
    from game.persist.settings import default_settings
    from game.tools.catalogue import every_scene

    with tempfile.TemporaryDirectory(prefix="card-parlour-selftest-") as folder:
        root = Path(folder)
        paths = Paths(saves=root / "saves", config=root, data=root)
        app = App(paths, default_settings(), hidden=True)
        count = 0
        for language in ("en", "ja"):
            app.update_settings(language=language, save=False)
            for name, make in every_scene(app):
                with warnings.catch_warnings(record=True) as caught:
                    warnings.simplefilter("always", UserWarning)
                    app.stack.reset(make())
                    app.stack.update(1 / 60)
                    frame = app.draw()
                if frame.get_size() != app.size:
                    raise RuntimeError(f"scene {name} drew nothing")
                missing = [str(w.message) for w in caught if issubclass(w.category, UserWarning)]
                if missing:  # pygame_gui's way of saying a font or image did not load
                    raise RuntimeError(f"scene {name} ({language}): {'; '.join(missing)}")
                count += 1
        app.shutdown()
        app.window.destroy()
        notes.append(f"scenes: {count} built and drawn (English and Japanese)")
