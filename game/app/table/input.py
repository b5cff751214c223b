"""The mouse and the buttons at the table (a mixin of ``TableScene``; the keyboard is in
``keys.py``).

Press on a card and move a few pixels: it is dragged; while dragging, the targets the
engine accepts light up (the game table's ``move_for`` for every drop zone, each checked
with the engine); letting go plays the move, or snaps back with the reason. A click
selects a hand card; a double click draws from a pile or discards a hand card.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Hashable

import pygame
import pygame_gui

from game.app import i18n
from game.app.cards import card_size
from game.app.i18n import tr
from game.app.table.animation import Flight
from game.app.table.drag import (
    DOUBLE_CLICK_S,
    DRAG_THRESHOLD,
    Choice,
    Drag,
    Move,
    Press,
    Source,
    Target,
    zone_at,
)
from game.app.table.keymap import keys_text
from game.app.table.sprites import Token
from game.engine.cards import Card, sort_by_rank, sort_by_suit


class TableInput:
    _last_click: tuple[Hashable, float] | None = None
    hover_at: tuple[int, int] | None = None  # where the mouse last moved (its hover outline)

    # --- buttons -----------------------------------------------------------------------

    def on_ui_event(self, event: pygame.event.Event) -> bool:
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return False
        name = self.side_buttons.get(event.ui_element)
        if name is not None:
            self.side_action(name)
            return True
        spec = self.context_widgets.get(event.ui_element)
        if spec is not None:
            if self.my_turn or spec.name in self._free_buttons():
                self.on_context(spec.name)
                self.refresh()
            return True
        return False

    def _free_buttons(self) -> tuple[str, ...]:
        return ("cancel_stage",)

    def side_action(self, name: str) -> None:
        if name == "sort_suit":
            self.sort_hand(sort_by_suit)
        elif name == "sort_rank":
            self.sort_hand(sort_by_rank)
        elif name == "hint":
            self.ask_hint()
        elif name == "undo":
            self.undo()
        elif name == "menu":
            self.open_menu()
        elif name == "chat":
            self.open_chat()
        elif name == "help":
            self.open_help()

    def sort_hand(self, order) -> None:
        old = self.picture
        self.hand_order[:] = order(self.hand_order)
        self.refresh()
        self.animator.settle(old, self.picture, set())
        self.hand_rearranged()

    def open_menu(self) -> None:
        from game.app.scenes.rules import RulesScene
        from game.app.scenes.settings import SettingsScene
        from game.app.table.overlays import MenuOverlay, SaveDialog, default_slot_name

        app = self.app
        title = self.session.info.title
        actions = {
            "save": lambda: app.stack.push(
                SaveDialog(app, default_slot_name(title), self.saved_game)
            ),
            "chat": self.open_chat,
            "save_log": self.save_log,  # the whole game's log as text, every deal
            "rules": lambda: app.stack.push(RulesScene(app, self.session.setup.game_id)),
            "settings": lambda: app.stack.push(SettingsScene(app)),
            "quit": lambda: self.ask_before_leaving(self.quit_to_title) or self.quit_to_title(),
        }
        # A networked game is kept by its server: Chat where a local game has Save.
        del actions["save" if self.session.online else "chat"]
        from game.app.table.host_menu import host_actions

        actions |= host_actions(app, self.session)  # the host's: Remove a player, Close
        self.cancel_drag()
        app.stack.push(MenuOverlay(app, actions))

    def open_help(self) -> None:
        from game.app.table.overlays import HelpOverlay

        game = self.session.setup.game_id
        lines = []
        topics = (*self.help_topics(), *(("chat",) if self.session.online else ()))
        for name in topics:  # a game's own wording of a line wins
            own = f"{game}.help_{name}"
            key = own if i18n.has(own) else f"table.help_{name}"
            jobs = HELP_JOBS.get(name)  # a key's line: its keys as the key map has them
            lines.append((keys_text(*jobs) if jobs else tr(f"{key}_keys"), tr(key)))
        self.app.stack.push(HelpOverlay(self.app, [*lines, *self.help_lines()]))

    # --- the mouse ------------------------------------------------------------------------

    def on_mouse(self, event: pygame.event.Event) -> bool:
        if self.covered:
            return False
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_log(3 * event.y)  # the log is the table's only scrolling part
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.keyboard_used = False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse_down(event.pos)
            return True
        if event.type == pygame.MOUSEMOTION:
            self.mouse_move(event.pos)
            return self.drag is not None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.mouse_up(event.pos)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.cancel_drag()
            self.selected.clear()
            self.refresh()
            return True
        return False

    def source_at(self, token: Token) -> tuple[Source, list[Hashable]] | None:
        """What pressing on ``token`` picks up, and the tokens that move with it."""
        zone = token.zone
        if zone == "stock":
            top = self.picture.in_zone("stock")[-1]
            return Source("stock"), [top.key]
        if zone == "discard":
            top = self.picture.in_zone("discard")[-1]
            if top.key != token.key:
                return None
            return Source("discard", (token.card,)), [token.key]
        if zone == f"hand:{self.view_seat}" and token.card is not None:
            card = token.card
            if card in self.selected:
                cards = tuple(c for c in self.hand_cards() if c in self.selected)
            else:
                cards = (card,)
            return Source("hand", cards), list(cards)
        if zone.startswith("stage:"):
            number = int(zone.split(":")[1])
            cards = tuple(self.staged_cards(self.staged[number]))
            return Source("stage", cards, number), list(cards)
        return self.game_source(token)

    def game_source(self, token: Token) -> tuple[Source, list[Hashable]] | None:
        """A game's own things to pick up (a captured pile, a layout card)."""
        return None

    def mouse_down(self, pos: tuple[int, int]) -> None:
        self.press = None
        token = self.picture.hit(pos)
        if token is None:
            return
        picked = self.source_at(token)
        if picked is None:
            return
        source, keys = picked
        self.press = Press(source, keys, pos, token.key)

    def mouse_move(self, pos: tuple[int, int]) -> None:
        self.hover_at = pos
        if self.drag is not None:
            self.drag.pos = pos
            zone = zone_at(self.composer.zones, pos) if self.composer else None
            self.drag.hover = self._key_of(zone.target) if zone else None
            return
        press = self.press
        if press is not None and math.dist(pos, press.pos) > DRAG_THRESHOLD:
            self.start_drag(press, pos)

    def mouse_up(self, pos: tuple[int, int]) -> None:
        if self.drag is not None:
            self.drop(pos)
            return
        press, self.press = self.press, None
        if press is None:
            return
        now = time.monotonic()
        last = self._last_click
        self._last_click = (press.token_key, now)
        double = last is not None and last[0] == press.token_key and now - last[1] < DOUBLE_CLICK_S
        if double:
            self._last_click = None
            if press.source.kind == "hand" and len(press.source.cards) > 1:
                return
            card = press.token_key if isinstance(press.token_key, Card) else None
            if card is not None and press.source.kind == "hand":
                self.selected.discard(card)
                source = Source("hand", (card,))
            else:
                source = press.source
            self.perform(self.double_click(source), source, {})
            return
        if press.source.kind == "hand" and isinstance(press.token_key, Card):
            card = press.token_key
            if card in self.selected:
                self.selected.discard(card)
            else:
                self.selected.add(card)
            cards = self.hand_cards()
            if card in cards:
                self.focus = cards.index(card)
            old = self.picture
            self.refresh()
            self.animator.settle(old, self.picture, set())

    # --- dragging -------------------------------------------------------------------------

    def start_drag(self, press: Press, pos: tuple[int, int]) -> None:
        self.press = None
        self.animator.finish()
        tokens = [self.picture.get(key) for key in press.keys]
        tokens = [t for t in tokens if t is not None]
        if not tokens:
            return
        grabbed = self.picture.get(press.token_key) or tokens[0]
        index = next((i for i, t in enumerate(tokens) if t.key == grabbed.key), 0)
        width = tokens[0].place.w
        step = max(14, round(card_size(width)[0] * 0.32))
        # The grabbed card stays under the mouse where it was taken; the rest fan out.
        grab = (
            round(press.pos[0] - grabbed.place.x + index * step),
            round(press.pos[1] - grabbed.place.y),
        )
        drag = Drag(
            source=press.source,
            keys=[t.key for t in tokens],
            origins={t.key: t.place for t in tokens},
            cards={t.key: (t.card if t.place.face_up else None) for t in tokens},
            grab=grab,
            pos=pos,
            width=width,
        )
        self.drag = drag
        self.evaluate(drag)
        self.mouse_move(pos)

    def evaluate(self, drag: Drag) -> None:
        """Ask what every drop zone would do with the held cards; light up the legal ones."""
        seen: set[Target] = set()
        for zone in self.composer.zones if self.composer else ():
            key = self._key_of(zone.target)
            if key in seen:
                continue
            seen.add(key)
            move = self.resolve(drag.source, key)
            if move is None:
                continue
            drag.moves[key] = move
            if self.possible(move):
                drag.legal.add(key)

    def _key_of(self, target: Target) -> Target:
        """Targets that differ only by where in the hand: one key."""
        return Target("hand") if target.kind == "hand" else target

    def resolve(self, source: Source, target: Target) -> Move | None:
        """The move for ``source`` on ``target``: the table's own moves (reordering the
        hand, taking a staged meld back) or the game's ``move_for``."""
        if source.kind == "hand" and target.kind == "hand":
            return Move(local=lambda: None, sound="")
        if source.kind == "stage" and target.kind == "hand":
            return Move(local=lambda: self.unstage(source.index), sound="")
        if source.kind in ("hand", "stage") and source.kind == target.kind:
            return None
        engine_bound = source.kind in ("stock", "discard") or target.kind in ENGINE_TARGETS
        if not self.my_turn and engine_bound:
            return Move.refused(tr("table.not_your_turn"))
        return self.move_for(source, target)

    def possible(self, move: Move) -> bool:
        if move.problem:
            return False
        if move.local is not None:
            return True
        if move.action is not None:
            return self.my_turn and self.session.problem(move.action) is None
        return any(self.choice_possible(choice) for choice in move.choices)

    def choice_possible(self, choice: Choice) -> bool:
        if choice.local is not None:
            return True
        return (
            choice.action is not None
            and self.my_turn
            and self.session.problem(choice.action) is None
        )

    def drop(self, pos: tuple[int, int]) -> None:
        drag, self.drag = self.drag, None
        zone = zone_at(self.composer.zones, pos) if self.composer else None
        places = drag.places()
        if zone is None:
            self.snap_back(drag, places)
            return
        target = zone.target
        key = self._key_of(target)
        if target.kind == "hand":
            target = Target("hand", self.composer.hand.insert_index(pos[0]))
        move = drag.moves.get(key)
        if move is None:
            if target.kind == "stock" and drag.source.kind == "hand":  # say why, not nothing
                self.refuse(tr("hints.no_drop_on_stock"))
            self.snap_back(drag, places)
            return
        if drag.source.kind == "hand" and target.kind == "hand":
            self.reorder(list(drag.source.cards), target.index, places)
            return
        if drag.source.kind in ("stock", "discard") and target.kind == "hand":
            self._pending_insert = target.index
        if not self.perform(move, drag.source, places, drag):
            self._pending_insert = None
            self.snap_back(drag, places)

    def perform(
        self, move: Move | None, source: Source, places: dict, drag: Drag | None = None
    ) -> bool:
        """Carry out a move; False when it did not happen (the reason is shown)."""
        if move is None:
            return False
        if move.problem:
            self.refuse(move.problem)
            return False
        overrides = dict(places)
        if source.kind == "stock" and places:
            overrides["stock"] = next(iter(places.values()))
        if move.local is not None:
            return self._change_locally(move.local, places, move.sound)
        if move.action is not None:
            if not self.my_turn:
                self.refuse(tr("table.not_your_turn"))
                return False
            return self.play(move.action, overrides)
        choices = [c for c in move.choices if self.choice_possible(c)]
        if not choices:
            first = next((c.action for c in move.choices if c.action is not None), None)
            reason = self.session.problem(first) if first is not None else None
            self.refuse(reason or tr("table.cannot"))
            return False
        if len(choices) == 1:
            return self._take_choice(choices[0], overrides)
        from game.app.table.overlays import ChooserOverlay

        if drag is not None:
            self.snap_back(drag, places)
        self.app.stack.push(
            ChooserOverlay(
                self.app, tr("table.joker_question"), choices, lambda c: self._take_choice(c, {})
            )
        )
        return True

    def _take_choice(self, choice: Choice, overrides: dict) -> bool:
        if choice.local is not None:
            return self._change_locally(choice.local, overrides, "place")
        return self.play(choice.action, overrides)

    def _change_locally(self, change: Callable[[], None], places: dict, sound: str) -> bool:
        """A table-only move (staging a meld): made at once, the cards sliding into place."""
        old = self.picture
        self.hint = None
        change()
        self.refresh()
        self._land_local(old, places)
        if sound:
            self.play_sound(sound)
        return True

    def _land_local(self, old, places: dict) -> None:
        """After a table-only change: dragged cards fly from the mouse, others slide."""
        for key, start in places.items():
            token = self.picture.get(key)
            if token is not None and isinstance(key, Card):
                self.animator.add(
                    Flight(key, token.card, start, token.place, 0.0, 0.18, token.label)
                )
        self.animator.settle(old, self.picture, set(places))

    def snap_back(self, drag: Drag, places: dict) -> None:
        self.refresh()
        for key in drag.keys:
            token = self.picture.get(key)
            end = token.place if token is not None else drag.origins[key]
            card = drag.cards.get(key)
            self.animator.snap_back(key, card, places.get(key, end), end)

    def cancel_drag(self) -> None:
        if self.drag is not None:
            drag, self.drag = self.drag, None
            self.snap_back(drag, drag.places())
        self.press = None

    def reorder(self, cards: list[Card], index: int, places: dict) -> None:
        order = self.hand_order
        visible = self.hand_cards()
        before = [c for c in visible[:index] if c not in cards]
        anchor = before[-1] if before else None
        rest = [c for c in order if c not in cards]
        at = rest.index(anchor) + 1 if anchor is not None else 0
        rest[at:at] = cards
        old = self.picture
        order[:] = rest
        self.refresh()
        self._land_local(old, places)
        self.hand_rearranged()

    def unstage(self, number: int) -> None:
        if 0 <= number < len(self.staged):
            del self.staged[number]

    # --- the keyboard ---------------------------------------------------------------------


ENGINE_TARGETS = ("discard", "meld", "joker", "table", "stage")
HELP_ORDER = (
    "drag",
    "select",
    "double",
    "arrows",
    "move_card",
    "space",
    "draw",
    "take",
    "discard",
    "meld",
    "tab",
    "undo",
    "hint",
    "sort",
    "log",
    "discards",
    "menu",
)
# The help lines that are keys of the key map (keymap.py): written from it.
HELP_JOBS = {
    "draw": ("draw",),
    "take": ("take",),
    "discard": ("discard",),
    "meld": ("meld",),
    "hint": ("hint",),
    "sort": ("sort_suit", "sort_rank"),
}
