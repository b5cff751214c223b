"""Saved games on disk: the autosave slot, named slots, the Load list, and checking a file.

Every function that reads a save either returns a fully checked game or reports what is
wrong; none lets another exception escape. Files in the app's own saves folder that
turn out damaged are moved to ``damaged/`` beside them (never deleted) with a message for
the player; a file elsewhere (``--load``, ``--check-save``) is reported and left alone,
since it is the player's own file wherever they keep it.
"""

from __future__ import annotations

import contextlib
from dataclasses import replace
from datetime import datetime
from pathlib import Path

from game.persist.paths import SETTINGS_FILE, STATISTICS_FILE, Paths
from game.persist.savedgame import SavedGame, SaveSummary
from game.persist.saveformat import (
    read_header,
    save_from_dict,
    save_to_dict,
    saved_at_of,
    slot_name_of,
    summary_fields,
    thumbnail_of,
)
from game.persist.slots import slot_stem
from game.persist.store import (
    DamagedFile,
    StoreError,
    UnreadableFile,
    aside_message,
    move_aside,
    read_json,
    write_json,
)

AUTOSAVE_FILE = "autosave.json"
SAVE_SUFFIX = ".json"
_NOT_SAVES = {SETTINGS_FILE, STATISTICS_FILE}  # they share the folder in portable mode


def _now() -> datetime:
    return datetime.now().astimezone()


def write_save(path: Path, saved: SavedGame) -> None:
    """Write ``saved`` to ``path`` atomically. OSError when the disk refuses (the
    previous file at ``path`` is then intact); ValueError for an impossible game."""
    write_json(path, save_to_dict(saved, _now()))


def load_save(path: Path) -> SavedGame:
    """The checked game in ``path``. Raises DamagedFile (content unusable) or
    UnreadableFile (missing, no permission, a folder): both name the file and the reason.
    Nothing is moved: see :func:`open_save`. The fuzz tests hold this to raising nothing
    else; the app-facing functions below add a last-resort guard all the same."""
    try:
        data = read_json(path)
    except FileNotFoundError:
        raise UnreadableFile(path, "there is no such file") from None
    try:
        return save_from_dict(data)
    except ValueError as error:
        raise DamagedFile(path, str(error)) from None
    except RecursionError:
        raise DamagedFile(path, "the data is nested far too deeply") from None


def check_save(path: Path) -> str | None:
    """None when ``path`` loads cleanly, else what is wrong (for ``--check-save``)."""
    try:
        load_save(path)
    except StoreError as error:
        return error.reason
    return None


def _inside(folder: Path, path: Path) -> bool:
    try:
        return path.resolve().parent == folder.resolve()
    except OSError:
        return False


def open_save(paths: Paths, path: Path) -> tuple[SavedGame | None, list[str]]:
    """Load ``path`` for play: (the game, []) or (None, [a message for the player]). A
    damaged file in the saves folder is moved aside; one elsewhere is left alone."""
    try:
        return load_save(path), []
    except UnreadableFile as error:
        return None, [f"The saved game {path.name} could not be opened: {error.reason}."]
    except DamagedFile as error:
        reason = error.reason
    except Exception as error:  # last resort: no file may crash the app
        reason = f"it could not be read ({type(error).__name__})"
    if _inside(paths.saves, path):
        return None, [aside_message("saved game", path, reason, move_aside(path))]
    return None, [f"The saved game {path.name} could not be used: {reason}."]


# --- the autosave slot


def autosave_path(paths: Paths) -> Path:
    return paths.saves / AUTOSAVE_FILE


def autosave(paths: Paths, session: SavedGame) -> None:
    """Save the game in progress to the autosave slot (after every applied action).
    OSError when the disk refuses; the previous autosave is then intact."""
    write_save(autosave_path(paths), session)


def has_autosave(paths: Paths) -> bool:
    """Whether the title screen should offer Continue (cheap: no loading)."""
    return autosave_path(paths).is_file()


