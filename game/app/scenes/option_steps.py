"""The New game screen's number steppers, made to fit the option they set (issue 21):
the step the option declares (``option(step=...)``), buttons that pass over the values no
player count allows (Kaluki deals no 1 to 6 cards, so + from "Auto" goes to 7),
and a word for a special value (``options.<game>.<name>.value_<value>``: "Auto").

The shared setup form builds plain steppers; this adjusts the ones it built.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from game.app.i18n import has, tr
from game.app.ui.widgets import Control, step_for
from game.engine.options import OptionField

Allowed = Callable[[str, Any], bool]  # (control name, value): some player count allows it


def number_word(game_id: str, f: OptionField, value: Any) -> str | None:
    key = f"options.{game_id}.{f.name}.value_{value}"
    return tr(key) if has(key) else None


def next_value(f: OptionField, value: int, step: int, allowed: Allowed) -> int:
    """Where a stepper's button goes: the nearest value ``step`` or more away that
    ``allowed`` accepts, within the range; the value itself when there is none (the
    button is then disabled)."""
    nearest = value + step if f.minimum is None else max(f.minimum, value + step)
    candidate = nearest if f.maximum is None else min(f.maximum, nearest)
    while candidate != value:
        if allowed(f"option:{f.name}", candidate):
            return candidate
        further = candidate + step
        below = f.minimum is not None and further < f.minimum
        if below or (f.maximum is not None and further > f.maximum):
            break
        candidate = further
    return value


def adjust_steppers(
    controls: Sequence[Control],
    game_id: str,
    fields: Sequence[OptionField],
    values: dict[str, Any],
    allowed: Allowed,
) -> None:
    by_name = {f"option:{f.name}": f for f in fields}
    for control in controls:
        f = by_name.get(control.name)
        if f is None or control.kind != "stepper":
            continue
        value = int(values[f.name])
        step = f.step or step_for(f.minimum, f.maximum)
        down, up = list(control.buttons)
        control.buttons = {
            down: next_value(f, value, -step, allowed),
            up: next_value(f, value, step, allowed),
        }
        for button, target in control.buttons.items():
            if target == value:
                button.disable()
            else:
                button.enable()
        word = number_word(game_id, f, value)
        if word is not None and control.value_label is not None:
            control.value_label.set_text(word)
