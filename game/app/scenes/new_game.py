"""The new-game screen for one game: players, who sits where, the rule options (built
from the game's ``Options`` fields, each with its one-line help), an optional seed, and
Start. The defaults start at once: you against AI seats at Normal level.

Every stop works from the keyboard (the focus ring starts on Start): Tab and the arrows
move, Left/Right or +/- change a choice, Enter and Space press. A choice that would make
a game the rules refuse (two players of Kalooki without "Allow 2 players") is never
offered: its button is disabled, and an option that needs another player count moves
the count to the nearest one that works.
"""

from __future__ import annotations

import dataclasses
import random
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from game.app import fonts
from game.app.i18n import tr, tr_or, ui
from game.app.messages import default_text
from game.app.scenes import preset_list as presets
from game.app.scenes.base import Scene
from game.app.scenes.option_steps import adjust_steppers
from game.app.scenes.setup_form import (
    disable_impossible,
    grey_unused,
    in_list,
    option_rows,
    seat_rows,
)
from game.app.setup import MAX_NAME, SEAT_KINDS, YOU, DefaultName, GameSetup, Seat
from game.app.ui.focus import Focusable
from game.app.ui.form import button_item, control_item, entry_item
from game.app.ui.paint import felt_background, heading, page_margin, panel, paragraph, text
from game.app.ui.theme import GOLD, MUTED
from game.app.ui.widgets import Control, segment_widths, segmented
from game.engine.options import OptionField, option_fields
from game.games.registry import get_game
from game.persist import new_game_memory as memory

if TYPE_CHECKING:
    from game.app.app import App

AI_NAMES = 9  # names.ai_1 .. names.ai_9 in the translation files
MAX_SEED = 10**12


@dataclasses.dataclass
class Choices:
    """What the player has chosen so far (kept while the screen is rebuilt)."""

    players: int
    seats: list[list[str]]  # [name, kind]; an empty name means "the default name"
    values: dict[str, Any]
    seed: str = ""


def shown_fields(options_type: type) -> list[OptionField]:
    """The options a player sets here: flags, numbers and fixed choices. Fields of other
    kinds (Laugh and Lie Down's ``humans``, a tuple) are filled in from the seats."""
    return [
        f
        for f in option_fields(options_type)
        if f.name != "players" and (f.kind in (bool, int) or f.choices)
    ]


def default_choices(game_id: str) -> Choices:
    info = get_game(game_id)
    players = next(f for f in option_fields(info.options_type) if f.name == "players").default
    values = {f.name: f.default for f in shown_fields(info.options_type)}
    seats = [["", "human"]] + [["", "normal"] for _ in range(players - 1)]
    return Choices(players, seats, values)


def default_kind(seat: int, kind: str, kinds: list[str] | None = None) -> DefaultName | None:
    """The default name a human seat gets when none is typed (None for a computer's seat,
    named Ada, Ben ...). ``kinds`` are the kinds of every seat at the table: one human is
    "You"; several humans are "Player 1", "Player 2" ... in seat order, so nobody at a
    hot-seat table is called "You"."""
    if kind != "human":
        return None
    humans = [i for i, k in enumerate(kinds or [kind]) if k == "human"]
    if seat not in humans:
        humans = sorted({*humans, seat})
    return YOU if len(humans) == 1 else DefaultName(humans.index(seat) + 1)


def default_name(seat: int, kind: str, kinds: list[str] | None = None) -> str:
    """The name a seat gets when none is typed, in the player's language."""
    default = default_kind(seat, kind, kinds)
    if default is None:
        return tr(f"names.ai_{(seat - 1) % AI_NAMES + 1}")
    return default_text(default)


def seat_of(seat: int, name: str, kind: str, kinds: list[str]) -> Seat:
    """The seat as the table gets it: a typed name as typed, a default name by its kind."""
    typed = name.strip()
    default = default_kind(seat, kind, kinds)
    if typed or default is None:
        return Seat((typed or default_name(seat, kind, kinds))[:MAX_NAME], kind)
    return Seat.called(default, kind)


def seat_kinds(choices: Choices) -> list[str]:
    return [kind for _, kind in choices.seats[: choices.players]]


def build_setup(game_id: str, choices: Choices, seed: int | None = None) -> GameSetup:
    """The setup the Start button hands to the table. ValueError (with the reason) when
    the options do not go together."""
    info = get_game(game_id)
    kinds = seat_kinds(choices)
    seats = tuple(
        seat_of(i, name, kind, kinds)
        for i, (name, kind) in enumerate(choices.seats[: choices.players])
    )
    values = dict(choices.values)
    if any(f.name == "humans" for f in option_fields(info.options_type)):
        values["humans"] = [i for i, seat in enumerate(seats) if seat.is_human]
    options = info.options(players=choices.players, **values)
    if seed is None:
        text_seed = choices.seed.strip()
        seed = int(text_seed) if text_seed else random.SystemRandom().randrange(1, 2**31)
    if not 0 <= seed <= MAX_SEED:
        raise ValueError(tr("new_game.seed_range"))
    return GameSetup(info.id, options, seed, seats)


