"""Focus ring items for pygame_gui widgets and the menus' controls.

Each helper turns a widget into a :class:`~game.app.ui.focus.Focusable` whose keys do
what a click would: ``press(button)`` is the scene's way of handling a click on a
button (it goes through the scene's own ``on_ui_event``), so a key and the mouse can
never do different things.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
import pygame_gui

from game.app.ui.focus import Focusable
from game.app.ui.widgets import Control

Press = Callable[[Any], None]


def button_item(name: str, button: Any, press: Press, radius: int = 10) -> Focusable:
    return Focusable(
        name, pygame.Rect(button.rect), lambda: press(button), radius, elements=(button,)
    )


def control_item(control: Control, press: Press, clip: pygame.Rect | None = None) -> Focusable:
    """A row of choices, a toggle or a stepper: one stop for the ring. Left/Right and
    +/- move the value a step, Enter and Space go to the next choice (a toggle flips)."""

    def adjust(step: int) -> None:
        button = control.button_for_step(step)
        if button is not None:
            press(button)

    def activate() -> None:
        button = control.button_to_cycle()
        if button is not None:
            press(button)

    return Focusable(
        control.name,
        pygame.Rect(control.rect),
        activate,
        8,
        adjust=adjust,
        elements=tuple(control.buttons),
        clip=clip,
    )


def entry_item(name: str, entry: Any, clip: pygame.Rect | None = None) -> Focusable:
    """A text field: while the ring is on it, it takes the typing."""
    return Focusable(
        name, pygame.Rect(entry.rect), lambda: None, 8, elements=(entry,), clip=clip, typing=entry
    )


def slider_item(
    name: str, slider: Any, step: float, moved: Callable[[Any, float], None]
) -> Focusable:
    """A slider: Left/Right and +/- move it by ``step``; ``moved(slider, value)`` is the
    scene's handler for a slider the mouse moved."""
    low, high = sorted(slider.value_range)

    def adjust(direction: int) -> None:
        value = max(low, min(high, slider.get_current_value() + direction * step))
        slider.set_current_value(value)
        moved(slider, slider.get_current_value())

    return Focusable(
        name, pygame.Rect(slider.rect), lambda: adjust(1), 8, adjust=adjust, elements=(slider,)
    )


def press_event(element: Any) -> pygame.event.Event:
    """The event pygame_gui posts when ``element`` (a button) is clicked."""
    return pygame.event.Event(
        pygame_gui.UI_BUTTON_PRESSED,
        {"ui_element": element, "ui_object_id": element.most_specific_combined_id},
    )


def scroll_into_view(scroller: Any, element: Any, margin: int = 10) -> None:
    """Scroll a ``UIScrollingContainer`` so that ``element`` (inside it) shows."""
    bar = getattr(scroller, "vert_scroll_bar", None)
    if bar is None:
        return
    view_h = scroller.rect.height
    total = max(1, scroller.scrolling_height)
    offset = -scroller.scrollable_container.relative_rect.y
    top = element.relative_rect.y
    bottom = element.relative_rect.bottom
    if top - margin < offset:
        offset = max(0, top - margin)
    elif bottom + margin > offset + view_h:
        offset = min(total - view_h, bottom + margin - view_h)
    else:
        return
    bar.set_scroll_from_start_percentage(offset / total)
    scroller.update(0.0)
