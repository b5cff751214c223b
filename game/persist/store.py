"""Reading and writing JSON files so that nothing is ever lost.

Writes are atomic: the text goes to a temporary file in the same folder, is flushed and
fsynced, then ``os.replace`` puts it in place (retried briefly while Windows holds the
file), and the folder is fsynced where the system allows it. At every moment the file on
disk is either the previous good version or the new one, never a mixture.

Reads are defensive: the size read is capped, the text must be UTF-8 JSON, numbers may
not be gigantic, infinite or NaN, and nesting may not be absurdly deep. Anything wrong
raises :class:`DamagedFile` with a reason a player can read; a damaged file is moved to a
``damaged/`` folder beside it by :func:`move_aside`, never deleted.
"""

from __future__ import annotations

import contextlib
import glob
import json
import math
import os
import stat
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from game.persist.texts import shown  # a file name may hold undecodable bytes

MAX_FILE_BYTES = 20 * 1024 * 1024  # no file of ours comes near this
MAX_NUMBER_DIGITS = 30  # the codec refuses numbers beyond 10**12 anyway
REPLACE_TRIES = 5  # Windows may hold a file briefly (a virus scanner, the indexer)
REPLACE_PAUSE = 0.05  # seconds between tries
STALE_TEMP_SECONDS = 60  # a temporary file this old was left by a crash
DAMAGED_FOLDER = "damaged"


class StoreError(Exception):
    """A file could not be used; ``reason`` is written for the player."""

    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(f"{path.name}: {reason}")
        self.path = path
        self.reason = reason


class DamagedFile(StoreError):
    """The file's contents are unusable (it is moved aside, never deleted)."""


class UnreadableFile(StoreError):
    """The file exists but the system would not let us read it (left where it is)."""


def _reject_constant(name: str) -> Any:
    raise ValueError(f"the number {name} is not allowed")


def _parse_int(text: str) -> int:
    if len(text) > MAX_NUMBER_DIGITS:
        raise ValueError("a number is far too large")
    return int(text)


def _parse_float(text: str) -> float:
    if len(text) > MAX_NUMBER_DIGITS * 2:
        raise ValueError("a number is far too long")
    value = float(text)
    if not math.isfinite(value):
        raise ValueError("a number is far too large")
    return value


