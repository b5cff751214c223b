"""Small controls built from pygame_gui buttons, used by the menus.

* segmented: a row of buttons, one per choice, the chosen one lit (gold).
* toggle: one button reading On/Off, lit when on.
* stepper: [-] value [+] for whole numbers with a range.

Each returns a :class:`Control`, which maps its buttons to the value they choose, so a
scene handles every press with ``control.value_for(button)``. Labels are translation
keys (pygame_gui translates them) unless ``plain`` text is given.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from game.app import fonts
from game.app.i18n import ui

UIButton = pygame_gui.elements.UIButton


@dataclass
class Control:
    name: str
    buttons: dict[UIButton, Any] = field(default_factory=dict)
    value_label: pygame_gui.elements.UILabel | None = None
    rect: pygame.Rect = field(default_factory=pygame.Rect)
    kind: str = "segmented"  # "segmented", "toggle" or "stepper": how keys change it
    current: Any = None

    def value_for(self, button: UIButton) -> Any:
        return self.buttons[button]

    def __contains__(self, button: object) -> bool:
        return button in self.buttons

    def button_for_step(self, step: int) -> UIButton | None:
        """The button that moves the value one step less (-1) or more (+1), or None
        at the end of the range (disabled choices are passed over)."""
        buttons = [b for b in self.buttons if b.is_enabled]
        if self.kind == "toggle":
            wanted = step > 0
            return buttons[0] if buttons and bool(self.current) != wanted else None
        if self.kind == "stepper":
            down, up = list(self.buttons)
            button = up if step > 0 else down
            return button if button.is_enabled else None
        values = list(self.buttons.values())
        order = list(self.buttons)
        at = values.index(self.current) if self.current in values else -1
        i = at + step
        while 0 <= i < len(order):
            if order[i].is_enabled:
                return order[i]
            i += step
        return None

    def button_to_cycle(self) -> UIButton | None:
        """Enter or Space: the next choice, round to the first after the last (a toggle
        flips, a number goes up a step)."""
        if self.kind == "toggle":
            return next((b for b in self.buttons if b.is_enabled), None)  # flips it
        if self.kind != "segmented":
            return self.button_for_step(1)
        nxt = self.button_for_step(1)
        if nxt is not None:
            return nxt
        first = next((b for b in self.buttons if b.is_enabled), None)
        return first if first is not None and self.buttons[first] != self.current else None


def text_width(text: str, size: int = 15, bold: bool = True) -> int:
    return fonts.font(size, bold).size(text)[0]


# A button's label in the theme (``button``: 17 px bold), and the smaller sizes a label
# steps down to (theme classes ``@button_15`` / ``@button_13``) when it does not fit.
BUTTON_SIZES = (17, 15, 13)
# Clear felt between a label and each side of its button (border 2 px + 8 px air), so
# a label never touches the border.
BUTTON_CLEARANCE = 10


def button_text_size(label: str, width: int) -> int:
    """The largest of ``BUTTON_SIZES`` at which ``label`` fits a button ``width`` wide
    with ``BUTTON_CLEARANCE`` on each side (the smallest if none does)."""
    room = width - 2 * BUTTON_CLEARANCE
    return next((s for s in BUTTON_SIZES if text_width(label, s) <= room), BUTTON_SIZES[-1])


def button_width(label: str, minimum: int = 96) -> int:
    """The width of a button made to fit ``label`` at the theme's size with its clearance."""
    return max(minimum, text_width(label, BUTTON_SIZES[0]) + 2 * BUTTON_CLEARANCE + 4)


def fitted_button_id(label: str, width: int, object_id: str | None = None) -> ObjectID:
    """The theme id of a button ``width`` wide showing ``label``: its style
    (``object_id``) and, when the label needs it, the smaller size's class."""
    size = button_text_size(label, width)
    return ObjectID(object_id=object_id, class_id=None if size == 17 else f"@button_{size}")


def segmented(
    manager: pygame_gui.UIManager,
    name: str,
    topleft: tuple[int, int],
    choices: Sequence[tuple[Any, str]],
    current: Any,
    *,
    widths: Sequence[int] | None = None,
    height: int = 34,
    gap: int = 6,
    container: Any = None,
    plain: bool = False,
    wrap: int | None = None,
) -> Control:
    """Buttons for ``choices`` (value, label key) left to right from ``topleft``; with
    ``wrap``, a button that would pass that width starts a new line under the first."""
    control = Control(name)
    x, y = topleft
    right = x
    for i, (value, label) in enumerate(choices):
        width = widths[i] if widths else 64
        if wrap is not None and x > topleft[0] and x + width > topleft[0] + wrap:
            x, y = topleft[0], y + height + gap
        rect = pygame.Rect(x, y, width, height)
        right = max(right, x + width)
        button = UIButton(
            rect,
            label if plain else ui(label),
            manager,
            container=container,
            object_id=ObjectID(object_id="#segment"),
        )
        if value == current:
            button.select()
        control.buttons[button] = value
        x += width + gap
    control.current = current
    control.rect = pygame.Rect(topleft, (right - topleft[0], y + height - topleft[1]))
    return control


def segment_widths(labels: Sequence[str], minimum: int = 56, padding: int = 26) -> list[int]:
    """Widths that fit each translated label, all equal when they are close."""
    widths = [max(minimum, text_width(label) + padding) for label in labels]
    widest = max(widths, default=minimum)
    if widest * len(widths) <= sum(widths) * 1.25:
        return [widest] * len(widths)
    return widths


def toggle(
    manager: pygame_gui.UIManager,
    name: str,
    rect: pygame.Rect,
    on: bool,
    *,
    container: Any = None,
) -> Control:
    button = UIButton(
        rect,
        ui("common.on" if on else "common.off"),
        manager,
        container=container,
        object_id=ObjectID(object_id="#segment"),
    )
    if on:
        button.select()
    return Control(name, {button: not on}, rect=pygame.Rect(rect), kind="toggle", current=on)


def stepper(
    manager: pygame_gui.UIManager,
    name: str,
    topleft: tuple[int, int],
    value: int,
    minimum: int | None,
    maximum: int | None,
    step: int,
    *,
    width: int = 150,
    height: int = 34,
    container: Any = None,
) -> Control:
    x, y = topleft
    control = Control(name, rect=pygame.Rect(x, y, width, height), kind="stepper", current=value)
    down = UIButton(
        pygame.Rect(x, y, height, height),
        "−",
        manager,
        container=container,
        object_id=ObjectID(object_id="#stepper"),
    )
    up = UIButton(
        pygame.Rect(x + width - height, y, height, height),
        "+",
        manager,
        container=container,
        object_id=ObjectID(object_id="#stepper"),
    )
    lower = value - step if minimum is None else max(minimum, value - step)
    upper = value + step if maximum is None else min(maximum, value + step)
    if lower == value:
        down.disable()
    if upper == value:
        up.disable()
    control.buttons = {down: lower, up: upper}
    control.value_label = pygame_gui.elements.UILabel(
        pygame.Rect(x + height, y, width - 2 * height, height),
        str(value),
        manager,
        container=container,
        object_id=ObjectID(object_id="#value"),
    )
    return control


def step_for(minimum: int | None, maximum: int | None) -> int:
    """A comfortable step for a number's range (50..1000 moves by 50)."""
    if minimum is None or maximum is None:
        return 1
    span = maximum - minimum
    if span >= 400:
        return 50
    if span >= 100:
        return 10
    if span >= 40:
        return 5
    return 1
