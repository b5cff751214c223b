"""Loading a small validated file (settings, statistics) so that it never fails and never
loses what it can keep.

- missing: the defaults, silently (a first start);
- unreadable (no permission): the defaults with a message; the file is left alone;
- damaged (not JSON, too big, not the right shape): moved to ``damaged/``, defaults used;
- some values bad: those fall back to defaults with a message each, the rest are kept;
  a copy of the original goes to ``damaged/`` and the repaired file is written back, so
  the next start is quiet and the original is still there for anyone who wants it.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from game.persist.store import (
    aside_message,
    copy_aside,
    move_aside,
    parse_json,
    read_bytes,
    size_text,
    write_json,
)
from game.persist.texts import shown

T = TypeVar("T")


class WrongShape(ValueError):
    """The file parsed but holds nothing of the expected kind (moved aside)."""


def load_validated(
    path: Path,
    kind: str,
    max_bytes: int,
    default: T,
    parse: Callable[[Any], tuple[T, list[str]]],
    serialise: Callable[[T], Any],
) -> tuple[T, list[str]]:
    """``parse`` turns the JSON value into (value, messages for bad parts), or raises
    WrongShape; ``serialise`` writes the repaired value back."""
    try:
        raw = read_bytes(path, max_bytes)
    except FileNotFoundError:
        return default, []
    except OSError as error:
        reason = error.strerror or str(error)
        return default, [f"The {kind} file {shown(path.name)} could not be read ({reason})."]
    try:
        if len(raw) > max_bytes:
            raise WrongShape(f"the file is larger than {size_text(max_bytes)}")
        value, messages = parse(parse_json(raw))
    except ValueError as problem:  # WrongShape, or not JSON at all
        return default, [aside_message(kind, path, str(problem), move_aside(path))]
    if messages:
        copy = copy_aside(path, raw)
        with contextlib.suppress(OSError):
            write_json(path, serialise(value), indent=2)
        if copy is not None:
            messages.append(f"The original {kind} file was kept as {copy.parent.name}/{copy.name}.")
    return value, messages
