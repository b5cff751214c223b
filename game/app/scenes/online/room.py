"""The waiting room, for the host and for those who joined: the table's address and code
in large type (Copy puts the code on the clipboard), the seats filling as friends join,
Start for the host, Leave. When the game begins (a ``Synced`` frame) the table takes over
the client (``game.app.table.open_net_table``). Leaving closes the connection; the host
leaving also stops the table server this app runs.
"""

from __future__ import annotations

import contextlib
import logging
import queue
from typing import Any

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from game.app.i18n import tr, tr_or, ui
from game.app.messages import render
from game.app.scenes.base import Scene
from game.app.scenes.online.connect import Joined
from game.app.scenes.online.status import Status
from game.app.scenes.online.task import Task
from game.app.ui.focus import Focusable
from game.app.ui.form import button_item
from game.app.ui.paint import (
    felt_background,
    fit_text,
    heading,
    page_margin,
    panel,
    paragraph,
    text,
    two_columns,
)
from game.app.ui.theme import CREAM, GOLD, MUTED, RED
from game.engine.messages import Message
from game.games.registry import get_game
from game.net.client import Connection, Incoming, LobbyInfo, Notice, Synced
from game.net.protocol import show_code

log = logging.getLogger(__name__)
SEAT_H = 52


def seat_state(seat: dict[str, Any], mine: bool) -> tuple[str, tuple[int, int, int]]:
    """What a seat's row says about it, and in which colour."""
    kind = str(seat.get("kind", ""))
    if seat.get("open"):
        return tr("online.seat_kept" if seat.get("kept") else "online.seat_open"), GOLD
    if kind != "human":
        return tr("online.seat_ai", level=tr_or(f"new_game.kind_{kind}", kind)), MUTED
    if seat.get("ai"):
        return tr("online.seat_ai_plays"), MUTED
    if mine:
        return tr("online.seat_you"), CREAM
    if seat.get("connected"):
        return tr("online.seat_connected"), CREAM
    return tr("online.seat_away"), RED


def timer_text(lobby: LobbyInfo) -> str:
    """The table's turn timer as the room shows it (joiners know before the start)."""
    if not lobby.timer:
        return tr("online.room_timer_off")
    key = "online.room_timer_drop" if lobby.on_timeout == "drop" else "online.room_timer"
    return tr(key, n=lobby.timer)


def table_hook() -> Any:
    """The table's entry for a networked game (``game.app.table.open_net_table``)."""
    from game.app.app import table_hook as hook

    return hook("open_net_table")


