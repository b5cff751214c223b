"""How to play: each game's rules in the player's language, with pictures of example
melds made from the real card art. Scroll with the wheel, the scroll bar, Up/Down,
Page Up/Down, Space, Home/End; the game tabs (Left/Right while the focus ring is on
them) switch game, and Tab moves the ring between the tabs and Done."""

from __future__ import annotations

from functools import lru_cache

import pygame
import pygame_gui

from game.app import i18n
from game.app.assets import rules_text_path
from game.app.i18n import tr, ui
from game.app.scenes.base import Scene
from game.app.scenes.game_tabs import game_ids, game_tabs
from game.app.ui import richtext
from game.app.ui.focus import Focusable
from game.app.ui.form import button_item, control_item
from game.app.ui.paint import felt_background, heading, page_margin, panel
from game.app.ui.theme import GOLD, PANEL_EDGE
from game.app.ui.widgets import Control

MAX_TEXT_W = 860
PAD = 28


def rules_source(game_id: str, language: str) -> str:
    """The rules text of a game (English when a language has none)."""
    path = rules_text_path(game_id, language)
    if not path.exists():
        path = rules_text_path(game_id, "en")
    return path.read_text(encoding="utf-8")


@lru_cache(maxsize=8)
def _fade(size: tuple[int, int], top: bool, bottom: bool, edge: int = 22) -> pygame.Surface:
    """An alpha mask that fades the text out at the top and bottom of the view, so a
    half-scrolled line melts away instead of being cut."""
    w, h = size
    mask = pygame.Surface(size, pygame.SRCALPHA)
    mask.fill((255, 255, 255, 255))
    for i in range(min(edge, h // 2)):
        alpha = round(255 * i / edge)
        if top:
            pygame.draw.line(mask, (255, 255, 255, alpha), (0, i), (w, i))
        if bottom:
            pygame.draw.line(mask, (255, 255, 255, alpha), (0, h - 1 - i), (w, h - 1 - i))
    return mask


class RulesScene(Scene):
    def __init__(self, app, game_id: str | None = None) -> None:
        super().__init__(app)
        last = getattr(app, "last_game_id", None)  # the game being played, if any
        self.game_id = game_id or (last if last in game_ids() else game_ids()[0])
        self.scroll = 0
        self.view = pygame.Rect(0, 0, 0, 0)
        self.tabs: Control | None = None
        self.done_button: pygame_gui.elements.UIButton | None = None
        self._page: pygame.Surface | None = None
        self._page_key: tuple = ()
        self._dragging: int | None = None

    def build(self) -> None:
        w, h = self.size
        margin = page_margin(self.size)
        self.tabs = game_tabs(self.ui, margin, self.game_id)
        self.done_button = pygame_gui.elements.UIButton(
            pygame.Rect(w - margin - 160, 90, 160, 46),
            ui("common.done"),
            self.ui,
            object_id="#primary",
        )
        self.view = pygame.Rect(margin, 152, w - 2 * margin, h - 152 - 28)
        self.scroll = min(self.scroll, self.max_scroll())

    # --- the page ---

    def page(self) -> pygame.Surface:
        width = min(MAX_TEXT_W, self.view.w - 2 * PAD - 24)
        key = (self.game_id, i18n.language(), width, self.app.cards.four_colour)
        if self._page is None or key != self._page_key:
            blocks = richtext.parse(rules_source(self.game_id, i18n.language()))
            self._page = richtext.layout(blocks, width, self.app.cards)
            self._page_key = key
        return self._page

    def max_scroll(self) -> int:
        return max(0, self.page().get_height() - (self.view.h - 2 * PAD))

    def scroll_by(self, amount: int) -> None:
        self.scroll = max(0, min(self.max_scroll(), self.scroll + amount))

    def show_game(self, game_id: str) -> None:
        if game_id != self.game_id:
            self.game_id = game_id
            self.scroll = 0
            self.rebuild()

    # --- input ---

    def on_ui_event(self, event: pygame.event.Event) -> bool:
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return False
        if event.ui_element is self.done_button:
            self.back()
            return True
        if self.tabs and event.ui_element in self.tabs:
            self.show_game(self.tabs.value_for(event.ui_element))
            return True
        return False

    def focus_items(self) -> list[Focusable]:
        items = [control_item(self.tabs, self.press)] if self.tabs else []
        return [*items, button_item("done", self.done_button, self.press)]

    def on_key(self, event: pygame.event.Event) -> bool:
        if event.type != pygame.KEYDOWN:
            return False
        page = self.view.h - 80
        moves = {
            pygame.K_DOWN: 48,
            pygame.K_UP: -48,
            pygame.K_PAGEDOWN: page,
            pygame.K_PAGEUP: -page,
            pygame.K_SPACE: page,
            pygame.K_HOME: -(10**9),
            pygame.K_END: 10**9,
        }
        if event.key in moves:
            self.scroll_by(moves[event.key])
            return True
        return super().on_key(event)

    def on_mouse(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * 60)
            return True
        thumb = self.thumb()
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and thumb:
            if thumb.collidepoint(event.pos):
                self._dragging = event.pos[1] - thumb.y
                return True
            if self.track().collidepoint(event.pos):
                self.scroll_by(self.view.h if event.pos[1] > thumb.y else -self.view.h)
                return True
        elif event.type == pygame.MOUSEBUTTONUP:
            self._dragging = None
        elif event.type == pygame.MOUSEMOTION and self._dragging is not None and thumb:
            track = self.track()
            room = track.h - thumb.h
            if room > 0:
                top = event.pos[1] - self._dragging - track.y
                self.scroll = round(max(0, min(room, top)) / room * self.max_scroll())
            return True
        return False

    # --- scroll bar ---

    def track(self) -> pygame.Rect:
        return pygame.Rect(self.view.right - 18, self.view.y + 14, 8, self.view.h - 28)

    def thumb(self) -> pygame.Rect | None:
        total = self.page().get_height()
        visible = self.view.h - 2 * PAD
        if total <= visible:
            return None
        track = self.track()
        h = max(40, round(track.h * visible / total))
        y = track.y + round((track.h - h) * self.scroll / max(1, self.max_scroll()))
        return pygame.Rect(track.x, y, track.w, h)

    # --- drawing ---

    def draw_scene(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(felt_background((w, h), self.app.cards), (0, 0))
        heading(surface, tr("rules.title"))
        panel(surface, self.view, alpha=225)
        page = self.page()
        width = page.get_width()
        x = self.view.x + max(PAD, (self.view.w - 24 - width) // 2)
        area = pygame.Rect(0, self.scroll, width, self.view.h - 2 * PAD)
        window = pygame.Surface(area.size, pygame.SRCALPHA)
        window.blit(page, (0, 0), area)
        fades = (self.scroll > 0, self.scroll < self.max_scroll())
        if any(fades):
            window.blit(_fade(area.size, *fades), (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        surface.blit(window, (x, self.view.y + PAD))
        thumb = self.thumb()
        if thumb:
            pygame.draw.rect(surface, (*PANEL_EDGE, 255), self.track(), 0, 4)
            pygame.draw.rect(surface, GOLD, thumb, 0, 4)
