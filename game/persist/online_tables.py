"""The online tables this app has a seat at: one small file per table in
``online/`` beside the saves, holding what the app needs to rejoin that seat (the
server's address, the table code, the seat number, the seat's secret credential and the
game; the host's secret too when this app created the table, so its host controls and a
rematch's Start are there again after a restart), and the hand as its player arranged
it (groups of card texts, display only: a table opened again on a rejoin lays the hand
out so, instead of sorting it afresh).
Written when the table opens, removed when the game ends or the table is gone.

A file is validated on read like every file of ours: too big, not JSON, or not the
right shape moves it to ``damaged/`` with a message; the credential is never shown.
"""

from __future__ import annotations

import contextlib
import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from game.persist.paths import ONLINE_FOLDER, Paths
from game.persist.store import StoreError, aside_message, move_aside, read_json, write_json

FOLDER = ONLINE_FOLDER
MAX_BYTES = 4096
_CODE = re.compile(r"^[A-Z2-9]{4,32}$")
_TOKEN = re.compile(r"^[A-Za-z0-9_-]{8,128}$")
_GAME = re.compile(r"^[a-z_]{1,40}$")
_URL = re.compile(r"^https?://[A-Za-z0-9.:\[\]_-]{1,200}$")
_CARD = re.compile(r"^[A-Za-z0-9#]{1,8}$")
MAX_GROUPS, MAX_CARDS = 30, 60  # more than any hand of any game


@dataclass(frozen=True)
class OnlineRecord:
    url: str
    code: str
    seat: int
    credential: str
    game: str
    path: Path | None = None  # where it was read from
    hand: tuple[tuple[str, ...], ...] = ()  # the seat's arrangement (card texts)
    host: str = ""  # the host's secret, when this app created the table

    def as_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "url": self.url,
            "code": self.code,
            "seat": self.seat,
            "credential": self.credential,
            "game": self.game,
        }
        if self.hand:
            data["hand"] = [list(group) for group in self.hand]
        if self.host:
            data["host"] = self.host
        return data


def _hand(value: Any) -> tuple[tuple[str, ...], ...]:
    """The kept arrangement, or () when it is not one (display only: never refused)."""
    if not isinstance(value, list) or len(value) > MAX_GROUPS:
        return ()
    if not all(isinstance(group, list) for group in value):
        return ()
    if sum(len(group) for group in value) > MAX_CARDS:
        return ()
    if not all(isinstance(card, str) and _CARD.match(card) for g in value for card in g):
        return ()
    return tuple(tuple(group) for group in value)


def parse_record(data: Any) -> OnlineRecord:
    """ValueError unless ``data`` is a well-formed record."""
    keys = {"url", "code", "seat", "credential", "game"}
    if not isinstance(data, dict) or not keys <= set(data) <= keys | {"hand", "host"}:
        raise ValueError("not an online table record")
    url, code, seat = data["url"], data["code"], data["seat"]
    credential, game = data["credential"], data["game"]
    if not (isinstance(url, str) and _URL.match(url)):
        raise ValueError("the server's address is not valid")
    if not (isinstance(code, str) and _CODE.match(code)):
        raise ValueError("the table code is not valid")
    if not (isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < 16):
        raise ValueError("the seat is not valid")
    if not (isinstance(credential, str) and _TOKEN.match(credential)):
        raise ValueError("the seat's credential is not valid")
    if not (isinstance(game, str) and _GAME.match(game)):
        raise ValueError("the game is not valid")
    host = data.get("host", "")
    if not (isinstance(host, str) and (host == "" or _TOKEN.match(host))):
        raise ValueError("the host's secret is not valid")
    hand = _hand(data.get("hand"))
    return OnlineRecord(url, code, seat, credential, game, hand=hand, host=host)


def folder(paths: Paths) -> Path:
    return paths.saves / FOLDER


def record_path(paths: Paths, code: str) -> Path:
    return folder(paths) / f"{code}.json"


def keep_record(paths: Paths, record: dict[str, Any]) -> Path:
    """Write (or replace) the record of one table; OSError if the disk refuses."""
    checked = parse_record(record)
    path = record_path(paths, checked.code)
    path.parent.mkdir(parents=True, exist_ok=True)
    write_json(path, checked.as_json(), indent=2)
    return path


def keep_hand(paths: Paths, code: str, groups: list[list[str]]) -> None:
    """Write the seat's arrangement into its table's record (OSError, ValueError if the
    disk refuses or there is no record)."""
    path = record_path(paths, code)
    record = parse_record(read_json(path, MAX_BYTES))
    kept = replace(record, hand=_hand(groups))
    write_json(path, kept.as_json(), indent=2)


def online_records(paths: Paths) -> tuple[list[OnlineRecord], list[str]]:
    """Every kept record, newest first, and a message for each file moved aside."""
    found: list[tuple[float, OnlineRecord]] = []
    messages: list[str] = []
    try:
        files = list(folder(paths).glob("*.json"))
    except OSError:
        return [], []
    for path in files:
        try:
            data = read_json(path, MAX_BYTES)
            record = parse_record(data)
            found.append((path.stat().st_mtime, replace(record, path=path)))
        except FileNotFoundError:
            continue
        except StoreError as error:
            messages.append(aside_message("online table", path, error.reason, move_aside(path)))
        except (ValueError, OSError) as error:
            messages.append(aside_message("online table", path, str(error), move_aside(path)))
    found.sort(key=lambda item: item[0], reverse=True)
    return [record for _, record in found], messages


def retire_record(paths: Paths, code: str) -> None:
    """Forget a table (its game ended, or the server no longer has it)."""
    with contextlib.suppress(OSError):
        record_path(paths, code).unlink(missing_ok=True)
