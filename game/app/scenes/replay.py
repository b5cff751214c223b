"""Looking back over a game: every position from the deal to the end, all hands open,
stepped move by move forward and back, with the game's log beside it.

Keys: Right/Left a move, Down/Up (Page Down/Page Up) a deal, Home/End the start and
the end, Esc back. The buttons below do the same, on the focus ring (Tab, Enter).
It opens from the deal summary and the results (the game just played), from the Load
list (the games kept for replay), and from the command line (``--replay FILE``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from game.app.cards import card_size
from game.app.i18n import tr, tr_or, ui
from game.app.messages import is_you, render, shown_names
from game.app.scenes.base import Scene
from game.app.table.drag import meld_faces
from game.app.table.panels import draw_separator, fit_line, seat_colour
from game.app.table.parts.log import log_text, save_log_text
from game.app.table.sprites import Place, draw_card
from game.app.ui.focus import Focusable
from game.app.ui.form import button_item
from game.app.ui.paint import felt_background, panel, text
from game.app.ui.theme import CREAM, GOLD, MUTED
from game.engine.cards import Card, sort_by_suit
from game.engine.events import DealScored, DealStarted, GameOver, Said
from game.engine.replay import Replay
from game.games.registry import get_game
from game.persist.savedgame import SavedGame

BUTTONS = ("first", "previous_deal", "back", "forward", "next_deal", "save_log", "close")
LOG_W = 330
BAR_H = 64


@dataclass(frozen=True)
class LogEntry:
    step: int  # the position after which the line was said
    text: str
    header: bool = False  # a deal's separator


def log_entries(replay: Replay, names: list[str]) -> list[LogEntry]:
    """The whole game's log, each line tagged with its position."""
    entries = []
    for number, step in enumerate(replay.steps):
        for event in step.events:
            if isinstance(event, DealStarted):  # the table log's separator, then who deals
                dealer = names[event.dealer] if 0 <= event.dealer < len(names) else ""
                entries.append(LogEntry(number, tr("table.log_separator", n=event.deal), True))
                entries.append(LogEntry(number, tr("table.log_deal", n=event.deal, dealer=dealer)))
            elif isinstance(event, Said):
                seat = event.seat if 0 <= event.seat < len(names) else None
                you = seat is not None and is_you(names[seat])
                said = render(event.message, names, you)
                if seat is not None and event.about_seat:  # as the table's log: "Ada discards"
                    said = f"{names[seat]}{tr('table.log_joiner')}{said}"
                entries.append(LogEntry(number, said))
            elif isinstance(event, DealScored):
                entries.append(LogEntry(number, tr("table.log_scored", n=event.deal)))
            elif isinstance(event, GameOver):
                entries.append(LogEntry(number, tr("table.log_over")))
    return entries


