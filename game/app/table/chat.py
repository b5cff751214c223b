"""The table chat's one-line entry: a strip over the bottom of the table (which goes on
playing beneath it); Enter sends the line, Esc or an empty line closes. The line is as
long as the protocol allows (``MAX_CHAT``)."""

from __future__ import annotations

import time
from collections.abc import Callable

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from game.app.i18n import tr, ui
from game.app.table.overlays import Overlay
from game.app.ui.paint import panel, text
from game.app.ui.theme import GOLD, MUTED
from game.net.protocol import MAX_CHAT

OPENING_KEY_S = 0.5  # the opening key's typed text arrives within this


class ChatEntry(Overlay):
    pauses_below = False  # the other seats' moves keep arriving while one types

    def __init__(self, app, send: Callable[[str], None]) -> None:
        super().__init__(app)
        self.send = send
        self.opened = time.monotonic()
        self.frames = 0  # frames since it opened (a loaded machine's frame can pass 0.5 s)
        self.entry: pygame_gui.elements.UITextEntryLine | None = None
        self.send_button: pygame_gui.elements.UIButton | None = None

    def build(self) -> None:
        w, h = self.size
        self.box = pygame.Rect(0, 0, min(720, w - 80), 96)
        self.box.midbottom = (w // 2, h - 90)
        self.entry = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(self.box.x + 20, self.box.y + 40, self.box.w - 170, 40), self.ui
        )
        self.entry.set_text_length_limit(MAX_CHAT)
        self.entry.focus()
        self.send_button = pygame_gui.elements.UIButton(
            pygame.Rect(self.box.right - 140, self.box.y + 40, 120, 40),
            ui("net_table.send"),
            self.ui,
            object_id=ObjectID(object_id="#primary"),
        )

    def update(self, dt: float) -> None:
        super().update(dt)
        self.frames += 1

    def line(self) -> str:
        return self.entry.get_text().strip() if self.entry is not None else ""

    def submit(self) -> None:
        said = self.line()
        self.close()
        if said:
            self.send(said)

    def handle_event(self, event: pygame.event.Event) -> bool:
        # The "/" that opened the line comes after it as typed text: not part of it.
        opening = self.frames < 2 or time.monotonic() - self.opened < OPENING_KEY_S
        if event.type == pygame.TEXTINPUT and event.text == "/" and opening and not self.line():
            return True
        return super().handle_event(event)

    def on_ui_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.send_button:
            self.submit()
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.entry:
            self.submit()
            return True
        return False

    def on_key(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
        return True

    def on_mouse(self, event: pygame.event.Event) -> bool:
        return True

    def draw_scene(self, surface: pygame.Surface) -> None:
        panel(surface, self.box, alpha=250, radius=14, border=GOLD)
        text(surface, tr("net_table.chat_title"), (self.box.x + 20, self.box.y + 10), 16, GOLD)
        hint = tr("net_table.chat_hint", n=MAX_CHAT)
        text(surface, hint, (self.box.right - 20, self.box.y + 10), 13, MUTED, anchor="topright")