def remembered(game_id: str, entry: Any) -> Choices | None:
    """Choices read back from the memory file, or None if they do not fit the game."""
    if not isinstance(entry, dict):
        return None
    info = get_game(game_id)
    players, seats, values = entry.get("players"), entry.get("seats"), entry.get("values")
    if type(players) is not int or not info.min_players <= players <= info.max_players:
        return None
    if not isinstance(seats, list) or not isinstance(values, dict):
        return None
    choices = default_choices(game_id)
    kept = []
    for seat in seats[: info.max_players]:
        if not (isinstance(seat, list) and len(seat) == 2 and seat[1] in SEAT_KINDS):
            return None
        name = memory.clean_name(seat[0])
        if name is None:
            return None
        kept.append([name[:MAX_NAME], seat[1]])
    if len(kept) < players:
        return None
    for f in shown_fields(info.options_type):
        value = values.get(f.name, f.default)
        if type(value) is not f.kind or (f.choices and value not in f.choices):
            return None
        choices.values[f.name] = value
    choices.players, choices.seats = players, kept
    return choices if possible(game_id, choices) else None


def possible(game_id: str, choices: Choices) -> bool:
    """Whether the rules accept these choices (the seed aside)."""
    try:
        build_setup(game_id, choices, seed=1)
    except ValueError:
        return False
    return True


def with_change(choices: Choices, name: str, value: Any) -> Choices:
    """A copy of ``choices`` with one choice changed (``players``, ``seat:N``, ``option:X``)."""
    changed = Choices(
        choices.players, [list(seat) for seat in choices.seats], dict(choices.values), choices.seed
    )
    if name == "players":
        while len(changed.seats) < int(value):
            changed.seats.append(["", "normal"])
        changed.players = int(value)
    elif name.startswith("seat:"):
        changed.seats[int(name[5:])][1] = value
    elif name.startswith("option:"):
        changed.values[name[7:]] = value
    return changed


