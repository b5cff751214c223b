"""Keeping and using the seat's rejoin record of a networked table (Continue, the Load
screen): :func:`remember` writes it when the table opens, :func:`rejoin` sits back down
with the kept credential (the network part, :func:`reach`, on a worker thread while a
small screen says so), and a table the server no longer has is refused clearly and its
record retired."""

from __future__ import annotations

import logging
import queue
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from game.app.i18n import tr
from game.app.messages import render
from game.net import messages as m
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
    from game.app.scenes.online.connect import Hosting
    from game.app.table.table_scene import TableScene
    from game.engine.messages import Message
    from game.net.client import NetClient
    from game.persist.paths import Paths
    from game.persist.savedgame import SaveSummary

log = logging.getLogger(__name__)
ONLINE = "online"  # the Load screen's kind of row for an online table
GONE = (m.NO_TABLE, m.NO_SEAT, m.BAD_CREDENTIAL)  # the record can never work again


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


def serve_again(app: App, record: OnlineRecord) -> Hosting | None:
    """Serve this app's hosted tables again at the recorded address, when the record is
    of a table this computer hosted (its address is one of ours and the hosted tables'
    store is here): the server resumes every table of the store exactly, and keeps
    serving (friends rejoin by themselves) until the app closes."""
    from game.app.scenes.online.addresses import lan_addresses, parse_address
    from game.app.scenes.online.connect import HOSTED_DB, Failed

    where = parse_address(record.url)
    db = app.paths.data / HOSTED_DB
    if where is None or where.secure or where.host not in lan_addresses() or not db.is_file():
        return None
    try:
        return app.hosted.serve(where.host, where.port, db)
    except Failed:  # the port is taken (another app serving it, or not ours)
        return None


@dataclass
class Reached:
    """How a rejoin went, off the UI thread: the client, its seat's view in the inbox;
    or why not (the server's refusal, or no server there at all)."""

    client: NetClient | None = None
    refusal: Message | None = None
    unreachable: bool = False


def reach(app: App, record: OnlineRecord, timeout: float = 10.0) -> Reached:
    """The network part of a rejoin, on a worker thread (nothing on the UI thread waits
    on the network): connect (serving this app's hosted tables again if it hosted this
    one), rejoin with the kept credential, wait for the seat's view."""
    from game.net.client import NetClient, Synced

    client = NetClient(record.url, timeout=timeout)
    client.code, client.seat, client.game_id = record.code, record.seat, record.game
    client.host_secret = record.host or None  # the host's menu (and a rematch's Start)
    hosting = None
    try:
        try:
            client.connect()
        except Exception:
            hosting = serve_again(app, record)  # a table this app hosted, closed since
            if hosting is None:
                raise
            client.connect()
    except Exception as error:  # no server there (any transport error)
        log.info("rejoin: %s", error)
        client.close()
        if hosting is not None:
            app.hosted.release(None)
        return Reached(unreachable=True)
    # The credential only now: a connection with one rejoins by itself, and this first
    # rejoin is ours (two would tell the table twice that the player is back).
    client.credential = record.credential
    reply = client.rejoin()
    if not reply.ok:
        client.close()
        if hosting is not None:
            app.hosted.release(None)
        return Reached(refusal=reply.message)
    try:
        client.inbox.put(client.wait_for(Synced))  # the seat's view: the table opens on it
    except queue.Empty:
        client.close()
        return Reached(unreachable=True)
    return Reached(client)


def sit_down(app: App, record: OnlineRecord, reached: Reached) -> TableScene | None:
    """On the UI thread: open the table on the reached seat; or say why not (a dead
    record retired) and return None."""
    from game.app.net_session import NetSession
    from game.app.table import open_net_table

    if reached.client is None:
        message = reached.refusal
        if reached.unreachable:
            app.notify([tr("net_table.rejoin_failed", url=record.url)])
        elif message is not None and message.key in GONE:
            retire_record(app.paths, record.code)
            app.notify([tr("net_table.rejoin_gone"), render(message)])
        else:
            app.notify([render(message) if message else tr("net_table.rejoin_gone")])
        return None
    table = open_net_table(app, NetSession(reached.client))
    table.lay_out_kept_hand(record.hand)  # as its player left it, not sorted afresh
    return table


def rejoin(
    app: App,
    record: OnlineRecord,
    timeout: float = 10.0,
    on_failed: Callable[[], None] | None = None,
) -> None:
    """Sit back down at the recorded seat: a small screen says so while the network
    part runs on a worker thread; then the table opens, or the reason is shown (a dead
    record retired) and ``on_failed`` runs."""
    from game.app.scenes.online.rejoining import RejoiningScene

    app.stack.push(RejoiningScene(app, record, timeout, on_failed))
