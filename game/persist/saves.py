"""Saved games on disk: named slots, reading the Load list, and checking a file. The
games in progress (one autosave each) are in :mod:`game.persist.autosaves`.

Every function that reads a save either returns a fully checked game or reports what is
wrong; none lets another exception escape. Files in the app's own folders (the saves
folder and its ``autosaves/``) that turn out damaged are moved to ``damaged/`` beside
them (never deleted) with a message for the player; a file elsewhere (``--load``,
``--check-save``, the sample games) is reported and left alone, since it is the
player's own file, or the program's.
"""

from __future__ import annotations

import contextlib
from dataclasses import replace
from datetime import datetime, timezone
from pathlib import Path

from game.persist.paths import SETTINGS_FILE, STATISTICS_FILE, Paths, resolved
from game.persist.savedgame import AUTOSAVE, NAMED, SAMPLE, SavedGame, SaveSummary
from game.persist.saveformat import (
    file_time,
    planned_deals,
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
    DAMAGED_FOLDER,
    DamagedFile,
    StoreError,
    UnreadableFile,
    aside_message,
    move_aside,
    read_json,
    write_json,
)
from game.persist.texts import shown

__all__ = ["AUTOSAVE", "NAMED", "SAMPLE"]
SAVE_SUFFIX = ".json"
AUTOSAVE_FOLDER = "autosaves"
UNKNOWN_TIME = datetime(1970, 1, 1, tzinfo=timezone.utc)  # shown for a time nobody can tell
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
    where, own = resolved(path), resolved(folder)
    return where is not None and own is not None and where.parent == own


def own_folders(paths: Paths) -> tuple[Path, Path]:
    """The folders whose damaged files the app moves aside: the saves, the autosaves."""
    return paths.saves, paths.saves / AUTOSAVE_FOLDER


def open_save(
    paths: Paths, path: Path, folder: Path | None = None
) -> tuple[SavedGame | None, list[str]]:
    """Load ``path`` for play: (the game, []) or (None, [a message for the player]). A
    damaged file in one of the app's own folders is moved aside; one elsewhere is left
    alone."""
    name = shown(path.name)
    try:
        return load_save(path), []
    except UnreadableFile as error:
        return None, [f"The saved game {name} could not be opened: {error.reason}."]
    except DamagedFile as error:
        reason = error.reason
    except Exception as error:  # last resort: no file may crash the app
        reason = f"it could not be read ({type(error).__name__})"
    if any(_inside(own, path) for own in own_folders(paths)):
        return None, [aside_message("saved game", path, reason, move_aside(path))]
    return None, [f"The saved game {name} could not be used: {reason}."]


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
    """Delete a save the player chose to delete (after the app's confirmation): a named
    slot or a game in progress. Anything else (a sample, a file elsewhere): ValueError."""
    name = shown(path.name)
    if not any(_inside(own, path) for own in own_folders(paths)) or path.suffix != SAVE_SUFFIX:
        raise ValueError(f"{name} is not one of the saved games")
    if path.name in _NOT_SAVES:
        raise ValueError(f"{name} is not a saved game")
    with contextlib.suppress(FileNotFoundError):
        path.unlink()


# --- the Load list


def read_summary(path: Path, kind: str = NAMED) -> SaveSummary:
    """The Load list's line for ``path`` without replaying the game; DamagedFile or
    UnreadableFile as for :func:`load_save`."""
    try:
        data = read_json(path)
    except FileNotFoundError:
        raise UnreadableFile(path, "there is no such file") from None
    try:
        data, info, options, seats = read_header(data)
    except ValueError as error:
        raise DamagedFile(path, str(error)) from None
    fields = summary_fields(data, seats)
    deals = fields.deals
    if deals is None and fields.deal is not None:  # an older file: the options tell
        deals = planned_deals(info, options)
        deals = deals if deals is not None and fields.deal <= deals else None
    saved_at = saved_at_of(data)
    if saved_at is None:  # unknown: the file's own time is the best guess
        try:
            saved_at = file_time(path.stat().st_mtime)
        except OSError as error:
            raise UnreadableFile(path, error.strerror or str(error)) from None
    if saved_at is None:  # a file time past year 9999: display-only, never a reason to refuse
        saved_at = UNKNOWN_TIME
    return SaveSummary(
        path=path,
        name=slot_name_of(data) or shown(path.stem),
        game_id=info.id,
        game_title=info.title,
        players=tuple(seat.name for seat in seats),
        deal=fields.deal,
        to_act=fields.to_act,
        saved_at=saved_at,
        thumbnail=thumbnail_of(data),
        kind=kind,
        deals=deals,
        finished=fields.finished,
        options=options,
        online=data.get("online") is True,  # (replays.ONLINE: only a replay's file has it)
    )


def _newest_first(summaries: list[SaveSummary]) -> list[SaveSummary]:
    return sorted(summaries, key=lambda s: (s.sort_time, s.path.name), reverse=True)


def list_folder(
    folder: Path,
    kind: str,
    messages: list[str] | None = None,
    *,
    only: set[str] | None = None,
    skip: set[str] = frozenset(),  # type: ignore[assignment]
    move_damaged: bool = True,
) -> list[SaveSummary]:
    """Every save directly in ``folder`` (or the names in ``only``), newest first. A
    damaged one is moved aside when ``move_damaged`` and, when ``messages`` is given, a
    line for the player is appended to it."""
    try:
        candidates = sorted(p for p in folder.iterdir() if p.suffix == SAVE_SUFFIX)
    except OSError:  # no folder yet: no saves
        return []
    summaries = []
    for path in candidates:
        name = path.name
        if name in _NOT_SAVES or name in skip or name.startswith(".") or name == DAMAGED_FOLDER:
            continue
        if (only is not None and name not in only) or not path.is_file():
            continue
        try:
            summaries.append(read_summary(path, kind))
        except UnreadableFile as error:
            if messages is not None:
                messages.append(f"The saved game {shown(name)} could not be read: {error.reason}.")
        except Exception as error:  # DamagedFile, or (last resort) anything else
            reason = error.reason if isinstance(error, DamagedFile) else type(error).__name__
            if messages is not None and not move_damaged:
                messages.append(f"The saved game {shown(name)} could not be used: {reason}.")
            elif move_damaged:
                moved = move_aside(path)
                if messages is not None:
                    messages.append(aside_message("saved game", path, reason, moved))
    return _newest_first(summaries)


def list_saves(
    paths: Paths, messages: list[str] | None = None, samples: Path | None = None
) -> list[SaveSummary]:
    """The named slots in the saves folder, newest first (damaged ones moved aside).
    When the saves folder is the samples folder (portable, from a source checkout), the
    samples are left for :func:`list_samples`."""
    skip: set[str] = set()
    if samples is not None and _same_folder(paths.saves, samples):
        skip = {p.name for p in _sample_files(samples)}
    return list_folder(paths.saves, NAMED, messages, skip=skip)


def list_samples(folder: Path, messages: list[str] | None = None) -> list[SaveSummary]:
    """The sample games shipped in ``folder`` (read-only: a bad one is reported, never
    moved)."""
    names = {p.name for p in _sample_files(folder)}
    found = list_folder(folder, SAMPLE, messages, only=names, move_damaged=False)
    return sorted(found, key=lambda s: s.path.name)


def _sample_files(folder: Path) -> list[Path]:
    try:
        return sorted(folder.glob("sample-*.json"))
    except OSError:
        return []


def _same_folder(a: Path, b: Path) -> bool:
    first, second = resolved(a), resolved(b)
    return first is not None and first == second
