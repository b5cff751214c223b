"""Argument types for ``python -m game``: every number is range-checked as it is read, so
a bad value stops with argparse's usage line, a clear message and exit status 2, never
a traceback or a run that cannot end (``--budget-ms inf``, ``--games -1``)."""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable

SEED_MAX = 2**63 - 1


def whole(minimum: int, maximum: int, what: str = "a whole number") -> Callable[[str], int]:
    """A type for a whole number from ``minimum`` to ``maximum``."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not {what}") from None
        if not minimum <= value <= maximum:
            raise argparse.ArgumentTypeError(f"{value} is outside {minimum} to {maximum}")
        return value

    return parse


def amount(maximum: float, unit: str) -> Callable[[str], float]:
    """A type for a finite number above zero and at most ``maximum`` (in ``unit``)."""

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
        if not math.isfinite(value) or not 0 < value <= maximum:
            raise argparse.ArgumentTypeError(
                f"{text} must be more than 0 and at most {maximum:g} {unit}"
            )
        return value

    return parse


def text(what: str) -> Callable[[str], str]:
    """A type for a non-empty text without control characters (a host name, a list)."""

    def parse(value: str) -> str:
        if not value.strip() or not value.isprintable():
            raise argparse.ArgumentTypeError(f"{value!r} is not a valid {what}")
        return value

    return parse


def game_option(text: str) -> tuple[str, object]:
    """``name=value`` for ``--option``: on/off, yes/no and true/false are booleans, digits a
    number. The player count has its own flag, so ``players`` is refused here."""
    name, sep, value = text.partition("=")
    name = name.strip()
    if not sep or not name or not name.isidentifier():
        raise argparse.ArgumentTypeError(f"option {text!r} must look like name=value")
    if name == "players":
        raise argparse.ArgumentTypeError("set the player count with --players, not --option")
    lowered = value.lower()
    if lowered in ("true", "on", "yes"):
        return name, True
    if lowered in ("false", "off", "no"):
        return name, False
    try:
        return name, int(value)
    except ValueError:
        return name, value
