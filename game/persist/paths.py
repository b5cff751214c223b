"""Where Card Parlour keeps its files.

Normally the platform's folders (platformdirs): saves in the user data folder's
``saves/``, ``settings.json`` in the config folder, ``statistics.json`` in the data
folder. ``--portable`` keeps all of it in the ``saves/`` folder next to the program (the
source checkout's root, or the folder of the frozen executable), for a USB stick.
Nothing here creates a folder: the store creates one when it first writes.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

import platformdirs

APP_NAME = "Card Parlour"
APP_AUTHOR = "CardParlour"
SETTINGS_FILE = "settings.json"
STATISTICS_FILE = "statistics.json"
ONLINE_FOLDER = "online"  # beside the saves: a record per online seat (online_tables.py)


@dataclass(frozen=True)
class Paths:
    saves: Path  # saved games (autosave.json and named slots)
    config: Path  # settings.json lives here
    data: Path  # statistics.json lives here

    @property
    def settings_file(self) -> Path:
        return self.config / SETTINGS_FILE

    @property
    def statistics_file(self) -> Path:
        return self.data / STATISTICS_FILE


def resolved(path: Path) -> Path | None:
    """``path`` with its links followed, or None when that cannot be done: a link loop
    raises RuntimeError (before Python 3.13) rather than OSError, and no folder state
    may crash a screen."""
    try:
        return path.resolve()
    except (OSError, RuntimeError):
        return None


def program_folder() -> Path:
    """The folder the program runs from: the frozen executable's folder, else the
    source checkout's root (the folder holding the ``game`` package)."""
    if getattr(sys, "frozen", False):
        return Path(sys.executable).resolve().parent
    return Path(__file__).resolve().parent.parent.parent


def app_paths(portable: bool = False) -> Paths:
    if portable:
        folder = program_folder() / "saves"
        return Paths(saves=folder, config=folder, data=folder)
    data = Path(platformdirs.user_data_dir(APP_NAME, APP_AUTHOR))
    config = Path(platformdirs.user_config_dir(APP_NAME, APP_AUTHOR))
    return Paths(saves=data / "saves", config=config, data=data)


def online_seats_kept(paths: Paths) -> bool:
    """Whether any online seat's record may be kept (a file in the records' folder).
    Cheap and never raising, so the title imports the record and network code only when
    there is something for it to read."""
    try:
        return any(
            entry.name.endswith(".json") for entry in (paths.saves / ONLINE_FOLDER).iterdir()
        )
    except OSError:
        return False
