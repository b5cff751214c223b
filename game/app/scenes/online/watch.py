"""Watching a table (issue 25, "watch a table"): the Join screen's Watch connects as a
spectator (``watch``, off the screen's thread like a join), then the spectator's room:
the waiting room as a guest sees it, with "Take this seat" on each open seat and no
Start, until the game is dealt (at once for a table already under way), when the
spectator's table opens (``WatchSession``: the public view, read-only)."""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from game.app.i18n import tr, ui
from game.app.messages import render
from game.app.scenes.online.addresses import Where
from game.app.scenes.online.connect import Failed, Joined, _connect, _refused
from game.app.scenes.online.room import WaitingRoomScene
from game.app.scenes.online.task import Task
from game.app.ui.focus import Focusable
from game.app.ui.form import button_item
from game.app.ui.paint import text
from game.app.ui.theme import GOLD


def watch(where: Where, code: str, name: str) -> Joined:
    """A client watching table ``code`` (Failed with the server's reason otherwise)."""
    client = _connect(where.url)
    reply = client.watch(code, name)
    if not reply.ok:
        client.close()
        raise _refused(reply, "online.join_refused")
    return Joined(client, f"{where.host}:{where.port}")


class WatchRoomScene(WaitingRoomScene):
    """The waiting room for a spectator: the seats filling, Take this seat, Leave."""

    def __init__(self, app: Any, joined: Joined) -> None:
        super().__init__(app, joined, host=False)
        self.sitting: Task | None = None
        self.offers: dict[Any, int] = {}

    def build(self) -> None:
        super().build()
        self.offers = {}
        right = self.panels[1]
        seats = self.lobby.seats if self.lobby is not None else ()
        # under the seats (their rows keep their own words), one button a free seat
        x, y = right.x + 18, right.y + 62 + 52 * len(seats) + 6
        for number, seat in enumerate(seats):
            if seat.get("open") and self.sitting is None and x + 190 <= right.right - 18:
                button = pygame_gui.elements.UIButton(
                    pygame.Rect(x, y, 180, 40),
                    ui("watch.sit_at"),
                    self.ui,
                    text_kwargs={"n": str(number + 1)},
                    object_id=ObjectID(object_id="#primary"),
                )
                self.offers[button] = number
                x += 190

    def focus_items(self) -> list[Focusable]:
        items = [button_item(f"sit:{n}", b, self.press) for b, n in self.offers.items()]
        return items + super().focus_items()

    @property
    def hint_key(self) -> str:
        return "watch.room_hint"

    def on_ui_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.offers:
            number = self.offers[event.ui_element]
            name = self.app.settings.online_name or tr("online.default_name")
            self.status.wait(tr("watch.taking_seat"))
            self.sitting = Task(lambda: self.client.sit(number, name))
            self.rebuild()
            return True
        return super().on_ui_event(event)

    def update(self, dt: float) -> None:
        seats_before = self.lobby.seats if self.lobby is not None else None
        super().update(dt)
        task = self.sitting
        if task is not None and task.done and not self.handed_over:
            self.sitting = None
            reply = task.result
            if task.error is None and reply is not None and reply.ok:
                self._seated()
                return
            self.app.audio.play("invalid")
            message = getattr(reply, "message", None)
            self.status.fail(render(message) if message else tr("online.join_refused"))
            self.rebuild()
        elif not self.handed_over and self.lobby is not None and self.lobby.seats != seats_before:
            self.rebuild()  # a seat was taken or opened: the offers follow

    def _seated(self) -> None:
        """A seat of the waiting table is ours: the player's waiting room, same client."""
        self.handed_over = True  # the client goes on in the player's room
        self.status.clear()
        room = WaitingRoomScene(self.app, self.joined)
        if self.lobby is not None:
            room.lobby = self.lobby
        self.app.stack.replace(room)

    def table_opener(self) -> Any:
        """The game's table with no rejoin record (a spectator has no seat to rejoin)."""
        from game.app.app import table_hook

        return table_hook("open_table")

    def new_session(self) -> Any:
        from game.app.watch_session import WatchSession

        return WatchSession(self.client)

    def draw_scene(self, surface: pygame.Surface) -> None:
        super().draw_scene(surface)
        left = self.panels[0]
        at = (left.right - 24, left.y + 22)
        text(surface, tr("watch.banner"), at, 18, GOLD, bold=True, anchor="topright")


__all__ = ["Failed", "WatchRoomScene", "watch"]
