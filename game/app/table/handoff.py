"""The hot-seat hand-off screen: "Pass to Priya", then Priya presses "I'm ready".

It covers the whole table (it is opaque, so no hand below can be glimpsed) until the
next player presses the screen's own button, or Enter/Space once the screen has been up
for a moment; then the session shows that player's hand from now on.

Nothing left over from the previous player's gesture reveals the hand: a click
anywhere but the button does nothing; a mouse press that began before the screen
appeared or within its first moments (the third click of a hurried double-click that
discarded) is swallowed with its release; a key counts only after ``KEY_ARM_S`` and
only if it was not already held down when the screen appeared (its release ends that).
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

REVEAL_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
KEY_ARM_S = 1.0  # seconds before a key reveals the hand
CLICK_GUARD_S = 0.5  # seconds in which a mouse press still belongs to the previous gesture


class HandoffScene(Scene):
    opaque = True

    def __init__(self, app, name: str, on_ready: Callable[[], None]) -> None:
        super().__init__(app)
        self.name = name
        self.on_ready = on_ready
        self.box = pygame.Rect(0, 0, 0, 0)
        self.button: pygame_gui.elements.UIButton | None = None
        self._done = False
        self.age = 0.0  # seconds the screen has been up (frame time, not the wall clock)
        self._stale_keys: set[int] = set()  # held from before, or pressed too soon
        self._stale_buttons: set[int] = set()  # mouse buttons of the previous gesture

    def enter(self) -> None:
        super().enter()
        self.age = 0.0
        pressed = pygame.key.get_pressed()
        self._stale_keys = {key for key in REVEAL_KEYS if pressed[key]}
        held = pygame.mouse.get_pressed(num_buttons=3)
        self._stale_buttons = {number + 1 for number, down in enumerate(held) if down}

    def update(self, dt: float) -> None:
        self.age += dt
        super().update(dt)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Swallow the previous gesture's mouse presses before pygame_gui sees them, so
        the button cannot be pressed by them either."""
        if event.type == pygame.MOUSEBUTTONDOWN:
            if self.age < CLICK_GUARD_S or event.button in self._stale_buttons:
                self._stale_buttons.add(event.button)
                return True
        elif event.type == pygame.MOUSEBUTTONUP and event.button in self._stale_buttons:
            self._stale_buttons.discard(event.button)
            return True
        return super().handle_event(event)

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
        return True  # only the button reveals the hand: a click elsewhere does nothing

    def on_key(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYUP:
            self._stale_keys.discard(event.key)
        elif event.type == pygame.KEYDOWN and event.key in REVEAL_KEYS:
            if self.age < KEY_ARM_S or event.key in self._stale_keys:
                self._stale_keys.add(event.key)  # held over, or too soon: until released
            else:
                self.ready()
        return True  # nothing reaches the table below (no Tab moving a hidden focus)

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
            tr("hotseat.handoff_body", name=self.name),
            (self.box.centerx, y + 50),
            17,
            MUTED,
            anchor="midtop",
        )