def parse_json(raw: bytes) -> Any:
    """Parse bytes as strict JSON; ValueError says what is wrong."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ValueError("it is not text (not UTF-8)") from None
    if text.startswith("\ufeff"):  # a byte-order mark from a text editor is harmless
        text = text[1:]
    if not text.strip():
        raise ValueError("the file is empty")
    try:
        return json.loads(
            text,
            parse_constant=_reject_constant,
            parse_int=_parse_int,
            parse_float=_parse_float,
        )
    except RecursionError:
        raise ValueError("the data is nested far too deeply") from None
    except json.JSONDecodeError as error:
        where = f"line {error.lineno}, column {error.colno}"
        ending = text.rstrip()
        if error.pos >= len(ending) or error.msg.startswith("Unterminated string"):
            raise ValueError("the file is cut short (it ends before its data does)") from None
        raise ValueError(f"it is not valid JSON ({error.msg} at {where})") from None


def size_text(count: int) -> str:
    """ "20 MB", "64 KB": a size limit as a player reads it."""
    if count >= 1024 * 1024:
        return f"{count // (1024 * 1024)} MB"
    return f"{max(1, count // 1024)} KB"


def read_json(path: Path, max_bytes: int = MAX_FILE_BYTES) -> Any:
    """The JSON value in ``path``. FileNotFoundError passes through (the caller decides
    what a missing file means); other failures raise DamagedFile or UnreadableFile."""
    try:
        if not stat.S_ISREG(path.stat().st_mode):  # a pipe or device would block or never end
            raise UnreadableFile(path, "it is not an ordinary file")
        with open(path, "rb") as handle:
            raw = handle.read(max_bytes + 1)
    except FileNotFoundError:
        raise
    except IsADirectoryError:
        raise UnreadableFile(path, "it is a folder, not a file") from None
    except OSError as error:
        raise UnreadableFile(path, f"it could not be read ({error.strerror or error})") from None
    if len(raw) > max_bytes:
        raise DamagedFile(path, f"the file is larger than {size_text(max_bytes)}")
    try:
        return parse_json(raw)
    except ValueError as error:
        raise DamagedFile(path, str(error)) from None


def dumps(data: Any, indent: int | None = None) -> bytes:
    """Strict JSON text (no NaN) as UTF-8, keeping non-ASCII names readable."""
    separators = (",", ": ") if indent is not None else (",", ":")
    text = json.dumps(
        data, ensure_ascii=False, allow_nan=False, indent=indent, separators=separators
    )
    return (text + "\n").encode("utf-8")


def write_json(path: Path, data: Any, indent: int | None = None) -> None:
    """Write ``data`` to ``path`` atomically (see the module docstring). Raises OSError
    if the disk refuses; the previous file is then still intact."""
    write_bytes_atomic(path, dumps(data, indent))


def write_bytes_atomic(path: Path, payload: bytes) -> None:
    folder = path.parent
    folder.mkdir(parents=True, exist_ok=True)
    handle, temp_name = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.", suffix=".tmp")
    temp = Path(temp_name)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(payload)
            stream.flush()
            os.fsync(stream.fileno())
        _replace_with_retry(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            temp.unlink()
        raise
    _fsync_folder(folder)
    _remove_stale_temps(path)


def _replace_with_retry(source: Path, target: Path) -> None:
    for attempt in range(REPLACE_TRIES):
        try:
            os.replace(source, target)
            return
        except PermissionError:
            if attempt == REPLACE_TRIES - 1:
                raise
            time.sleep(REPLACE_PAUSE)


def _fsync_folder(folder: Path) -> None:
    """Make the rename itself durable (POSIX); Windows cannot open folders this way."""
    if os.name == "nt":
        return
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)


def _remove_stale_temps(path: Path) -> None:
    """Temporary files left by a crash or a kill are half-written copies: remove the old
    ones (never the real file, and never a temp another writer may still be using)."""
    cutoff = time.time() - STALE_TEMP_SECONDS
    for temp in path.parent.glob(f".{glob.escape(path.name)}.*.tmp"):
        with contextlib.suppress(OSError):
            if temp.stat().st_mtime < cutoff:
                temp.unlink()


def remove_stale_temps_in(folder: Path) -> int:
    """Remove every old temporary file of an interrupted write in ``folder`` (of any
    name: a finished game's own file is never written again, so nothing else would
    remove its leftovers). Returns how many went."""
    cutoff = time.time() - STALE_TEMP_SECONDS
    removed = 0
    try:
        temps = list(folder.glob(".*.json.*.tmp"))
    except OSError:
        return 0
    for temp in temps:
        with contextlib.suppress(OSError):
            if temp.is_file() and temp.stat().st_mtime < cutoff:
                temp.unlink()
                removed += 1
    return removed


def _damaged_names(path: Path) -> Iterator[Path]:
    """Candidate places in ``damaged/``: the same name, then name-2, name-3 ..."""
    folder = path.parent / DAMAGED_FOLDER
    for number in range(1, 10_000):
        yield folder / (path.name if number == 1 else f"{path.stem}-{number}{path.suffix}")


def move_aside(path: Path) -> Path | None:
    """Move a damaged file into ``damaged/`` beside it, under a name not yet taken.
    Returns the new place, or None when it could not be moved (read-only media)."""
    try:
        (path.parent / DAMAGED_FOLDER).mkdir(exist_ok=True)
    except OSError:
        return None
    for target in _damaged_names(path):
        if target.exists():
            continue
        try:
            os.link(path, target)  # fails if the name was taken meanwhile: never overwrites
        except FileExistsError:
            continue
        except OSError:
            try:  # no hard links here (FAT32 sticks, some network shares)
                if target.exists():
                    continue
                os.rename(path, target)
                return target
            except OSError:
                return None
        try:
            os.unlink(path)
        except OSError:
            with contextlib.suppress(OSError):
                os.unlink(target)
            return None
        return target
    return None


def copy_aside(path: Path, content: bytes) -> Path | None:
    """Keep a copy of a partly bad file in ``damaged/`` before it is repaired, so that
    nothing the player had is lost. Returns the copy's place, or None."""
    try:
        (path.parent / DAMAGED_FOLDER).mkdir(exist_ok=True)
    except OSError:
        return None
    for target in _damaged_names(path):
        try:
            with open(target, "xb") as stream:  # "x": never overwrites an earlier copy
                stream.write(content)
                stream.flush()
                os.fsync(stream.fileno())
            return target
        except FileExistsError:
            continue
        except OSError:
            return None
    return None


def read_bytes(path: Path, max_bytes: int = MAX_FILE_BYTES) -> bytes:
    """The raw bytes of ``path`` (capped); OSError passes through."""
    if not stat.S_ISREG(path.stat().st_mode):
        raise IsADirectoryError(f"{path.name} is not an ordinary file")
    with open(path, "rb") as handle:
        return handle.read(max_bytes + 1)


def aside_message(kind: str, path: Path, reason: str, moved: Path | None) -> str:
    """The player's message for a damaged file: what, which file, why, where it went."""
    text = f"The {kind} file {shown(path.name)} could not be used: {reason.rstrip('.')}."
    if moved is not None:
        return text + f" It was moved to {moved.parent.name}/{shown(moved.name)} beside it."
    return text + " It could not be moved aside and was left where it is."
