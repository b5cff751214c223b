"""Settings: language, window, card back, four-colour deck, sound, animation, turn
confirmation, the Hard AI's thinking time, whether Kalooki asks you to call and how fast
the computer plays. Every change applies at once and is kept (sliders are written a
moment after they stop moving, and when the screen closes). By keyboard: Tab and Up/Down
go from setting to setting, Left/Right or +/- change the one with the ring (a slider moves
a step), Enter or Space flips or goes to the next."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from game.app.assets import CARD_BACKS
from game.app.cards import card_size
from game.app.i18n import LANGUAGES, tr, ui
from game.app.scenes.base import Scene
from game.app.ui.focus import Focusable
from game.app.ui.form import button_item, control_item, slider_item
from game.app.ui.paint import (
    card_row,
    felt_background,
    heading,
    page_margin,
    panel,
    paragraph,
    text,
)
from game.app.ui.theme import CREAM, GOLD, MUTED
from game.app.ui.widgets import Control, segment_widths, segmented, toggle
from game.games.registry import GAMES
from game.persist.settings import COMPUTER_PACES, default_settings

ROW = 66
BACK_W = 54


@dataclasses.dataclass
class Slider:
    name: str
    widget: Any
    to_setting: Callable[[float], Any]
    shown: Callable[[Any], str]
    step: int = 1


class SettingsScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.controls: list[Control] = []
        self.sliders: list[Slider] = []
        self.value_labels: dict[str, pygame.Rect] = {}
        self.rows: list[tuple[str, pygame.Rect]] = []  # (setting name, row rect) for labels
        self.backs: dict[str, pygame.Rect] = {}
        self.aces_at = (0, 0)
        self.panels: tuple[pygame.Rect, pygame.Rect] = (pygame.Rect(0, 0, 0, 0),) * 2
        self.back_button: pygame_gui.elements.UIButton | None = None
        self.reset_button: pygame_gui.elements.UIButton | None = None

    def exit(self) -> None:
        self.app.save_settings()
        super().exit()

    # --- layout ---

    def build(self) -> None:
        w, h = self.size
        margin = page_margin(self.size)
        top, bottom, gap = 104, h - 96, 28
        half = (w - 2 * margin - gap) // 2
        left = pygame.Rect(margin, top, half, bottom - top)
        right = pygame.Rect(left.right + gap, top, w - margin - left.right - gap, bottom - top)
        self.panels = (left, right)
        self.controls, self.sliders, self.rows = [], [], []
        self.value_labels = {}
        s = self.app.settings
        row = min(ROW, (bottom - top - 70) // 8)  # the right column's eight settings
        control_w = min(230, (left.w - 48) * 9 // 20)
        toggle_text = left.w - 48 - 92 - 20

        # Left: language, window, cards.
        x, y, cw = left.x + 24, left.y + 58, left.w - 48
        self._choices("language", LANGUAGES, s.language, x, y, cw, (control_w - 6) // 2, row)
        y += row
        self._toggle("fullscreen", s.fullscreen, x, y, cw, toggle_text, row)
        y += row
        self._toggle("four_colour", s.four_colour, x, y, cw, toggle_text, row)
        y += row
        bw, bh = card_size(BACK_W)
        self._row("card_back", x, y, cw - 3 * BACK_W - 2 * 16 - 24, max(row, bh + 16))
        self.backs = {}
        bx = x + cw - 3 * BACK_W - 2 * 16 - 4
        for design in CARD_BACKS:
            self.backs[design] = pygame.Rect(bx, y + 6, bw, bh)
            bx += BACK_W + 16
        y += max(row, bh + 16) + 8
        self.aces_at = (x, y)

        # Right: sound and play.
        x, y, cw = right.x + 24, right.y + 58, right.w - 48
        text_w = cw - 92 - 20
        self._toggle("sound", s.sound, x, y, cw, text_w, row)
        y += row
        self._slider(
            "volume",
            x,
            y,
            cw,
            control_w,
            row,
            round(s.volume * 100),
            (0, 100),
            5,
            lambda v: round(v) / 100,
            lambda v: f"{round(v * 100)}%",
        )
        y += row
        self._slider(
            "animation_speed",
            x,
            y,
            cw,
            control_w,
            row,
            round(s.animation_speed * 100),
            (25, 300),
            25,
            lambda v: round(v / 25) * 25 / 100,
            _times,
        )
        y += row
        self._toggle("reduce_motion", s.reduce_motion, x, y, cw, text_w, row)
        y += row
        self._toggle("confirm_end_turn", s.confirm_end_turn, x, y, cw, text_w, row)
        y += row
        self._slider(
            "hard_think_ms",
            x,
            y,
            cw,
            control_w,
            row,
            s.hard_think_ms,
            (100, 3000),
            100,
            lambda v: int(round(v / 100) * 100),
            lambda v: tr("settings.seconds", value=f"{v / 1000:.1f}"),
        )
        for setting in (setting for info in GAMES.values() for setting in info.settings):
            y += row  # each game's own (its manifest declares them), its label on the left
            chosen = s.table_setting(setting.name)
            self._choices(setting.name, setting.choices, chosen, x, y, cw, 0, row)
        y += row
        self._choices(
            "computer_pace", COMPUTER_PACES, s.computer_pace, x, y, cw, 0, row, help_under=True
        )

        self.back_button = pygame_gui.elements.UIButton(
            pygame.Rect(w - margin - 160, h - 74, 160, 52),
            ui("common.done"),
            self.ui,
            object_id=ObjectID(object_id="#primary"),
        )
        self.reset_button = pygame_gui.elements.UIButton(
            pygame.Rect(margin, h - 74, 220, 52),
            ui("settings.reset"),
            self.ui,
            object_id=ObjectID(object_id="#quiet"),
        )

    def _row(self, name: str, x: int, y: int, text_w: int, height: int) -> None:
        self.rows.append((name, pygame.Rect(x, y, text_w, height)))

    def _toggle(self, name: str, on: bool, x: int, y: int, width: int, text_w: int, row: int):
        self._row(name, x, y, text_w, row)
        self.controls.append(toggle(self.manager, name, _right(x, y, width), on))

    def _choices(
        self, name, choices, current, x, y, width, segment_w, row, help_under=False
    ) -> None:
        """A row whose setting is one of ``choices``, each labelled ``settings.<name>_<choice>``
        on a segment at least ``segment_w`` wide. ``help_under``: lower segments beside
        the name only, so the help runs the row's whole width below them (three choices
        leave too little room beside them at 1024x640)."""
        labels = [tr(f"settings.{name}_{choice}") for choice in choices]
        widths = segment_widths(labels, minimum=segment_w, padding=20)
        self._row(name, x, y, width if help_under else width - sum(widths) - 26, row)
        at = (x + width - sum(widths) - 6, y + (2 if help_under else 8))
        pairs = list(zip(choices, labels))
        height = 25 if help_under else 34
        self.controls.append(
            segmented(
                self.manager, name, at, pairs, current, widths=widths, height=height, plain=True
            )
        )

    def _slider(self, name, x, y, width, control_w, row, start, span, step, to_setting, shown):
        self._row(name, x, y, width - control_w - 16, row)
        rect = pygame.Rect(x + width - control_w, y + 10, control_w - 66, 30)
        widget = pygame_gui.elements.UIHorizontalSlider(
            rect, start, span, self.ui, click_increment=step
        )
        self.sliders.append(Slider(name, widget, to_setting, shown, step))
        self.value_labels[name] = pygame.Rect(rect.right + 10, rect.y, 56, rect.h)

    # --- changes ---

    def on_ui_event(self, event: pygame.event.Event) -> bool:
        element = event.ui_element
        if event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED:
            for slider in self.sliders:
                if slider.widget is element:
                    self.app.update_settings(
                        save=False, **{slider.name: slider.to_setting(event.value)}
                    )
                    return True
            return False
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return False
        if element is self.back_button:
            self.back()
            return True
        if element is self.reset_button:
            self.reset()
            return True
        for control in self.controls:
            if element in control:
                self.change(control.name, control.value_for(element))
                return True
        return False

    def change(self, name: str, value: Any) -> None:
        """Set one setting by name, apply it and keep it."""
        if name == "fullscreen":
            self.app.set_fullscreen(bool(value))
        else:
            self.app.update_settings(**{name: value})
        if name == "sound" and value:
            self.app.audio.play("chip")
        self.rebuild()

    def reset(self) -> None:
        defaults = default_settings()
        keep = {"window_size", "window_pos", "fullscreen"}
        values = {
            f.name: getattr(defaults, f.name)
            for f in dataclasses.fields(defaults)
            if f.name not in keep
        }
        self.app.update_settings(**values)
        self.rebuild()

    def on_mouse(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for design, rect in self.backs.items():
                if rect.collidepoint(event.pos):
                    self.change("card_back", design)
                    return True
        return False

    # --- the keyboard ---

    def focus_items(self) -> list[Focusable]:
        """In reading order: the left panel top to bottom, then the right, then the
        buttons."""
        by_name = {c.name: c for c in self.controls}
        sliders = {slider.name: slider for slider in self.sliders}
        items = []
        for name, _ in self.rows:
            if name in by_name:
                items.append(control_item(by_name[name], self.press))
            elif name in sliders:
                slider = sliders[name]
                items.append(slider_item(name, slider.widget, slider.step, self._slid))
            elif name == "card_back":
                items.append(self._backs_item())
        items.append(button_item("reset", self.reset_button, self.press))
        items.append(button_item("done", self.back_button, self.press))
        return items

    def _backs_item(self) -> Focusable:
        """The card backs (pictures, not buttons): Left/Right choose, Enter the next."""

        def step(by: int) -> None:
            index = CARD_BACKS.index(self.app.settings.card_back)
            self.change("card_back", CARD_BACKS[(index + by) % len(CARD_BACKS)])

        rects = list(self.backs.values())
        area = rects[0].unionall(rects[1:])
        return Focusable("card_back", area, lambda: step(1), 10, adjust=step)

    def _slid(self, widget: Any, value: float) -> None:
        event = pygame.event.Event(
            pygame_gui.UI_HORIZONTAL_SLIDER_MOVED, {"ui_element": widget, "value": value}
        )
        self.on_ui_event(event)

    # --- drawing ---

    def draw_scene(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(felt_background((w, h), self.app.cards), (0, 0))
        heading(surface, tr("settings.title"))
        left, right = self.panels
        for area, key in ((left, "settings.section_display"), (right, "settings.section_play")):
            panel(surface, area)
            text(surface, tr(key), (area.x + 24, area.y + 18), 19, GOLD, bold=True)
        for name, rect in self.rows:
            text(surface, tr(f"settings.{name}"), (rect.x, rect.y + 2), 17, CREAM, bold=True)
            help_rect = pygame.Rect(rect.x, rect.y + 27, rect.w, rect.h - 27)
            paragraph(
                surface,
                tr(f"settings.{name}_help"),
                help_rect,
                14,
                MUTED,
                line_height=1.3,
                max_lines=2 if rect.h >= 62 else 1,  # a short window: one line each
            )
        s = self.app.settings
        values = {
            "volume": s.volume,
            "animation_speed": s.animation_speed,
            "hard_think_ms": s.hard_think_ms,
        }
        for slider in self.sliders:
            rect = self.value_labels[slider.name]
            text(
                surface,
                slider.shown(values[slider.name]),
                rect.midleft,
                16,
                GOLD,
                bold=True,
                anchor="midleft",
            )
        for design, rect in self.backs.items():
            surface.blit(self.app.cards.back(BACK_W, design), rect)
            if design == s.card_back:
                pygame.draw.rect(surface, GOLD, rect.inflate(8, 8), 3, 8)
        # A preview of the chosen back and deck colours.
        x, y = self.aces_at
        width = 50
        if y + 26 + card_size(width)[1] <= left.bottom - 12:
            text(surface, tr("settings.preview"), (x, y), 15, GOLD, bold=True)
            y += 26
            surface.blit(self.app.cards.back(width), (x, y))
            card_row(
                surface,
                self.app.cards,
                ("AS", "KH", "QD", "JC", "JK"),
                (x + width + 14, y),
                width,
                step=0.7,
            )

    def draw_over(self, surface: pygame.Surface) -> None:
        pass


def _times(speed: float) -> str:
    """1.0×, 0.75×, 2.5×."""
    return (f"{speed:.1f}" if round(speed * 100) % 10 == 0 else f"{speed:.2f}") + "×"


def _right(x: int, y: int, width: int) -> pygame.Rect:
    return pygame.Rect(x + width - 92, y + 8, 92, 34)
