"""The end of a deal: each player's cards left and what they cost, and the running score
table over the deals so far. The table below stays visible, dimmed; Continue (Enter)
deals the next hand, or opens the results after the last deal.

The game table fills a :class:`DealSummary` (texts already translated), so this scene
serves every game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from game.app import fonts
from game.app.cards import card_size
from game.app.i18n import tr, ui
from game.app.scenes.base import Scene
from game.app.table.overlays import veil
from game.app.table.panels import fit_line, seat_colour
from game.app.table.sprites import Place, draw_card
from game.app.ui.focus import Focusable
from game.app.ui.form import button_item
from game.app.ui.paint import panel, text
from game.app.ui.theme import CREAM, GOLD, MUTED
from game.engine.cards import Card, sort_by_suit

WIN_BAND = (44, 104, 70)


@dataclass(frozen=True)
class SummaryRow:
    seat: int
    name: str
    cards: tuple[Card, ...]  # left in hand
    points: str  # this deal: "+34", "0"
    total: str  # after this deal
    note: str = ""  # "went out"
    highlight: bool = False


@dataclass(frozen=True)
class DealSummary:
    title: str  # "Deal 3 is over"
    subtitle: str  # "Ada went out." or a note ("Kaluki! This hand scores double.")
    rows: tuple[SummaryRow, ...]
    names: tuple[str, ...]  # columns of the running table, in seat order
    running: tuple[tuple[str, ...], ...]  # one row per deal: the deal's points per seat
    totals: tuple[str, ...]
    button_key: str = "table.next_deal"  # "table.see_results" after the last deal
    points_title: str = ""  # "Penalty"
    total_title: str = ""  # "Total"


def penalty_summary(
    game: str,
    view: Any,
    names: Sequence[str],
    notes: Callable[[int], str] = lambda seat: "",
    heading: str = "",
    drawn_dash: bool = False,
) -> DealSummary:
    """A penalty rummy's summary (Kaluki, Kalooki) of the view's last deal: the view has
    ``totals`` and ``history``, whose records have ``deal``, ``out`` (None: drawn),
    ``doubled``, ``leftovers`` and ``penalties``; texts are ``<game>.drawn_deal``,
    ``.went_out``, ``.doubled``, ``.out_note``, ``.deal_over``, ``.penalty`` and
    ``.total``. ``notes(seat)`` adds to a row's note, ``heading`` goes before the
    subtitle, and with ``drawn_dash`` a drawn deal's column of the running table reads
    "—"."""
    history, totals = view.history, view.totals
    record, names = history[-1], tuple(names)
    if record.out is None:
        subtitle = tr(f"{game}.drawn_deal")
    else:
        subtitle = tr(f"{game}.went_out", name=names[record.out])
        if record.doubled:
            subtitle += " " + tr(f"{game}.doubled")
    rows = []
    for seat, name in enumerate(names):
        out = seat == record.out
        note = " · ".join(n for n in (tr(f"{game}.out_note") if out else "", notes(seat)) if n)
        penalty = record.penalties[seat]
        points = f"+{penalty}" if penalty else "0"
        cards = tuple(sort_by_suit(record.leftovers[seat]))
        rows.append(SummaryRow(seat, name, cards, points, str(totals[seat]), note, out))
    running = tuple(
        tuple("—" if drawn_dash and r.out is None else str(p) for p in r.penalties) for r in history
    )
    return DealSummary(
        title=tr(f"{game}.deal_over", n=record.deal),
        subtitle=f"{heading} · {subtitle}" if heading else subtitle,
        rows=tuple(rows),
        names=names,
        running=running,
        totals=tuple(str(t) for t in totals),
        points_title=tr(f"{game}.penalty"),
        total_title=tr(f"{game}.total"),
    )


S = TypeVar("S")


class SeatOffers(Protocol):
    """The seats a spectator may take now, offered on the summary too (the spectator's
    table part, parts/watching.py, is one): taking one works as from the table."""

    def offered(self) -> Sequence[tuple[int, str]]:
        """(seat, name) of each seat offered now (none while one is being taken)."""
        ...

    def take(self, seat: int) -> None: ...


class SummaryScene(Scene, Generic[S]):
    """An end-of-deal screen over the dimmed table: its ``summary`` (what the game
    shows), the box, Continue (Enter, Space, Esc) and Look back (R) when the table can
    replay. :class:`DealSummaryScene` shows a :class:`DealSummary`; a game with a summary
    of its own (the Indian Rummy showdown) subclasses this and builds and draws it."""

    opaque = False

    def __init__(self, app, summary: S, on_continue: Callable[[], None]) -> None:
        super().__init__(app)
        self.summary = summary
        self.on_continue = on_continue
        self.box = pygame.Rect(0, 0, 0, 0)
        self.button: pygame_gui.elements.UIButton | None = None
        self.replay_button: pygame_gui.elements.UIButton | None = None
        self.on_replay: Callable[[], None] | None = None  # set by a table that can replay
        # A spectator's table offers its seats here too (the table below is covered):
        # a "Take this seat" button each, left of the box's bottom.
        self.seat_offers: SeatOffers | None = None
        self.offer_buttons: dict[pygame_gui.elements.UIButton, int] = {}
        self._offers_shown: tuple[tuple[int, str], ...] = ()
        self._done = False

    def offer_seats(self, offers: SeatOffers) -> None:
        """Over a spectator's table (its ``watch`` part offers seats): the summary offers
        them too, and the table goes on taking the server's frames beneath it (the seats
        offered, the answer to a Take this seat)."""
        self.seat_offers = offers
        self.pauses_below = False

    def focus_items(self) -> list[Focusable]:
        items: list[Focusable] = []
        if self.button is not None:
            items.append(button_item("continue", self.button, self.press))
        if self.replay_button is not None:
            items.insert(0, button_item("replay", self.replay_button, self.press))
        offers = [button_item(f"take:{n}", b, self.press) for b, n in self.offer_buttons.items()]
        return offers + items  # left to right, as the buttons stand

    # --- a spectator's seats offered ---

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.seat_offers is None or self.ui is None or self._done:
            return
        offered = tuple(self.seat_offers.offered())
        gone = any(not button.alive() for button in self.offer_buttons)  # a rebuild
        if offered != self._offers_shown or gone:
            self._build_offers(offered)

    def _build_offers(self, offered: tuple[tuple[int, str], ...]) -> None:
        """One "Take this seat" button for each seat offered, from the box's left along
        its bottom, as many as fit left of Look back and Continue."""
        for button in self.offer_buttons:
            button.kill()
        self.offer_buttons = {}
        self._offers_shown = offered
        if self.button is None:
            return
        buttons = [b for b in (self.replay_button, self.button) if b is not None]
        right = min(b.rect.x for b in buttons) - 14
        x, bottom, height = self.box.x + 28, self.button.rect.bottom, self.button.rect.h
        bold = fonts.font(17, True)
        for seat, name in offered:
            label = tr("watch.take_seat", name=name)
            width = max(180, bold.size(label)[0] + 48)
            if x + width > right:
                break
            rect = pygame.Rect(x, bottom - height, width, height)
            button = pygame_gui.elements.UIButton(
                rect,
                ui("watch.take_seat"),
                self.ui,
                text_kwargs={"name": name},
                object_id=ObjectID(object_id="#primary"),
            )
            self.offer_buttons[button] = seat
            x += width + 12
        self._place_focus()

    def _take(self, seat: int) -> None:
        if self.seat_offers is not None:
            self.seat_offers.take(seat)

    def first_focus(self) -> str | None:
        return "continue"

    def done(self) -> None:
        if self._done:
            return
        self._done = True
        self.app.stack.remove(self)
        self.on_continue()

    def back(self) -> None:
        self.done()

    def on_ui_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.offer_buttons:
            self._take(self.offer_buttons[event.ui_element])
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.button:
            self.done()
            return True
        pressed = event.type == pygame_gui.UI_BUTTON_PRESSED
        if pressed and self.replay_button is not None and event.ui_element is self.replay_button:
            if self.on_replay is not None:
                self.on_replay()
            return True
        return False

    def on_key(self, event: pygame.event.Event) -> bool:
        if self.offer_buttons and event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_TAB, pygame.K_LEFT, pygame.K_RIGHT):
                return super().on_key(event)  # the ring: the seats offered, Continue
            confirm = event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
            name = self.ring.name or ""
            if confirm and name.startswith("take:"):
                self._take(int(name.removeprefix("take:")))
                return True
        if self.replay_button is not None and event.type == pygame.KEYDOWN:
            if event.key == pygame.K_r and self.on_replay is not None:
                self.on_replay()
                return True
            if event.key in (pygame.K_TAB, pygame.K_LEFT, pygame.K_RIGHT):
                return super().on_key(event)  # the ring between Look back and Continue
            confirm = event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
            if confirm and self.ring.name == "replay" and self.on_replay is not None:
                self.on_replay()
                return True
        if event.type == pygame.KEYDOWN and event.key in (
            pygame.K_RETURN,
            pygame.K_KP_ENTER,
            pygame.K_SPACE,
            pygame.K_ESCAPE,
        ):
            self.done()
        return True

    def on_mouse(self, event: pygame.event.Event) -> bool:
        return True


class DealSummaryScene(SummaryScene[DealSummary]):
    """The deal summary every game shows unless it has its own screen."""

    def build(self) -> None:
        w, h = self.size
        s = self.summary
        self.row_h = 68 if h >= 720 else 56
        rows_h = 30 + len(s.rows) * self.row_h
        running_h = 28 + 36 + 22 * len(s.running) + 44 + 20
        content = max(rows_h, min(running_h, 22 * 12 + 128))
        height = 20 + 40 + 18 + content + 96
        self.box = pygame.Rect(0, 0, min(1060, w - 60), min(height, h - 40))
        self.box.center = (w // 2, h // 2)
        rect = pygame.Rect(
            0, 0, max(220, fonts.font(17, True).size(tr(self.summary.button_key))[0] + 60), 50
        )
        rect.bottomright = (self.box.right - 28, self.box.bottom - 22)
        self.button = pygame_gui.elements.UIButton(
            rect, ui(self.summary.button_key), self.ui, object_id=ObjectID(object_id="#primary")
        )
        self.replay_button = None
        if self.on_replay is not None:
            width = max(160, fonts.font(17, True).size(tr("replay.open"))[0] + 48)
            look = pygame.Rect(0, 0, width, 50)
            look.bottomright = (rect.x - 14, rect.bottom)
            self.replay_button = pygame_gui.elements.UIButton(
                look, ui("replay.open"), self.ui, object_id=ObjectID(object_id="#quiet")
            )

    # --- drawing ---

    def draw_scene(self, surface: pygame.Surface) -> None:
        box = self.box
        draw_veiled_box(surface, box)
        s = self.summary
        x = box.x + 30
        title = text(surface, s.title, (x, box.y + 20), 28, GOLD, bold=True)
        if s.subtitle:
            room = box.right - 30 - title.right - 24
            line = fit_line(s.subtitle, 17, room)
            text(
                surface, line, (title.right + 24, title.bottom - 4), 17, CREAM, anchor="bottomleft"
            )
        top = title.bottom + 18
        bottom = box.bottom - 90
        split = box.x + round(box.w * 0.58)
        self._draw_rows(surface, pygame.Rect(x, top, split - x - 20, bottom - top))
        self._draw_running(
            surface, pygame.Rect(split + 10, top, box.right - 30 - split - 10, bottom - top)
        )

    def _draw_rows(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        s = self.summary
        n = max(1, len(s.rows))
        row_h = min(self.row_h, (area.h - 28) // n)
        card_w = max(22, min(46, round(row_h * 0.6)))
        cw, ch = card_size(card_w)
        name_w = round(area.w * 0.26)
        pts_x = area.right - 70
        tot_x = area.right
        small = 14 if row_h < 44 else 15
        text(surface, s.points_title, (pts_x, area.y), small, MUTED, anchor="topright")
        text(surface, s.total_title, (tot_x, area.y), small, MUTED, anchor="topright")
        y = area.y + 26
        for row in s.rows:
            band = pygame.Rect(area.x - 10, y, area.w + 20, row_h - 6)
            if row.highlight:
                pygame.draw.rect(surface, WIN_BAND, band, 0, 10)
            pygame.draw.circle(surface, seat_colour(row.seat), (area.x + 5, band.centery), 5)
            name = fit_line(row.name, 17, name_w - 18, True)
            text(
                surface,
                name,
                (area.x + 16, band.centery - (8 if row.note else 0)),
                17,
                CREAM,
                bold=True,
                anchor="midleft",
            )
            if row.note:
                note = fit_line(row.note, 13, name_w - 18)
                text(surface, note, (area.x + 16, band.centery + 11), 13, GOLD, anchor="midleft")
            cards_x = area.x + name_w
            room = pts_x - 70 - cards_x
            if row.cards:
                step = min(round(cw * 0.55), max(6, (room - cw) // max(1, len(row.cards) - 1)))
                for i, card in enumerate(row.cards):
                    draw_card(
                        surface,
                        self.app.cards,
                        card,
                        Place(cards_x + i * step, band.centery - ch // 2, card_w),
                        shadowed=False,
                    )
            text(
                surface, row.points, (pts_x, band.centery), 19, CREAM, bold=True, anchor="midright"
            )
            text(surface, row.total, (tot_x, band.centery), 19, GOLD, bold=True, anchor="midright")
            y += row_h

    def _draw_running(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        s = self.summary
        draw_running(surface, area, tr("table.running_scores"), s.names, s.running, s.totals)


def draw_veiled_box(surface: pygame.Surface, box: pygame.Rect) -> None:
    """The table below dimmed, and the gold-edged box of an end-of-deal screen over it."""
    surface.blit(veil(surface.get_size()), (0, 0))
    panel(surface, box, alpha=252, radius=18, border=GOLD)


def draw_seat_columns(
    surface: pygame.Surface,
    inner: pygame.Rect,
    names: Sequence[str],
    first: int,
    compact: bool = False,
) -> tuple[list[int], int]:
    """The heads of a table by seat, under its title: each seat's colour dot and name
    over its column, right of a first column ``first`` pixels wide (the deal). Returns
    the centre x of each column and the y where the rows begin."""
    col_w = (inner.w - first) // max(1, len(names))
    if compact:
        size, y, name_dy, rows_dy = (12 if col_w < 64 else 13), inner.y + 24, 11, 32
    else:
        size, y, name_dy, rows_dy = (13 if col_w < 60 else 14), inner.y + 28, 12, 36
    centres = [inner.x + first + i * col_w + col_w // 2 for i in range(len(names))]
    for seat, (name, cx) in enumerate(zip(names, centres)):
        pygame.draw.circle(surface, seat_colour(seat), (cx, y + 4), 4)
        line = fit_line(name, size, col_w - 4, True)
        text(surface, line, (cx, y + name_dy), size, CREAM, bold=True, anchor="midtop")
    return centres, y + rows_dy


def draw_running(
    surface: pygame.Surface,
    area: pygame.Rect,
    title: str,
    names: Sequence[str],
    running: Sequence[Sequence[str]],
    totals: Sequence[str],
    compact: bool = False,
    total_label: str = "Σ",
) -> None:
    """The running table of an end-of-deal screen: a row per deal (the latest that fit),
    a column per seat, the totals under a gold line, headed ``total_label`` (Indian
    Rummy names it: Balance, Score, Chips; the first column widens to hold it).
    ``compact`` is a little tighter (the Indian Rummy showdown, which has the most to
    show)."""
    panel(surface, area.inflate(8, 8), alpha=150, radius=10)
    inner = area.inflate(-20, -16 if compact else -20)
    text(surface, title, (inner.x, inner.y), 15, GOLD, bold=True)
    first = max(38 if compact else 40, fonts.font(15, True).size(total_label)[0] + 10)
    centres, y = draw_seat_columns(surface, inner, names, first, compact)
    row_h = 22
    room = max(1, (inner.bottom - 30 - y) // row_h)
    for deal, points in list(enumerate(running, 1))[-room:]:
        text(surface, str(deal), (inner.x + 4, y), 14, MUTED)
        for value, cx in zip(points, centres):
            text(surface, value, (cx, y), 14, CREAM, anchor="midtop")
        y += row_h
    pygame.draw.line(surface, GOLD, (inner.x, y + 2), (inner.right, y + 2), 1)
    y += 8
    text(surface, total_label, (inner.x + 4, y), 15, GOLD, bold=True)
    for value, cx in zip(totals, centres):
        text(surface, value, (cx, y), 15, GOLD, bold=True, anchor="midtop")
