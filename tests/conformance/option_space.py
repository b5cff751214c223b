"""Every option combination of a game, read from its Options dataclass.

A combination sets every yes/no and every multiple-choice field (the product of their
values); the player count takes each allowed value in turn across the combinations, so
every count is met, and the other numbers (target, rounds, chips) take their minimum:
they change how long a game lasts, not whether a deal can end (a quiet number, an option
added later, keeps its default: Kaluki's points to come down stay 51). A tuple field is
the set of human seats (Laugh and Lie Down): no seat, the first seat, or every seat. A few
choices that only change how a hand is counted or whether a drop is allowed (ROTATED)
take their values in turn, like the player count, instead of multiplying the
combinations. A few numbers that decide whether a deal can end (SWEPT: Kaluki's cards
dealt and points to come down) take listed values in turn the same way, so the sweep
meets few cards with a high opening.
"""

from __future__ import annotations

import dataclasses
import itertools
from typing import Any

from game.engine import codec
from game.engine.options import OptionField, option_fields
from game.games.registry import GAMES

ROTATED = {
    ("indian_rummy", "scoring"),
    ("indian_rummy", "joker_indicator"),
    ("indian_rummy", "deals_drop"),  # only whether two in Deals may drop: never an endless deal
    ("kaluki", "low_ace_one"),
    ("kaluki", "joker_penalty"),
    ("kaluki", "reshuffle"),
    ("kaluki", "ending"),
    ("kaluki", "jokers"),
}
SWEPT: dict[tuple[str, str], list[Any]] = {
    ("kaluki", "deal_size"): [0, 7, 8, 10, 13, 20],
    ("kaluki", "come_down"): [51, 100, 90, 40, 10],
}


def _values(field: OptionField) -> list[Any] | None:
    """The values a combination tries for ``field``; None for a field not enumerated."""
    if field.choices is not None:
        return list(field.choices)
    if field.kind is bool:
        return [False, True]
    return None


def _players(field: OptionField) -> list[int]:
    low = field.minimum if field.minimum is not None else field.default
    high = field.maximum if field.maximum is not None else field.default
    return list(range(low, high + 1))


def _fixed(options_type: type, field: OptionField) -> Any:
    """A number not enumerated: its minimum, but a quiet one (an option added later, such
    as Kaluki's points to come down) keeps its default, so the space stays today's."""
    meta = {f.name: f.metadata for f in dataclasses.fields(options_type)}[field.name]
    quiet = meta.get(codec.QUIET)
    return field.default if quiet else field.minimum


def _seat_sets(players: int) -> list[list[int]]:
    return [[], [0], list(range(players))]  # lists: options are read as from JSON


def combinations(game_id: str, every_player_count: bool = False) -> list[dict[str, Any]]:
    """Every valid combination of ``game_id``'s options (invalid ones, such as Kalooki for
    two without its option, are left out). ``every_player_count`` crosses the choices with
    every player count instead of taking one count per combination in turn."""
    info = GAMES[game_id]
    fields = option_fields(info.options_type)
    chosen = [(f.name, _values(f)) for f in fields]
    rotated = [(n, v) for n, v in chosen if (game_id, n) in ROTATED and v is not None]
    rotated += [(n, SWEPT[(game_id, n)]) for n, _ in chosen if (game_id, n) in SWEPT]
    enumerated = [(n, v) for n, v in chosen if v is not None and (game_id, n) not in ROTATED]
    players = next((_players(f) for f in fields if f.name == "players"), [])
    fixed = {
        f.name: _fixed(info.options_type, f)
        for f in fields
        if f.name != "players"
        and _values(f) is None
        and f.minimum is not None
        and (game_id, f.name) not in SWEPT
    }
    seats = [f.name for f in fields if _values(f) is None and f.kind is not int]
    found: list[dict[str, Any]] = []
    product = list(itertools.product(*(values for _, values in enumerated)))
    for index, values in enumerate(product):
        counts = players if every_player_count else [players[index % len(players)]]
        for count in counts:
            base = {"players": count, **fixed, **dict(zip([n for n, _ in enumerated], values))}
            for period, (name, choices) in enumerate(rotated, start=1):
                base[name] = choices[(index // period) % len(choices)]
            for seat_values in itertools.product(*(_seat_sets(count) for _ in seats)):
                candidate = {**base, **dict(zip(seats, seat_values))}
                if _valid(info, candidate):
                    found.append(candidate)
                elif not every_player_count:  # this count is impossible here: try the next
                    for other in players:
                        retry = {**candidate, "players": other}
                        if _valid(info, retry):
                            found.append(retry)
                            break
    return found


def _valid(info, options: dict[str, Any]) -> bool:
    try:
        info.options(**options)
    except ValueError:
        return False
    return True


def combination_id(game_id: str, options: dict[str, Any]) -> str:
    on = ",".join(
        f"{k}={v}" if not isinstance(v, bool) else k for k, v in options.items() if v is not False
    )
    return f"{game_id}[{on}]"
