"""Play online: Host a table, Join a table, or Back. Up/Down or Tab move, Enter opens."""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from game.app.i18n import tr, ui
from game.app.scenes.base import Scene
from game.app.ui.focus import Focusable
from game.app.ui.form import button_item
from game.app.ui.paint import felt_background, heading, panel, paragraph
from game.app.ui.theme import MUTED

CHOICES = ("host", "join", "back")


class PlayOnlineScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.box = pygame.Rect(0, 0, 0, 0)

    def build(self) -> None:
        w, h = self.size
        box_w = min(560, w - 64)
        self.box = pygame.Rect((w - box_w) // 2, max(110, h // 2 - 190), box_w, 380)
        self.buttons = {}
        y = self.box.y + 130
        for name in CHOICES:
            style = "#quiet" if name == "back" else "#primary" if name == "host" else None
            rect = pygame.Rect(self.box.x + 60, y, self.box.w - 120, 56 if name != "back" else 46)
            self.buttons[name] = pygame_gui.elements.UIButton(
                rect, ui(f"online.menu_{name}"), self.ui, object_id=ObjectID(object_id=style)
            )
            y += rect.h + 18

    def focus_items(self) -> list[Focusable]:
        return [button_item(name, button, self.press) for name, button in self.buttons.items()]

    def on_ui_event(self, event: pygame.event.Event) -> bool:
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return False
        for name, button in self.buttons.items():
            if event.ui_element is button:
                self.choose(name)
                return True
        return False

    def choose(self, name: str) -> None:
        if name == "back":
            self.back()
            return
        from game.app.scenes.online.host import HostScene
        from game.app.scenes.online.join import JoinScene

        self.app.audio.play("place")
        self.app.stack.push(HostScene(self.app) if name == "host" else JoinScene(self.app))

    def draw_scene(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(felt_background((w, h), self.app.cards), (0, 0))
        heading(surface, tr("online.title"), tr("online.subtitle"))
        panel(surface, self.box)
        blurb = pygame.Rect(self.box.x + 40, self.box.y + 30, self.box.w - 80, 84)
        paragraph(surface, tr("online.menu_blurb"), blurb, 16, MUTED, max_lines=4, align="center")
