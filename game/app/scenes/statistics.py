"""Statistics per game and opponent level: played, won, win rate, best and average
score, and a bar chart of the win rate drawn here."""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from game.app.disk import disk_reason
from game.app.i18n import tr, tr_or, ui
from game.app.scenes.base import Scene
from game.app.scenes.game_tabs import game_ids, game_tabs
from game.app.ui.focus import Focusable
from game.app.ui.form import button_item, control_item
from game.app.ui.paint import felt_background, heading, page_margin, panel, paragraph, text
from game.app.ui.theme import CREAM, GOLD, GOLD_DEEP, MUTED, PANEL_EDGE
from game.app.ui.widgets import Control, segment_widths, segmented
from game.games.registry import GAMES
from game.persist.stats import LEVELS, Record, Statistics, save_stats, stats_key

COLUMNS = ("played", "won", "win_rate", "best", "average")


def cells(record: Record) -> list[str]:
    """The table's texts for one record ("–" where nothing was played)."""
    if not record.played:
        return ["0", "0", "–", "–", "–"]
    best = "–" if record.best is None else str(record.best)
    return [
        str(record.played),
        str(record.won),
        f"{record.win_rate * 100:.0f}%",
        best,
        f"{record.average:.1f}",
    ]


def game_variants(game_id: str) -> tuple[str, ...]:
    """A game's statistics variants, the first kept under the game's own name (empty
    for a game without them)."""
    return getattr(GAMES[game_id].options_type, "STATS_VARIANTS", ())


def variant_tabs(manager, game_id: str, variant: str, at: tuple[int, int]) -> Control | None:
    """The row choosing a variant's records (Points, Pool 101 ...), or None."""
    variants = game_variants(game_id)
    if not variants:
        return None
    labels = [tr_or(f"options.{game_id}.format.choice_{v}", v) for v in variants]
    return segmented(
        manager,
        "variant",
        at,
        list(zip(variants, labels)),
        variant or variants[0],
        widths=segment_widths(labels, minimum=90, padding=24),
        height=34,
        plain=True,
    )


