"""Modal dialogs over the current scene: a message with OK, or a question with Yes/No.

The scene below stays visible behind a dim veil and gets no input until the dialog
closes. The buttons form a focus ring (Tab, Shift+Tab, Left/Right move it, Enter or
Space presses the focused one, Esc is the cancel choice). A question starts with the
safe answer (No) focused, so an Enter pressed out of habit never deletes or risks
anything.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from game.app import fonts
from game.app.i18n import tr, ui
from game.app.scenes.base import Scene
from game.app.ui.focus import Focusable
from game.app.ui.form import button_item
from game.app.ui.paint import panel, text
from game.app.ui.theme import CREAM, GOLD
from game.persist.texts import shown

WIDTH = 600
MAX_LINE = 2000  # characters of one paragraph
BODY_SIZE = 17
TITLE_SIZE = 24
LINE_H = round(BODY_SIZE * 1.45)


class Dialog(Scene):
    opaque = False

    def __init__(
        self,
        app,
        title: str,
        lines: Sequence[str],
        buttons: Sequence[tuple[str, str, Callable[[], None] | None]],
        cancel: Callable[[], None] | None = None,
        default: int = -1,
    ) -> None:
        """``buttons``: (translation key, theme object id, action) from left to right;
        ``default`` is the index of the button focused at first (Enter presses it)."""
        super().__init__(app)
        # Last resort: a line quoting a file (its name, a reason) can always be drawn.
        self.title = shown(title, MAX_LINE)
        self.lines = [shown(line, MAX_LINE) for line in lines]
        self.choices = list(buttons)
        self.cancel = cancel
        self.default = default % len(self.choices)
        self.buttons: list[pygame_gui.elements.UIButton] = []
        self.box = pygame.Rect(0, 0, WIDTH, 200)
        self.wrapped: list[str] = []

    def build(self) -> None:
        w, h = self.size
        width = min(WIDTH, w - 80)
        inner = width - 64
        frame = 32 + TITLE_SIZE + 22 + 30 + 46 + 28
        room = max(1, (h - 60 - frame) // LINE_H)
        self.wrapped = fitted([fonts.wrap(line, BODY_SIZE, inner) for line in self.lines], room)
        body = len(self.wrapped) * LINE_H
        height = frame + body
        self.box = pygame.Rect(0, 0, width, min(height, h - 60))
        self.box.center = (w // 2, h // 2)
        self.buttons = []
        x = self.box.right - 32
        for key, object_id, _action in reversed(self.choices):
            label_w = max(130, fonts.font(17, True).size(tr(key))[0] + 40)
            rect = pygame.Rect(0, 0, label_w, 46)
            rect.bottomright = (x, self.box.bottom - 26)
            x = rect.left - 12
            self.buttons.insert(
                0,
                pygame_gui.elements.UIButton(
                    rect, ui(key), self.ui, object_id=ObjectID(object_id=object_id)
                ),
            )

    def focus_items(self) -> list[Focusable]:
        return [button_item(str(i), b, self.press, 9) for i, b in enumerate(self.buttons)]

    def first_focus(self) -> str | None:
        return str(self.default)

    @property
    def focused(self) -> int:
        """The index of the focused button (Enter presses it)."""
        return self.ring.index

    def choose(self, index: int) -> None:
        self.close(self.choices[index][2])

    def close(self, action: Callable[[], None] | None) -> None:
        self.app.stack.remove(self)
        if action is not None:
            action()

    def on_ui_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.buttons:
            self.choose(self.buttons.index(event.ui_element))
            return True
        return False

    def back(self) -> None:
        self.close(self.cancel)

    def on_key(self, event: pygame.event.Event) -> bool:
        super().on_key(event)  # the focus ring, and Esc (the cancel choice)
        return True  # modal: nothing reaches the scene below

    def on_mouse(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.ring.hover(event.pos)
        return True

    def draw_scene(self, surface: pygame.Surface) -> None:
        surface.blit(_veil(surface.get_size()), (0, 0))
        panel(surface, self.box, alpha=245, radius=16, border=GOLD)
        x, y = self.box.x + 32, self.box.y + 28
        text(surface, self.title, (x, y), TITLE_SIZE, GOLD, bold=True)
        y += TITLE_SIZE + 26
        limit = self.box.bottom - 26 - 46 - 16
        for line in self.wrapped:
            if y + BODY_SIZE > limit:
                break
            if line:
                text(surface, line, (x, y), BODY_SIZE, CREAM)
            y += LINE_H


def fitted(paragraphs: list[list[str]], room: int) -> list[str]:
    """The wrapped lines of ``paragraphs`` (a blank line between two) within ``room``
    lines: when they do not all fit, as many whole paragraphs as do, then "… and N
    more" for the rest, so a long list of damaged files never just stops."""
    lines: list[str] = []
    for number, paragraph in enumerate(paragraphs):
        block = ([""] if lines else []) + paragraph
        rest = len(paragraphs) - number - 1
        reserve = 2 if rest else 0  # the blank line and "and N more"
        if len(lines) + len(block) + reserve <= room:
            lines += block
            continue
        if not lines:  # a first paragraph taller than the box: its start, then the count
            lines = paragraph[: max(1, room - reserve)]
            return [*lines, "", tr("files.and_more", n=rest)] if rest else lines
        return [*lines, "", tr("files.and_more", n=len(paragraphs) - number)]
    return lines


@lru_cache(maxsize=2)
def _veil(size: tuple[int, int]) -> pygame.Surface:
    veil = pygame.Surface(size, pygame.SRCALPHA)
    veil.fill((0, 12, 6, 150))
    return veil


class MessageDialog(Dialog):
    def __init__(self, app, title: str, lines: Sequence[str], on_close=None) -> None:
        super().__init__(app, title, lines, [("common.ok", "#primary", on_close)], on_close)


class ConfirmDialog(Dialog):
    def __init__(
        self,
        app,
        title: str,
        lines: Sequence[str],
        on_yes: Callable[[], None],
        yes_key="common.yes",
    ) -> None:
        # No is focused first: the safe answer to every question the app asks.
        super().__init__(
            app,
            title,
            lines,
            [("common.no", "#quiet", None), (yes_key, "#primary", on_yes)],
            default=0,
        )
