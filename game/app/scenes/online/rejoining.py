"""Sitting back down at an online seat with its kept record (Continue, Load, Join with a
kept record): :func:`rejoin` shows a short wait while the connection, the rejoin and the
seat's view come on a worker thread (:func:`reach`, which serves this computer's hosted
tables again when it hosted the table), so the window keeps drawing; then the table opens
on the seat (:func:`sit_down`; a table not dealt yet, a rematch's, opens its waiting room,
with Start for its host), or the reason is shown and a dead record retired. Esc
leaves (a connection made meanwhile is closed). The records themselves are kept by the
table (``table/rejoin.py``), which imports no menu."""

from __future__ import annotations

import logging
import queue
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.app.i18n import tr
from game.app.messages import render
from game.app.scenes.base import Scene
from game.app.scenes.online.task import Task
from game.app.table.rejoin import rejoin_label
from game.app.ui.paint import felt_background, heading, page_margin, paragraph
from game.app.ui.theme import GOLD
from game.net import messages as m
from game.persist.online_tables import OnlineRecord, retire_record

if TYPE_CHECKING:
    from game.app.app import App
    from game.app.scenes.base import Scene
    from game.app.scenes.online.connect import Hosting
    from game.engine.messages import Message
    from game.net.client import NetClient

log = logging.getLogger(__name__)
GONE = (m.NO_TABLE, m.NO_SEAT, m.BAD_CREDENTIAL)  # the record can never work again


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
    """How a rejoin went, off the UI thread: the client, its seat's view in the inbox
    (``waiting``: the table's seats, the game not dealt yet); or why not (the server's
    refusal, or no server there at all)."""

    client: NetClient | None = None
    refusal: Message | None = None
    unreachable: bool = False
    waiting: bool = False
    hosting: Hosting | None = None  # this app serves the table again


def reach(app: App, record: OnlineRecord, timeout: float = 10.0) -> Reached:
    """The network part of a rejoin, on a worker thread (nothing on the UI thread waits
    on the network): connect (serving this app's hosted tables again if it hosted this
    one), rejoin with the kept credential, wait for the seat's view (or, at a table not
    dealt yet, its seats: the server sends no view before the deal)."""
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
        first = client.inbox.get(timeout=client.timeout)
        while not isinstance(first, Synced) and not _waiting(first):
            first = client.inbox.get(timeout=client.timeout)  # dealt: its view follows
    except queue.Empty:
        client.close()
        if hosting is not None:
            app.hosted.release(None)
        return Reached(unreachable=True)
    client.inbox.put(first)  # the seat's view (the table opens on it), or the seats
    return Reached(client, waiting=not isinstance(first, Synced), hosting=hosting)


def _waiting(item: object) -> bool:
    """The seats of a table not dealt yet (a rematch's room): no view comes before the deal."""
    from game.net.client import LobbyInfo

    return isinstance(item, LobbyInfo) and item.phase == "waiting"


def sit_down(app: App, record: OnlineRecord, reached: Reached) -> Scene | None:
    """On the UI thread: open the table on the reached seat (its waiting room, with the
    host's Start when the record has the host's secret, if it is not dealt yet); or say
    why not (a dead record retired) and return None."""
    from game.app.net_session import NetSession
    from game.app.scenes.online.connect import Joined
    from game.app.scenes.online.room import WaitingRoomScene
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
    client = reached.client
    if reached.waiting:
        where = client.url.split("://", 1)[-1]
        room = WaitingRoomScene(app, Joined(client, where, reached.hosting), host=bool(record.host))
        app.stack.push(room)
        return room
    table = open_net_table(app, NetSession(client))
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
    app.stack.push(RejoiningScene(app, record, timeout, on_failed))


class RejoiningScene(Scene):
    def __init__(
        self,
        app: App,
        record: OnlineRecord,
        timeout: float = 10.0,
        on_failed: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(app)
        self.record, self.on_failed = record, on_failed
        self.task = Task(lambda: reach(app, record, timeout))
        self.left = False

    @property
    def animating(self) -> bool:
        return True  # the answer arrives without the player doing anything

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.left or not self.task.done:
            return
        reached = self.task.result if isinstance(self.task.result, Reached) else Reached()
        if self.task.error is not None:
            reached = Reached(unreachable=True)
        self.left = True
        if self.app.stack.top is self:
            self.app.stack.pop()
        if sit_down(self.app, self.record, reached) is None and self.on_failed is not None:
            self.on_failed()

    def exit(self) -> None:
        if not self.left:  # Esc before the answer: drop whatever connection it makes
            self.left = True
            Task(self._drop)
        super().exit()

    def _drop(self) -> None:
        self.task.wait(30)
        result = self.task.result
        if isinstance(result, Reached) and result.client is not None:
            result.client.close()

    def draw_scene(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(felt_background((w, h), self.app.cards), (0, 0))
        heading(surface, tr("net_table.rejoining"), rejoin_label(self.record))
        margin = page_margin(self.size)
        area = pygame.Rect(margin, h // 2 - 30, w - 2 * margin, 60)
        paragraph(surface, tr("net_table.rejoining_hint"), area, 18, GOLD, max_lines=2)
