"""Host a table: the game, its players, seats and rule options as on the New game screen
(the same parts, ``setup_form``), but each seat is You, Open (for a friend) or an AI
level; then your name, how long a dropped player's seat waits, and where friends connect:
one of this computer's addresses (the LAN one first; never every interface) and a port,
or a dedicated server's address. Create starts the table and opens the waiting room.

By keyboard as the New game screen: Tab and the arrows move, Left/Right or +/- change a
choice, Enter and Space press; the ring starts on Create.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from game.app import fonts
from game.app.i18n import tr, tr_or, ui
from game.app.scenes import preset_list as presets
from game.app.scenes.base import Scene
from game.app.scenes.game_tabs import game_ids
from game.app.scenes.new_game import (
    Choices,
    default_choices,
    default_name,
    possible,
    shown_fields,
    with_change,
)
from game.app.scenes.online import connect
from game.app.scenes.online.addresses import DEFAULT_PORT, lan_addresses, parse_address
from game.app.scenes.online.status import Status
from game.app.scenes.online.task import Task
from game.app.scenes.option_steps import adjust_steppers
from game.app.scenes.setup_form import disable_impossible, in_list, option_rows, seat_rows
from game.app.ui.focus import Focusable
from game.app.ui.form import button_item, control_item, entry_item
from game.app.ui.paint import felt_background, heading, page_margin, panel, paragraph, text
from game.app.ui.theme import GOLD, MUTED
from game.app.ui.widgets import Control, segment_widths, segmented, stepper, toggle
from game.games.registry import get_game
from game.net.protocol import OPEN, YOU
from game.net.turn_timer import COMPUTER, DROP_GAMES, ON_TIMEOUT, TIMERS
from game.persist.settings import MAX_ONLINE_NAME

if TYPE_CHECKING:
    from game.app.app import App

HOST_KINDS = (YOU, OPEN, "easy", "normal", "hard")
ON_SERVER = "server"  # the listen choice for a dedicated server
NOTE_H = 58  # three lines under the address: who keeps the deck
MIN_RULES_H = 60  # the rules' list at least (pygame_gui fails on a list of no height)
PUBLIC_H = 40  # the "list this table on the server" row (on a server only)
GRACE_STEP, GRACE_MAX = 15, 600


def kind_label(kind: str) -> str:
    return f"online.kind_{kind}" if kind in (YOU, OPEN) else f"new_game.kind_{kind}"


def host_choices(game_id: str) -> Choices:
    """The New game defaults with you in the first seat and a friend in the second."""
    choices = default_choices(game_id)
    choices.seats = [["", YOU], ["", OPEN]] + [["", "normal"] for _ in choices.seats[2:]]
    return choices


def seat_plan(seat: int, kind: str) -> dict[str, str]:
    """A seat as the server takes it: the computer's seats named as on the New game
    screen (Ada, Ben ...), in the host's language; people bring their own names."""
    if kind in (YOU, OPEN):
        return {"kind": kind}
    return {"kind": kind, "name": default_name(seat, kind)}


def as_local(choices: Choices) -> Choices:
    """The same table with every person as a human seat (for the rules' checks)."""
    local = with_change(choices, "players", choices.players)
    local.seats = [[name, "human" if kind in (YOU, OPEN) else kind] for name, kind in local.seats]
    return local


class HostScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.kept = kept = app.host_memory  # this run's choices
        self.kept_games = app.host_game_memory  # and each game's table, by game
        games = game_ids()
        self.game_id = kept.get("game") or app.last_game_id or games[0]
        if self.game_id not in games:
            self.game_id = games[0]
        self.addresses = lan_addresses()
        self.listen = kept.get("listen", self.addresses[0])
        if self.listen not in (*self.addresses, ON_SERVER):
            self.listen = self.addresses[0]
        self.grace = int(kept.get("grace", 60))
        self.timer = int(kept.get("timer", 0))  # the turn timer: off by default
        self.on_timeout = str(kept.get("on_timeout", COMPUTER))
        self.port_text = str(kept.get("port", DEFAULT_PORT))
        self.server_text = str(kept.get("server", ""))
        self.public = bool(kept.get("public", False))  # listed on the server (public_tables)
        self.name = app.settings.online_name or tr("online.default_name")
        self.controls: list[Control] = []
        self.entries: dict[str, Any] = {}
        self.scrollers: dict[str, Any] = {}
        self.buttons: dict[str, Any] = {}
        self.columns = (pygame.Rect(0, 0, 0, 0), pygame.Rect(0, 0, 0, 0))
        self.labels: list[tuple[str, tuple[int, int]]] = []  # drawn headings
        self.seats_hint = pygame.Rect(0, 0, 0, 0)  # the room under the seats
        self.where_note = pygame.Rect(0, 0, 0, 0)  # who keeps the deck, under the address
        self.status = Status()
        self.task: Task | None = None

    @property
    def choices(self) -> Choices:
        return self.kept_games.setdefault(self.game_id, host_choices(self.game_id))

    @property
    def info(self) -> Any:
        return get_game(self.game_id)

    @property
    def animating(self) -> bool:
        return self.task is not None

    # --- layout ---

    def build(self) -> None:
        w, h = self.size
        margin = page_margin(self.size)
        self.controls, self.entries, self.scrollers, self.labels = [], {}, {}, []
        names = [tr_or(f"games.{g}.name", get_game(g).title) for g in game_ids()]
        self.controls.append(
            segmented(
                self.manager,
                "game",
                (margin, 92),
                list(zip(game_ids(), names)),
                self.game_id,
                widths=segment_widths(names, minimum=120, padding=28),
                plain=True,
            )
        )
        top, bottom, gap = 142, h - 88, 24
        left_w = max(460, int((w - 2 * margin - gap) * 0.5))
        left = pygame.Rect(margin, top, left_w, bottom - top)
        right = pygame.Rect(left.right + gap, top, w - margin - left.right - gap, bottom - top)
        self.columns = (left, right)
        self._build_seats(left)
        self._build_rules(right)
        self._build_footer(margin, w, h)
        self._disable_impossible()

    def _label(self, key: str, at: tuple[int, int]) -> None:
        self.labels.append((key, at))

    def _build_seats(self, area: pygame.Rect) -> None:
        x, y = area.x + 20, area.y + 14
        counts = list(range(self.info.min_players, self.info.max_players + 1))
        self._label("new_game.players", (x, y + 17))
        label_w = fonts.font(19, True).size(tr("new_game.players"))[0]
        counts_x = x + label_w + 20
        players = segmented(
            self.manager,
            "players",
            (counts_x, y),
            [(n, str(n)) for n in counts],
            self.choices.players,
            widths=segment_widths([str(n) for n in counts], minimum=44, padding=20),
            plain=True,
            wrap=area.right - 14 - counts_x,  # 2-10 players pass a narrow panel's edge
        )
        self.controls.append(players)
        y += players.rect.h - 34  # (a second line of counts)
        self._label("new_game.seats", (x, y + 66))
        seats_top = y + 84
        timer_rows = self._timer_rows()  # the turn timer (and, for Indian Rummy, its rule)
        fixed = (2 + len(timer_rows)) * 46 + 12  # your name, the grace period, the timer
        view = pygame.Rect(area.x + 8, seats_top, area.w - 16, area.bottom - seats_top - fixed)
        kinds = [kind for _, kind in self.choices.seats[: self.choices.players]]
        choices = [(k, kind_label(k)) for k in HOST_KINDS]
        rows = seat_rows(self.manager, view, kinds, choices)
        self.controls += rows.controls
        if rows.scroller is not None:
            self.scrollers["seats"] = rows.scroller
        self.seats_hint = pygame.Rect(
            x, rows.bottom + 16, area.w - 40, area.bottom - fixed - rows.bottom - 24
        )
        y = area.bottom - fixed + 8
        widest = max(
            fonts.font(19, True).size(tr(k))[0]
            for k in ("online.your_name", "online.grace", *timer_rows)
        )
        field_x = x + widest + 18
        self._label("online.your_name", (x, y + 17))
        name_w = min(220, area.right - 14 - field_x)
        name = pygame_gui.elements.UITextEntryLine(pygame.Rect(field_x, y, name_w, 36), self.ui)
        name.set_text_length_limit(MAX_ONLINE_NAME)
        name.set_text(self.name)
        self.entries["name"] = name
        y += 46
        self._label("online.grace", (x, y + 17))
        self.controls.append(
            stepper(self.manager, "grace", (field_x, y), self.grace, 0, GRACE_MAX, GRACE_STEP)
        )
        unit = "online.seconds"  # its unit beside it, in short where the word passes the edge
        if field_x + 162 + fonts.font(19, True).size(tr(unit))[0] > area.right - 14:
            unit = "online.seconds_short"
        self._label(unit, (field_x + 162, y + 17))
        for key in timer_rows:
            y += 46
            self._label(key, (x, y + 17))
            own_x = x + fonts.font(19, True).size(tr(key))[0] + 18  # beside its own label
            self.controls.append(self._timer_control(key, (field_x, y + 1), own_x, area.right))

    def _timer_rows(self) -> list[str]:
        """The labels of the turn timer's rows: its seconds, and what a timeout does
        where a drop may be the rule (Indian Rummy, with a timer on)."""
        if self.game_id in DROP_GAMES and self.timer:
            return ["online.timer", "online.on_timeout"]
        return ["online.timer"]

    def _timer_control(self, key: str, at: tuple[int, int], own_x: int, right: int) -> Control:
        """The row's choices in the column of the fields above; beside the row's own
        label instead where they would pass the panel's edge (a narrow window)."""
        current: int | str
        choices: list[tuple[int | str, str]]
        if key == "online.timer":
            name, current = "timer", self.timer
            labels = [tr("online.timer_s", n=n) if n else tr("online.timer_off") for n in TIMERS]
            choices = [(seconds, label) for seconds, label in zip(TIMERS, labels)]
        else:
            name, current = "on_timeout", self.on_timeout
            labels = [tr(f"online.timeout_{rule}") for rule in ON_TIMEOUT]
            choices = [(rule, label) for rule, label in zip(ON_TIMEOUT, labels)]
        widths = segment_widths(labels, minimum=56, padding=20)
        if at[0] + sum(widths) + 6 * (len(widths) - 1) > right - 14:
            at = (min(at[0], own_x), at[1])
        return segmented(self.manager, name, at, choices, current, widths=widths, plain=True)

    def _build_rules(self, area: pygame.Rect) -> None:
        fields = shown_fields(self.info.options_type)
        self._label("new_game.rules", (area.x + 20, area.y + 24))
        on_server = self.listen == ON_SERVER
        note_h = NOTE_H
        where_h = 138 + note_h + (PUBLIC_H if on_server else 0)
        top = area.y + 48
        if self.info.presets:  # the rule-set list, as on the New game screen
            lit = presets.current(self.info.presets, fields, self.choices.values)
            box = pygame.Rect(area.x + 20, top, area.w - 40, 0)
            control, used = presets.preset_list(
                self.manager, self.game_id, self.info.presets, lit, box
            )
            self.controls.append(control)
            top += used + 6
        if area.bottom - 8 - where_h - top < MIN_RULES_H:  # a low window: the note goes
            note_h, where_h = 0, where_h - NOTE_H  # (the rules' list must keep some room)
        height = max(MIN_RULES_H, area.bottom - 8 - where_h - top)
        view = pygame.Rect(area.x + 8, top, area.w - 16, height)
        controls, scroller = option_rows(
            self.manager, self.game_id, fields, self.choices.values, view
        )
        adjust_steppers(controls, self.game_id, fields, self.choices.values, self._allowed)
        self.controls += controls
        if scroller is not None:
            self.scrollers["options"] = scroller
        x, y = area.x + 20, area.bottom - where_h + 8
        self._label("online.where", (x, y + 10))
        places = [*self.addresses, ON_SERVER]
        labels = [a if a != ON_SERVER else tr("online.on_server") for a in places]
        self.controls.append(
            segmented(
                self.manager,
                "listen",
                (x, y + 30),
                list(zip(places, labels)),
                self.listen,
                widths=segment_widths(labels, minimum=90, padding=20),
                plain=True,
            )
        )
        y += 76
        key = "online.server_address" if on_server else "online.port"
        self._label(key, (x, y + 18))
        field_x = x + fonts.font(19, True).size(tr(key))[0] + 16
        # (a long label, Japanese at 1024x640, left no room for 260 px inside the panel)
        field_w = min(260, area.right - 20 - field_x) if on_server else 110
        entry = pygame_gui.elements.UITextEntryLine(pygame.Rect(field_x, y, field_w, 36), self.ui)
        if on_server:
            entry.set_text_length_limit(120)
            entry.set_text(self.server_text)
        else:
            entry.set_allowed_characters("numbers")
            entry.set_text_length_limit(5)
            entry.set_text(self.port_text)
        self.entries["where"] = entry
        if on_server:  # "List this table on the server": an on/off under the address
            y += 44
            self.controls.append(
                toggle(self.manager, "public", pygame.Rect(x, y, 76, 32), self.public)
            )
            self._label("online.list_public", (x + 90, y + 16))
            y += PUBLIC_H - 44
        self.where_note = pygame.Rect(x, y + 44, area.w - 40, note_h)

    def _build_footer(self, margin: int, w: int, h: int) -> None:
        y = h - 70
        self.status.rect = pygame.Rect(margin, y, w - 2 * margin - 200 - 16 - 140 - 24, 52)
        self.buttons = {
            "create": pygame_gui.elements.UIButton(
                pygame.Rect(w - margin - 200, y, 200, 52),
                ui("online.create"),
                self.ui,
                object_id=ObjectID(object_id="#primary"),
            ),
            "back": pygame_gui.elements.UIButton(
                pygame.Rect(w - margin - 200 - 16 - 140, y, 140, 52),
                ui("common.back"),
                self.ui,
                object_id=ObjectID(object_id="#quiet"),
            ),
        }

    def _changed(self, name: str, value: Any) -> Choices:
        """``with_change``, and a rule set (``preset``) sets its options."""
        changed = with_change(self.choices, name, value)
        if name == presets.NAME:
            fields = shown_fields(self.info.options_type)
            changed.values = presets.with_preset(changed.values, self.info.presets, fields, value)
        return changed

    def _allowed(self, name: str, value: Any) -> bool:
        """Whether some player count allows this option's value (for the steppers)."""
        counts = range(self.info.min_players, self.info.max_players + 1)
        changed = self._changed(name, value)
        return any(
            possible(self.game_id, as_local(with_change(changed, "players", n))) for n in counts
        )

    def _disable_impossible(self) -> None:
        def possible_with(name: str, value: Any, players: int | None) -> bool:
            if name in ("game", "listen", "grace", "public", "timer", "on_timeout"):
                return True
            changed = self._changed(name, value)
            if players is not None:
                changed = with_change(changed, "players", players)
            return possible(self.game_id, as_local(changed))

        counts = range(self.info.min_players, self.info.max_players + 1)
        disable_impossible(self.controls, counts, possible_with)

    # --- the keyboard ---

    def focus_items(self) -> list[Focusable]:
        by_name = {c.name: c for c in self.controls}
        seats, options = self.scrollers.get("seats"), self.scrollers.get("options")
        items = [control_item(by_name["game"], self.press)]
        items.append(control_item(by_name["players"], self.press))
        for seat in range(self.choices.players):
            items.append(in_list(control_item(by_name[f"seat:{seat}"], self.press), seats))
        items.append(entry_item("name", self.entries["name"]))
        items.append(control_item(by_name["grace"], self.press))
        for name in ("timer", "on_timeout"):
            if name in by_name:
                items.append(control_item(by_name[name], self.press))
        if presets.NAME in by_name:
            items.append(control_item(by_name[presets.NAME], self.press))
        for f in shown_fields(self.info.options_type):
            items.append(in_list(control_item(by_name[f"option:{f.name}"], self.press), options))
        items.append(control_item(by_name["listen"], self.press))
        items.append(entry_item("where", self.entries["where"]))
        if "public" in by_name:
            items.append(control_item(by_name["public"], self.press))
        items.append(button_item("back", self.buttons["back"], self.press))
        items.append(button_item("create", self.buttons["create"], self.press))
        return items

    def first_focus(self) -> str | None:
        return "create"

    # --- changes ---

    def on_ui_event(self, event: pygame.event.Event) -> bool:
        element = event.ui_element
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED:
            self.ring.step(1)
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED:
            self._read_entries()
            return True
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return False
        if element is self.buttons["create"]:
            self.create()
            return True
        if element is self.buttons["back"]:
            self.back()
            return True
        for control in self.controls:
            if element in control:
                self.change(control.name, control.value_for(element))
                return True
        return False

    def _read_entries(self) -> None:
        self.name = self.entries["name"].get_text()
        where = self.entries["where"].get_text()
        if self.listen == ON_SERVER:
            self.server_text = self.kept["server"] = where
        else:
            self.port_text = self.kept["port"] = where

    def change(self, name: str, value: Any) -> None:
        self._read_entries()
        c = self.choices
        if name == "game":
            self.game_id = self.kept["game"] = value
        elif name == "listen":
            self.listen = self.kept["listen"] = value
        elif name == "grace":
            self.grace = self.kept["grace"] = int(value)
        elif name == "public":
            self.public = self.kept["public"] = bool(value)
        elif name == "timer":
            self.timer = self.kept["timer"] = int(value)
        elif name == "on_timeout":
            self.on_timeout = self.kept["on_timeout"] = str(value)
        elif name == "players":
            self.kept_games[self.game_id] = with_change(c, "players", int(value))
        elif name.startswith("seat:"):
            if value == YOU:  # one seat is yours: the one you had becomes open
                for seat in c.seats:
                    if seat[1] == YOU:
                        seat[1] = OPEN
            c.seats[int(name[5:])][1] = value
        elif name.startswith("option:") or name == presets.NAME:
            c.values = self._changed(name, value).values
            if not possible(self.game_id, as_local(c)):
                self._nearest_possible_players()
        self.app.audio.play("place")
        self.rebuild()

    def _nearest_possible_players(self) -> None:
        c = self.choices
        counts = range(self.info.min_players, self.info.max_players + 1)
        for n in sorted(counts, key=lambda n: (abs(n - c.players), -n)):
            if possible(self.game_id, as_local(with_change(c, "players", n))):
                self.kept_games[self.game_id] = with_change(c, "players", n)
                return

    # --- create ---

    def plan(self) -> connect.Plan | str:
        """What Create asks for, or the key of what is wrong with it."""
        self._read_entries()
        c = self.choices
        name = self.name.strip()
        if not name:
            return "online.need_name"
        kinds = [kind for _, kind in c.seats[: c.players]]
        if YOU not in kinds:
            return "online.need_you"
        if self.listen == ON_SERVER:
            parsed = parse_address(self.server_text)
            if parsed is None:
                return "online.bad_address"
            address, port, secure, path = parsed
        else:
            address, secure, path = self.listen, False, ""
            if not self.port_text.isdigit() or not 0 <= int(self.port_text) < 65536:  # 0: any free
                return "online.bad_port"
            port = int(self.port_text)
        return connect.Plan(
            self.game_id,
            [seat_plan(seat, kind) for seat, kind in enumerate(kinds)],
            dict(c.values),
            name,
            float(self.grace),
            address,
            port,
            timer=self.timer,
            on_timeout=self.on_timeout if self.game_id in DROP_GAMES else COMPUTER,
            on_server=self.listen == ON_SERVER,
            public=self.listen == ON_SERVER and self.public,
            secure=secure,
            path=path,
            table_name=tr("online.table_of", name=name),
            db=self.app.paths.data / connect.HOSTED_DB,
        )

    def create(self) -> None:
        if self.task is not None:
            return
        plan = self.plan()
        if isinstance(plan, str):
            self.app.audio.play("invalid")
            self.status.fail(tr(plan))
            return
        self.app.update_settings(online_name=plan.name)
        self.status.wait(tr("online.starting"))
        self.task = Task(lambda: connect.host(plan, self.app.hosted))

    def update(self, dt: float) -> None:
        super().update(dt)
        task = self.task
        if task is None or not task.done:
            return
        self.task = None
        if task.error is not None:
            self.app.audio.play("invalid")
            self.status.failure(task.error)
            return
        from game.app.scenes.online.room import WaitingRoomScene

        self.status.clear()
        self.app.audio.play("shuffle")
        self.app.stack.push(WaitingRoomScene(self.app, task.result, host=True))

    # --- drawing ---

    @property
    def deck_note(self) -> str:
        """Who keeps the deck: a table hosted here keeps it on this computer (said
        plainly, with the way out: a table on a server, which nobody at it can peek at)."""
        return tr("online.deck_on_server" if self.listen == ON_SERVER else "online.deck_here")

    def draw_scene(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(felt_background((w, h), self.app.cards), (0, 0))
        heading(surface, tr("online.host_title"), tr("online.host_subtitle"))
        for column in self.columns:
            panel(surface, column)
        for key, at in self.labels:
            text(surface, tr(key), at, 19, GOLD, bold=True, anchor="midleft")
        room = self.seats_hint
        if room.h >= 44:
            lines = max(1, room.h // 19)
            paragraph(surface, tr("online.seats_hint"), room, 14, MUTED, max_lines=lines)
        if self.where_note.h:
            paragraph(surface, self.deck_note, self.where_note, 14, MUTED, max_lines=3)
        self.status.draw(surface)
