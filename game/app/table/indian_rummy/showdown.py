"""The showdown of a deal: every hand laid out as the engine arranged it (the declarer's
runs and sets, each loser's melds and the cards that count), what each player won or
paid (the 80 cap and the drops named), the balances, and the balances deal by deal.
The table below stays visible, dimmed; Continue (Enter) deals the next hand, opens the
table between rounds, or the results after the last deal.

Up to five players the hands fill one column with the running table beside them; more
players take two columns and the running table goes underneath, so ten players stay
readable at 1024x640.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from game.app import fonts
from game.app.cards import card_size
from game.app.i18n import tr, ui
from game.app.scenes.deal_summary import WIN_BAND, SummaryScene, draw_running, draw_veiled_box
from game.app.table.indian_rummy.ending import Showdown, ShowRow
from game.app.table.indian_rummy.felt import PURE_GREEN, RUN_GREEN
from game.app.table.panels import fit_line, seat_colour
from game.app.table.sprites import Place, draw_card, draw_joker_label
from game.app.ui.paint import text
from game.app.ui.theme import CREAM, GOLD, MUTED

if TYPE_CHECKING:
    from game.app.app import App

COUNTED = (236, 140, 120)


class ShowdownScene(SummaryScene[Showdown]):
    """The deal summary of Indian Rummy (Continue, Enter and Esc as every game's)."""

    def __init__(self, app: App, show: Showdown, on_continue: Callable[[], None]) -> None:
        super().__init__(app, show, on_continue)
        self.rows_area = pygame.Rect(0, 0, 0, 0)
        self.running_area = pygame.Rect(0, 0, 0, 0)
        self.columns = 1

    def build(self) -> None:
        w, h = self.size
        s = self.summary
        self.box = pygame.Rect(0, 0, min(1200, w - 40), h - 40)
        self.box.center = (w // 2, h // 2)
        inner = self.box.inflate(-48, 0)
        top = self.box.y + 74
        bottom = self.box.bottom - 84
        n = max(1, len(s.rows))
        self.columns = 1 if (bottom - top - 22) / n >= 58 and n <= 6 else 2
        beside = self.columns == 1 and inner.w >= 860
        deals = len(s.running)
        if beside:
            split = inner.x + round(inner.w * 0.64)
            self.rows_area = pygame.Rect(inner.x, top, split - inner.x - 20, bottom - top)
            self.running_area = pygame.Rect(split, top, inner.right - split, bottom - top)
        else:
            shown = min(deals, 3 if h < 720 else 4)
            running_h = 30 + 30 + 22 * shown + 34
            self.running_area = pygame.Rect(inner.x, bottom - running_h, inner.w, running_h)
            self.rows_area = pygame.Rect(inner.x, top, inner.w, self.running_area.y - 14 - top)
        key = s.button_key
        label = tr("indian_rummy.to_round_table", n=s.next_round) if s.next_round else tr(key)
        rect = pygame.Rect(0, 0, max(220, fonts.font(17, True).size(label)[0] + 60), 50)
        rect.bottomright = (self.box.right - 28, self.box.bottom - 20)
        if s.next_round:
            self.button = pygame_gui.elements.UIButton(
                rect,
                ui("indian_rummy.to_round_table"),
                self.ui,
                text_kwargs={"n": str(s.next_round)},
                object_id=ObjectID(object_id="#primary"),
            )
        else:
            self.button = pygame_gui.elements.UIButton(
                rect, ui(key), self.ui, object_id=ObjectID(object_id="#primary")
            )

    # --- drawing --------------------------------------------------------------------------

    def draw_scene(self, surface: pygame.Surface) -> None:
        box = self.box
        draw_veiled_box(surface, box)
        s = self.summary
        x = box.x + 24
        size = 26 if box.h >= 680 else 23
        title = text(surface, s.title, (x, box.y + 18), size, GOLD, bold=True)
        right = box.right - 24
        if s.indicator is not None:
            cw, ch = card_size(30)
            place = Place(right - cw, box.y + 14, 30)
            draw_card(surface, self.app.cards, s.indicator, place, shadowed=False)
            wild = text(
                surface,
                s.wild,
                (right - cw - 10, box.y + 14 + ch // 2),
                15,
                CREAM,
                anchor="midright",
            )
            right = wild.x - 16
        if s.subtitle:
            room = right - title.right - 20
            if fonts.font(17).size(s.subtitle)[0] <= room:
                text(
                    surface,
                    s.subtitle,
                    (title.right + 20, title.bottom - 3),
                    17,
                    CREAM,
                    anchor="bottomleft",
                )
            else:  # too long beside the title: a smaller line under it
                line = fit_line(s.subtitle, 14, right - x)
                text(surface, line, (x, title.bottom + 1), 14, CREAM)
        self._draw_rows(surface)
        self._draw_running(surface)
        if s.footer:  # Pool's elimination line, the deals left: beside the button
            room = (self.button.rect.x if self.button else box.right) - 24 - x
            for i, line in enumerate(fonts.wrap(s.footer, 15, room, False)[:2]):
                text(surface, line, (x, box.bottom - 62 + 20 * i), 15, GOLD)

    def _draw_rows(self, surface: pygame.Surface) -> None:
        s = self.summary
        area = self.rows_area
        columns = self.columns
        per_column = max(1, -(-len(s.rows) // columns))
        col_gap = 26
        col_w = (area.w - col_gap * (columns - 1)) // columns
        head = 22
        row_h = min(86, (area.h - head) // per_column)
        for c in range(columns):
            cx = area.x + c * (col_w + col_gap)
            pts_x, bal_x = cx + col_w - 66, cx + col_w
            text(
                surface, tr("indian_rummy.this_deal"), (pts_x, area.y), 13, MUTED, anchor="topright"
            )
            text(
                surface,
                s.balance_head or tr("indian_rummy.balance_head"),
                (bal_x, area.y),
                13,
                MUTED,
                anchor="topright",
            )
        for i, row in enumerate(s.rows):
            c, r = divmod(i, per_column)
            cx = area.x + c * (col_w + col_gap)
            band = pygame.Rect(cx - 8, area.y + head + r * row_h, col_w + 16, row_h - 5)
            self._draw_row(surface, row, band, col_w)

    def _draw_row(self, surface: pygame.Surface, row: ShowRow, band: pygame.Rect, col_w: int):
        if row.winner:
            pygame.draw.rect(surface, WIN_BAND, band, 0, 10)
        x = band.x + 8
        name_w = max(96, min(170, round(col_w * 0.22)))
        big = 16 if band.h >= 50 else 15
        pygame.draw.circle(surface, seat_colour(row.seat), (x + 5, band.centery), 5)
        name = fit_line(row.name, big, name_w - 20, True)
        dy = 8 if row.note else 0
        text(surface, name, (x + 16, band.centery - dy), big, CREAM, bold=True, anchor="midleft")
        if row.note:
            note_lines = fonts.wrap(row.note, 12, name_w - 18, False)[:2]
            if band.h < 52:
                note_lines = [fit_line(row.note, 12, name_w - 18)]
            ny = band.centery + 2
            for line in note_lines:
                text(surface, line, (x + 16, ny), 12, GOLD)
                ny += 14
        right = band.x + 8 + col_w
        pts_x = right - 66
        text(surface, row.points, (pts_x, band.centery), 18, CREAM, bold=True, anchor="midright")
        text(surface, row.balance, (right, band.centery), 18, GOLD, bold=True, anchor="midright")
        cards = pygame.Rect(x + name_w, band.y + 3, pts_x - 64 - x - name_w, band.h - 6)
        if row.face_down:
            self._draw_backs(surface, cards)
        else:
            self._draw_hand(surface, row, cards)

    def _draw_backs(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        card_w = max(20, min(40, round(area.h / 1.45 * 0.8)))
        cw, ch = card_size(card_w)
        for i in range(3):
            place = Place(area.x + i * round(cw * 0.3), area.centery - ch // 2, card_w, False)
            draw_card(surface, self.app.cards, None, place, shadowed=False)

    def _draw_hand(self, surface: pygame.Surface, row: ShowRow, area: pygame.Rect) -> None:
        """The melds, a gap between them, then the counted cards underlined."""
        groups = [*row.melds, *([row.counted] if row.counted else [])]
        count = sum(len(g) for g in groups)
        if not count:
            return
        card_w = max(22, min(52, round(area.h / 1.42)))
        count_g = len(groups)
        while True:
            cw, ch = card_size(card_w)
            gap = max(6, round(cw * 0.22))
            fixed = count_g * cw + gap * (count_g - 1)
            step = min(cw * 0.55, (area.w - fixed) / max(1, count - count_g))
            if step >= cw * 0.3 or card_w <= 22:
                break
            card_w -= 2
        step = max(4.0, step)
        y = area.centery - ch // 2
        x = float(area.x)
        labels = []
        for g, group in enumerate(groups):
            start = x
            counted = row.counted and g == len(groups) - 1
            for i, (card, label) in enumerate(group):
                place = Place(x, y, card_w)
                draw_card(surface, self.app.cards, card, place, shadowed=False)
                if label:
                    labels.append((label, place, round(step) if i < len(group) - 1 else cw))
                if i < len(group) - 1:
                    x += step
            end = x + cw
            if counted:
                colour = COUNTED
            else:
                colour = PURE_GREEN if row.melds_kinds[g] == "pure" else RUN_GREEN
            pygame.draw.line(
                surface, colour, (round(start) + 2, y + ch + 2), (round(end) - 2, y + ch + 2), 2
            )
            x = end + gap
        for label, place, strip in labels:
            draw_joker_label(surface, label, place, strip)

    def _draw_running(self, surface: pygame.Surface) -> None:
        s = self.summary
        title = s.running_title or tr("indian_rummy.running")
        head = s.balance_head or tr("indian_rummy.balance_head")  # the totals row's name
        draw_running(surface, self.running_area, title, s.names, s.running, s.totals, True, head)
