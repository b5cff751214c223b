"""Keeping the seat's rejoin record of a networked table (Continue, the Load screen):
:func:`remember` writes it when the table opens, :func:`forget` retires it when the game
ends, and the Continue button and the Load list find the records here. Sitting back down
with a record (hosting its table again when this computer hosted it) belongs to the online
menu (``scenes/online/rejoining.py``): the table imports none of the menus that open it."""

from __future__ import annotations

import logging
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from game.app.i18n import tr
from game.net.protocol import show_code
from game.persist.online_tables import (
    OnlineRecord,
    keep_hand,
    keep_record,
    online_records,
    retire_record,
)
from game.persist.saveformat import file_time
from game.persist.saves import UNKNOWN_TIME

if TYPE_CHECKING:
    from game.app.app import App
    from game.app.net_session import NetSession
    from game.persist.paths import Paths
    from game.persist.savedgame import SaveSummary

log = logging.getLogger(__name__)
ONLINE = "online"  # the Load screen's kind of row for an online table


def remember(paths: Paths, session: NetSession) -> None:
    try:
        keep_record(paths, session.resume_record())
    except (OSError, ValueError) as error:  # the game goes on; only Continue is lost
        log.warning("the online table's record was not kept: %s", error)


def keep_arrangement(paths: Paths, session: NetSession, groups: list[list[str]]) -> None:
    try:
        keep_hand(paths, session.resume_record().get("code") or "", groups)
    except (OSError, ValueError) as error:  # display only: the game goes on
        log.info("the hand's arrangement was not kept: %s", error)


def forget(paths: Paths, session: NetSession) -> None:
    retire_record(paths, session.resume_record().get("code") or "")


def newest_online(app: App, latest: SaveSummary | None = None) -> OnlineRecord | None:
    """The online table Continue offers: the newest record, when it is newer than
    ``latest`` (the local game in progress). A damaged record is moved aside and said."""
    records, messages = online_records(app.paths)
    if messages:
        app.notify_later(messages)
    if not records or records[0].path is None:
        return None
    record = records[0]
    if latest is not None and record.path is not None:
        try:
            if record.path.stat().st_mtime < latest.sort_time:
                return None
        except OSError:
            return None
    return record


def online_rows(app: App, messages: list[str]) -> dict[Path, tuple[SaveSummary, OnlineRecord]]:
    """The Load screen's rows for the online tables this app has a seat at."""
    from game.games.registry import get_game
    from game.persist.savedgame import SaveSummary

    records, problems = online_records(app.paths)
    messages.extend(problems)
    rows = {}
    for record in records:
        if record.path is None:
            continue
        try:
            when = file_time(record.path.stat().st_mtime) or UNKNOWN_TIME
        except OSError:
            continue
        title = get_game(record.game).title
        row = SaveSummary(
            record.path, rejoin_label(record), record.game, title, (), None, None, when, None
        )
        rows[record.path] = (replace(row, kind=ONLINE), record)
    return rows


def rejoin_label(record: OnlineRecord) -> str:
    from game.app.i18n import tr_or
    from game.games.registry import get_game

    code = record.code
    shown = show_code(code)  # (a code of another length as it is)
    game = tr_or(f"games.{record.game}.name", get_game(record.game).title)
    return tr("net_table.rejoin", game=game, code=shown)
