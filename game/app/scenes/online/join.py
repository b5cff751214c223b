"""Join a table: the tables hosted on this network listed by themselves (zeroconf; the
list follows as they come and go, Enter on one joins it), under them the public tables of
the server whose address is typed (asked in the background: ``server_list.py``), or an
address and a table code
typed in (checked as they are typed); your name (kept in the settings) and a seat, "any"
or a number. Joining opens the waiting room; a refusal is said on the screen. A table
this app keeps a seat's record for (the player dropped out of a game under way) is
rejoined at that seat with the kept credential instead.
"""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import Any

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from game.app import fonts
from game.app.i18n import tr, tr_or, ui
from game.app.scenes.base import Scene
from game.app.scenes.online import connect
from game.app.scenes.online.addresses import Where, parse_address
from game.app.scenes.online.rejoining import rejoin
from game.app.scenes.online.server_list import EMPTY, LOOKING, NO_SERVER, UNREACHABLE, ServerTables
from game.app.scenes.online.status import Status
from game.app.scenes.online.task import Task
from game.app.table.panels import fit_line
from game.app.ui.focus import Focusable
from game.app.ui.form import button_item, control_item, entry_item
from game.app.ui.paint import (
    felt_background,
    heading,
    page_margin,
    panel,
    paragraph,
    text,
    two_columns,
)
from game.app.ui.theme import GOLD, MUTED, PANEL_EDGE, RED
from game.app.ui.widgets import Control, stepper
from game.app.variant_name import variant_name
from game.games.registry import GAMES
from game.net.discovery import Browser, FoundTable
from game.net.protocol import CODE_ALPHABET, CODE_LENGTH, LONG_CODE_LENGTH, Refusal, table_code
from game.net.public_tables import PublicTable
from game.persist.online_tables import online_records
from game.persist.settings import MAX_ONLINE_NAME

log = logging.getLogger(__name__)
ANY = "any"
WATCH_W = 96  # a list row's Watch button
MAX_SEATS = max(info.max_players for info in GAMES.values())
LIST_ROW = 58
PUBLIC_ROW = 46
LAN_SHARE = 0.42  # of the left panel: the LAN list above, the server's public tables below
GOOD, HINT, WRONG = "good", "hint", "wrong"
DISCOVERY_INTERFACES: list[str] | None = None  # None: every interface (tests use loopback)


def code_feedback(typed: str) -> tuple[str, str]:
    """(tone, text) for a table code as it is being typed."""
    bare = typed.upper().replace("-", "").replace(" ", "")
    if not bare:
        return HINT, tr("online.code_hint")
    if any(ch not in CODE_ALPHABET for ch in bare):
        return WRONG, tr("online.code_letters")
    try:
        table_code(typed)
    except Refusal:
        # past the short code's length, the count is toward an older table's long one
        total = CODE_LENGTH if len(bare) <= CODE_LENGTH else LONG_CODE_LENGTH
        return (HINT if len(bare) < total else WRONG), tr(
            "online.code_count", n=len(bare), total=total
        )
    return GOOD, tr("online.code_ok")


def address_feedback(typed: str) -> tuple[str, str]:
    if not typed.strip():
        return HINT, tr("online.address_hint")
    if parse_address(typed) is None:
        return WRONG, tr("online.address_wrong")
    return GOOD, ""


def found_label(table: FoundTable) -> str:
    game = tr_or(f"games.{table.game}.name", table.game) if table.game in GAMES else table.game
    return f"{table.name}  ·  {game}  ·  {table.address}:{table.port}"


