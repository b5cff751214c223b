"""Keyboard focus for menus and forms: Tab and Shift+Tab go through the items in order,
arrows move to the nearest item in that direction, Enter or Space activates, and on an
item that holds a value (a choice, a number, a slider) Left/Right and +/- change it.
The mouse moves the focus too. The focused item is drawn with a gold ring.

pygame_gui has keyboard focus only for typing (a text entry in the manager's focus set
takes the keys); it has no focus order between widgets. The ring adds that order and
keeps pygame_gui's focus in step: a text entry is focused in the manager while the ring
is on it, so typing goes there, and a click that focuses an entry moves the ring there.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame
from pygame_gui.core import UIElement

from game.app.ui.paint import focus_ring

ARROWS = {
    pygame.K_LEFT: (-1, 0),
    pygame.K_RIGHT: (1, 0),
    pygame.K_UP: (0, -1),
    pygame.K_DOWN: (0, 1),
}
ACTIVATE = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
# Keys that change the value of the focused item: -1 (less) or +1 (more).
ADJUST = {
    pygame.K_LEFT: -1,
    pygame.K_RIGHT: 1,
    pygame.K_MINUS: -1,
    pygame.K_KP_MINUS: -1,
    pygame.K_PLUS: 1,
    pygame.K_EQUALS: 1,  # the + key without Shift on most layouts
    pygame.K_KP_PLUS: 1,
}


@dataclass
class Focusable:
    name: str
    rect: pygame.Rect
    activate: Callable[[], None]
    radius: int = 12
    adjust: Callable[[int], None] | None = None  # Left/Right, +/-: change the value
    elements: Sequence[UIElement] = ()  # pygame_gui widgets it stands for: the ring follows them
    clip: pygame.Rect | None = None  # the visible part (a scrolling list)
    reveal: Callable[[], None] | None = None  # scroll it into view
    typing: UIElement | None = None  # a text entry that takes the keys while focused

    def area(self) -> pygame.Rect:
        """Where the item is now (widgets in a scrolling list move)."""
        rects = [pygame.Rect(e.rect) for e in self.elements if e.alive()]
        if not rects:
            return self.rect
        return rects[0].unionall(rects[1:])


class FocusRing:
    def __init__(self) -> None:
        self.items: list[Focusable] = []
        self.index = 0
        self.on_change: Callable[[Focusable], None] | None = None

    def set_items(self, items: list[Focusable], keep: str | None = None) -> None:
        """New items (after a layout); focus stays on the item named ``keep`` if any."""
        current = keep if keep is not None else self.name
        self.items = items
        self.index = 0
        for i, item in enumerate(items):
            if item.name == current:
                self.index = i
                break

    @property
    def focused(self) -> Focusable | None:
        return self.items[self.index] if self.items else None

    @property
    def name(self) -> str | None:
        return self.focused.name if self.focused else None

    def focus(self, name: str) -> bool:
        for i, item in enumerate(self.items):
            if item.name == name:
                self._go(i)
                return True
        return False

    def _go(self, index: int) -> None:
        changed = index != self.index
        self.index = index
        if changed and self.on_change is not None and self.focused is not None:
            self.on_change(self.focused)

    def handle_key(self, event: pygame.event.Event) -> bool:
        if event.type != pygame.KEYDOWN or not self.items:
            return False
        item = self.items[self.index]
        if event.key == pygame.K_TAB:
            self.step(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return True
        if item.adjust is not None and event.key in ADJUST:
            item.adjust(ADJUST[event.key])
            return True
        if event.key in ARROWS:
            self.move(*ARROWS[event.key])
            return True
        if event.key in ACTIVATE:
            item.activate()
            return True
        return False

    def step(self, step: int) -> None:
        """Tab order: the next (1) or previous (-1) item, round the end."""
        if self.items:
            self._go((self.index + step) % len(self.items))

    def move(self, dx: int, dy: int) -> None:
        """Go to the nearest item whose centre lies in direction (dx, dy)."""
        here = pygame.Vector2(self.items[self.index].area().center)
        best, best_score = None, None
        for i, item in enumerate(self.items):
            if i == self.index:
                continue
            delta = pygame.Vector2(item.area().center) - here
            along = delta.x * dx + delta.y * dy
            if along <= 2:
                continue
            across = abs(delta.x * dy) + abs(delta.y * dx)
            score = along + across * 2.5
            if best_score is None or score < best_score:
                best, best_score = i, score
        if best is not None:
            self._go(best)

    def at(self, pos: tuple[int, int]) -> int | None:
        for i, item in enumerate(self.items):
            clip = item.clip
            if item.area().collidepoint(pos) and (clip is None or clip.collidepoint(pos)):
                return i
        return None

    def hover(self, pos: tuple[int, int]) -> Focusable | None:
        """Move the focus to the item under the mouse; returns it."""
        index = self.at(pos)
        if index is None:
            return None
        self._go(index)
        return self.items[index]

    def draw(self, surface: pygame.Surface) -> None:
        item = self.focused
        if item is None:
            return
        if item.clip is None:
            focus_ring(surface, item.area(), item.radius)
            return
        if not item.clip.colliderect(item.area()):
            return  # scrolled out of sight
        old = surface.get_clip()
        surface.set_clip(item.clip.inflate(12, 12))
        focus_ring(surface, item.area(), item.radius)
        surface.set_clip(old)
