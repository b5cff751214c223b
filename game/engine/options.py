"""Game options: frozen dataclasses whose fields carry a label and a one-line help.

The new-game screen builds its controls from :func:`option_fields`; the command line and
saves use :func:`options_from_dict`, which names any unknown option or bad value.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from game.engine import codec

LEGACY = "legacy"  # a field's metadata key: an older version's rule, offered nowhere


def option(
    default: Any,
    label: str,
    help: str,
    *,
    minimum: int | None = None,
    maximum: int | None = None,
    choices: tuple[Any, ...] | None = None,
    step: int | None = None,
    quiet: bool = False,
    legacy: bool = False,
) -> Any:
    """A dataclass field for a game option, with what the new-game screen shows. A
    ``quiet`` option is left out of saves while it holds its default (``codec.QUIET``).
    ``step``: how far the screen's stepper moves (else a step suiting the range). A
    ``legacy`` option keeps a rule as an older version played it, so that its saves
    replay as they were played (``persist/migrations.py`` sets it): no screen, tool or
    sweep offers it (:func:`option_fields` leaves it out)."""
    meta = {
        "label": label,
        "help": help,
        "min": minimum,
        "max": maximum,
        "choices": choices,
        "step": step,
    }
    if quiet:
        meta[codec.QUIET] = True
    if legacy:
        meta[LEGACY] = True
    return dataclasses.field(default=default, metadata=meta)


@dataclass(frozen=True)
class OptionField:
    name: str
    kind: type
    default: Any
    label: str
    help: str
    minimum: int | None
    maximum: int | None
    choices: tuple[Any, ...] | None
    step: int | None = None


def option_fields(options_type: type, *, legacy: bool = False) -> list[OptionField]:
    """The options a player can choose (and with ``legacy`` the older versions' rules)."""
    hints = codec._hints(options_type)
    fields = []
    for f in dataclasses.fields(options_type):
        meta = f.metadata
        if meta.get(LEGACY) and not legacy:
            continue
        fields.append(
            OptionField(
                f.name,
                hints[f.name],
                f.default,
                meta.get("label", f.name),
                meta.get("help", ""),
                meta.get("min"),
                meta.get("max"),
                meta.get("choices"),
                meta.get("step"),
            )
        )
    return fields


def check_range(options: object) -> None:
    """Raise ValueError when a field lies outside the bounds its metadata declares."""
    for f in option_fields(type(options), legacy=True):
        value = getattr(options, f.name)
        if f.minimum is not None and value < f.minimum:
            raise ValueError(f"{f.label}: {value} is below the minimum of {f.minimum}")
        if f.maximum is not None and value > f.maximum:
            raise ValueError(f"{f.label}: {value} is above the maximum of {f.maximum}")
        if f.choices is not None and value not in f.choices:
            allowed = ", ".join(str(c) for c in f.choices)
            raise ValueError(f"{f.label}: {value!r} is not one of {allowed}")


def options_from_dict(options_type: type, data: dict[str, Any]) -> Any:
    """Build options from names and values, e.g. from the command line or a save."""
    known = {f.name for f in dataclasses.fields(options_type)}
    for name in data:
        if name not in known:
            raise ValueError(f"unknown option {name!r}; this game has: {', '.join(sorted(known))}")
    return codec.decode(options_type, data, "options")
