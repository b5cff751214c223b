"""A child process autosaving in a loop is killed with SIGKILL at random moments; every
time, the last save on disk loads cleanly (the previous good save is never lost)."""

from __future__ import annotations

import os
import random
import signal
import sys
import time

import pytest

from game.persist.saves import load_save, write_save
from tests.persist.helpers import checkpoints, paths_in

KILLS = 30


def autosave_path(paths):
    return paths.saves / "autosave.json"


pytestmark = pytest.mark.skipif(
    not hasattr(os, "fork") or sys.platform == "win32", reason="needs fork and SIGKILL"
)


def _save_forever(paths, games, number: int) -> None:
    """The child: autosave one growing game after another until killed."""
    try:
        while True:
            write_save(autosave_path(paths), games[number % len(games)])
            number += 1
    finally:
        os._exit(1)  # only reached if saving failed: the parent sees it


def test_the_last_autosave_survives_sigkill_at_random_moments(tmp_path):
    paths = paths_in(tmp_path)
    games = checkpoints("kaluki", {"players": 4}, seed=31, every=10)
    by_length = {len(game.log): game for game in games}
    write_save(autosave_path(paths), games[0])  # a good save exists before the first kill
    rng = random.Random(2024)
    seen = set()
    for _ in range(KILLS):
        start = rng.randrange(len(games))
        pid = os.fork()
        if pid == 0:  # pragma: no cover - the child never returns
            _save_forever(paths, games, start)
        time.sleep(rng.uniform(0.002, 0.04))
        os.kill(pid, signal.SIGKILL)
        _, status = os.waitpid(pid, 0)
        assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL
        loaded = load_save(autosave_path(paths))  # raises if the file were damaged
        assert loaded == by_length[len(loaded.log)]  # exactly one of the games written
        seen.add(len(loaded.log))
    assert len(seen) > 1, "the child never got a save written between kills"
    leftovers = [p.name for p in paths.saves.iterdir() if p.name != "autosave.json"]
    assert all(name.startswith(".autosave.json.") for name in leftovers)