class WaitingRoomScene(Scene):
    def __init__(self, app, joined: Joined, host: bool = False) -> None:
        super().__init__(app)
        self.joined, self.client, self.host = joined, joined.client, host
        self.lobby: LobbyInfo | None = None
        self.synced: Synced | None = None
        self.session: Any = None
        self.handed_over = False  # the table owns the client now
        self.closing: Task | None = None
        self.starting: Task | None = None
        self.buttons: dict[str, Any] = {}
        self.panels = (pygame.Rect(0, 0, 0, 0), pygame.Rect(0, 0, 0, 0))
        self.status = Status()
        self.notice: Message | None = None  # the table's last word (rendered with names)
        self.copied = False

    @property
    def animating(self) -> bool:
        return True  # friends arrive without the player doing anything

    @property
    def code(self) -> str:
        return self.client.code or ""

    # --- layout ---

    def build(self) -> None:
        w, h = self.size
        margin = page_margin(self.size)
        self.panels = two_columns(self.size)
        left = self.panels[0]
        self.buttons = {}
        if hasattr(pygame.scrap, "put_text"):
            self.buttons["copy"] = pygame_gui.elements.UIButton(
                pygame.Rect(left.x + 28, left.y + 268, 150, 40), ui("online.copy"), self.ui
            )
        y = h - 74
        right_edge = w - margin
        if self.host:
            self.buttons["start"] = pygame_gui.elements.UIButton(
                pygame.Rect(right_edge - 200, y, 200, 52),
                ui("online.start"),
                self.ui,
                object_id=ObjectID(object_id="#primary"),
            )
            right_edge -= 216
        self.buttons["leave"] = pygame_gui.elements.UIButton(
            pygame.Rect(right_edge - 140, y, 140, 52),
            ui("online.leave"),
            self.ui,
            object_id=ObjectID(object_id="#quiet"),
        )
        self.status.rect = pygame.Rect(margin, y, right_edge - 140 - 24 - margin, 52)

    def focus_items(self) -> list[Focusable]:
        return [button_item(name, button, self.press) for name, button in self.buttons.items()]

    def first_focus(self) -> str | None:
        return "start" if self.host else "leave"

    # --- input ---

    def on_ui_event(self, event: pygame.event.Event) -> bool:
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return False
        for name, button in self.buttons.items():
            if event.ui_element is button:
                {"copy": self.copy, "start": self.start, "leave": self.back}[name]()
                return True
        return False

    def copy(self) -> None:
        try:
            pygame.scrap.put_text(show_code(self.code))
        except Exception as error:  # no clipboard here (a dummy video driver, no X)
            log.info("no clipboard: %s", error)
            self.status.fail(tr("online.copy_failed"))
            return
        self.copied = True
        self.app.audio.play("place")

    def start(self) -> None:
        """Start, after asking when a seat is still open (the computer would play it)."""
        if self.starting is not None or self.synced is not None:
            return
        question = self.open_seats_question
        if question is None:
            self.start_now()
        else:
            self.app.confirm(tr("online.start_open_title"), [question], self.start_now)

    @property
    def open_seats_question(self) -> str | None:
        """The question "Start with 2 of 3 seats filled? ...", or None when none is open."""
        seats = self.lobby.seats if self.lobby is not None else []
        empty = sum(1 for seat in seats if seat.get("open"))
        if not empty:
            return None
        key = "online.start_open_one" if empty == 1 else "online.start_open_many"
        return tr(key, filled=len(seats) - empty, total=len(seats), empty=empty)

    def start_now(self) -> None:
        if self.starting is None and self.synced is None:
            self.status.wait(tr("online.starting_game"))
            self.starting = Task(self.client.start)

    # --- the table's frames ---

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.handed_over or self.closing is not None:
            return
        self._started()
        items = self.client.poll()
        for index, item in enumerate(items):
            if isinstance(item, Synced):
                self._begin(items[index:])
                return
            self._take(item)

    def _started(self) -> None:
        task = self.starting
        if task is None or not task.done:
            return
        self.starting = None
        reply = task.result
        if task.error is not None or reply is None or not reply.ok:
            self.app.audio.play("invalid")
            message = getattr(reply, "message", None)
            self.status.fail(render(message) if message else tr("online.start_failed"))

    def _take(self, item: Incoming) -> None:
        if isinstance(item, LobbyInfo):
            self.lobby = item
        elif isinstance(item, Notice):
            self.notice = item.message
        elif isinstance(item, Connection):
            if item.up:
                self.status.clear()
            else:
                self.status.fail(tr("online.connection_lost"))

    def _begin(self, items: list[Incoming]) -> None:
        """The game has begun: hand the client, with the frames from the Synced on, to
        the table (they go back in the inbox in the order they came, after the seats)."""
        first = items[0]
        assert isinstance(first, Synced)
        self.synced = first
        later: list[Incoming] = []
        with contextlib.suppress(queue.Empty):
            while True:
                later.append(self.client.inbox.get_nowait())
        # The seats as the start left them (an open seat nobody took is the computer's
        # now) go first: the room took that frame, and without it the table would name
        # every seat "Human" until a reconnection sent the seats again.
        seats: list[Incoming] = [self.lobby] if self.lobby is not None else []
        for item in [*seats, *items, *later]:
            self.client.inbox.put(item)
        self.status.wait(tr("online.game_begins"))
        opener = self.table_opener()
        if opener is None:
            return  # the tests' stand-in for the table package offers none: stay here
        self.session = self.new_session()
        self.handed_over = True
        if self.joined.hosting is not None:  # no more players: the LAN list drops it
            self.joined.hosting.withdraw(self.code)
        opener(self.app, self.session)

    def table_opener(self) -> Any:
        """How the table opens (a spectator's room opens it with no rejoin record)."""
        return table_hook()

    def new_session(self) -> Any:
        """The table's session for this client (a seat's; a spectator's room: its own)."""
        from game.app.net_session import NetSession

        return NetSession(self.client)

    # --- leaving ---

    def exit(self) -> None:
        if not self.handed_over and self.closing is None:
            self.closing = Task(self._close)
        super().exit()

    def _close(self) -> None:
        with contextlib.suppress(Exception):
            if self.client.connected:
                self.client.leave()
        code = self.code
        self.client.close()
        if self.joined.hosting is not None:
            self.app.hosted.release(code)

    # --- drawing ---

    def draw_scene(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(felt_background((w, h), self.app.cards), (0, 0))
        game = self.client.game_id or ""
        name = tr_or(f"games.{game}.name", get_game(game).title) if game else ""
        heading(surface, tr("online.room_title"), name)
        left, right = self.panels
        panel(surface, left)
        panel(surface, right)
        self._draw_where(surface, left)
        self._draw_seats(surface, right)
        self.status.draw(surface)

    @property
    def hint_key(self) -> str:
        """What the room tells its player to do (a server's tables are never listed, so
        its host is not told friends can pick the table from the list)."""
        if not self.host:
            return "online.hint_guest"
        if self.joined.public:  # (on a server: listed there while a seat is free)
            return "online.hint_host_public"
        return "online.hint_host" if self.joined.hosting is not None else "online.hint_host_server"

    def _draw_where(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        x, y = area.x + 28, area.y + 22
        text(surface, tr("online.address"), (x, y), 18, GOLD, bold=True)
        text(surface, self.joined.address, (x, y + 30), 36, CREAM, bold=True)
        text(surface, tr("online.code"), (x, y + 110), 18, GOLD, bold=True)
        text(surface, show_code(self.code), (x, y + 138), 44, CREAM, bold=True, shadow=True)
        if self.copied:
            text(surface, tr("online.copied"), (x + 166, y + 266), 16, MUTED, anchor="midleft")
        hint_key = self.hint_key
        hint = pygame.Rect(x, y + 310, area.w - 56, area.bottom - y - 330)
        size = 16 if hint.h >= 120 else 14  # a low window: smaller, so all of it shows
        if hint.h > 20:
            lines = max(1, hint.h // round(size * 1.35))
            paragraph(surface, tr(hint_key), hint, size, MUTED, max_lines=lines)

    def _draw_seats(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        x, y = area.x + 28, area.y + 22
        text(surface, tr("online.seats"), (x, y), 18, GOLD, bold=True)
        y += 40
        if self.lobby is None:
            text(surface, tr("online.waiting_list"), (x, y), 16, MUTED)
            return
        size, lines = fit_text(timer_text(self.lobby), area.w - 150, (15, 13))
        text(surface, lines[0], (area.right - 28, y - 38), size, MUTED, anchor="topright")
        room = max(1, (area.bottom - y - 60) // SEAT_H)
        for number, seat in enumerate(self.lobby.seats[:room]):
            mine = number == self.client.seat
            row = pygame.Rect(x - 10, y, area.w - 36, SEAT_H - 8)
            panel(surface, row, alpha=140, radius=8, border=GOLD if mine else None)
            text(surface, str(number + 1), (row.x + 14, row.centery), 18, GOLD, anchor="midleft")
            seat_name = str(seat.get("name") or "")
            if (seat.get("open") and not seat.get("kept")) or not seat_name:  # (English)
                seat_name = tr("new_game.player_n", n=number + 1)
            at = (row.x + 44, row.centery)
            text(surface, seat_name, at, 18, CREAM, bold=True, anchor="midleft")
            state, colour = seat_state(seat, mine)
            text(surface, state, (row.right - 14, row.centery), 16, colour, anchor="midright")
            y += SEAT_H
        if self.notice is not None:
            names = [str(seat.get("name") or "") for seat in self.lobby.seats]
            notice = pygame.Rect(x, area.bottom - 52, area.w - 56, 44)
            paragraph(surface, render(self.notice, names), notice, 15, MUTED, max_lines=2)