def latest_autosave(paths: Paths) -> tuple[SavedGame | None, list[str]]:
    """The autosaved game, checked, or None; a damaged autosave is moved aside with a
    message. A finished game is returned too: the app decides what Continue shows."""
    path = autosave_path(paths)
    if not path.exists():
        return None, []
    return open_save(paths, path)


def clear_autosave(paths: Paths) -> None:
    """Forget the autosave (when its game has ended and the player has seen the result)."""
    with contextlib.suppress(FileNotFoundError):
        autosave_path(paths).unlink()


# --- named slots


def slot_path(paths: Paths, name: str) -> Path:
    """Where the slot called ``name`` lives (to ask before overwriting an existing one)."""
    return paths.saves / (slot_stem(name) + SAVE_SUFFIX)


def save_named(paths: Paths, name: str, session: SavedGame) -> Path:
    """Save to the slot ``name`` (any text), replacing a slot of the same name
    atomically. Returns the file written. OSError when the disk refuses."""
    path = slot_path(paths, name)
    write_save(path, _with_name(session, name))
    return path


def _with_name(session: SavedGame, name: str) -> SavedGame:
    return replace(session, name=" ".join(name.split())[:80] or None)


def delete_save(paths: Paths, path: Path) -> None:
    """Delete a save the player chose to delete (after the app's confirmation). Only a
    file directly inside the saves folder is ever deleted; anything else: ValueError."""
    if not _inside(paths.saves, path) or path.suffix != SAVE_SUFFIX:
        raise ValueError(f"{path.name} is not one of the saved games")
    if path.name in _NOT_SAVES:
        raise ValueError(f"{path.name} is not a saved game")
    with contextlib.suppress(FileNotFoundError):
        path.unlink()


# --- the Load list


def read_summary(path: Path) -> SaveSummary:
    """The Load list's line for ``path`` without replaying the game; DamagedFile or
    UnreadableFile as for :func:`load_save`."""
    try:
        data = read_json(path)
    except FileNotFoundError:
        raise UnreadableFile(path, "there is no such file") from None
    try:
        data, info, _options, seats = read_header(data)
    except ValueError as error:
        raise DamagedFile(path, str(error)) from None
    deal, to_act = summary_fields(data, seats)
    saved_at = saved_at_of(data)
    if saved_at is None:  # unknown: the file's own time is the best guess
        try:
            saved_at = datetime.fromtimestamp(path.stat().st_mtime).astimezone()
        except OSError as error:
            raise UnreadableFile(path, error.strerror or str(error)) from None
    return SaveSummary(
        path=path,
        name=slot_name_of(data) or path.stem,
        game_id=info.id,
        game_title=info.title,
        players=tuple(seat.name for seat in seats),
        deal=deal,
        to_act=to_act,
        saved_at=saved_at,
        thumbnail=thumbnail_of(data),
        is_autosave=path.name == AUTOSAVE_FILE,
    )


def list_saves(paths: Paths, messages: list[str] | None = None) -> list[SaveSummary]:
    """Every save in the saves folder, newest first. A damaged one is moved aside and,
    when ``messages`` is given, a line for the player is appended to it."""
    folder = paths.saves
    try:
        candidates = sorted(p for p in folder.iterdir() if p.suffix == SAVE_SUFFIX)
    except OSError:  # no folder yet: no saves
        return []
    summaries = []
    for path in candidates:
        if path.name in _NOT_SAVES or path.name.startswith(".") or not path.is_file():
            continue
        try:
            summaries.append(read_summary(path))
        except UnreadableFile as error:
            if messages is not None:
                messages.append(f"The saved game {path.name} could not be read: {error.reason}.")
        except Exception as error:  # DamagedFile, or (last resort) anything else
            reason = error.reason if isinstance(error, DamagedFile) else type(error).__name__
            moved = move_aside(path)
            if messages is not None:
                messages.append(aside_message("saved game", path, reason, moved))
    summaries.sort(key=lambda s: (s.saved_at.timestamp(), s.path.name), reverse=True)
    return summaries
