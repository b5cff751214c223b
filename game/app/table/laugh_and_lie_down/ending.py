"""The end of a Laugh and Lie Down deal (the settlement) and of the game (standings by
chips, a chart of everyone's chips after each deal).

The settlement screen lists, per player, the cards captured (the dealer's share of the
layout and the last player's hand included), the chips paid into the pot (the ante, and
one per two cards short of the baseline: 8, or 10 with four players) and the chips taken
out of it (one per two cards above the baseline, and the last player's bonus) apart, the
deal's result and the chips now; under it the pot from what was carried in to what is
left (a balance, positive or owed, carried into the next deal); beside it the chips after
each deal so far.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from game.app import fonts
from game.app.i18n import tr
from game.app.scenes.deal_summary import (
    WIN_BAND,
    DealSummary,
    DealSummaryScene,
    SummaryRow,
    draw_seat_columns,
    draw_veiled_box,
)
from game.app.scenes.game_over import FinalResult, ranked, winners_title
from game.app.table.laugh_and_lie_down.chips import signed, signed_plain
from game.app.table.panels import fit_line, seat_colour
from game.app.ui.paint import panel, text
from game.app.ui.theme import CREAM, GOLD, MUTED, RED
from game.games.laugh_and_lie_down.settlement import baseline, bonus

GAIN = (140, 220, 150)
COLUMNS = ("captured", "paid_in", "taken_out", "change", "now")


@dataclass(frozen=True)
class SettleRow:
    seat: int
    name: str
    captured: int  # the dealer's share included
    share: int  # cards taken as dealer (0 for the others)
    card_chips: int  # taken (+) or paid (-) for the captured cards
    bonus: int  # the last player's bonus (0 for the others)
    change: int  # card_chips + bonus
    chips: int  # after the settlement
    last: bool
    dealer: bool
    ante: int = 0  # paid into the pot before the deal

    @property
    def paid_in(self) -> int:
        """Chips this player put into the pot this deal: the ante, and the cards short."""
        return self.ante + max(0, -self.card_chips)

    @property
    def taken_out(self) -> int:
        """Chips this player took out of the pot: the cards above the baseline, the bonus."""
        return max(0, self.card_chips) + self.bonus

    @property
    def net(self) -> int:
        return self.taken_out - self.paid_in


@dataclass(frozen=True)
class LaughSummary(DealSummary):
    settle: tuple[SettleRow, ...] = ()
    pot_before: int = 0  # after the antes, before settling
    pot_after: int = 0
    pot_start: int = 0  # carried in from the deal before
    antes: int = 0
    baseline: int = 8
    start: int = 50
    balances: tuple[tuple[int, ...], ...] = ()  # per deal (start first): every seat's chips


def balances(view: Any) -> list[tuple[int, ...]]:
    """Every seat's chips at the start and after each deal (antes paid, settled), worked
    back from the chips now (between deals), so the last row is always what the table
    shows."""
    chips = list(view.chips)
    rows = [tuple(chips)]
    for record in reversed(view.history):
        chips = [c - change + ante for c, change, ante in zip(chips, record.changes, record.antes)]
        rows.append(tuple(chips))
    return rows[::-1]


def deal_summary(view: Any, names: list[str]) -> LaughSummary:
    record = view.history[-1]
    players = view.options.players
    share = len(record.dealer_share)
    after = balances(view)
    rows = []
    for seat, name in enumerate(names):
        extra = bonus(players) if seat == record.last_player else 0
        change = record.changes[seat]
        rows.append(
            SettleRow(
                seat,
                name,
                record.captured[seat],
                share if seat == record.dealer else 0,
                change - extra,
                extra,
                change,
                after[-1][seat],
                seat == record.last_player,
                seat == record.dealer,
                record.antes[seat],
            )
        )
    same = record.last_player == record.dealer
    subtitle = tr(
        "laugh_and_lie_down.settle_subtitle_dealer_last"
        if same
        else "laugh_and_lie_down.settle_subtitle",
        last=names[record.last_player],
        bonus=bonus(players),
        dealer=names[record.dealer],
        n=share,
    )
    plain = tuple(
        SummaryRow(r.seat, r.name, (), signed(r.net), signed_plain(r.chips), "", r.last)
        for r in rows
    )
    return LaughSummary(
        title=tr("laugh_and_lie_down.deal_over", n=record.deal),
        subtitle=subtitle,
        rows=plain,
        names=tuple(names),
        running=tuple(tuple(signed_plain(c) for c in row) for row in after[1:]),
        totals=tuple(signed_plain(c) for c in after[-1]),
        points_title=tr("laugh_and_lie_down.col_change"),
        total_title=tr("laugh_and_lie_down.col_now"),
        settle=tuple(rows),
        pot_before=record.pot + sum(record.changes),
        pot_after=record.pot,
        pot_start=record.pot + sum(record.changes) - sum(record.antes),
        antes=sum(record.antes),
        baseline=baseline(players),
        start=view.options.starting_chips,
        balances=tuple(after),
    )


def final_result(view: Any, names: list[str]) -> FinalResult:
    winners = view.winners
    standings = ranked(
        names,
        view.chips,
        winners,
        lambda n: tr("laugh_and_lie_down.chips", n=signed_plain(n)),
        highest_first=True,
    )
    rows = balances(view)
    series = tuple(tuple(row[seat] for row in rows) for seat in range(len(names)))
    deals = len(view.history)
    return FinalResult(
        title=winners_title(names, winners),
        subtitle=tr(
            "laugh_and_lie_down.final_subtitle_one"
            if deals == 1
            else "laugh_and_lie_down.final_subtitle",
            deals=deals,
            start=view.options.starting_chips,
        ),
        standings=standings,
        series=series,
        target=view.options.starting_chips,
    )


class SettlementScene(DealSummaryScene):
    """The deal summary for chips: the settlement beside the chips after each deal."""

    summary: LaughSummary

    def __init__(self, app: Any, summary: LaughSummary, on_continue: Callable[[], None]) -> None:
        super().__init__(app, summary, on_continue)

    def build(self) -> None:
        super().build()
        button = self.button
        assert button is not None, "the base's build makes the Continue button"
        w, h = self.size
        s = self.summary
        self.row_h = 50 if h >= 720 else 40
        rows_h = 34 + len(s.settle) * self.row_h + 78
        running_h = 64 + 22 * len(s.balances) + 20
        content = max(rows_h, min(running_h, 22 * 12 + 84))
        height = 20 + 40 + 30 + content + 92
        old = self.box.copy()
        self.box = pygame.Rect(0, 0, min(1080, w - 40), min(height, h - 24))
        self.box.center = (w // 2, h // 2)
        button.set_position(
            (
                button.rect.x + self.box.right - old.right,
                button.rect.y + self.box.bottom - old.bottom,
            )
        )

    def draw_scene(self, surface: pygame.Surface) -> None:
        box = self.box
        draw_veiled_box(surface, box)
        s = self.summary
        x = box.x + 28
        title = text(surface, s.title, (x, box.y + 18), 28, GOLD, bold=True)
        sub = fit_line(s.subtitle, 16, box.w - 56)
        text(surface, sub, (x, title.bottom + 6), 16, CREAM)
        top = title.bottom + 38
        assert self.button is not None, "drawn only once built"
        bottom = self.button.rect.y - 14
        split = box.x + round(box.w * 0.6)
        self._settlement(surface, pygame.Rect(x, top, split - x - 18, bottom - top))
        self._chips_by_deal(
            surface, pygame.Rect(split + 8, top, box.right - 28 - split - 8, bottom - top)
        )

    def _settlement(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        s = self.summary
        n = max(1, len(s.settle))
        row_h = min(self.row_h, (area.h - 34 - 70) // n)
        col_w = min(84, (area.w - 150) // len(COLUMNS))
        right = area.right
        xs = [right - (len(COLUMNS) - 1 - i) * col_w for i in range(len(COLUMNS))]
        name_w = xs[0] - col_w - area.x
        for column, cx in zip(COLUMNS, xs):
            head = tr(f"laugh_and_lie_down.col_{column}")
            for i, line in enumerate(fonts.wrap(head, 13, col_w - 4)[:2]):
                text(surface, line, (cx, area.y + i * 15), 13, MUTED, anchor="topright")
        y = area.y + 34
        for row in s.settle:
            band = pygame.Rect(area.x - 10, y, area.w + 20, row_h - 4)
            if row.last:
                pygame.draw.rect(surface, WIN_BAND, band, 0, 10)
            pygame.draw.circle(surface, seat_colour(row.seat), (area.x + 5, band.centery), 5)
            note = _row_note(row)
            small = 13 if band.h >= 44 else 12
            name_y = band.centery - (round(band.h * 0.2) if note else 0)
            text(
                surface,
                fit_line(row.name, 17, name_w - 16, True),
                (area.x + 16, name_y),
                17,
                CREAM,
                bold=True,
                anchor="midleft",
            )
            if note:
                text(
                    surface,
                    fit_line(note, small, band.w - 32),  # under the figures, raised above it
                    (area.x + 16, band.centery + round(band.h * 0.27)),
                    small,
                    GOLD,
                    anchor="midleft",
                )
            values = (
                (str(row.captured), CREAM),
                (signed(-row.paid_in), _tone(-row.paid_in)),
                (signed(row.taken_out) if row.taken_out else "–", _tone(row.taken_out)),
                (signed(row.net), _tone(row.net)),
                (signed_plain(row.chips), RED if row.chips < 0 else GOLD),
            )
            for (value, colour), cx in zip(values, xs):
                text(surface, value, (cx, name_y), 18, colour, bold=True, anchor="midright")
            y += row_h
        self._pot(surface, pygame.Rect(area.x - 10, y + 8, area.w + 20, 60))

    def _pot(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        s = self.summary
        panel(surface, rect, alpha=150, radius=10)
        paid_in = sum(max(0, -row.card_chips) for row in s.settle)
        line = tr(
            "laugh_and_lie_down.pot_line",
            start=signed_plain(s.pot_start),
            antes=s.antes,
            paid_in=paid_in,
            taken=sum(row.taken_out for row in s.settle),
            after=signed_plain(s.pot_after),
        )
        text(
            surface,
            fit_line(line, 16, rect.w - 24, True),
            (rect.x + 12, rect.y + 9),
            16,
            RED if s.pot_after < 0 else GOLD,
            bold=True,
        )
        if s.pot_after > 0:
            note = tr("laugh_and_lie_down.pot_left_carried")
        elif s.pot_after < 0:
            note = tr("laugh_and_lie_down.pot_owed_carried")
        else:
            note = tr("laugh_and_lie_down.pot_empty", n=s.baseline)
        text(surface, fit_line(note, 13, rect.w - 24), (rect.x + 12, rect.y + 35), 13, MUTED)

    def _chips_by_deal(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        s = self.summary
        panel(surface, area.inflate(8, 8), alpha=150, radius=10)
        inner = area.inflate(-20, -20)
        text(
            surface,
            fit_line(tr("laugh_and_lie_down.chips_by_deal"), 15, inner.w, True),
            (inner.x, inner.y),
            15,
            GOLD,
            bold=True,
        )
        first = 52
        centres, y = draw_seat_columns(surface, inner, s.names, first)
        row_h = 22
        room = max(2, (inner.bottom - y) // row_h)
        rows = list(enumerate(s.balances))
        if len(rows) > room:
            rows = [rows[0], *rows[len(rows) - room + 1 :]]
        last = len(s.balances) - 1
        for deal, chips in rows:
            label = tr("laugh_and_lie_down.start") if deal == 0 else str(deal)
            latest = deal == last
            if latest:
                pygame.draw.line(surface, GOLD, (inner.x, y - 3), (inner.right, y - 3), 1)
            text(
                surface,
                fit_line(label, 14, first - 6),
                (inner.x + 2, y),
                14,
                GOLD if latest else MUTED,
                bold=latest,
            )
            for value, cx in zip(chips, centres):
                colour = RED if value < 0 else (GOLD if latest else CREAM)
                text(
                    surface, signed_plain(value), (cx, y), 14, colour, bold=latest, anchor="midtop"
                )
            y += row_h


def _row_note(row: SettleRow) -> str:
    notes = []
    if row.dealer:
        notes.append(tr("laugh_and_lie_down.note_dealer_share", n=row.share))
    if row.last:
        notes.append(tr("laugh_and_lie_down.note_last_player", n=row.bonus))
    return " · ".join(notes)


def _tone(value: int) -> tuple[int, int, int]:
    return GAIN if value > 0 else RED if value < 0 else MUTED
