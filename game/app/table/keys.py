"""The keyboard at the table (a mixin of ``TableScene``): every move without the mouse.

←/→ choose a card, Shift+←/→ move it, Space (or ↑/↓) selects; D draws from the stock,
T takes the discard, X discards, M melds the selected cards; Tab cycles through where
the selected cards may go and Enter plays it; U (Ctrl+Z) undoes, H hints, S/R sort,
Esc clears or opens the menu, ? shows all of it.
"""

from __future__ import annotations

import pygame

from game.app.i18n import tr
from game.app.table.drag import Move, Source, Target
from game.app.table.keymap import job_of
from game.engine.cards import Card


class TableKeys:
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
        if (key == pygame.K_SLASH or getattr(event, "unicode", "") == "/") and self.session.online:
            self.open_chat()  # a networked table's chat line
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
        if key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_END):
            # The log: Page Up reads back, Page Down forward, End to the newest line.
            self.scroll_log({pygame.K_PAGEUP: 5, pygame.K_PAGEDOWN: -5}.get(key, -self.log_scroll))
            return True
        if key == pygame.K_v and not ctrl:  # the discards seen this deal, by player
            from game.app.table.discard_history import open_discard_history

            return open_discard_history(self)
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
        if (key == pygame.K_y and ctrl) or (key == pygame.K_z and ctrl and shift):
            self.redo()  # Ctrl+Y, Ctrl+Shift+Z: play again what undo took back
            return True
        if (key == pygame.K_z and ctrl) or key == pygame.K_u:
            self.undo()
            return True
        letter = job_of(key, TABLE_JOBS)
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
        self.hand_rearranged()

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


# The table's own jobs of a letter (keymap.py), after the game's own keys.
TABLE_JOBS = ("draw", "take", "discard", "meld", "hint", "sort_suit", "sort_rank")
