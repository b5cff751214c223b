"""Public tables on a dedicated server: a host may list a table (``create`` with
``public: true``); while it waits for players with a free seat, anybody can read it in
``GET /lobby`` (its code, game, rules, seats free and host's name) and join it from the
Join screen. A finished, started or full table is not listed, and a private one never is
(its code is only ever given to its players).

Each process lists its own tables from memory and advertises that list with its counts
in the presence every LEASE / 3 seconds (``Cluster.totals`` merges every process's), so
any process answers the whole server's list. The reading side (the app) checks every
field it is sent as it checks any frame: a server is not trusted either.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.engine import codec
from game.engine.options import options_from_dict
from game.games.registry import GAMES
from game.net.protocol import Refusal, player_name, printable, table_code

if TYPE_CHECKING:
    from game.net.tables import Table

MOST_LISTED = 100  # tables one answer lists (the newest waiting first is not promised)
MOST_BYTES = 256 * 1024  # of one /lobby answer the app reads


@dataclass(frozen=True)
class PublicTable:
    """One listed table, as the Join screen shows it."""

    code: str
    game: str
    options: Any  # the game's Options (the app names its rule set in the player's language)
    free: int  # seats open for a player
    seats: int
    host: str  # the host's name
    phase: str


def entry(table: Table) -> dict[str, Any] | None:
    """What the list says of ``table``; None when it is not listed (private, started,
    finished or full)."""
    from game.net.tables import WAITING  # (the app reads lists without the server's code)

    free = sum(seat.open for seat in table.seats)
    if not table.public or table.phase != WAITING or free == 0:
        return None
    host = next((seat.name for seat in table.seats if seat.host), table.seats[0].name)
    return {
        "code": table.code,
        "game": table.game_id,
        "options": codec.encode(table.options),
        "free": free,
        "seats": len(table.seats),
        "host": host,
        "phase": table.phase,
    }


def listed(tables: Iterable[Table]) -> list[dict[str, Any]]:
    """The listed entries of ``tables`` (at most MOST_LISTED)."""
    found = [e for e in map(entry, tables) if e is not None]
    return found[:MOST_LISTED]


def merged(lists: Iterable[Any]) -> list[dict[str, Any]]:
    """Every process's list as one, keyed by code (a table that just moved is listed
    once), in a stable order."""
    by_code: dict[str, dict[str, Any]] = {}
    for one in lists:
        for item in one if isinstance(one, list) else ():
            if isinstance(item, dict) and isinstance(item.get("code"), str):
                by_code.setdefault(item["code"], item)
    return sorted(by_code.values(), key=lambda e: (str(e.get("game")), e["code"]))[:MOST_LISTED]


# -- reading a server's list (the app) --------------------------------------------------


class Unreachable(Exception):
    """The server did not answer with a list (down, no such address, not a table server)."""


def read(data: Any) -> list[PublicTable]:
    """The tables of a ``/lobby`` answer; an entry not exactly right is left out."""
    items = data.get("public") if isinstance(data, dict) else None
    if not isinstance(items, list):
        return []
    found: dict[str, PublicTable] = {}
    for item in items[:MOST_LISTED]:
        table = _one(item)
        if table is not None:
            found.setdefault(table.code, table)
    return list(found.values())


def _one(item: Any) -> PublicTable | None:
    if not isinstance(item, dict):
        return None
    game, chosen = item.get("game"), item.get("options")
    info = GAMES.get(game) if isinstance(game, str) else None
    seats, free = item.get("seats"), item.get("free")
    if info is None or type(seats) is not int or type(free) is not int:
        return None
    if not 0 < free <= seats <= info.max_players or not isinstance(chosen, dict):
        return None
    try:
        code = table_code(item.get("code"))
        host = player_name(item.get("host"))
        options = options_from_dict(info.options_type, chosen)
    except (Refusal, ValueError, TypeError):
        return None
    phase = item.get("phase")
    if not isinstance(phase, str) or len(phase) > 20 or not printable(phase):
        return None
    return PublicTable(code, info.id, options, free, seats, host, phase)


def lobby_url(url: str) -> str:
    """Where a server at ``url`` (with its path, behind a proxy) answers ``/lobby``."""
    return url.rstrip("/") + "/lobby"


def fetch(url: str, timeout: float = 4.0) -> list[PublicTable]:
    """The public tables of the server at ``url`` (blocking: call it off the UI thread);
    Unreachable when it does not answer with a list."""
    try:
        with urllib.request.urlopen(lobby_url(url), timeout=timeout) as answer:
            body = answer.read(MOST_BYTES + 1)
    except (urllib.error.URLError, OSError, ValueError) as error:
        raise Unreachable(str(error)[:200]) from None
    if len(body) > MOST_BYTES:
        raise Unreachable("answer too long")
    try:
        data = json.loads(body)
    except (ValueError, UnicodeDecodeError):
        raise Unreachable("not a table server's answer") from None
    if not isinstance(data, dict) or "public" not in data:
        raise Unreachable("not a table server's answer")
    return read(data)