class ReplayScene(Scene):
    def __init__(
        self,
        app,
        saved: SavedGame,
        at_end: bool = False,
        on_close: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(app)
        self.saved = saved
        self.info = get_game(saved.game_id)
        self.replay = Replay(self.info.rules, saved.options, saved.seed, saved.log)
        if at_end:
            self.replay.go(len(self.replay) - 1)
        self.names = shown_names(saved.seats)
        self.entries = log_entries(self.replay, self.names)
        self.on_close = on_close
        self.buttons: dict[object, str] = {}

    # --- moving -------------------------------------------------------------------------

    def act(self, name: str) -> None:
        replay = self.replay
        moves: dict[str, Callable[[], Any]] = {
            "first": lambda: replay.go(0),
            "last": lambda: replay.go(len(replay) - 1),
            "previous_deal": replay.previous_deal,
            "back": replay.back,
            "forward": replay.forward,
            "next_deal": replay.next_deal,
            "save_log": self.save_log,
            "close": self.back,
        }
        moves[name]()

    def log_text(self) -> str:
        """The whole game's log as plain text, each deal set apart by its separator."""
        return log_text((entry.header, entry.text) for entry in self.entries)

    def save_log(self) -> None:
        """Write the log beside the saves (data folder ``logs/``) and say where."""
        save_log_text(self.app, self.info.id, self.log_text())

    def back(self) -> None:
        self.app.stack.remove(self)
        if self.on_close is not None:
            self.on_close()

    # --- the scene ----------------------------------------------------------------------

    def build(self) -> None:
        w, h = self.size
        self.buttons = {}
        widths = [tr(f"replay.{name}") for name in BUTTONS]
        gap = 10
        bw = max(110, min(170, (w - 64 - gap * (len(BUTTONS) - 1)) // len(BUTTONS)))
        x = (w - (bw * len(BUTTONS) + gap * (len(widths) - 1))) // 2
        for name in BUTTONS:
            style = "#primary" if name == "forward" else "#quiet" if name == "close" else None
            button = pygame_gui.elements.UIButton(
                pygame.Rect(x, h - BAR_H + 10, bw, 44),
                ui(f"replay.{name}"),
                self.ui,
                object_id=ObjectID(object_id=style),
            )
            self.buttons[button] = name
            x += bw + gap

    def focus_items(self) -> list[Focusable]:
        return [button_item(name, button, self.press) for button, name in self.buttons.items()]

    def first_focus(self) -> str | None:
        return "forward"

    def on_ui_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.buttons:
            self.act(self.buttons[event.ui_element])
            return True
        return False

    def on_key(self, event: pygame.event.Event) -> bool:
        keys = {
            pygame.K_RIGHT: "forward",
            pygame.K_LEFT: "back",
            pygame.K_DOWN: "next_deal",
            pygame.K_PAGEDOWN: "next_deal",
            pygame.K_UP: "previous_deal",
            pygame.K_PAGEUP: "previous_deal",
            pygame.K_HOME: "first",
            pygame.K_END: "last",
        }
        if event.type == pygame.KEYDOWN and event.key in keys:
            self.act(keys[event.key])
            return True
        return super().on_key(event)

    # --- drawing ------------------------------------------------------------------------

    def draw_scene(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(felt_background((w, h), self.app.cards), (0, 0))
        step = self.replay.step
        game = tr_or(f"games.{self.info.id}.name", self.info.title)
        title = tr("replay.title", game=game)
        text(surface, title, (32, 16), 26, CREAM, bold=True, shadow=True)
        where = tr("replay.where", deal=step.deal, move=self.replay.at, moves=len(self.replay) - 1)
        text(surface, where, (w - 24, 24), 16, GOLD, anchor="topright")  # over the log
        board = pygame.Rect(24, 60, w - LOG_W - 60, h - 60 - BAR_H - 8)
        log_box = pygame.Rect(board.right + 16, 60, LOG_W, board.h)
        self.draw_board(surface, board)
        self.draw_log(surface, log_box)

    def seats(self) -> list[Any]:
        """Each seat's view of the position shown (all of them: every hand is open)."""
        state = self.replay.state
        first = self.info.rules.view(state, 0)
        count = len(getattr(first, "hand_sizes", ())) or len(self.saved.seats)
        return [first, *(self.info.rules.view(state, seat) for seat in range(1, count))]

    def draw_board(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        views = self.seats()
        centre_h = max(90, box.h // 5)
        row_h = (box.h - centre_h) // max(1, len(views))
        card_w = max(28, min(64, round((row_h - 24) / 1.4)))
        self.draw_centre(surface, pygame.Rect(box.x, box.y, box.w, centre_h - 8), views[0], card_w)
        acting = self.replay.state.to_act
        melds = tuple(getattr(views[0], "melds", ()))
        for seat, view in enumerate(views):
            row = pygame.Rect(box.x, box.y + centre_h + seat * row_h, box.w, row_h - 6)
            lit = seat == acting
            panel(surface, row, alpha=96 if lit else 60, radius=10, border=GOLD if lit else None)
            name = self.names[seat] if seat < len(self.names) else str(seat + 1)
            pygame.draw.circle(surface, seat_colour(seat), (row.x + 14, row.y + 14), 5)
            text(
                surface,
                fit_line(name, 15, 130, True),
                (row.x + 26, row.y + 5),
                15,
                CREAM,
                bold=True,
            )
            hand = tuple(sort_by_suit(list(getattr(view, "hand", ()))))  # read at a glance
            count = tr("replay.cards", n=len(hand))
            text(surface, count, (row.x + 26, row.y + 26), 13, MUTED)
            x = self.draw_cards(surface, hand, row.x + 160, row.y + 6, card_w, row.right - 8)
            small = max(22, round(card_w * 0.7))
            for meld in melds:  # the melds are public: each beside its owner
                if getattr(meld, "owner", -1) == seat:
                    faces = tuple(card for card, _label in meld_faces(meld))
                    x = self.draw_cards(surface, faces, x + 14, row.y + 10, small, row.right - 8)

    def draw_centre(
        self, surface: pygame.Surface, box: pygame.Rect, view: Any, card_w: int
    ) -> None:
        panel(surface, box, alpha=50, radius=10, border=None)
        x = box.x + 16
        stock = getattr(view, "stock_size", None)
        if isinstance(stock, int):
            text(surface, tr("replay.stock", n=stock), (x, box.y + 10), 14, MUTED)
        pile = tuple(getattr(view, "discard", ()))
        top = getattr(view, "discard_top", None)
        if not pile and isinstance(top, Card):
            pile = (top,)
        layout = tuple(getattr(view, "layout", ()))
        shown = layout or pile[-12:]
        label = "replay.layout" if layout else "replay.discards"
        text(surface, tr(label), (x, box.y + 32), 14, MUTED)
        self.draw_cards(surface, shown, x + 130, box.y + 8, card_w, box.right - 12)

    def draw_cards(
        self, surface: pygame.Surface, cards: tuple[Card, ...], x: int, y: int, w: int, right: int
    ) -> int:
        """A row of face-up cards from ``x``, overlapped to fit before ``right``; returns
        where the row ends."""
        if not cards:
            return x
        cw, _ch = card_size(w)
        step = min(round(cw * 0.55), max(8, (right - x - cw) // max(1, len(cards) - 1)))
        for number, card in enumerate(cards):
            draw_card(surface, self.app.cards, card, Place(x + number * step, y, w), shadowed=False)
        return x + step * (len(cards) - 1) + cw

    def draw_log(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        panel(surface, box, alpha=150, radius=10)
        line_h = 20
        room = max(1, (box.h - 20) // line_h)
        at = self.replay.at
        upto = [entry for entry in self.entries if entry.step <= at]
        shown = upto[-room:]
        y = box.y + 10
        for entry in shown:
            colour = GOLD if entry.header or entry.step == at else CREAM
            if entry.step < at and not entry.header:
                colour = MUTED
            line = fit_line(entry.text, 14, box.w - 24, entry.header)
            if entry.header:  # a deal's separator, as in the table's log
                draw_separator(surface, line, box.x + 12, box.right - 12, y, 14)
            else:
                text(surface, line, (box.x + 12, y), 14, colour)
            y += line_h