class NewGameScene(Scene):
    def __init__(self, app: App, game_id: str) -> None:
        super().__init__(app)
        self.info = get_game(game_id)
        self.fields = shown_fields(self.info.options_type)
        kept = app.new_game_memory
        if game_id not in kept:  # the first visit this run: the choices of the last run
            saved = memory.load_all(app.paths).get(game_id)
            kept[game_id] = remembered(game_id, saved) or default_choices(game_id)
        self.choices: Choices = kept[game_id]
        self.controls: list[Control] = []
        self.name_entries: dict[Any, int] = {}
        self.seed_entry: pygame_gui.elements.UITextEntryLine | None = None
        self.start_button: pygame_gui.elements.UIButton | None = None
        self.back_button: pygame_gui.elements.UIButton | None = None
        self.scrollers: dict[str, Any] = {}  # "seats" / "options": the scrolling lists
        self.columns = (pygame.Rect(0, 0, 0, 0), pygame.Rect(0, 0, 0, 0))
        self.seats_top = 0
        self.seats_bottom = 0
        self.seed_x = 0
        self.back_left = 0

    # --- layout ---

    def build(self) -> None:
        w, h = self.size
        margin = page_margin(self.size)
        top = 104
        bottom = h - 96
        gap = 28
        left_w = max(500, int((w - 2 * margin - gap) * 0.54))
        left = pygame.Rect(margin, top, left_w, bottom - top)
        right = pygame.Rect(left.right + gap, top, w - margin - left.right - gap, bottom - top)
        self.columns = (left, right)
        self.controls = []
        self.scrollers = {}
        self._build_players(left)
        self._build_options(right)
        self._build_footer(margin, w, h)
        self._disable_impossible()
        self._grey_unused()

    def _grey_unused(self) -> None:
        """Grey out the options that do not apply to the choices made (Rounds in Pool
        and Deals): the game's options name them in ``unused_options``."""
        try:
            options = build_setup(self.info.id, self.choices, seed=1).options
        except ValueError:
            return
        grey_unused(self.controls, getattr(options, "unused_options", ()))

    def _disable_impossible(self) -> None:
        """Grey out every choice the rules would refuse with the others as they are."""

        def possible_with(name: str, value: Any, players: int | None) -> bool:
            changed = self._changed(name, value)
            if players is not None:
                changed = with_change(changed, "players", players)
            return possible(self.info.id, changed)

        counts = range(self.info.min_players, self.info.max_players + 1)
        disable_impossible(self.controls, counts, possible_with)

    def _build_players(self, area: pygame.Rect) -> None:
        counts = list(range(self.info.min_players, self.info.max_players + 1))
        labels = [str(n) for n in counts]
        x = area.x + 24
        y = area.y + 56
        self.controls.append(
            segmented(
                self.manager,
                "players",
                (x, y),
                [(n, str(n)) for n in counts],
                self.choices.players,
                widths=segment_widths(labels, minimum=44, padding=20),
                plain=True,
            )
        )
        self.seats_top = y + 34 + 54
        view = pygame.Rect(
            area.x + 12, self.seats_top, area.w - 24, area.bottom - self.seats_top - 12
        )
        kinds = seat_kinds(self.choices)
        names = [
            name or default_name(seat, kind, kinds)
            for seat, (name, kind) in enumerate(self.choices.seats[: self.choices.players])
        ]
        choices = [(k, f"new_game.kind_{k}") for k in SEAT_KINDS]
        rows = seat_rows(self.manager, view, kinds, choices, names)
        self.controls += rows.controls
        self.name_entries = rows.entries
        self.seats_bottom = rows.bottom
        if rows.scroller is not None:
            self.scrollers["seats"] = rows.scroller

    def _changed(self, name: str, value: Any) -> Choices:
        """``with_change``, and a preset (``preset``) sets the options of its rule set."""
        if name != presets.NAME:
            return with_change(self.choices, name, value)
        changed = with_change(self.choices, "players", self.choices.players)
        changed.values = presets.with_preset(changed.values, self.info.presets, self.fields, value)
        return changed

    def _allowed(self, name: str, value: Any) -> bool:
        """Whether some player count allows this choice with the others as they are."""
        counts = range(self.info.min_players, self.info.max_players + 1)
        changed = self._changed(name, value)
        return any(possible(self.info.id, with_change(changed, "players", n)) for n in counts)

    def _build_options(self, area: pygame.Rect) -> None:
        top = area.y + 50
        if self.info.presets:
            lit = presets.current(self.info.presets, self.fields, self.choices.values)
            box = pygame.Rect(area.x + 24, top, area.w - 48, 0)
            control, used = presets.preset_list(
                self.manager, self.info.id, self.info.presets, lit, box
            )
            self.controls.append(control)
            top += used + 10
        view = pygame.Rect(area.x + 12, top, area.w - 24, area.bottom - 12 - top)
        controls, scroller = option_rows(
            self.manager, self.info.id, self.fields, self.choices.values, view
        )
        adjust_steppers(controls, self.info.id, self.fields, self.choices.values, self._allowed)
        self.controls += controls
        if scroller is not None:
            self.scrollers["options"] = scroller

    def _build_footer(self, margin: int, w: int, h: int) -> None:
        y = h - 74
        self.seed_x = margin + fonts.font(17, True).size(tr("new_game.seed"))[0] + 16
        self.seed_entry = seed_entry = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(self.seed_x, y + 7, 170, 38), self.ui
        )
        seed_entry.set_allowed_characters("numbers")
        seed_entry.set_text_length_limit(12)
        if self.choices.seed:
            seed_entry.set_text(self.choices.seed)
        self.start_button = pygame_gui.elements.UIButton(
            pygame.Rect(w - margin - 200, y, 200, 52),
            ui("new_game.start"),
            self.ui,
            object_id=ObjectID(object_id="#primary"),
        )
        self.back_left = w - margin - 200 - 16 - 140
        self.back_button = pygame_gui.elements.UIButton(
            pygame.Rect(self.back_left, y, 140, 52),
            ui("common.back"),
            self.ui,
            object_id=ObjectID(object_id="#quiet"),
        )

    # --- changes ---

    def on_ui_event(self, event: pygame.event.Event) -> bool:
        element = event.ui_element
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED:
            self.ring.step(1)  # Enter in a name or the seed: on to the next stop
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED:
            if element in self.name_entries:
                seat = self.name_entries[element]
                typed = element.get_text()
                # A name left as the default follows the seat's kind (You / Ada ...).
                kinds = seat_kinds(self.choices)
                default = default_name(seat, self.choices.seats[seat][1], kinds)
                self.choices.seats[seat][0] = "" if typed == default else typed
            elif self.seed_entry is not None and element is self.seed_entry:
                self.choices.seed = self.seed_entry.get_text()
            return True
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return False
        if element is self.start_button:
            self.start()
            return True
        if element is self.back_button:
            self.back()
            return True
        for control in self.controls:
            if element in control:
                self.change(control.name, control.value_for(element))
                return True
        return False

    def change(self, name: str, value: Any) -> None:
        """Apply one choice (``players``, ``seat:N``, ``option:NAME`` or ``preset``) and
        redraw. Options the player count does not allow move the count to the nearest
        that does."""
        if name == "players":
            self.set_players(int(value))
        elif name.startswith("seat:"):
            self.choices.seats[int(name[5:])][1] = value
        elif name.startswith("option:") or name == presets.NAME:
            self.choices.values = self._changed(name, value).values
            if not possible(self.info.id, self.choices):
                self._nearest_possible_players()
        self.app.audio.play("place")
        self.rebuild()

    def _nearest_possible_players(self) -> None:
        counts = range(self.info.min_players, self.info.max_players + 1)
        here = self.choices.players
        for n in sorted(counts, key=lambda n: (abs(n - here), -n)):
            if possible(self.info.id, with_change(self.choices, "players", n)):
                self.set_players(n)
                return

    def set_players(self, players: int) -> None:
        seats = self.choices.seats
        while len(seats) < players:
            seats.append(["", "normal"])
        self.choices.players = players

    # --- the keyboard ---

    def focus_items(self) -> list[Focusable]:
        """Players, each seat (name, then kind), the rule set, the options, the seed,
        Back, Start."""
        seats, options = self.scrollers.get("seats"), self.scrollers.get("options")
        by_name = {c.name: c for c in self.controls}
        items = [control_item(by_name["players"], self.press)]
        entries = {seat: entry for entry, seat in self.name_entries.items()}
        for seat in range(self.choices.players):
            items.append(in_list(entry_item(f"name:{seat}", entries[seat]), seats))
            items.append(in_list(control_item(by_name[f"seat:{seat}"], self.press), seats))
        if presets.NAME in by_name:
            items.append(control_item(by_name[presets.NAME], self.press))
        for f in self.fields:
            items.append(in_list(control_item(by_name[f"option:{f.name}"], self.press), options))
        items.append(entry_item("seed", self.seed_entry))
        items.append(button_item("back", self.back_button, self.press))
        items.append(button_item("start", self.start_button, self.press))
        return items

    def first_focus(self) -> str | None:
        return "start"  # the defaults start at once

    def start(self) -> None:
        try:
            setup = build_setup(self.info.id, self.choices)
        except ValueError as error:
            # Only the seed can still be wrong (impossible options are never offered);
            # the rules' own wording is never shown (English, with a field prefix).
            seed_error = str(error) == tr("new_game.seed_range")
            self.app.audio.play("invalid")
            self.app.notify(
                [str(error) if seed_error else tr("new_game.impossible")],
                title=tr("new_game.cannot_start"),
            )
            return
        self.app.audio.play("shuffle")
        c = self.choices
        entry = {"players": c.players, "seats": c.seats, "values": c.values}
        memory.save_one(self.app.paths, self.info.id, entry)
        self.app.start_game(setup)

    # --- drawing ---

    def draw_scene(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(felt_background((w, h), self.app.cards), (0, 0))
        name = tr_or(f"games.{self.info.id}.name", self.info.title)
        heading(
            surface,
            tr("new_game.title", game=name),
            tr("title.players", min=self.info.min_players, max=self.info.max_players),
        )
        left, right = self.columns
        panel(surface, left)
        panel(surface, right)
        text(surface, tr("new_game.players"), (left.x + 24, left.y + 18), 19, GOLD, bold=True)
        text(surface, tr("new_game.seats"), (left.x + 24, self.seats_top - 36), 19, GOLD, bold=True)
        text(surface, tr("new_game.rules"), (right.x + 24, right.y + 18), 19, GOLD, bold=True)
        margin = page_margin((w, h))
        text(surface, tr("new_game.seed"), (margin, h - 48), 17, bold=True, anchor="midleft")
        hint = pygame.Rect(self.seed_x + 186, h - 70, self.back_left - self.seed_x - 200, 48)
        lines = fonts.wrap(tr("new_game.seed_hint"), 14, hint.w)
        y = hint.centery - len(lines[:2]) * 9
        for line in lines[:2]:
            text(surface, line, (hint.x, y), 14, MUTED)
            y += 18
        # What the AI levels mean, where the seat list leaves room for it.
        left = self.columns[0]
        room = pygame.Rect(
            left.x + 24, self.seats_bottom + 20, left.w - 48, left.bottom - self.seats_bottom - 36
        )
        if room.h >= 44:
            paragraph(
                surface, tr("new_game.levels_hint"), room, 14, MUTED, max_lines=max(1, room.h // 19)
            )
