"""The host's controls at a networked table (the table menu's Remove a player and Close
the table): a question first, then the request goes without waiting (the server's
notices say what happened, in every player's log)."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from game.app.i18n import tr
from game.app.net_session import NetSession
from game.app.table.overlays import Overlay
from game.app.ui.focus import Focusable
from game.app.ui.form import button_item
from game.app.ui.paint import text
from game.app.ui.theme import GOLD


def hosting(session: object) -> NetSession | None:
    """The session when this player created its networked table (holds its secret)."""
    if isinstance(session, NetSession) and session.client.host_secret:
        return session
    return None


def removable(session: NetSession) -> list[tuple[int, str]]:
    """The other seats with a player the host may remove: (seat, name). A seat the
    computer plays with nobody connected is left out (a removed player's looks so)."""
    lobby = session.seat.lobby
    if lobby is None:
        return []
    return [
        (number, str(seat.get("name") or tr("new_game.player_n", n=number + 1)))
        for number, seat in enumerate(lobby.seats)
        if number != session.my_seat
        and seat.get("kind") == "human"
        and not seat.get("open")
        and (seat.get("connected") or not seat.get("ai"))
    ]


def host_actions(app, session: object) -> dict[str, Callable[[], None]]:
    """The table menu's host items ({} for anyone else)."""
    mine = hosting(session)
    if mine is None:
        return {}
    actions = {"close_table": lambda: ask_close(app, mine)}
    if removable(mine):
        actions["remove"] = lambda: app.stack.push(RemoveOverlay(app, mine))
    return actions


def ask_remove(app, session: NetSession, seat: int, name: str) -> None:
    def remove() -> None:
        session.client.send("remove", {"seat": seat})

    app.confirm(tr("table.remove_title"), [tr("table.remove_body", name=name)], remove)


def ask_close(app, session: NetSession) -> None:
    def close() -> None:
        session.client.send("close", {})

    app.confirm(tr("table.close_title"), [tr("table.close_body")], close)


class RemoveOverlay(Overlay):
    """Which player to remove: one button a seat, then the question."""

    def __init__(self, app, session: NetSession) -> None:
        super().__init__(app)
        self.session = session
        self.buttons: dict[object, tuple[int, str]] = {}

    def build(self) -> None:
        w, h = self.size
        seats = removable(self.session)
        bw, bh, gap = 340, 50, 12  # wide enough for the question in Japanese
        self.box = pygame.Rect(0, 0, bw + 80, 80 + len(seats) * (bh + gap) + 16)
        self.box.center = (w // 2, h // 2)
        y = self.box.y + 74
        self.buttons = {}
        for number, name in seats:
            rect = pygame.Rect(self.box.x + 40, y, bw, bh)
            button = pygame_gui.elements.UIButton(
                rect, name, self.ui, object_id=ObjectID(object_id=None)
            )
            self.buttons[button] = (number, name)
            y += bh + gap

    def focus_items(self) -> list[Focusable]:
        return [
            button_item(f"seat:{number}", button, self.press)
            for button, (number, _name) in self.buttons.items()
        ]

    def on_ui_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.buttons:
            number, name = self.buttons[event.ui_element]
            self.close()
            ask_remove(self.app, self.session, number, name)
            return True
        return False

    def draw_scene(self, surface: pygame.Surface) -> None:
        super().draw_scene(surface)
        at = (self.box.centerx, self.box.y + 24)
        text(surface, tr("table.remove_which"), at, 26, GOLD, bold=True, anchor="midtop")
