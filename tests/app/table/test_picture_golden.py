"""The tables draw as recorded: a golden picture fingerprint (see ``pictures.py``) for
every table of the self-test catalogue, and one for each step of the story and gesture
tests (``test_table_story.py``, ``test_gestures.py``, run here again with a recorder on
the app's frame). Refactors of the table change none of them.

A deliberate change of what a table draws regenerates them, in the same commit, whose
message says why::

    CARD_PARLOUR_PICTURES=write SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy \\
        .venv/bin/python -m pytest -q tests/app/table/test_picture_golden.py

A failure writes what every step showed to ``test-output/pictures/<name>.txt``; run the
same test on the commit before (or regenerate and ``git diff``) to see what changed.
"""

from __future__ import annotations

import inspect
import json
import os
from collections.abc import Callable
from importlib import import_module
from pathlib import Path

import pytest

from game.app import i18n
from game.games.registry import GAMES
from tests.app.conftest import frames, headless_app, paths_in
from tests.app.table import test_gestures, test_table_story
from tests.app.table.pictures import describe, fingerprint, shown_table, steps

FILE = Path(__file__).with_name("pictures.json")
WRITE = os.environ.get("CARD_PARLOUR_PICTURES") == "write"
OUT = Path(__file__).resolve().parents[3] / "test-output" / "pictures"
CATALOGUE_WINDOWS = (((1280, 800), "en"), ((1024, 640), "ja"))


def _stories() -> dict[str, Callable]:
    found = {}
    for module in (test_table_story, test_gestures):
        short = module.__name__.rsplit(".", 1)[1]
        for name, function in vars(module).items():
            if name.startswith("test_") and inspect.isfunction(function):
                found[f"{short}::{name}"] = function
    return found


STORIES = _stories()
_recorded: dict[str, list[str]] = {}


def _golden() -> dict[str, list[str]]:
    return json.loads(FILE.read_text(encoding="utf-8")) if FILE.exists() else {}


def _check(name: str, hashes: list[str], described: list[list[str]]) -> None:
    if WRITE:
        _recorded[name] = hashes
        return
    expected = _golden().get(name)
    if expected == hashes:
        return
    OUT.mkdir(parents=True, exist_ok=True)
    safe = name.replace("::", "__").replace("/", "_").replace(":", "_")
    with open(OUT / f"{safe}.txt", "w", encoding="utf-8") as out:
        for number, (value, lines) in enumerate(zip(hashes, described)):
            out.write(f"## step {number} {value}\n" + "\n".join(lines) + "\n")
    differ = next(
        (i for i, pair in enumerate(zip(expected or [], hashes)) if pair[0] != pair[1]),
        min(len(expected or []), len(hashes)),
    )
    raise AssertionError(
        f"{name}: the table draws differently from step {differ} "
        f"(recorded {len(expected or [])} steps, now {len(hashes)}); "
        f"what each step showed is in {OUT / safe}.txt"
    )


def _catalogue(app) -> list[tuple[str, Callable]]:
    entries = []
    for info in GAMES.values():
        entries.extend(import_module(info.showcase).catalogue(app))
    return entries


@pytest.mark.parametrize(("size", "language"), CATALOGUE_WINDOWS)
def test_every_catalogue_table_draws_as_recorded(tmp_path, size, language):
    with headless_app(paths_in(tmp_path), size, language=language) as app:
        for name, make in _catalogue(app):
            app.stack.reset(make())
            frames(app, 2)
            table = shown_table(app)
            if table is None:  # an end screen of its own
                continue
            key = f"catalogue::{name}@{size[0]}x{size[1]}:{language}"
            _check(key, [fingerprint(table)], [describe(table)])


@pytest.mark.parametrize("name", sorted(STORIES))
def test_each_step_of_the_stories_draws_as_recorded(tmp_path, name):
    function = STORIES[name]
    wanted = inspect.signature(function).parameters
    with headless_app(paths_in(tmp_path), reduce_motion=True) as app:
        patch = pytest.MonkeyPatch()
        arguments = {"app": app, "monkeypatch": patch}
        try:
            with steps(app) as (hashes, described):
                function(**{k: arguments[k] for k in wanted})
        finally:
            patch.undo()
            i18n.set_language("en")
        _check(f"story::{name}", hashes, described)


def test_the_recordings_are_written_when_asked():
    """Last in the file: with CARD_PARLOUR_PICTURES=write, the recordings of the tests
    above replace pictures.json."""
    if not WRITE:
        pytest.skip("only when regenerating (CARD_PARLOUR_PICTURES=write)")
    assert _recorded, "run the whole file to regenerate"
    FILE.write_text(json.dumps(dict(sorted(_recorded.items())), indent=1) + "\n", "utf-8")
