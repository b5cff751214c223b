"""The parts of a game's setup form that the New game and Host a table screens share:
the seat rows (a number, an optional name field and a row of kinds) and the rule options
(built from the game's ``Options`` fields, each with its one-line help), each in a list
that scrolls when it does not fit."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from game.app import fonts
from game.app.i18n import has, tr, tr_or, ui
from game.app.scenes.preset_list import NAME as PRESET
from game.app.setup import MAX_NAME
from game.app.ui.focus import Focusable
from game.app.ui.form import scroll_into_view
from game.app.ui.widgets import Control, segment_widths, segmented, step_for, stepper, toggle
from game.engine.options import OptionField

ROW_H = 40


@dataclass
class SeatRows:
    controls: list[Control] = field(default_factory=list)  # "seat:N", one a seat
    entries: dict[Any, int] = field(default_factory=dict)  # name field -> seat
    scroller: Any = None  # the scrolling list, when the rows do not fit
    bottom: int = 0  # where the last row ends on the screen


def seat_rows(
    manager: pygame_gui.UIManager,
    view: pygame.Rect,
    kinds: Sequence[str],
    choices: Sequence[tuple[str, str]],
    names: Sequence[str] | None = None,
) -> SeatRows:
    """A row for each seat of ``kinds``: its number, a name field (when ``names`` are
    given) and the kind as a row of ``choices`` (value, label key)."""
    rows = SeatRows()
    rows_h = len(kinds) * ROW_H
    rows.bottom = min(view.bottom, view.y + rows_h)
    container, origin = None, (view.x + 12, view.y)
    if rows_h > view.h:
        scroller = pygame_gui.elements.UIScrollingContainer(view, manager, allow_scroll_x=False)
        scroller.set_scrollable_area_dimensions((view.w - 20, rows_h))
        container, rows.scroller, origin = scroller, scroller, (12, 0)
    kind_widths = kinds_widths([tr(key) for _, key in choices], view.w - 36 - 32)
    name_w = 0
    if names is not None:
        name_w = min(190, view.w - 36 - sum(kind_widths) - 6 * (len(choices) - 1) - 32)
    for seat, kind in enumerate(kinds):
        y = origin[1] + seat * ROW_H
        x = origin[0] + 36
        if names is not None:
            entry = pygame_gui.elements.UITextEntryLine(
                pygame.Rect(x, y, name_w, 34), manager, container=container
            )
            entry.set_text_length_limit(MAX_NAME)
            entry.set_text(names[seat])
            rows.entries[entry] = seat
            x += name_w + 12
        rows.controls.append(
            segmented(
                manager,
                f"seat:{seat}",
                (x, y),
                choices,
                kind,
                widths=kind_widths,
                container=container,
            )
        )
        pygame_gui.elements.UILabel(
            pygame.Rect(origin[0], y, 30, 34),
            str(seat + 1),
            manager,
            container=container,
            object_id=ObjectID(object_id="#section"),
        )
    return rows


def kinds_widths(labels: list[str], room: int) -> list[int]:
    """Widths for a seat's row of kinds: roomy when they fit, tighter when they do not
    (Japanese at 1024 pixels), never wider than ``room`` together."""
    gaps = 6 * (len(labels) - 1)
    for padding in (22, 14):
        widths = segment_widths(labels, minimum=70 if padding == 22 else 56, padding=padding)
        if sum(widths) + gaps <= room:
            return widths
    return [max(40, (room - gaps) // len(labels))] * len(labels)


def option_rows(
    manager: pygame_gui.UIManager,
    game_id: str,
    fields: Sequence[OptionField],
    values: dict[str, Any],
    view: pygame.Rect,
) -> tuple[list[Control], Any]:
    """A control for each option in ``view`` (its label, the control, its help lines);
    returns the controls (``option:NAME``) and the scrolling list if one was needed."""
    inner_w = view.w - 20 - 24  # room for a scroll bar, whether one comes or not
    rows = []
    for f in fields:
        label_w = fonts.font(17, True).size(tr_or(f"options.{game_id}.{f.name}.label", f.label))[0]
        # A wide control that leaves the label no room goes on a line of its own.
        stacked = label_w + 16 > inner_w - control_width(game_id, f)
        # stacked: the control's lines under the label (more than one if it is wider)
        lines_under = control_lines(game_id, f, inner_w) if stacked else 0
        rows.append((f, lines_under, help_lines(game_id, f, inner_w - 12)))
    total = sum(
        34 + (36 + 38 * (under - 1) if under else 0) + 22 * len(lines) + 16
        for _, under, lines in rows
    )
    container, scroller = None, None
    x, y = view.x + 12, view.y
    if total > view.h:
        scroller = pygame_gui.elements.UIScrollingContainer(view, manager, allow_scroll_x=False)
        scroller.set_scrollable_area_dimensions((view.w - 20, total))
        container = scroller
        x, y = 12, 0
    controls = []
    for f, under, lines in rows:
        control_y = y + 36 if under else y
        controls.append(
            option_control(manager, game_id, f, values[f.name], (x, control_y), inner_w, container)
        )
        label_w = inner_w if under else inner_w - control_width(game_id, f) - 12
        pygame_gui.elements.UILabel(
            pygame.Rect(x, y, label_w, 32),
            option_text(game_id, f, "label"),
            manager,
            container=container,
            object_id=ObjectID(object_id="#strong"),
        )
        y = control_y + 34 + 38 * max(0, under - 1)
        for line in lines:
            pygame_gui.elements.UILabel(
                pygame.Rect(x, y, inner_w, 22),
                line,
                manager,
                container=container,
                object_id=ObjectID(object_id="#muted"),
            )
            y += 22
        y += 16
    return controls, scroller


def choice_labels(game_id: str, f: OptionField) -> list[str]:
    return [tr_or(f"options.{game_id}.{f.name}.choice_{c}", str(c)) for c in f.choices or ()]


def control_width(game_id: str, f: OptionField) -> int:
    if f.kind is bool:
        return 92
    if f.choices:
        widths = segment_widths(choice_labels(game_id, f), minimum=44, padding=20)
        return sum(widths) + 6 * (len(widths) - 1)
    return 150


def control_lines(game_id: str, f: OptionField, width: int) -> int:
    """How many lines a control takes in ``width``: choices wider than it wrap."""
    if f.kind is bool or not f.choices:
        return 1
    lines, x = 1, 0
    for w in segment_widths(choice_labels(game_id, f), minimum=44, padding=20):
        if x and x + w > width:
            lines, x = lines + 1, 0
        x += w + 6
    return lines


def help_lines(game_id: str, f: OptionField, width: int) -> list[str]:
    return fonts.wrap(tr_or(f"options.{game_id}.{f.name}.help", f.help), 14, width)


def option_control(
    manager: pygame_gui.UIManager,
    game_id: str,
    f: OptionField,
    value: Any,
    at: tuple[int, int],
    width: int,
    container: Any,
) -> Control:
    x, y = at
    name = f"option:{f.name}"
    if f.kind is bool:
        rect = pygame.Rect(x + width - 92, y, 92, 32)
        return toggle(manager, name, rect, bool(value), container=container)
    if f.choices:
        labels = choice_labels(game_id, f)
        widths = segment_widths(labels, minimum=44, padding=20)
        right = x + width - sum(widths) - 6 * (len(widths) - 1)
        return segmented(
            manager,
            name,
            (max(x, right), y),  # too wide for the row: from the left, on two lines
            list(zip(f.choices, labels)),
            value,
            widths=widths,
            height=32,
            container=container,
            plain=True,
            wrap=width,
        )
    return stepper(
        manager,
        name,
        (x + width - 150, y),
        int(value),
        f.minimum,
        f.maximum,
        step_for(f.minimum, f.maximum),
        height=32,
        container=container,
    )


def option_text(game_id: str, f: OptionField, part: str) -> str:
    """A widget text for an option's label: the translation key when we have one, else
    the English text the game declares (a newly added game before its translation)."""
    key = f"options.{game_id}.{f.name}.{part}"
    return ui(key) if has(key) else getattr(f, part)


def in_list(item: Focusable, scroller: Any) -> Focusable:
    """An item inside a scrolling list (if there is one): drawn only where the list
    shows, and scrolled into view when the ring reaches it."""
    if scroller is None:
        return item
    item.clip = pygame.Rect(scroller.rect)
    element = item.elements[0]
    item.reveal = lambda: scroll_into_view(scroller, element)
    return item


def grey_unused(controls: Sequence[Control], unused: Sequence[str]) -> None:
    """Grey out every value of the options named in ``unused``: they do not apply to the
    game as chosen (its other options say so), so no value of theirs can matter."""
    names = {f"option:{name}" for name in unused}
    for control in controls:
        if control.name in names:
            for button in control.buttons:
                button.disable()
            if control.value_label is not None:
                control.value_label.disable()


def disable_impossible(
    controls: Sequence[Control],
    counts: range,
    possible_with: Callable[[str, Any, int | None], bool],
) -> None:
    """Grey out every choice that ``possible_with(name, value, players)`` refuses with
    the others as they are (an option is refused only if no player count makes it work;
    ``players`` None means the count as it is)."""
    for control in controls:
        for button, value in control.buttons.items():
            if value == control.current or not button.is_enabled:
                continue
            if control.name.startswith("option:") or control.name == PRESET:
                ok = any(possible_with(control.name, value, n) for n in counts)
            else:
                ok = possible_with(control.name, value, None)
            if not ok:
                button.disable()
