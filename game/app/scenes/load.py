"""Load a saved game: the saves newest first (the autosave marked), with the game,
players, deal and time. Click or arrows to choose, Enter or Open to play, Delete to
remove (after asking)."""

from __future__ import annotations

import io
import logging

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from game.app.i18n import tr, tr_or, ui
from game.app.scenes.base import Scene
from game.app.ui.paint import felt_background, heading, page_margin, panel, text
from game.app.ui.theme import CREAM, GOLD, MUTED, PANEL_EDGE
from game.persist.savedgame import SaveSummary
from game.persist.saves import delete_save, list_saves, open_save

log = logging.getLogger(__name__)
ROW_H = 84


class LoadScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.saves: list[SaveSummary] = []
        self.selected = 0
        self.scroll = 0
        self.area = pygame.Rect(0, 0, 0, 0)
        self.open_button = None
        self.delete_button = None
        self.back_button = None
        self._thumbs: dict[str, pygame.Surface | None] = {}

    def enter(self) -> None:
        messages = self.refresh()
        super().enter()
        if messages:
            self.app.notify(messages)

    def refresh(self) -> list[str]:
        """Read the saves folder again; returns messages about damaged files."""
        messages: list[str] = []
        self.saves = list_saves(self.app.paths, messages)
        self.selected = min(self.selected, max(0, len(self.saves) - 1))
        return messages

    def build(self) -> None:
        w, h = self.size
        margin = page_margin(self.size)
        self.area = pygame.Rect(margin, 104, w - 2 * margin, h - 104 - 96)
        y = h - 74
        self.back_button = pygame_gui.elements.UIButton(
            pygame.Rect(margin, y, 140, 52),
            ui("common.back"),
            self.ui,
            object_id=ObjectID(object_id="#quiet"),
        )
        self.delete_button = pygame_gui.elements.UIButton(
            pygame.Rect(w - margin - 200 - 16 - 150, y, 150, 52),
            ui("load.delete"),
            self.ui,
            object_id=ObjectID(object_id="#quiet"),
        )
        self.open_button = pygame_gui.elements.UIButton(
            pygame.Rect(w - margin - 200, y, 200, 52),
            ui("load.open"),
            self.ui,
            object_id=ObjectID(object_id="#primary"),
        )
        if not self.saves:
            self.open_button.disable()
            self.delete_button.disable()

    # --- actions ---

    def open_selected(self) -> None:
        if not self.saves:
            return
        saved, messages = open_save(self.app.paths, self.saves[self.selected].path)
        if messages:
            self.refresh()
            self.rebuild()
            self.app.notify(messages)
        if saved is not None:
            self.app.resume_game(saved)

    def delete_selected(self) -> None:
        if not self.saves:
            return
        summary = self.saves[self.selected]

        def delete() -> None:
            try:
                delete_save(self.app.paths, summary.path)
            except (OSError, ValueError) as error:
                self.app.notify([str(error)])
            self.refresh()
            self.rebuild()

        self.app.confirm(
            tr("load.delete_title"), [tr("load.delete_body", name=summary.name)], delete
        )

    def select(self, index: int) -> None:
        if not self.saves:
            return
        self.selected = max(0, min(len(self.saves) - 1, index))
        visible = self.area.h - 32
        top = self.selected * ROW_H
        if top < self.scroll:
            self.scroll = top
        elif top + ROW_H > self.scroll + visible:
            self.scroll = top + ROW_H - visible

    # --- input ---

    def on_ui_event(self, event: pygame.event.Event) -> bool:
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return False
        if event.ui_element is self.back_button:
            self.back()
        elif event.ui_element is self.open_button:
            self.open_selected()
        elif event.ui_element is self.delete_button:
            self.delete_selected()
        else:
            return False
        return True

    def on_key(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_DOWN:
                self.select(self.selected + 1)
                return True
            if event.key == pygame.K_UP:
                self.select(self.selected - 1)
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.open_selected()
                return True
            if event.key == pygame.K_DELETE:
                self.delete_selected()
                return True
        return super().on_key(event)

    def on_mouse(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEWHEEL:
            most = max(0, len(self.saves) * ROW_H - (self.area.h - 32))
            self.scroll = max(0, min(most, self.scroll - event.y * 40))
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            index = self.row_at(event.pos)
            if index is not None:
                if index == self.selected and getattr(event, "clicks", 1) >= 2:
                    self.open_selected()
                self.select(index)
                return True
        return False

    def row_at(self, pos: tuple[int, int]) -> int | None:
        if not self.area.collidepoint(pos):
            return None
        index = (pos[1] - self.area.y - 16 + self.scroll) // ROW_H
        return index if 0 <= index < len(self.saves) else None

    # --- drawing ---

    def thumbnail(self, summary: SaveSummary) -> pygame.Surface | None:
        key = str(summary.path)
        if key not in self._thumbs:
            image = None
            if summary.thumbnail:
                try:
                    image = pygame.image.load(io.BytesIO(summary.thumbnail), "thumb.png")
                    image = pygame.transform.smoothscale(
                        image,
                        (round((ROW_H - 16) * image.get_width() / image.get_height()), ROW_H - 16),
                    )
                except (pygame.error, ValueError, ZeroDivisionError) as error:
                    log.info("thumbnail of %s unreadable: %s", summary.path.name, error)
            self._thumbs[key] = image
        return self._thumbs[key]

    def draw_scene(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(felt_background((w, h), self.app.cards), (0, 0))
        heading(surface, tr("load.title"))
        panel(surface, self.area)
        if not self.saves:
            text(surface, tr("load.empty"), self.area.center, 18, MUTED, anchor="center")
            return
        clip = surface.get_clip()
        surface.set_clip(self.area.inflate(-4, -20))
        y = self.area.y + 16 - self.scroll
        for index, summary in enumerate(self.saves):
            row = pygame.Rect(self.area.x + 16, y, self.area.w - 32, ROW_H - 8)
            if row.bottom >= self.area.y and row.top <= self.area.bottom:
                self._draw_row(surface, summary, row, index == self.selected)
            y += ROW_H
        surface.set_clip(clip)

    def _draw_row(self, surface, summary: SaveSummary, row: pygame.Rect, lit: bool) -> None:
        fill = (30, 91, 63) if lit else (14, 52, 35)
        pygame.draw.rect(surface, fill, row, 0, 10)
        pygame.draw.rect(surface, GOLD if lit else PANEL_EDGE, row, 2 if lit else 1, 10)
        x = row.x + 16
        thumb = self.thumbnail(summary)
        if thumb is not None:
            surface.blit(thumb, (x, row.y + 4))
            x += thumb.get_width() + 16
        game = tr_or(f"games.{summary.game_id}.name", summary.game_title)
        name = tr("load.autosave") if summary.is_autosave else summary.name
        text(surface, name, (x, row.y + 10), 19, CREAM, bold=True)
        details = [game, ", ".join(summary.players)]
        if summary.deal is not None:
            details.append(tr("load.deal_n", n=summary.deal))
        text(surface, "  ·  ".join(details), (x, row.y + 42), 15, MUTED)
        when = summary.saved_at.strftime("%Y-%m-%d %H:%M")
        text(surface, when, (row.right - 16, row.y + 12), 15, GOLD, anchor="topright")
        if summary.to_act:
            text(
                surface,
                tr("load.to_act", name=summary.to_act),
                (row.right - 16, row.y + 42),
                14,
                MUTED,
                anchor="topright",
            )