def public_labels(table: PublicTable) -> list[str]:
    """A listed table's row in the player's language, from the whole line ("Indian Rummy
    · Pool 101 · 2 of 3 seats free · Ann") to shorter ones for a narrow window: the host's
    name goes first, then the rule set; the seats free stay."""
    info = GAMES[table.game]
    game = tr_or(f"games.{table.game}.name", info.title)
    rules = variant_name(table.game, table.options)
    facts: dict[str, str | int] = {"game": game, "rules": rules, "host": table.host}
    facts |= {"free": table.free, "seats": table.seats}
    keys = (
        ["public_row", "public_row_nohost", "public_row_brief"] if rules else ["public_row_plain"]
    )
    lines = [tr(f"online.{key}", **facts) for key in [*keys, "public_row_short"]]
    if table.phase != "waiting":  # (only waiting tables are listed today)
        phase = tr_or(f"online.public_phase_{table.phase}", table.phase)
        lines = [f"{line} · {phase}" for line in lines]
    return lines


def public_label(table: PublicTable, width: int | None = None, size: int = 16) -> str:
    """The longest of ``public_labels`` that fits ``width`` pixels (cut if none does)."""
    lines = public_labels(table)
    if width is None:
        return lines[0]
    font = fonts.font(size, True)
    fitting = next((line for line in lines if font.size(line)[0] <= width), lines[-1])
    return fit_line(fitting, size, width, True)


PUBLIC_STATES = {
    NO_SERVER: "online.public_need_address",
    LOOKING: "online.public_looking",
    UNREACHABLE: "online.public_unreachable",
    EMPTY: "online.public_empty",
}