class StatisticsScene(Scene):
    def __init__(self, app, game_id: str | None = None) -> None:
        super().__init__(app)
        # The game just played, when there is one (the app remembers it).
        last = getattr(app, "last_game_id", None)
        self.game_id = game_id or (last if last in game_ids() else game_ids()[0])
        self.tabs: Control | None = None
        self.table = pygame.Rect(0, 0, 0, 0)
        self.chart = pygame.Rect(0, 0, 0, 0)
        self.done_button: pygame_gui.elements.UIButton | None = None
        self.reset_button: pygame_gui.elements.UIButton | None = None
        self.variant = ""  # a game with variants (Indian Rummy's formats): the one shown
        self.variants: Control | None = None

    def build(self) -> None:
        w, h = self.size
        margin = page_margin(self.size)
        self.tabs = game_tabs(self.ui, margin, self.game_id)
        top, bottom, gap = 152, h - 96, 28
        self.variants = variant_tabs(self.ui, self.game_id, self.variant, (margin, top))
        if self.variants is not None:
            top += 48
        table_w = int((w - 2 * margin - gap) * 0.56)
        self.table = pygame.Rect(margin, top, table_w, bottom - top)
        self.chart = pygame.Rect(
            self.table.right + gap, top, w - margin - self.table.right - gap, bottom - top
        )
        self.done_button = pygame_gui.elements.UIButton(
            pygame.Rect(w - margin - 160, h - 74, 160, 52),
            ui("common.done"),
            self.ui,
            object_id=ObjectID(object_id="#primary"),
        )
        self.reset_button = pygame_gui.elements.UIButton(
            pygame.Rect(margin, h - 74, 240, 52),
            ui("stats.reset"),
            self.ui,
            object_id=ObjectID(object_id="#quiet"),
        )

    def on_ui_event(self, event: pygame.event.Event) -> bool:
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return False
        if event.ui_element is self.done_button:
            self.back()
        elif event.ui_element is self.reset_button:
            self.app.confirm(tr("stats.reset_title"), [tr("stats.reset_body")], self.reset)
        elif self.tabs and event.ui_element in self.tabs:
            self.game_id = self.tabs.value_for(event.ui_element)
            self.variant = ""
            self.rebuild()
        elif self.variants and event.ui_element in self.variants:
            chosen = self.variants.value_for(event.ui_element)
            self.variant = "" if chosen == self.variants_default() else chosen
            self.rebuild()
        else:
            return False
        return True

    def focus_items(self) -> list[Focusable]:
        """The game tabs (Left/Right change the game), Clear statistics, Done."""
        items = [control_item(self.tabs, self.press)] if self.tabs else []
        if self.variants is not None:
            items.append(control_item(self.variants, self.press))
        items.append(button_item("reset", self.reset_button, self.press))
        items.append(button_item("done", self.done_button, self.press))
        return items

    def variants_default(self) -> str:
        return game_variants(self.game_id)[0]

    def reset(self) -> None:
        empty = Statistics(counted=self.app.stats.counted)  # a counted game stays counted
        try:
            save_stats(self.app.paths, empty)
        except Exception as error:  # OSError, or anything else the write meets
            self.app.notify([tr("files.stats_reset_failed", reason=disk_reason(error))])
            return
        self.app.set_stats(empty)

    # --- drawing ---

    def draw_scene(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(felt_background((w, h), self.app.cards), (0, 0))
        heading(surface, tr("stats.title"))
        stats = self.app.stats
        key = stats_key(self.game_id, self.variant)
        records = [(level, stats.get(key, level)) for level in LEVELS]
        self._draw_table(surface, records)
        self._draw_chart(surface, records)

    def _draw_table(self, surface, records: list[tuple[str, Record]]) -> None:
        area = self.table
        panel(surface, area)
        x0 = area.x + 24
        text(surface, tr("stats.by_level"), (x0, area.y + 18), 19, GOLD, bold=True)
        first_w = int((area.w - 48) * 0.30)
        col_w = (area.w - 48 - first_w) // len(COLUMNS)
        y = area.y + 66
        for i, column in enumerate(COLUMNS):
            cx = x0 + first_w + col_w * i + col_w // 2
            text(surface, tr(f"stats.{column}"), (cx, y), 14, MUTED, bold=True, anchor="midtop")
        y += 30
        row_h = min(52, (area.bottom - y - 90) // len(records))
        for level, record in records:
            pygame.draw.line(surface, PANEL_EDGE, (x0, y), (area.right - 24, y), 1)
            mid = y + row_h // 2
            colour = CREAM if record.played else MUTED
            text(
                surface,
                tr(f"stats.level_{level}"),
                (x0, mid),
                17,
                colour,
                bold=True,
                anchor="midleft",
            )
            for i, value in enumerate(cells(record)):
                cx = x0 + first_w + col_w * i + col_w // 2
                text(surface, value, (cx, mid), 18, colour, anchor="center")
            y += row_h
        pygame.draw.line(surface, PANEL_EDGE, (x0, y), (area.right - 24, y), 1)
        note = pygame.Rect(x0, y + 16, area.w - 48, area.bottom - y - 20)
        paragraph(
            surface,
            tr_or(
                f"stats.best_note_{stats_key(self.game_id, self.variant)}",
                tr_or(f"stats.best_note_{self.game_id}", tr("stats.best_note")),
            ),
            note,
            14,
            MUTED,
            max_lines=3,
        )

    def _draw_chart(self, surface, records: list[tuple[str, Record]]) -> None:
        area = self.chart
        panel(surface, area)
        text(surface, tr("stats.chart_title"), (area.x + 24, area.y + 18), 19, GOLD, bold=True)
        played = sum(record.played for _, record in records)
        if not played:
            box = pygame.Rect(area.x + 32, area.centery - 40, area.w - 64, 120)
            paragraph(surface, tr("stats.empty"), box, 17, MUTED, align="center")
            return
        base = area.bottom - 70
        top = area.y + 86
        # Grid lines at 0, 25, 50, 75 and 100 %.
        left = area.x + 60
        right = area.right - 24
        for pct in (0, 25, 50, 75, 100):
            y = base - (base - top) * pct // 100
            pygame.draw.line(surface, PANEL_EDGE, (left, y), (right, y), 1)
            text(surface, f"{pct}%", (left - 8, y), 13, MUTED, anchor="midright")
        slot = (right - left) // len(records)
        bar_w = min(54, slot - 18)
        for i, (level, record) in enumerate(records):
            cx = left + slot * i + slot // 2
            if record.played:
                height = round((base - top) * record.win_rate)
                bar = pygame.Rect(cx - bar_w // 2, base - height, bar_w, height)
                if height >= 12:
                    pygame.draw.rect(surface, GOLD_DEEP, bar, 0, 5)
                    pygame.draw.rect(surface, GOLD, bar, 2, 5)
                else:  # too short for a rounded bar: a flat mark on the base line
                    pygame.draw.line(surface, GOLD, (bar.left, base - 1), (bar.right, base - 1), 3)
                text(
                    surface,
                    f"{record.win_rate * 100:.0f}%",
                    (cx, min(bar.top, base - 4) - 6),
                    15,
                    CREAM,
                    bold=True,
                    anchor="midbottom",
                )
            text(
                surface,
                tr(f"stats.level_short_{level}"),
                (cx, base + 10),
                14,
                CREAM,
                bold=True,
                anchor="midtop",
            )
            text(
                surface,
                tr("stats.games_1") if record.played == 1 else tr("stats.games_n", n=record.played),
                (cx, base + 32),
                12,
                MUTED,
                anchor="midtop",
            )
