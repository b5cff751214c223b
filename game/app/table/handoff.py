"""The hot-seat hand-off screen: "Pass to Priya, then click".

It covers the whole table (it is opaque, so no hand below can be glimpsed) until the
next player clicks, presses a key or the button; then the session shows that player's
hand from now on.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from game.app.i18n import tr, ui
from game.app.scenes.base import Scene
from game.app.ui.focus import Focusable
from game.app.ui.form import button_item
from game.app.ui.paint import card_fan, felt_background, panel, text
from game.app.ui.theme import CREAM, GOLD, MUTED


class HandoffScene(Scene):
    opaque = True

    def __init__(self, app, name: str, on_ready: Callable[[], None]) -> None:
        super().__init__(app)
        self.name = name
        self.on_ready = on_ready
        self.box = pygame.Rect(0, 0, 0, 0)
        self.button = None
        self._done = False

    def build(self) -> None:
        w, h = self.size
        self.box = pygame.Rect(0, 0, min(620, w - 80), 330)
        self.box.center = (w // 2, h // 2)
        rect = pygame.Rect(0, 0, 260, 52)
        rect.midbottom = (self.box.centerx, self.box.bottom - 28)
        self.button = pygame_gui.elements.UIButton(
            rect, ui("table.handoff_ready"), self.ui, object_id=ObjectID(object_id="#primary")
        )

    def focus_items(self) -> list[Focusable]:
        return [button_item("ready", self.button, self.press)]

    def ready(self) -> None:
        if self._done:
            return
        self._done = True
        self.app.stack.remove(self)
        self.on_ready()

    def on_ui_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.button:
            self.ready()
            return True
        return False

    def on_mouse(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.ready()
        return True

    def on_key(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (
            pygame.K_RETURN,
            pygame.K_KP_ENTER,
            pygame.K_SPACE,
        ):
            self.ready()
        return True

    def draw_scene(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(felt_background((w, h), self.app.cards), (0, 0))
        panel(surface, self.box, alpha=236, radius=18, border=GOLD)
        card_fan(
            surface,
            self.app.cards,
            ("back", "back", "back", "back", "back"),
            (self.box.centerx, self.box.y + 74),
            58,
            spread=10,
            overlap=0.3,
        )
        y = self.box.y + 150
        text(
            surface,
            tr("table.handoff_title", name=self.name),
            (self.box.centerx, y),
            30,
            CREAM,
            bold=True,
            anchor="midtop",
        )
        text(
            surface,
            tr("table.handoff_body", name=self.name),
            (self.box.centerx, y + 50),
            17,
            MUTED,
            anchor="midtop",
        )
