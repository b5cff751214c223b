"""Between rounds: who sits at the table for the next round. Players at the table may
leave (their balance stays on the score sheet), players who left may come back (with
their balance), and new players join with a name and a kind (a human at this screen, or
an AI level). Every change is the engine's ``LeaveTable`` / ``JoinTable``, so its
reasons show when it refuses (the table is full, two must stay ...).

**Decisions**: the last human at the table cannot leave (the AI seats would play on
with nobody watching; quit to the menu instead). A name typed for a new player that is
the name of someone who left brings that player back. A player who joins is listed
after the seats the game began with, so saves keep them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from game.app.i18n import tr, ui
from game.app.messages import render
from game.app.scenes.base import Scene
from game.app.scenes.deal_summary import draw_veiled_box
from game.app.setup import Seat
from game.app.table.indian_rummy.texts import signed
from game.app.table.panels import fit_line, seat_colour
from game.app.ui.focus import Focusable
from game.app.ui.form import button_item, entry_item
from game.app.ui.paint import panel, text
from game.app.ui.theme import CREAM, GOLD, MUTED
from game.app.ui.widgets import button_width, segment_widths, text_width
from game.engine.actions import Action
from game.engine.errors import IllegalAction
from game.engine.messages import Seat as SeatParam
from game.games.indian_rummy import JoinTable, LeaveTable
from game.games.indian_rummy.messages import say
from game.games.indian_rummy.options import MAX_SEATS
from game.games.indian_rummy.seat_changes import MAX_NAME

if TYPE_CHECKING:
    from game.app.table.context import TableContext

KINDS = ("human", "easy", "normal", "hard")
ERROR = (236, 140, 120)


class RoundScene(Scene):
    opaque = False

    def __init__(self, app, table: TableContext, on_start: Callable[[], None]) -> None:
        super().__init__(app)
        self.table = table
        self.on_start = on_start
        self.kind = "normal"
        self.message = ""
        self.typed: str | None = None
        self.box = pygame.Rect(0, 0, 0, 0)
        self.list_area = pygame.Rect(0, 0, 0, 0)
        self.join_area = pygame.Rect(0, 0, 0, 0)
        self.seat_buttons: dict[pygame_gui.elements.UIButton, tuple[str, int]] = {}
        self.kind_buttons: dict[pygame_gui.elements.UIButton, str] = {}
        self.entry: pygame_gui.elements.UITextEntryLine | None = None
        self.join_button: pygame_gui.elements.UIButton | None = None
        self.start_button: pygame_gui.elements.UIButton | None = None
        self.rows: list[tuple[int, bool]] = []  # (seat, at the table)
        self._message_y = 0  # where a refusal is written, under Join
        self._done = False

    # --- the facts ------------------------------------------------------------------------

    @property
    def view(self):
        return self.table.session.view()

    def names(self) -> list[str]:
        return self.table.hooks.names()

    def may_leave(self, seat: int) -> bool:
        view = self.view
        if len(view.order) <= 2 or seat not in view.order:
            return False
        session = self.table.session
        if session.online and LeaveTable(seat) not in session.legal_actions():
            return False  # the table server lets a player go only by themselves or the host
        setup = session.setup
        humans_here = [s for s in view.order if setup.seats[s].is_human]
        return not (setup.seats[seat].is_human and humans_here == [seat])

    def suggested_name(self) -> str:
        taken = {name.lower() for name in self.names()}
        for name in tr("indian_rummy.newcomers").split(","):
            if name.strip() and name.strip().lower() not in taken:
                return name.strip()
        return tr("new_game.player_n", n=len(taken) + 1)

    # --- building -------------------------------------------------------------------------

    def build(self) -> None:
        w, h = self.size
        view = self.view
        small = h < 720
        row_h = 34 if small else 40
        seats = len(self.names())
        self.rows = [(s, True) for s in range(seats) if s in view.order] + [
            (s, False) for s in range(seats) if s not in view.order
        ]
        list_h = 34 + row_h * len(self.rows)
        height = min(h - 40, max(440, 104 + list_h + 96))
        self.box = pygame.Rect(0, 0, min(1000, w - 40), height)
        self.box.center = (w // 2, h // 2)
        inner = self.box.inflate(-56, 0)
        top = self.box.y + 104
        split = inner.x + round(inner.w * 0.56)
        self.list_area = pygame.Rect(inner.x, top, split - inner.x - 24, self.box.bottom - 84 - top)
        self.join_area = pygame.Rect(split, top, inner.right - split, self.list_area.h)
        self.seat_buttons = {}
        y = self.list_area.y + 30
        for seat, here in self.rows:
            label = "indian_rummy.leave" if here else "indian_rummy.come_back"
            width = button_width(tr(label), 100)
            rect = pygame.Rect(self.list_area.right - width, y + 2, width, row_h - 6)
            button = pygame_gui.elements.UIButton(
                rect, ui(label), self.ui, object_id=ObjectID(object_id="#quiet")
            )
            enabled = self.may_leave(seat) if here else self._may_return(seat)
            if not enabled:
                button.disable()
            self.seat_buttons[button] = ("leave" if here else "back", seat)
            y += row_h
        self._build_join()
        label = tr("indian_rummy.start_round", n=view.round + 1)
        rect = pygame.Rect(0, 0, max(220, text_width(label, 17) + 60), 50)
        rect.bottomright = (self.box.right - 28, self.box.bottom - 20)
        self.start_button = pygame_gui.elements.UIButton(
            rect,
            ui("indian_rummy.start_round"),
            self.ui,
            text_kwargs={"n": str(view.round + 1)},
            object_id=ObjectID(object_id="#primary"),
        )

    def _build_join(self) -> None:
        area = self.join_area
        x, y = area.x + 16, area.y + 36
        entry = pygame_gui.elements.UITextEntryLine(pygame.Rect(x, y, area.w - 32, 38), self.ui)
        entry.set_text_length_limit(MAX_NAME)
        entry.set_text(self.typed if self.typed is not None else self.suggested_name())
        self.entry = entry
        y += 50
        labels = [tr(f"new_game.kind_{k}") for k in KINDS]
        widths = segment_widths(labels, minimum=60, padding=18)
        scale = min(1.0, (area.w - 32 - 6 * (len(KINDS) - 1)) / sum(widths))
        widths = [int(wd * scale) for wd in widths]
        self.kind_buttons = {}
        bx = x
        for kind, width in zip(KINDS, widths, strict=True):
            button = pygame_gui.elements.UIButton(
                pygame.Rect(bx, y, width, 34),
                ui(f"new_game.kind_{kind}"),
                self.ui,
                object_id=ObjectID(object_id="#segment"),
            )
            if kind == self.kind:
                button.select()
            self.kind_buttons[button] = kind
            bx += width + 6
        y += 48
        label = tr("indian_rummy.join")
        join_button = pygame_gui.elements.UIButton(
            pygame.Rect(x, y, button_width(label, 140), 40),
            ui("indian_rummy.join"),
            self.ui,
        )
        self.join_button = join_button
        self._message_y = y + 52
        if not self._may_join_anyone():
            join_button.disable()

    def _may_return(self, seat: int) -> bool:
        return self.table.session.problem(JoinTable(self.view.names[seat])) is None

    def _may_join_anyone(self) -> bool:
        return len(self.view.order) < MAX_SEATS

    # --- acting ---------------------------------------------------------------------------

    def apply(self, action: Action) -> bool:
        """Play a change of the table through the engine; its reason shows if refused."""
        table = self.table
        problem = table.session.problem(action)
        if problem is not None:
            self.message = render(problem, self.names())
            return False
        old = table.picture
        try:
            events = table.session.apply(action)
        except IllegalAction as error:  # a networked table's server said no
            self.message = render(error.message, self.names())
            return False
        table.after_move(old, events)
        table.animator.finish()  # the table waits under this screen: no card mid-flight
        self.message = ""
        return True

    def leave(self, seat: int) -> None:
        if not self.may_leave(seat):
            self.message = tr("indian_rummy.last_human")
            return
        if self.apply(LeaveTable(seat)):
            self._after_change(seat)

    def come_back(self, seat: int) -> None:
        if self.apply(JoinTable(self.view.names[seat])):
            self._after_change(seat)

    def join(self) -> None:
        typed = " ".join((self.entry.get_text() if self.entry else "").split())
        view = self.view
        for seat, name in enumerate(self.names()):
            if name.lower() == typed.lower() and typed:
                if seat in view.order:
                    self.message = render(
                        say("already_seated", player=SeatParam(seat)), self.names()
                    )
                else:
                    self.typed = None
                    self.come_back(seat)
                return
        engine_names = {n.lower() for n in view.names}
        if not typed or typed.lower() in engine_names:
            self.apply(JoinTable(typed))  # the engine says what is wrong (or seats them)
            self.rebuild()
            return
        problem = self.table.session.problem(JoinTable(typed))
        if problem is not None:
            self.message = render(problem, self.names())
            return
        session = self.table.session
        before = session.setup
        from dataclasses import replace

        session.setup = replace(before, seats=(*before.seats, Seat(typed, self.kind)))
        if not self.apply(JoinTable(typed)):
            session.setup = before
            return
        self.typed = None
        self._after_change(len(self.names()) - 1)

    def _after_change(self, seat: int) -> None:
        session = self.table.session
        if session.shown_seat is not None and session.shown_seat not in self.view.order:
            humans = [s for s in self.view.order if session.setup.seats[s].is_human]
            if humans:
                session.shown_seat = humans[0]
                session.request_handoff()
        self.table.refresh()
        self.rebuild()

    def start(self) -> None:
        if self._done:
            return
        self._done = True
        self.app.stack.remove(self)
        self.on_start()

    def back(self) -> None:
        self.start()

    def on_ui_event(self, event: pygame.event.Event) -> bool:
        element = event.ui_element
        entry = self.entry
        if (
            event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED
            and entry is not None
            and element is entry
        ):
            self.typed = entry.get_text()
            return True
        if (
            event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED
            and entry is not None
            and element is entry
        ):
            self.join()
            return True
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return False
        if element is self.start_button:
            self.start()
        elif element is self.join_button:
            self.join()
            self.rebuild()
        elif element in self.kind_buttons:
            self.kind = self.kind_buttons[element]
            for button, kind in self.kind_buttons.items():
                if kind == self.kind:
                    button.select()
                else:
                    button.unselect()
        elif element in self.seat_buttons:
            what, seat = self.seat_buttons[element]
            if what == "leave":
                self.leave(seat)
            else:
                self.come_back(seat)
            self.rebuild()
        else:
            return False
        return True

    def focus_items(self) -> list[Focusable]:
        """Each seat's Leave / Come back, the new player's name and kind, Join, Start."""
        items = [
            button_item(f"{what}:{seat}", button, self.press)
            for button, (what, seat) in self.seat_buttons.items()
            if button.is_enabled
        ]
        entry, join, start = self.entry, self.join_button, self.start_button
        assert entry is not None and join is not None and start is not None, "asked once built"
        items.append(entry_item("name", entry))
        items += [button_item(f"kind:{k}", b, self.press) for b, k in self.kind_buttons.items()]
        if join.is_enabled:
            items.append(button_item("join", join, self.press))
        return [*items, button_item("start", start, self.press)]

    def first_focus(self) -> str | None:
        return "start"

    def on_key(self, event: pygame.event.Event) -> bool:
        if event.type != pygame.KEYDOWN:
            return True
        if event.key != pygame.K_ESCAPE and self.ring.handle_key(event):
            return True
        typing = self.entry is not None and self.entry.is_focused
        enter = event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
        if event.key == pygame.K_ESCAPE or (enter and not typing):
            self.start()
        return True

    def on_mouse(self, event: pygame.event.Event) -> bool:
        return True

    # --- drawing --------------------------------------------------------------------------

    def draw_scene(self, surface: pygame.Surface) -> None:
        box = self.box
        draw_veiled_box(surface, box)
        view = self.view
        x = box.x + 28
        title = text(
            surface,
            tr("indian_rummy.round_over", n=view.round, rounds=view.options.rounds),
            (x, box.y + 20),
            26,
            GOLD,
            bold=True,
        )
        text(
            surface,
            fit_line(tr("indian_rummy.round_hint"), 15, box.right - 28 - x),
            (x, title.bottom + 6),
            15,
            CREAM,
        )
        self._draw_list(surface, view)
        area = self.join_area
        panel(surface, area, alpha=150, radius=10)
        text(
            surface, tr("indian_rummy.new_player"), (area.x + 16, area.y + 10), 16, GOLD, bold=True
        )
        message = self.message
        if not message and not self._may_join_anyone():
            message = render(say("table_full", most=MAX_SEATS))
        if message:
            lines = _wrap(message, 14, area.w - 32)
            y = self._message_y
            for line in lines[:3]:
                text(surface, line, (area.x + 16, y), 14, ERROR)
                y += 18
        note = tr("indian_rummy.balances_kept")
        for i, line in enumerate(_wrap(note, 13, area.w - 32)[:3]):
            text(surface, line, (area.x + 16, area.bottom - 60 + i * 17), 13, MUTED)

    def _draw_list(self, surface: pygame.Surface, view) -> None:
        area = self.list_area
        setup = self.table.session.setup
        text(surface, tr("indian_rummy.at_table"), (area.x, area.y), 16, GOLD, bold=True)
        row_h = 34 if self.size[1] < 720 else 40
        y = area.y + 30
        for seat, here in self.rows:
            player = setup.seats[seat]
            colour = CREAM if here else MUTED
            pygame.draw.circle(surface, seat_colour(seat), (area.x + 6, y + row_h // 2), 5)
            kind = tr("table.kind_human") if player.is_human else tr(f"table.kind_{player.kind}")
            name = fit_line(self.table.hooks.seat_name(seat), 16, round(area.w * 0.34), True)
            shown = text(
                surface,
                name,
                (area.x + 18, y + row_h // 2),
                16,
                colour,
                bold=True,
                anchor="midleft",
            )
            words = kind if here else tr("indian_rummy.away_kind", kind=kind)
            text(
                surface,
                fit_line(words, 13, round(area.w * 0.3)),
                (max(shown.right + 10, area.x + round(area.w * 0.38)), y + row_h // 2),
                13,
                MUTED,
                anchor="midleft",
            )
            balance = signed(view.balances[seat])
            text(
                surface,
                balance,
                (area.right - 122, y + row_h // 2),
                16,
                GOLD,
                bold=True,
                anchor="midright",
            )
            y += row_h


def _wrap(content: str, size: int, width: int) -> list[str]:
    from game.app import fonts

    return fonts.wrap(content, size, width, False)
