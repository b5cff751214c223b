"""The rule-set list of the New game screen (issue 21): "Rules: Seed rules / Kalooki 51
online / Kalooki 40 / Custom" above the options, for a game whose manifest has presets.

The lit button is the preset the options match, or Custom when they match none (Custom
is only a state: it is disabled while a preset is lit). Choosing a preset sets every
option it names and puts the others back to their defaults; changing any option after
that lights Custom. The list is one stop of the keyboard ring, like a row of choices.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from game.app import fonts
from game.app.i18n import tr, tr_or
from game.app.ui.widgets import Control, segment_widths, text_width
from game.engine.options import OptionField
from game.engine.presets import Preset, find, matching

CUSTOM = ""  # the list's value when the options match no preset
NAME = "preset"  # the control's name among the screen's controls
GAP = 6
ROW = 32


def defaults_of(fields: Sequence[OptionField]) -> dict[str, Any]:
    return {f.name: f.default for f in fields}


def current(presets: Sequence[Preset], fields: Sequence[OptionField], values: dict) -> str:
    """The key of the preset ``values`` match, or CUSTOM."""
    found = matching(presets, values, defaults_of(fields))
    return found.key if found else CUSTOM


def with_preset(
    values: dict[str, Any], presets: Sequence[Preset], fields: Sequence[OptionField], key: str
) -> dict[str, Any]:
    """``values`` with the options of the rule set ``key`` (unchanged for Custom)."""
    if key == CUSTOM:
        return dict(values)
    return {**values, **find(presets, key).settings(defaults_of(fields))}


def label(game_id: str, key: str, presets: Sequence[Preset]) -> str:
    if key == CUSTOM:
        return tr("new_game.preset_custom")
    return tr_or(f"presets.{game_id}.{key}.name", find(presets, key).title)


def help_text(game_id: str, key: str, presets: Sequence[Preset]) -> str:
    if key == CUSTOM:
        return tr("new_game.preset_custom_help")
    return tr_or(f"presets.{game_id}.{key}.help", find(presets, key).help)


def preset_list(
    manager: pygame_gui.UIManager,
    game_id: str,
    presets: Sequence[Preset],
    lit: str,
    area: pygame.Rect,
) -> tuple[Control, int]:
    """The "Rules" label, a button a preset (wrapping onto more rows when they do not
    fit ``area``'s width) and Custom, then the lit one's help line. Returns the control
    and the height it takes."""
    heading = tr("new_game.preset")
    label_w = text_width(heading, 17) + 14
    pygame_gui.elements.UILabel(
        pygame.Rect(area.x, area.y, label_w, ROW),
        heading,
        manager,
        object_id=ObjectID(object_id="#strong"),
    )
    keys = [p.key for p in presets] + [CUSTOM]
    labels = [label(game_id, key, presets) for key in keys]
    widths = segment_widths(labels, minimum=70, padding=24)
    left = area.x + label_w
    control = Control(NAME, current=lit)
    x, y = left, area.y
    for key, text, width in zip(keys, labels, widths, strict=True):
        if x > left and x + width > area.right:
            x, y = left, y + ROW + GAP
        button = pygame_gui.elements.UIButton(
            pygame.Rect(x, y, min(width, area.right - left), ROW),
            text,
            manager,
            object_id=ObjectID(object_id="#segment"),
        )
        if key == lit:
            button.select()
        elif key == CUSTOM:
            button.disable()
        control.buttons[button] = key
        x += width + GAP
    control.rect = pygame.Rect(left, area.y, area.right - left, y + ROW - area.y)
    y += ROW + 4
    for line in fonts.wrap(help_text(game_id, lit, presets), 14, area.w)[:2]:
        pygame_gui.elements.UILabel(
            pygame.Rect(area.x, y, area.w, 22),
            line,
            manager,
            object_id=ObjectID(object_id="#muted"),
        )
        y += 20
    return control, y - area.y
