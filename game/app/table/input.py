"""Mouse and keyboard at the table (a mixin of ``TableScene``).

Mouse: press on a card, move a few pixels and it is dragged; while dragging, the targets
the engine accepts light up; letting go plays the move (or snaps back with the reason).
A click selects a hand card; a double click draws from a pile or discards a hand card.

Keyboard: every move works without the mouse. ←/→ choose a card, Shift+←/→ move it,
Space (or ↑/↓) selects; D draws from the stock, T takes the discard, X discards, M melds
the selected cards; Tab cycles through where the selected cards may go and Enter plays
it; U undoes, H hints, S/R sort, Esc opens the menu, ? shows all of it.
"""

from __future__ import annotations

import math
import time
from collections.abc import Hashable

import pygame
import pygame_gui

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
from game.app.table.sprites import Token
from game.engine.cards import Card, sort_by_rank, sort_by_suit


class TableInput:
    _last_click: tuple[Hashable, float] | None = None

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
        elif name == "help":
            self.open_help()

    def sort_hand(self, order) -> None:
        old = self.picture
        self.hand_order[:] = order(self.hand_order)
        self.refresh()
        self.animator.settle(old, self.picture, set())

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
            "rules": lambda: app.stack.push(RulesScene(app, self.session.setup.game_id)),
            "settings": lambda: app.stack.push(SettingsScene(app)),
            "quit": self.quit_to_title,
        }
        self.cancel_drag()
        app.stack.push(MenuOverlay(app, actions))

    def open_help(self) -> None:
        from game.app.table.overlays import HelpOverlay

        lines = [(tr(f"table.help_{name}_keys"), tr(f"table.help_{name}")) for name in HELP_ORDER]
        self.app.stack.push(HelpOverlay(self.app, [*lines, *self.help_lines()]))

    # --- the mouse ------------------------------------------------------------------------

    def on_mouse(self, event: pygame.event.Event) -> bool:
        if self.covered:
            return False
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
            old = self.picture
            self.hint = None
            move.local()
            self.refresh()
            self._land_local(old, places)
            if move.sound:
                self.play_sound(move.sound)
            return True
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
            old = self.picture
            self.hint = None
            choice.local()
            self.refresh()
            self._land_local(old, overrides)
            self.play_sound("place")
            return True
        return self.play(choice.action, overrides)

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

    def unstage(self, number: int) -> None:
        if 0 <= number < len(self.staged):
            del self.staged[number]

    # --- the keyboard ---------------------------------------------------------------------

    def held(self) -> tuple[Card, ...]:
        cards = self.hand_cards()
        chosen = tuple(c for c in cards if c in self.selected)
        if chosen:
            return chosen
        if cards:
            return (cards[max(0, min(self.focus, len(cards) - 1))],)
        return ()

    def on_key(self, event: pygame.event.Event) -> bool:
        if event.type != pygame.KEYDOWN:
            return False
        if self.covered:
            return False
        self.keyboard_used = True
        key, mods = event.key, event.mod
        shift = bool(mods & pygame.KMOD_SHIFT)
        ctrl = bool(mods & (pygame.KMOD_CTRL | pygame.KMOD_META))
        if getattr(event, "unicode", "") == "?" or key == pygame.K_F1:
            self.open_help()
            return True
        if key == pygame.K_ESCAPE:
            if self.drag is not None:
                self.cancel_drag()
            elif self.key_target is not None or self.selected:
                self.key_target = None
                self.selected.clear()
                self.refresh()
            else:
                self.open_menu()
            return True
        if self.on_game_key(event):
            self.refresh()
            return True
        cards = self.hand_cards()
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            step = -1 if key == pygame.K_LEFT else 1
            if shift and cards:
                self.shift_focused(step)
            elif cards:
                self.focus = (self.focus + step) % len(cards)
            self.key_target = None
            return True
        if key in (pygame.K_SPACE, pygame.K_UP, pygame.K_DOWN) and cards:
            card = cards[max(0, min(self.focus, len(cards) - 1))]
            if key == pygame.K_UP or (key == pygame.K_SPACE and card not in self.selected):
                self.selected.add(card)
            else:
                self.selected.discard(card)
            self.key_target = None
            self.refresh()
            return True
        if key == pygame.K_TAB:
            self.cycle_target(-1 if shift else 1)
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.play_key_target()
            return True
        if (key == pygame.K_z and ctrl) or key == pygame.K_u:
            self.undo()
            return True
        letter = {
            pygame.K_d: "draw",
            pygame.K_t: "take",
            pygame.K_x: "discard",
            pygame.K_DELETE: "discard",
            pygame.K_m: "meld",
            pygame.K_h: "hint",
            pygame.K_s: "sort_suit",
            pygame.K_r: "sort_rank",
        }.get(key)
        if letter is None:
            return False
        if letter == "draw":
            self.perform(self.double_click(Source("stock")), Source("stock"), {})
        elif letter == "take":
            top = self.picture.in_zone("discard")
            source = Source("discard", (top[-1].card,)) if top else Source("discard")
            self.perform(self.double_click(source), source, {})
        elif letter == "discard":
            held = self.held()
            if held:
                source = Source("hand", held)
                self.perform(self.resolve(source, Target("discard")), source, {})
        elif letter == "meld":
            held = self.held()
            if held:
                source = Source("hand", held)
                self.perform(self.resolve(source, Target("table")), source, {})
        elif letter == "hint":
            self.ask_hint()
        else:
            self.side_action(letter)
        return True

    def shift_focused(self, step: int) -> None:
        cards = self.hand_cards()
        index = max(0, min(self.focus, len(cards) - 1))
        card = cards[index]
        new = max(0, min(len(cards) - 1, index + step))
        if new == index:
            return
        other = cards[new]
        order = self.hand_order
        i, j = order.index(card), order.index(other)
        order[i], order[j] = order[j], order[i]
        self.focus = new
        old = self.picture
        self.refresh()
        self.animator.settle(old, self.picture, set())

    def key_targets(self) -> list[tuple[Target, Move]]:
        """Where the held cards may go, in screen order (left to right, top to bottom)."""
        held = self.held()
        if not held or self.composer is None:
            return []
        source = Source("hand", held)
        found: dict[Target, tuple[pygame.Rect, Move]] = {}
        for zone in self.composer.zones:
            key = self._key_of(zone.target)
            if key.kind == "hand" or key in found:
                continue
            move = self.resolve(source, key)
            if move is not None and self.possible(move):
                found[key] = (zone.rect, move)
        ordered = sorted(found.items(), key=lambda item: (item[1][0].centery // 60, item[1][0].x))
        return [(target, move) for target, (_rect, move) in ordered]

    def cycle_target(self, step: int) -> None:
        targets = self.key_targets()
        if not targets:
            self.key_target = None
            self.refuse(tr("table.no_target"))
            return
        if self.key_target is None:
            self.key_target = 0 if step > 0 else len(targets) - 1
        else:
            self.key_target = (self.key_target + step) % len(targets)
        self._key_targets = targets

    def key_target_rect(self) -> pygame.Rect | None:
        if self.key_target is None or self.composer is None:
            return None
        targets = getattr(self, "_key_targets", [])
        if not 0 <= self.key_target < len(targets):
            return None
        target = targets[self.key_target][0]
        for zone in self.composer.zones:
            if self._key_of(zone.target) == target:
                return zone.rect
        return None

    def play_key_target(self) -> None:
        targets = getattr(self, "_key_targets", [])
        if self.key_target is None or not 0 <= self.key_target < len(targets):
            return
        _target, move = targets[self.key_target]
        self.key_target = None
        self.perform(move, Source("hand", self.held()), {})


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
    "menu",
)
