"""Load a game: every game in progress and every named save, newest first, then the
sample games in a section of their own (read-only). Each row shows the game, the deal
("deal 3 of 9"), the players, the time and a picture of the table.

By keyboard: a focus ring over the list and the buttons (Tab, Shift+Tab, arrows); in
the list Up/Down (Home/End, Page Up/Down) choose a row, Enter opens it, Delete removes
it after asking (No is the default answer); Esc goes back. The mouse works too: click
to choose, double-click to open, the wheel to scroll.
"""

from __future__ import annotations

import io
import logging
from dataclasses import dataclass
from typing import Any

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from game.app import fonts
from game.app.assets import samples_dir
from game.app.i18n import tr, tr_or, ui
from game.app.messages import shown_name, shown_names
from game.app.scenes.base import Scene
from game.app.table.panels import fit_line
from game.app.table.rejoin import ONLINE, online_rows
from game.app.ui.focus import Focusable, FocusRing
from game.app.ui.paint import card_fan, felt_background, heading, page_margin, panel, text
from game.app.ui.theme import CREAM, GOLD, MUTED, PANEL_EDGE
from game.app.variant_name import variant_name
from game.persist.online_tables import retire_record
from game.persist.replays import REPLAY, list_replays
from game.persist.savedgame import AUTOSAVE, NAMED, SAMPLE, SaveSummary
from game.persist.saveformat import MAX_THUMBNAIL_SIDE, png_size
from game.persist.saves import delete_save, list_samples, list_saves, open_save

log = logging.getLogger(__name__)
ROW_H = 84
HEADER_H = 40
THUMB_W = 109  # the table's 192x120 picture at the row's height
PAGE = 5  # rows that Page Up/Down move


@dataclass(frozen=True)
class Line:
    """One line of the list: a section's heading (``summary`` None) or a save."""

    y: int  # from the top of the list's content
    height: int
    title: str = ""
    summary: SaveSummary | None = None


class LoadScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.saves: list[SaveSummary] = []  # in the order shown: the player's, then samples
        self.lines: list[Line] = []
        self.selected = 0
        self.scroll = 0
        self.area = pygame.Rect(0, 0, 0, 0)
        self.focus = FocusRing()
        self.open_button: Any = None  # pygame_gui buttons, made by build
        self.delete_button: Any = None
        self.back_button: Any = None
        self._thumbs: dict[tuple[str, bytes | None], pygame.Surface | None] = {}
        self.online: dict = {}  # path -> (row, record) of the online tables

    def enter(self) -> None:
        messages = self.refresh()
        super().enter()
        if messages:
            self.app.notify(messages)

    def refresh(self) -> list[str]:
        """Read the folders again; returns messages about damaged files."""
        messages: list[str] = []
        samples = samples_dir()
        yours = [*self.app.games_in_progress(), *list_saves(self.app.paths, messages, samples)]
        self.online = online_rows(self.app, messages)  # online tables to rejoin
        yours += [summary for summary, _ in self.online.values()]
        yours.sort(key=_when, reverse=True)
        shipped = list_samples(samples, messages)
        finished = list_replays(self.app.paths, messages)  # the last games, to look back over
        self.saves = [*yours, *finished, *shipped]
        self.lines = []
        y = 0
        sections = (
            ("load.section_yours", yours),
            ("replay.section", finished),
            ("load.section_samples", shipped),
        )
        for title, group in sections:
            if not group:
                continue
            self.lines.append(Line(y, HEADER_H, tr(title)))
            y += HEADER_H
            for summary in group:
                self.lines.append(Line(y, ROW_H, summary=summary))
                y += ROW_H
        self.selected = min(self.selected, max(0, len(self.saves) - 1))
        return messages

    def build(self) -> None:
        w, h = self.size
        margin = page_margin(self.size)
        self.area = pygame.Rect(margin, 104, w - 2 * margin, h - 104 - 100)
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
        self._update_buttons()
        first = not self.focus.items
        self._set_focus_items()
        if first:
            self.focus.focus("list" if self.saves else "back")
        self.select(self.selected)

    def _set_focus_items(self) -> None:
        self.focus.set_items(
            [
                Focusable("list", self._list_focus_rect(), self.open_selected, radius=12),
                Focusable("back", self.back_button.rect, self.back, radius=9),
                Focusable("delete", self.delete_button.rect, self.delete_selected, radius=9),
                Focusable("open", self.open_button.rect, self.open_selected, radius=9),
            ]
        )

    def _list_focus_rect(self) -> pygame.Rect:
        """The chosen row as it shows in the list (the list itself when it is empty)."""
        line = self._line_of(self.selected)
        if line is None:
            return self.area.copy()
        row = self._row_rect(line)
        return row.clip(self.area.inflate(-4, -12)) or self.area.copy()

    def _update_buttons(self) -> None:
        if self.open_button is None or self.delete_button is None:
            return
        current = self.current
        for button, wanted in (
            (self.open_button, current is not None),
            (self.delete_button, current is not None and current.kind not in (SAMPLE, REPLAY)),
        ):
            if wanted and not button.is_enabled:
                button.enable()
            elif not wanted and button.is_enabled:
                button.disable()

    @property
    def current(self) -> SaveSummary | None:
        return self.saves[self.selected] if self.saves else None

    # --- actions ---

    def _rejoin_failed(self) -> None:
        self.refresh()  # a table gone: its row goes
        self.rebuild()

    def open_selected(self) -> None:
        summary = self.current
        if summary is None:
            return
        if summary.kind == ONLINE:  # rejoin; a table gone is said and its row goes
            from game.app.scenes.online.rejoining import rejoin  # the network: when asked

            rejoin(self.app, self.online[summary.path][1], on_failed=self._rejoin_failed)
            return
        saved, messages = open_save(self.app.paths, summary.path)
        if saved is not None and summary.kind == REPLAY:
            from game.app.scenes.replay import ReplayScene

            self.app.stack.push(ReplayScene(self.app, saved))
            return
        if messages:
            self.refresh()
            self.rebuild()
            self.app.notify(messages)
        if saved is not None:
            # A game in progress goes on in its own file; a save or a sample in a new one.
            autosave = summary.path if summary.kind == AUTOSAVE else None
            self.app.resume_game(saved, autosave=autosave)

    def delete_selected(self) -> None:
        summary = self.current
        if summary is None or summary.kind in (SAMPLE, REPLAY):
            return

        def delete() -> None:
            try:
                if summary.kind == ONLINE:
                    retire_record(self.app.paths, self.online[summary.path][1].code)
                else:
                    delete_save(self.app.paths, summary.path)
            except (OSError, ValueError) as error:
                self.app.notify([str(error)])
            self.refresh()
            self.rebuild()

        if summary.kind == AUTOSAVE:
            game = _game(summary)
            where = _details(summary)[0]
            title, body = (
                tr("load.delete_game_title"),
                tr("load.delete_game_body", game=game, where=where),
            )
        else:
            title, body = tr("load.delete_title"), tr("load.delete_body", name=summary.name)
        self.app.confirm(title, [body], delete)

    def select(self, index: int) -> None:
        if not self.saves:
            return
        self.selected = max(0, min(len(self.saves) - 1, index))
        line = self._line_of(self.selected)
        if line is not None:
            visible = self.area.h - 32
            top = line.y
            at = self.lines.index(line)
            if at > 0 and self.lines[at - 1].summary is None:
                top -= HEADER_H  # a section's heading shows with its first row
            if top < self.scroll:
                self.scroll = top
            elif line.y + ROW_H > self.scroll + visible:
                self.scroll = line.y + ROW_H - visible
        self._update_buttons()
        if self.focus.items:
            self.focus.items[0].rect = self._list_focus_rect()

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
        if event.type != pygame.KEYDOWN:
            return super().on_key(event)
        in_list = self.focus.name == "list"
        moves = {
            pygame.K_DOWN: 1,
            pygame.K_UP: -1,
            pygame.K_PAGEDOWN: PAGE,
            pygame.K_PAGEUP: -PAGE,
            pygame.K_END: len(self.saves),
            pygame.K_HOME: -len(self.saves),
        }
        if in_list and event.key in moves:
            if event.key == pygame.K_UP and self.selected == 0:
                return True  # the top of the list: stay
            if event.key == pygame.K_DOWN and self.selected >= len(self.saves) - 1:
                self.focus.focus("open")  # past the last row: on to the buttons
                return True
            self.select(self.selected + moves[event.key])
            return True
        if event.key == pygame.K_DELETE:
            self.delete_selected()
            return True
        if event.key == pygame.K_ESCAPE:
            return super().on_key(event)
        if not in_list and event.key in (pygame.K_UP, pygame.K_DOWN):
            if event.key == pygame.K_UP and self.saves:
                self.focus.focus("list")
            return True
        if self.focus.name in ("open", "delete") and event.key in (
            pygame.K_RETURN,
            pygame.K_KP_ENTER,
            pygame.K_SPACE,
        ):
            button = self.open_button if self.focus.name == "open" else self.delete_button
            if button is not None and not button.is_enabled:
                return True  # a disabled button does nothing
        if self.focus.handle_key(event):
            return True
        return super().on_key(event)

    def on_mouse(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, min(self._most_scroll(), self.scroll - event.y * 40))
            if self.focus.items:
                self.focus.items[0].rect = self._list_focus_rect()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            index = self.row_at(event.pos)
            if index is not None:
                if index == self.selected and getattr(event, "clicks", 1) >= 2:
                    self.open_selected()
                    return True
                self.select(index)
                self.focus.focus("list")
                return True
        return False

    def _most_scroll(self) -> int:
        content = self.lines[-1].y + self.lines[-1].height if self.lines else 0
        return max(0, content - (self.area.h - 32))

    def row_at(self, pos: tuple[int, int]) -> int | None:
        """The index in ``saves`` of the row under ``pos`` (None on a heading or outside)."""
        if not self.area.collidepoint(pos):
            return None
        for line in self.lines:
            if line.summary is not None and self._row_rect(line).collidepoint(pos):
                return self.saves.index(line.summary)
        return None

    def _line_of(self, index: int) -> Line | None:
        if not 0 <= index < len(self.saves):
            return None
        wanted = self.saves[index]
        return next((line for line in self.lines if line.summary is wanted), None)

    def _row_rect(self, line: Line) -> pygame.Rect:
        y = self.area.y + 16 - self.scroll + line.y
        return pygame.Rect(self.area.x + 16, y, self.area.w - 32, line.height - 8)

    # --- drawing ---

    def thumbnail(self, summary: SaveSummary) -> pygame.Surface | None:
        # By the picture itself, not the file: a game saved again since shows its new one.
        key = (str(summary.path), summary.thumbnail)
        if key not in self._thumbs:
            self._thumbs[key] = _decode_thumbnail(summary)
        return self._thumbs[key]

    def draw_scene(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(felt_background((w, h), self.app.cards), (0, 0))
        heading(surface, tr("load.title"))
        panel(surface, self.area)
        hint = fit_line(tr("load.keys_hint"), 13, self.area.w, False)
        text(surface, hint, (w // 2, self.area.bottom + 6), 13, MUTED, anchor="midtop")
        if not self.saves:
            text(surface, tr("load.empty"), self.area.center, 18, MUTED, anchor="center")
            return
        clip = surface.get_clip()
        surface.set_clip(self.area.inflate(-4, -20))
        current = self.current
        for line in self.lines:
            row = self._row_rect(line)
            if row.bottom < self.area.y or row.top > self.area.bottom:
                continue
            if line.summary is None:
                where = (row.x + 4, row.bottom - 6)
                text(surface, line.title, where, 17, GOLD, bold=True, anchor="bottomleft")
            else:
                self._draw_row(surface, line.summary, row, line.summary is current)
        surface.set_clip(clip)

    def draw_over(self, surface: pygame.Surface) -> None:
        if self.app.stack.top is self:
            self.focus.draw(surface)

    def _draw_row(self, surface, summary: SaveSummary, row: pygame.Rect, lit: bool) -> None:
        fill = (30, 91, 63) if lit else (14, 52, 35)
        pygame.draw.rect(surface, fill, row, 0, 10)
        pygame.draw.rect(surface, GOLD if lit else PANEL_EDGE, row, 2 if lit else 1, 10)
        x = row.x + 16
        thumb = self.thumbnail(summary)
        if thumb is not None:
            surface.blit(thumb, (x, row.y + 4))
            x += thumb.get_width() + 16
        else:  # the same column for every row: a card's back where the picture would be
            slot = pygame.Rect(x, row.y + 4, THUMB_W, ROW_H - 16)
            pygame.draw.rect(surface, (9, 36, 24), slot, 0, 6)
            pygame.draw.rect(surface, PANEL_EDGE, slot, 1, 6)
            card_fan(surface, self.app.cards, ("back", "back"), slot.center, 30, 10, 0.3)
            x = slot.right + 16
        right = row.right - 16
        when = summary.saved_at.strftime("%Y-%m-%d %H:%M")
        when_rect = text(surface, when, (right, row.y + 12), 15, GOLD, anchor="topright")
        room = when_rect.left - 24 - x
        tags = _tags(summary)
        tag_w = sum(fonts.font(14, True).size(tag)[0] + 14 for tag in tags) + 6 * bool(tags)
        title = fit_line(_title(summary), 19, room - tag_w, True)
        shown = text(surface, title, (x, row.y + 10), 19, CREAM, bold=True)
        at = shown.right + 14
        for tag in tags:  # "Replay", then "Online" for a game played at an online table
            drawn = text(surface, tag, (at, shown.centery), 14, GOLD, bold=True, anchor="midleft")
            at = drawn.right + 14
        to_act = tr("load.to_act", name=shown_name(summary.to_act)) if summary.to_act else ""
        turn_w = 0
        if to_act:
            to_act = fit_line(to_act, 14, max(80, (right - x) // 3), False)
            turn = text(surface, to_act, (right, row.y + 42), 14, MUTED, anchor="topright")
            turn_w = turn.w + 24
        details = "  ·  ".join(_details(summary))
        text(surface, fit_line(details, 15, right - x - turn_w, False), (x, row.y + 42), 15, MUTED)


def _game(summary: SaveSummary) -> str:
    return tr_or(f"games.{summary.game_id}.name", summary.game_title)


def _title(summary: SaveSummary) -> str:
    """A game in progress and a sample by their game, a named save by its name."""
    return summary.name if summary.kind in (NAMED, ONLINE) else _game(summary)


def _tags(summary: SaveSummary) -> list[str]:
    """The row's tags beside its title: "In progress", "Sample", "Replay" (and "Online"
    for a replay of a game played at an online table, as its file says)."""
    tags = {AUTOSAVE: "load.in_progress", SAMPLE: "load.sample", REPLAY: "replay.tag"}
    shown = [tr(tags[summary.kind])] if summary.kind in tags else []
    if summary.kind == REPLAY and summary.online:
        shown.append(tr("replay.online_tag"))
    return shown


def _details(summary: SaveSummary) -> list[str]:
    """("Kalooki",) "deal 3 of 9", "4 players: You, Ada, ..." (the game is named here
    only for a named save, whose title is its name)."""
    from game.app.scenes.title import where_in_game

    if summary.kind == ONLINE:
        return [_game(summary)]
    details = [_game(summary)] if summary.kind == NAMED else []
    variant = variant_name(summary.game_id, summary.options)  # "Pool 101", "Kalooki 40"
    if variant:
        details.append(variant)
    where = where_in_game(summary)
    if where:
        details.append(where)
    count = tr("load.n_players", n=len(summary.players))
    names = tr("load.list_sep").join(shown_names(summary.players))  # "You" reads あなた
    details.append(count + tr("load.label_sep") + names)
    return details


def _when(summary: SaveSummary) -> float:
    return summary.sort_time


def _decode_thumbnail(summary: SaveSummary) -> pygame.Surface | None:
    """The row's picture, or None. The size in the PNG header is checked before the
    image is decoded: a few KB of PNG can decode to hundreds of MB."""
    png = summary.thumbnail
    size = png_size(png) if png else None
    if png is None or size is None or max(size) > MAX_THUMBNAIL_SIDE or min(size) <= 0:
        return None
    try:
        image = pygame.image.load(io.BytesIO(png), "thumb.png")
        if image.get_bitsize() not in (24, 32):  # grey or palette: smoothscale needs RGB
            rgb = pygame.Surface(image.get_size(), pygame.SRCALPHA)
            rgb.blit(image, (0, 0))
            image = rgb
        height = ROW_H - 16
        width = max(1, min(height * 3, round(height * image.get_width() / image.get_height())))
        return pygame.transform.smoothscale(image, (width, height))
    except (pygame.error, ValueError, ZeroDivisionError, MemoryError) as error:
        log.info("thumbnail of %s unreadable: %s", summary.path.name, error)
        return None
