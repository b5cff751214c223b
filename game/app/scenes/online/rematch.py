"""Play again at a finished online table (issue 25, section 3): the client asks the server
for the table's rematch (``game/net/rematch.py``) on a worker thread, then the waiting
room opens on the new table with the same connection: the seats fill as each player
chooses Play again, and the game deals by itself when everyone is back (the host may
start earlier). A refusal is shown and the results stay."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.app.i18n import tr
from game.app.messages import render
from game.app.scenes.base import Scene
from game.app.scenes.online.connect import Joined
from game.app.scenes.online.task import Task
from game.app.ui.paint import felt_background, heading
from game.net.client import Reply

if TYPE_CHECKING:
    from game.app.app import App
    from game.app.net_session import NetSession


class RematchScene(Scene):
    def __init__(self, app: App, session: NetSession) -> None:
        super().__init__(app)
        self.session = session
        self.client = session.client
        self.task = Task(self.client.rematch)
        self.done = False

    @property
    def animating(self) -> bool:
        return True

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.done or not self.task.done:
            return
        self.done = True
        reply = self.task.result if isinstance(self.task.result, Reply) else Reply(False)
        if self.app.stack.top is self:
            self.app.stack.pop()
        if not reply.ok:
            message = reply.message
            self.app.notify([render(message) if message else tr("online.rematch_failed")])
            return
        from game.app.scenes.online.room import WaitingRoomScene

        self.session.hand_on()  # the room (then the new table) keeps the connection
        from game.app.table.rejoin import remember

        # The new table's seat is kept at once (the finished table's record went at its
        # end): a player who closes the app in the room comes back to it from Continue,
        # the host with its Start (the record keeps the host's secret).
        remember(self.app.paths, self.session)
        where = self.client.url.split("://", 1)[-1]
        hosting = self.app.hosted.hosting if self.client.host_secret else None
        joined = Joined(self.client, where, hosting)
        host = self.client.host_secret is not None
        self.app.stack.push(WaitingRoomScene(self.app, joined, host=host))

    def draw_scene(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(felt_background((w, h), self.app.cards), (0, 0))
        heading(surface, tr("online.rematch_title"), "")
