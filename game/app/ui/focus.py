"""Keyboard focus for menus: arrows move to the nearest item in that direction, Tab and
Shift+Tab go through the items in order, Enter or Space activates, the mouse moves the
focus too. The focused item is drawn with a gold ring."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.app.ui.paint import focus_ring

ARROWS = {
    pygame.K_LEFT: (-1, 0),
    pygame.K_RIGHT: (1, 0),
    pygame.K_UP: (0, -1),
    pygame.K_DOWN: (0, 1),
}
ACTIVATE = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


@dataclass
class Focusable:
    name: str
    rect: pygame.Rect
    activate: Callable[[], None]
    radius: int = 12


class FocusRing:
    def __init__(self) -> None:
        self.items: list[Focusable] = []
        self.index = 0

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
                self.index = i
                return True
        return False

    def handle_key(self, event: pygame.event.Event) -> bool:
        if event.type != pygame.KEYDOWN or not self.items:
            return False
        if event.key == pygame.K_TAB:
            step = -1 if event.mod & pygame.KMOD_SHIFT else 1
            self.index = (self.index + step) % len(self.items)
            return True
        if event.key in ARROWS:
            self.move(*ARROWS[event.key])
            return True
        if event.key in ACTIVATE:
            self.items[self.index].activate()
            return True
        return False

    def move(self, dx: int, dy: int) -> None:
        """Go to the nearest item whose centre lies in direction (dx, dy)."""
        here = pygame.Vector2(self.items[self.index].rect.center)
        best, best_score = None, None
        for i, item in enumerate(self.items):
            if i == self.index:
                continue
            delta = pygame.Vector2(item.rect.center) - here
            along = delta.x * dx + delta.y * dy
            if along <= 2:
                continue
            across = abs(delta.x * dy) + abs(delta.y * dx)
            score = along + across * 2.5
            if best_score is None or score < best_score:
                best, best_score = i, score
        if best is not None:
            self.index = best

    def hover(self, pos: tuple[int, int]) -> Focusable | None:
        """Move the focus to the item under the mouse; returns it."""
        for i, item in enumerate(self.items):
            if item.rect.collidepoint(pos):
                self.index = i
                return item
        return None

    def draw(self, surface: pygame.Surface) -> None:
        if self.focused is not None:
            focus_ring(surface, self.focused.rect, self.focused.radius)
