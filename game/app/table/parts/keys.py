"""The keyboard at the table (a part of the table): every move without the mouse.

←/→ choose a card, Shift+←/→ move it, Space (or ↑/↓) selects; D draws from the stock,
T takes the discard, X discards, M melds the selected cards; Tab cycles through where
the selected cards may go and Enter plays it; U (Ctrl+Z) undoes, H hints, S/R sort,
Esc clears or opens the menu, ? shows all of it. The letters are the key map's
(``keymap.py``); the game's own keys come first (``on_game_key``). What a key does beyond
the hand and the pointer (the menu, the help, undo ...) is the scene's ``command``.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.app.i18n import tr
from game.app.table.context import TableContext
from game.app.table.drag import Move, Source, Target
from game.app.table.keymap import job_of
from game.app.table.parts.pointer import Pointer, key_of
from game.engine.cards import Card

# The table's own jobs of a letter (keymap.py), after the game's own keys.
TABLE_JOBS = ("draw", "take", "discard", "meld", "hint", "sort_suit", "sort_rank")


class Keys:
    def __init__(self, ctx: TableContext, pointer: Pointer, command: Callable[[str], bool]) -> None:
        """``command(name)``: the scene does what the key names ("menu", "help", "chat",
        "undo", "redo", "discards", "log_back", "log_on", "log_end", "sort_suit" ...);
        False when it did nothing."""
        self.ctx = ctx
        self.pointer = pointer
        self.command = command
        self.target: int | None = None  # the chosen one of ``targets``
        self.targets: list[tuple[Target, Move]] = []  # where Tab goes, found at the last Tab

    def held(self) -> tuple[Card, ...]:
        """The selected cards, or else the one the keyboard is on."""
        ctx = self.ctx
        cards = ctx.hand_cards()
        chosen = tuple(c for c in cards if c in ctx.selected)
        if chosen:
            return chosen
        if cards:
            return (cards[max(0, min(ctx.focus, len(cards) - 1))],)
        return ()

    def on_key(self, event: pygame.event.Event) -> bool:
        ctx, pointer = self.ctx, self.pointer
        if event.type != pygame.KEYDOWN:
            return False
        if ctx.covered:
            return False
        ctx.keyboard_used = True
        key, mods = event.key, event.mod
        shift = bool(mods & pygame.KMOD_SHIFT)
        ctrl = bool(mods & (pygame.KMOD_CTRL | pygame.KMOD_META))
        if getattr(event, "unicode", "") == "?" or key == pygame.K_F1:
            return self.command("help")
        if (key == pygame.K_SLASH or getattr(event, "unicode", "") == "/") and ctx.session.online:
            return self.command("chat")  # a networked table's chat line
        if key == pygame.K_ESCAPE:
            if pointer.drag is not None:
                pointer.cancel_drag()
            elif self.target is not None or ctx.selected:
                self.target = None
                ctx.selected.clear()
                ctx.refresh()
            else:
                self.command("menu")
            return True
        if key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_END):
            # The log: Page Up reads back, Page Down forward, End to the newest line.
            names = {pygame.K_PAGEUP: "log_back", pygame.K_PAGEDOWN: "log_on"}
            return self.command(names.get(key, "log_end"))
        if key == pygame.K_v and not ctrl:  # the discards seen this deal, by player
            return self.command("discards")
        if ctx.hooks.on_game_key(event):
            ctx.refresh()
            return True
        cards = ctx.hand_cards()
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            step = -1 if key == pygame.K_LEFT else 1
            if shift and cards:
                ctx.hand.shift(step)  # the hand model's: a game may keep groups
            elif cards:
                ctx.focus = (ctx.focus + step) % len(cards)
            self.target = None
            return True
        if key in (pygame.K_SPACE, pygame.K_UP, pygame.K_DOWN) and cards:
            card = cards[max(0, min(ctx.focus, len(cards) - 1))]
            if key == pygame.K_UP or (key == pygame.K_SPACE and card not in ctx.selected):
                ctx.selected.add(card)
            else:
                ctx.selected.discard(card)
            self.target = None
            ctx.refresh()
            return True
        if key == pygame.K_TAB:
            self.cycle_target(-1 if shift else 1)
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.play_target()
            return True
        if (key == pygame.K_y and ctrl) or (key == pygame.K_z and ctrl and shift):
            return self.command("redo")  # Ctrl+Y, Ctrl+Shift+Z: play again what undo took back
        if (key == pygame.K_z and ctrl) or key == pygame.K_u:
            return self.command("undo")
        letter = job_of(key, TABLE_JOBS)
        if letter is None:
            return False
        if letter == "draw":
            pointer.perform(ctx.hooks.double_click(Source("stock")), Source("stock"), {})
        elif letter == "take":
            top = ctx.picture.in_zone("discard")
            source = (
                Source("discard", (top[-1].card,)) if top and top[-1].card else Source("discard")
            )
            pointer.perform(ctx.hooks.double_click(source), source, {})
        elif letter in ("discard", "meld"):
            held = self.held()
            if held:
                source = Source("hand", held)
                target = Target("discard" if letter == "discard" else "table")
                pointer.perform(pointer.resolve(source, target), source, {})
        else:
            self.command(letter)
        return True

    def find_targets(self) -> list[tuple[Target, Move]]:
        """Where the held cards may go, in screen order (left to right, top to bottom)."""
        held = self.held()
        composer = self.ctx.composer
        if not held or composer is None:
            return []
        source = Source("hand", held)
        found: dict[Target, tuple[pygame.Rect, Move]] = {}
        for zone in composer.zones:
            key = key_of(zone.target)
            if key.kind == "hand" or key in found:
                continue
            move = self.pointer.resolve(source, key)
            if move is not None and self.pointer.possible(move):
                found[key] = (zone.rect, move)
        ordered = sorted(found.items(), key=lambda item: (item[1][0].centery // 60, item[1][0].x))
        return [(target, move) for target, (_rect, move) in ordered]

    def cycle_target(self, step: int) -> None:
        targets = self.find_targets()
        if not targets:
            self.target = None
            self.ctx.refuse(tr("table.no_target"))
            return
        if self.target is None:
            self.target = 0 if step > 0 else len(targets) - 1
        else:
            self.target = (self.target + step) % len(targets)
        self.targets = targets

    def target_rect(self) -> pygame.Rect | None:
        composer = self.ctx.composer
        if self.target is None or composer is None:
            return None
        if not 0 <= self.target < len(self.targets):
            return None
        target = self.targets[self.target][0]
        for zone in composer.zones:
            if key_of(zone.target) == target:
                return zone.rect
        return None

    def play_target(self) -> None:
        if self.target is None or not 0 <= self.target < len(self.targets):
            return
        _target, move = self.targets[self.target]
        self.target = None
        self.pointer.perform(move, Source("hand", self.held()), {})