class JoinScene(Scene):
    def __init__(self, app, interfaces: list[str] | None = None) -> None:
        super().__init__(app)
        self.interfaces = interfaces if interfaces is not None else DISCOVERY_INTERFACES
        self.browser: Browser | None = None
        self.browse_failed = False
        self.found: list[FoundTable] = []
        self.found_buttons: dict[Any, FoundTable] = {}
        self.server = ServerTables()  # the typed server's public tables
        self.public_buttons: dict[Any, PublicTable] = {}
        # each row's Watch (issue 25: a spectator), by the address typed for it and its code
        self.watch_buttons: dict[Any, tuple[str | None, str]] = {}
        self.watching = False  # the task under way connects to watch, not to sit down
        self.public_area = pygame.Rect(0, 0, 0, 0)
        self.address_text = ""
        self.code_text = ""
        self.name = app.settings.online_name or tr("online.default_name")
        self.seat: Any = ANY
        self.entries: dict[str, Any] = {}
        self.buttons: dict[str, Any] = {}
        self.seat_control: Control | None = None
        self.panels = (pygame.Rect(0, 0, 0, 0), pygame.Rect(0, 0, 0, 0))
        self.feedback_at: dict[str, pygame.Rect] = {}  # under the address and the code
        self.labels: list[tuple[str, tuple[int, int]]] = []
        self.status = Status()
        self.task: Task | None = None

    @property
    def animating(self) -> bool:
        return True  # the list of tables changes by itself

    # --- life ---

    def enter(self) -> None:
        try:
            self.browser = Browser(self.interfaces)
        except Exception as error:  # no multicast here: typing still works
            log.info("cannot look for tables: %s", error)
            self.browse_failed = True
        super().enter()

    def exit(self) -> None:
        browser, self.browser = self.browser, None
        if browser is not None:
            Task(browser.close)  # zeroconf takes a moment to say goodbye
        super().exit()

    # --- layout ---

    def build(self) -> None:
        w, h = self.size
        margin = page_margin(self.size)
        left, right = self.panels = two_columns(self.size)
        self.labels, self.entries, self.feedback_at = [], {}, {}
        self.found_buttons, self.public_buttons, self.watch_buttons = {}, {}, {}
        split = left.y + int(left.h * LAN_SHARE)
        self.public_area = pygame.Rect(left.x, split, left.w, left.bottom - split)
        y = left.y + 60
        room = max(1, (split - y - 4) // LIST_ROW)
        for table in self.found[:room]:
            button = pygame_gui.elements.UIButton(
                pygame.Rect(left.x + 20, y, left.w - 40 - WATCH_W, LIST_ROW - 10),
                fit_line(found_label(table), 16, left.w - 88 - WATCH_W, True),
                self.ui,
            )
            self.found_buttons[button] = table
            where = f"{table.address}:{table.port}"
            self._watch_button(left, y, LIST_ROW - 10, where, table.code)
            y += LIST_ROW
        y = split + 56
        room = max(1, (left.bottom - y - 8) // PUBLIC_ROW)
        for public in self.server.tables[:room]:
            button = pygame_gui.elements.UIButton(
                pygame.Rect(left.x + 20, y, left.w - 40 - WATCH_W, PUBLIC_ROW - 6),
                public_label(public, left.w - 88 - WATCH_W),
                self.ui,
            )
            self.public_buttons[button] = public
            self._watch_button(left, y, PUBLIC_ROW - 6, None, public.code)
            y += PUBLIC_ROW
        self._build_form(right)
        fy = h - 74
        self.buttons["join"] = pygame_gui.elements.UIButton(
            pygame.Rect(w - margin - 200, fy, 200, 52),
            ui("online.join"),
            self.ui,
            object_id=ObjectID(object_id="#primary"),
        )
        self.buttons["watch"] = pygame_gui.elements.UIButton(
            pygame.Rect(w - margin - 200 - 16 - WATCH_W - 30, fy, WATCH_W + 30, 52),
            ui("watch.watch"),
            self.ui,
        )
        self.buttons["back"] = pygame_gui.elements.UIButton(
            pygame.Rect(w - margin - 356 - WATCH_W - 46, fy, 140, 52),
            ui("common.back"),
            self.ui,
            object_id=ObjectID(object_id="#quiet"),
        )
        self.status.rect = pygame.Rect(margin, fy, w - 2 * margin - 380 - WATCH_W - 46, 52)

    def _watch_button(
        self, area: pygame.Rect, y: int, h: int, where: str | None, code: str
    ) -> None:
        """A list row's Watch, at its right end (a row without a code has none)."""
        if not code:
            return
        rect = pygame.Rect(area.right - 20 - WATCH_W + 8, y, WATCH_W - 8, h)
        button = pygame_gui.elements.UIButton(rect, ui("watch.watch"), self.ui)
        self.watch_buttons[button] = (where, code)

    def _build_form(self, area: pygame.Rect) -> None:
        x = area.x + 24
        label_w = max(fonts.font(17, True).size(tr(k))[0] for k in FORM_LABELS) + 18
        field_x, field_w = x + label_w, min(300, area.right - x - label_w - 24)
        y = area.y + 62
        for name, key, value, limit in (
            ("address", "online.address", self.address_text, 120),
            ("code", "online.code", self.code_text, 24),
            ("name", "online.your_name", self.name, MAX_ONLINE_NAME),
        ):
            self.labels.append((key, (x, y + 18)))
            entry = pygame_gui.elements.UITextEntryLine(
                pygame.Rect(field_x, y, field_w, 36), self.ui
            )
            entry.set_text_length_limit(limit)
            entry.set_text(value)
            self.entries[name] = entry
            self.feedback_at[name] = pygame.Rect(field_x, y + 40, area.right - field_x - 16, 40)
            y += 36 + 50 if name != "name" else 36 + 20
        self.labels.append(("online.seat", (x, y + 17)))
        # 0 is "any seat": the stepper runs Any, 1, 2 ... up to the largest table.
        number = 0 if self.seat == ANY else int(self.seat)
        self.seat_control = stepper(self.manager, "seat", (field_x, y), number, 0, MAX_SEATS, 1)
        if number == 0 and self.seat_control.value_label is not None:
            self.seat_control.value_label.set_text(tr("online.any_seat"))

    def focus_items(self) -> list[Focusable]:
        items = [
            button_item(f"table:{i}", button, self.press)
            for i, button in enumerate(self.found_buttons)
        ]
        items += [
            button_item(f"public:{i}", button, self.press)
            for i, button in enumerate(self.public_buttons)
        ]
        items += [entry_item(name, entry) for name, entry in self.entries.items()]
        assert self.seat_control is not None
        items.append(control_item(self.seat_control, self.press))
        items += [
            button_item(f"watch:{i}", button, self.press)
            for i, button in enumerate(self.watch_buttons)
        ]
        items.append(button_item("back", self.buttons["back"], self.press))
        items.append(button_item("watch", self.buttons["watch"], self.press))
        items.append(button_item("join", self.buttons["join"], self.press))
        return items

    def first_focus(self) -> str | None:
        return "table:0" if self.found_buttons else "address"

    # --- changes ---

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.browser is not None:
            tables = self.browser.tables()
            if tables != self.found:
                had = bool(self.found_buttons)
                self.found = tables
                self.rebuild()
                typed = self.address_text or self.code_text
                if not had and self.found_buttons and not typed:
                    self.ring.focus("table:0")  # the first table found: Enter joins it
        self.server.watch(self._server_url())
        if self.server.update():
            self.rebuild()
        task = self.task
        if task is not None and task.done:
            self.task = None
            if task.error is not None:
                self.app.audio.play("invalid")
                self.status.failure(task.error)
            else:
                from game.app.scenes.online.room import WaitingRoomScene
                from game.app.scenes.online.watch import WatchRoomScene

                self.status.clear()
                self.app.audio.play("shuffle")
                room = WatchRoomScene if self.watching else WaitingRoomScene
                self.app.stack.push(room(self.app, task.result))

    def on_ui_event(self, event: pygame.event.Event) -> bool:
        element = event.ui_element
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED:
            if element is self.entries.get("name"):
                self.join()  # Enter after the name: join
            else:
                self.ring.step(1)
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED:
            self._read_entries()
            return True
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return False
        if element in self.found_buttons:
            self.join_found(self.found_buttons[element])
        elif element in self.public_buttons:
            self.join_public(self.public_buttons[element])
        elif element in self.watch_buttons:
            where, code = self.watch_buttons[element]
            self.address_text = where or self.address_text
            self.code_text = code
            self.rebuild()
            self.watch()
        elif element is self.buttons["watch"]:
            self.watch()
        elif element is self.buttons["join"]:
            self.join()
        elif element is self.buttons["back"]:
            self.back()
        elif self.seat_control is not None and element in self.seat_control:
            number = int(self.seat_control.value_for(element))
            self.seat = ANY if number == 0 else number
            self.rebuild()
        else:
            return False
        return True

    def _read_entries(self) -> None:
        self.address_text = self.entries["address"].get_text()
        self.code_text = self.entries["code"].get_text()
        self.name = self.entries["name"].get_text()

    def _server_url(self) -> str | None:
        where = parse_address(self.address_text)
        return None if where is None else where.url

    # --- joining ---

    def join_public(self, table: PublicTable) -> None:
        """A public table of the typed server: its code, and join."""
        self.code_text = table.code
        self.rebuild()
        self.join()

    def join_found(self, table: FoundTable) -> None:
        self.address_text = f"{table.address}:{table.port}"
        if not table.code:  # a table that keeps its code to itself: type it
            self.code_text = ""
            self.rebuild()
            self.ring.focus("code")
            return
        self.code_text = table.code
        self.rebuild()
        self.join()

    def problem(self) -> str | None:
        """What stops Join, as a text for the player (None: nothing)."""
        self._read_entries()
        if parse_address(self.address_text) is None:
            return tr("online.address_wrong")
        tone, line = code_feedback(self.code_text)
        if tone != GOOD:
            return line if tone == WRONG else tr("online.code_short")
        if not self.name.strip():
            return tr("online.need_name")
        return None

    def _typed(self) -> tuple[Where, str, str] | None:
        """The address, table code and name typed, the name kept for next time; None (the
        reason shown) while something is missing or wrong, or a request is under way."""
        if self.task is not None:
            return None
        wrong = self.problem()
        if wrong is not None:
            self.app.audio.play("invalid")
            self.status.fail(wrong)
            return None
        parsed = parse_address(self.address_text)
        assert parsed is not None  # (problem() said it parses)
        name = self.name.strip()
        self.app.update_settings(online_name=name)
        return parsed, table_code(self.code_text), name

    def join(self) -> None:
        typed = self._typed()
        if typed is None:
            return
        parsed, code, name = typed
        seat = None if self.seat == ANY else int(self.seat) - 1
        kept = next((r for r in online_records(self.app.paths)[0] if r.code == code), None)
        if kept is not None:  # our seat at this table: sit back down with its credential
            rejoin(self.app, replace(kept, url=parsed.url))
            return
        self.status.wait(tr("online.joining"))
        self.watching = False
        self.task = Task(lambda: connect.join(parsed, code, name, seat))

    def watch(self) -> None:
        """Watch the table as a spectator (its public view, log and chat)."""
        typed = self._typed()
        if typed is None:
            return
        from game.app.scenes.online.watch import watch

        parsed, code, name = typed
        self.status.wait(tr("watch.watching_joining"))
        self.watching = True
        self.task = Task(lambda: watch(parsed, code, name))

    # --- drawing ---

    def draw_scene(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(felt_background((w, h), self.app.cards), (0, 0))
        heading(surface, tr("online.join_title"), tr("online.join_subtitle"))
        left, right = self.panels
        panel(surface, left)
        panel(surface, right)
        text(surface, tr("online.found"), (left.x + 24, left.y + 22), 19, GOLD, bold=True)
        if not self.found:
            key = "online.no_browsing" if self.browse_failed else "online.looking"
            hint = pygame.Rect(left.x + 24, left.y + 64, left.w - 48, 120)
            paragraph(surface, tr(key), hint, 16, MUTED, max_lines=5)
        self._draw_public(surface)
        text(surface, tr("online.or_type"), (right.x + 24, right.y + 22), 19, GOLD, bold=True)
        for key, at in self.labels:
            text(surface, tr(key), at, 17, bold=True, anchor="midleft")
        for name, check in (("address", address_feedback), ("code", code_feedback)):
            tone, line = check(self.address_text if name == "address" else self.code_text)
            colour = {GOOD: GOLD, HINT: MUTED, WRONG: RED}[tone]
            if name in self.feedback_at:
                paragraph(surface, line, self.feedback_at[name], 14, colour, max_lines=2)
        self.status.draw(surface)

    def _draw_public(self, surface: pygame.Surface) -> None:
        area = self.public_area
        pygame.draw.line(surface, PANEL_EDGE, (area.x + 20, area.y), (area.right - 20, area.y), 1)
        where = parse_address(self.address_text)
        title = (
            tr("online.public_title_none")
            if where is None
            else tr("online.public_title", server=self.address_text.strip())
        )
        hidden = len(self.server.tables) - len(self.public_buttons)
        more = tr("online.public_more", n=hidden) if hidden > 0 and self.public_buttons else ""
        more_w = fonts.font(15, True).size(more)[0] + 12 if more else 0
        title = fit_line(title, 19, area.w - 48 - more_w, True)
        text(surface, title, (area.x + 24, area.y + 16), 19, GOLD, bold=True)
        if more:  # a low window shows fewer rows: say how many more the server lists
            at = (area.right - 24, area.y + 28)
            text(surface, more, at, 15, MUTED, bold=True, anchor="midright")
        key = PUBLIC_STATES.get(self.server.state)
        if key is not None and not self.public_buttons:
            hint = pygame.Rect(area.x + 24, area.y + 54, area.w - 48, area.h - 62)
            tone = RED if self.server.state == UNREACHABLE else MUTED
            paragraph(surface, tr(key), hint, 16, tone, max_lines=4)


FORM_LABELS = ("online.address", "online.code", "online.your_name", "online.seat")
