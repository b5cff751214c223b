"""Small scenes over the table: the in-game menu, the keyboard help, the joker chooser and
the save-to-a-slot dialog. Each dims the table below and takes all input until closed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from functools import lru_cache

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from game.app import fonts
from game.app.cards import card_size
from game.app.disk import disk_reason
from game.app.i18n import tr, ui
from game.app.scenes.base import Scene
from game.app.table.drag import Choice
from game.app.table.panels import fit_line
from game.app.table.sprites import Place, draw_card, draw_joker_label
from game.app.ui.focus import Focusable
from game.app.ui.form import button_item, entry_item
from game.app.ui.paint import panel, text
from game.app.ui.theme import CREAM, GOLD, MUTED
from game.persist.savedgame import SavedGame
from game.persist.saves import save_named, slot_path


@lru_cache(maxsize=2)
def veil(size: tuple[int, int]) -> pygame.Surface:
    image = pygame.Surface(size, pygame.SRCALPHA)
    image.fill((0, 12, 6, 160))
    return image


class Overlay(Scene):
    """A modal panel over the table."""

    opaque = False

    def __init__(self, app) -> None:
        super().__init__(app)
        self.box = pygame.Rect(0, 0, 0, 0)

    def close(self) -> None:
        self.app.stack.remove(self)

    def back(self) -> None:
        self.close()

    def on_mouse(self, event: pygame.event.Event) -> bool:
        return True  # modal

    def on_key(self, event: pygame.event.Event) -> bool:
        super().on_key(event)
        return True

    def draw_scene(self, surface: pygame.Surface) -> None:
        surface.blit(veil(surface.get_size()), (0, 0))
        panel(surface, self.box, alpha=252, radius=16, border=GOLD)


def entry_dialog(
    overlay: Overlay, width: int, height: int, entry_top: int, text: str
) -> tuple[
    pygame_gui.elements.UITextEntryLine, pygame_gui.elements.UIButton, pygame_gui.elements.UIButton
]:
    """Centre ``overlay``'s box and build its one line of text (focused, holding ``text``)
    and its Save / Back buttons at the bottom right: the shape of every naming dialog."""
    w, h = overlay.size
    overlay.box = pygame.Rect(0, 0, min(width, w - 80), height)
    overlay.box.center = (w // 2, h // 2)
    box = overlay.box
    entry = pygame_gui.elements.UITextEntryLine(
        pygame.Rect(box.x + 32, box.y + entry_top, box.w - 64, 44), overlay.ui
    )
    entry.set_text(text)
    entry.focus()
    y = box.bottom - 74
    save = pygame_gui.elements.UIButton(
        pygame.Rect(box.right - 32 - 150, y, 150, 48),
        ui("table.save"),
        overlay.ui,
        object_id=ObjectID(object_id="#primary"),
    )
    back = pygame_gui.elements.UIButton(
        pygame.Rect(box.right - 32 - 150 - 12 - 130, y, 130, 48),
        ui("common.back"),
        overlay.ui,
        object_id=ObjectID(object_id="#quiet"),
    )
    return entry, save, back


class MenuOverlay(Overlay):
    """Resume, Save (Chat at a networked table), Save log, Rules, Settings, Quit to
    title: the items ``actions`` names."""

    ITEMS = (
        "resume",
        "save",
        "chat",
        "save_log",
        "rules",
        "settings",
        "remove",
        "close_table",
        "quit",
    )

    def __init__(self, app, actions: dict[str, Callable[[], None]]) -> None:
        super().__init__(app)
        self.actions = actions
        self.buttons: dict[object, str] = {}

    def build(self) -> None:
        w, h = self.size
        bw, bh, gap = 300, 50, 12
        items = [name for name in self.ITEMS if name == "resume" or name in self.actions]
        height = 80 + len(items) * (bh + gap) + 16
        self.box = pygame.Rect(0, 0, bw + 80, height)
        self.box.center = (w // 2, h // 2)
        y = self.box.y + 74
        self.buttons = {}
        for name in items:
            style = "#primary" if name == "resume" else None
            button = pygame_gui.elements.UIButton(
                pygame.Rect(self.box.x + 40, y, bw, bh),
                ui(f"table.menu_{name}"),
                self.ui,
                object_id=ObjectID(object_id=style),
            )
            self.buttons[button] = name
            y += bh + gap

    def focus_items(self) -> list[Focusable]:
        return [button_item(name, button, self.press) for button, name in self.buttons.items()]

    def on_ui_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.buttons:
            name = self.buttons[event.ui_element]
            self.close()
            action = self.actions.get(name)
            if action is not None:
                action()
            return True
        return False

    def draw_scene(self, surface: pygame.Surface) -> None:
        super().draw_scene(surface)
        text(
            surface,
            tr("table.menu_title"),
            (self.box.centerx, self.box.y + 24),
            26,
            GOLD,
            bold=True,
            anchor="midtop",
        )


class ReadOnlyOverlay(Overlay):
    """A panel only to read: any key or click closes it."""

    def on_key(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            self.close()
        return True

    def on_mouse(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONUP:
            self.close()
        return True


class HelpOverlay(ReadOnlyOverlay):
    """Every gesture and key, in two columns; any key or click closes it. A description
    too long for its column wraps, and the type gets smaller until every line fits the
    box (Kalooki's lines are long, Japanese ones wide)."""

    def __init__(self, app, lines: Sequence[tuple[str, str]]) -> None:
        super().__init__(app)
        self.lines = list(lines)
        self.size_pt = 16
        self.key_w = 0
        self.rows: list[tuple[str, list[str], int]] = []  # keys, wrapped words, top

    def build(self) -> None:
        w, h = self.size
        self.box = pygame.Rect(0, 0, min(w - 60, 900), h - 40)
        for size in (16, 15, 14, 13, 12):
            if self._lay_out(size) <= h - 40:
                break
        height = self.rows[-1][2] + self._row_h(len(self.rows[-1][1])) + 44 if self.rows else 140
        self.box.h = min(h - 40, height)
        self.box.center = (w // 2, h // 2)
        self._lay_out(self.size_pt)  # again, from the box's final top

    def _row_h(self, count: int) -> int:
        return round(self.size_pt * 1.45) * count + round(self.size_pt * 0.25)

    def _lay_out(self, size: int) -> int:
        """Wrap every line at ``size``; returns the height the box needs."""
        self.size_pt = size
        inner = self.box.w - 72
        widest = max((fonts.font(size, True).size(k)[0] for k, _ in self.lines), default=0)
        self.key_w = min(widest + 24, inner // 2)
        self.rows = []
        y = self.box.y + 82
        for keys, what in self.lines:
            shown_keys = fit_line(keys, size, self.key_w - 12, True)
            wrapped = fonts.wrap(what, size, inner - self.key_w)
            self.rows.append((shown_keys, wrapped, y))
            y += self._row_h(len(wrapped))
        return y - self.box.y + 44

    def draw_scene(self, surface: pygame.Surface) -> None:
        super().draw_scene(surface)
        x = self.box.x + 36
        text(surface, tr("table.help_title"), (x, self.box.y + 26), 26, GOLD, bold=True)
        size = self.size_pt
        step = round(size * 1.45)
        for keys, wrapped, y in self.rows:
            if y + step > self.box.bottom - 40:
                break
            text(surface, keys, (x, y), size, GOLD, bold=True)
            for number, words in enumerate(wrapped):
                text(surface, words, (x + self.key_w, y + number * step), size, CREAM)
        text(
            surface,
            tr("table.help_close"),
            (self.box.centerx, self.box.bottom - 18),
            14,
            MUTED,
            anchor="midbottom",
        )


class ChooserOverlay(Overlay):
    """ "What does the joker stand for?": one row per reading, drawn as the meld would lie.
    Click a row or press its number; Esc cancels (nothing is played)."""

    CARD_W = 50

    def __init__(
        self, app, title: str, choices: Sequence[Choice], on_choose: Callable[[Choice], None]
    ) -> None:
        super().__init__(app)
        self.title = title
        self.choices = list(choices)
        self.on_choose = on_choose
        self.rows: list[pygame.Rect] = []
        self.hover = 0
        self.card_w = self.CARD_W

    def build(self) -> None:
        w, h = self.size
        # Smaller cards when many readings must fit the window.
        room = (h - 160) // max(1, len(self.choices)) - 20
        self.card_w = max(30, min(self.CARD_W, round(room / 1.4)))
        _, ch = card_size(self.card_w)
        row_h = ch + 20
        width = max(
            420,
            max(
                (
                    self._cards_width(c) + fonts.font(16).size(c.label)[0] + 110
                    for c in self.choices
                ),
                default=420,
            ),
        )
        self.box = pygame.Rect(0, 0, min(w - 60, width), 96 + row_h * len(self.choices) + 40)
        self.box.center = (w // 2, h // 2)
        self.rows = [
            pygame.Rect(self.box.x + 24, self.box.y + 72 + i * row_h, self.box.w - 48, row_h - 8)
            for i in range(len(self.choices))
        ]

    def _cards_width(self, choice: Choice) -> int:
        cw, _ = card_size(self.card_w)
        return cw + round(cw * 0.5) * max(0, len(choice.cards) - 1)

    def choose(self, index: int) -> None:
        if 0 <= index < len(self.choices):
            self.close()
            self.on_choose(self.choices[index])

    def on_mouse(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            for i, row in enumerate(self.rows):
                if row.collidepoint(event.pos):
                    self.hover = i
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for i, row in enumerate(self.rows):
                if row.collidepoint(event.pos):
                    self.choose(i)
                    return True
            if not self.box.collidepoint(event.pos):
                self.close()
        return True

    def on_key(self, event: pygame.event.Event) -> bool:
        if event.type != pygame.KEYDOWN:
            return True
        if event.key == pygame.K_ESCAPE:
            self.close()
        elif pygame.K_1 <= event.key <= pygame.K_9:
            self.choose(event.key - pygame.K_1)
        elif event.key in (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB):
            back = event.key == pygame.K_UP or (
                event.key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT
            )
            self.hover = (self.hover + (-1 if back else 1)) % len(self.choices)
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.choose(self.hover)
        return True

    def draw_scene(self, surface: pygame.Surface) -> None:
        super().draw_scene(surface)
        text(surface, self.title, (self.box.x + 28, self.box.y + 22), 22, GOLD, bold=True)
        cw, _ = card_size(self.card_w)
        for i, (row, choice) in enumerate(zip(self.rows, self.choices)):
            lit = i == self.hover
            pygame.draw.rect(surface, (30, 91, 63) if lit else (14, 52, 35), row, 0, 10)
            pygame.draw.rect(surface, GOLD if lit else (46, 107, 76), row, 2 if lit else 1, 10)
            text(
                surface,
                str(i + 1),
                (row.x + 14, row.centery),
                18,
                GOLD,
                bold=True,
                anchor="midleft",
            )
            x = row.x + 40
            step = round(cw * 0.5)
            for card, label in choice.cards:
                place = Place(x, row.y + 6, self.card_w)
                draw_card(surface, self.app.cards, card, place, shadowed=False)
                if label:
                    draw_joker_label(surface, label, place, step)
                x += step
            x += cw - step + 18
            text(surface, choice.label, (x, row.centery), 16, CREAM, anchor="midleft")


class SaveDialog(Overlay):
    """Save the game to a named slot (asks before replacing a slot of the same name)."""

    def __init__(self, app, default_name: str, make_saved: Callable[[], SavedGame]) -> None:
        super().__init__(app)
        self.default_name = default_name
        self.make_saved = make_saved
        self.entry: pygame_gui.elements.UITextEntryLine | None = None
        self.save_button: pygame_gui.elements.UIButton | None = None
        self.cancel_button: pygame_gui.elements.UIButton | None = None
        self.message = ""

    def build(self) -> None:
        self.entry, self.save_button, self.cancel_button = entry_dialog(
            self, 560, 250, 90, self.default_name
        )

    def name(self) -> str:
        return (self.entry.get_text() if self.entry else self.default_name).strip()

    def save(self) -> None:
        name = self.name() or self.default_name
        if slot_path(self.app.paths, name).exists():
            self.app.confirm(
                tr("table.save_replace_title"),
                [tr("table.save_replace_body", name=name)],
                lambda: self._write(name),
            )
            return
        self._write(name)

    def _write(self, name: str) -> None:
        self.close()
        try:
            save_named(self.app.paths, name, self.make_saved())
        except OSError as error:  # the system's own text ("[Errno 30] ...") is not shown
            self.app.notify([tr("table.save_failed", reason=disk_reason(error))])
            return
        except ValueError as error:
            self.app.notify([tr("table.save_failed", reason=str(error))])
            return
        self.app.notify([tr("table.saved_body", name=name)], title=tr("table.saved_title"))

    def on_ui_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.save_button:
                self.save()
                return True
            if event.ui_element is self.cancel_button:
                self.close()
                return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.entry:
            self.save()
            return True
        return False

    def focus_items(self) -> list[Focusable]:
        """The name (typing goes there first), Back, Save."""
        return [
            entry_item("name", self.entry),
            button_item("back", self.cancel_button, self.press),
            button_item("save", self.save_button, self.press),
        ]

    def draw_scene(self, surface: pygame.Surface) -> None:
        super().draw_scene(surface)
        text(
            surface, tr("table.save_title"), (self.box.x + 32, self.box.y + 26), 24, GOLD, bold=True
        )
        text(surface, tr("table.save_hint"), (self.box.x + 32, self.box.y + 62), 15, MUTED)


def default_slot_name(game_title: str) -> str:
    return f"{game_title} {datetime.now().strftime('%Y-%m-%d %H.%M')}"
