"""Start-up imports only what the title shows (issue 29 section 3): the network code
(game.net, python-socketio, aiohttp, zeroconf) and the online-record code load when they
are used (Play online, a hosted table, a rejoin), not on the way to the first frame."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import game

ROOT = Path(game.__file__).resolve().parent.parent
NOT_AT_START = (
    "game.net",
    "socketio",
    "engineio",
    "aiohttp",
    "zeroconf",
    "game.persist.online_tables",
    "game.app.table.rejoin",
    "game.app.net_session",
    "game.app.scenes.online",
)
# The real app headless up to its first frame (the title drawn and shown), then every
# module loaded by then.
TO_FIRST_FRAME = """
import json, sys
from game.app.main import run_app
run_app(measure_startup=True)
print(json.dumps(sorted(sys.modules)))
"""


# A local game's table opened and drawn (New game, Continue, Load), then every module.
TO_A_LOCAL_TABLE = """
import json, sys
from pathlib import Path
from game.app.app import App
from game.app.session import GameSession
from game.app.setup import GameSetup
from game.app.table import open_table
from game.persist.paths import Paths
from game.persist.savedgame import Seat
from game.persist.settings import Settings
root = Path(sys.argv[1])
app = App(Paths(root / "saves", root, root), Settings(language="en", sound=False))
seats = (Seat("You", "human"), Seat("Ada", "easy"))
from game.games.registry import get_game
setup = GameSetup("kaluki", get_game("kaluki").options(players=2), 3, seats)
open_table(app, GameSession(setup))
for _ in range(3):
    app.frame(1 / 60)
print(json.dumps(sorted(sys.modules)))
"""


def modules_at_first_frame(home: Path, script: str = TO_FIRST_FRAME) -> list[str]:
    env = dict(os.environ)
    env.update(
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        XDG_DATA_HOME=str(home / "data"),
        XDG_CONFIG_HOME=str(home / "config"),
    )
    done = subprocess.run(
        [sys.executable, "-c", script, str(home)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


def loaded_from(modules: list[str], roots: tuple[str, ...]) -> list[str]:
    return [name for name in modules if any(name == r or name.startswith(r + ".") for r in roots)]


def test_the_first_frame_imports_no_network_or_online_record_code(tmp_path):
    modules = modules_at_first_frame(tmp_path)
    assert "game.app.scenes.title" in modules  # the title was built and drawn
    assert loaded_from(modules, NOT_AT_START) == []


def test_a_kept_online_seat_still_loads_its_code_to_offer_the_rejoin(tmp_path):
    folder = tmp_path / "data" / "Card Parlour" / "saves" / "online"
    folder.mkdir(parents=True)
    record = {
        "url": "http://127.0.0.1:9",
        "code": "ABCDEFGH",
        "seat": 0,
        "credential": "secret-credential",
        "game": "kaluki",
    }
    (folder / "ABCDEFGH.json").write_text(json.dumps(record))
    modules = modules_at_first_frame(tmp_path)
    assert "game.app.table.rejoin" in modules and "game.persist.online_tables" in modules
    assert loaded_from(modules, ("socketio", "aiohttp", "zeroconf")) == []


def test_a_local_table_imports_no_network_library(tmp_path):
    modules = modules_at_first_frame(tmp_path, TO_A_LOCAL_TABLE)
    assert "game.app.table.table_scene" in modules
    assert loaded_from(modules, ("socketio", "engineio", "aiohttp", "zeroconf")) == []
