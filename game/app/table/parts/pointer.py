"""The mouse at the table (a part of the table; the keyboard is ``parts/keys.py``).

Press on a card and move a few pixels: it is dragged; while dragging, the targets the
engine accepts light up (the game's ``move_for`` for every drop zone, each checked with
the engine); letting go plays the move, or snaps back with the reason. A click selects a
hand card; a double click draws from a pile or discards a hand card. ``perform`` carries
out a move from any gesture (the keyboard's too): the engine's action, a table-only change
(staging a meld) or a chooser between readings.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Hashable

import pygame

from game.app.cards import card_size
from game.app.i18n import tr
from game.app.table.animation import Flight
from game.app.table.context import TableContext
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
from game.app.table.parts.hint import TableHint
from game.app.table.sprites import Picture, Place, Token
from game.engine.cards import Card
from game.engine.zone_names import Zone, hand_zone


class Pointer:
    def __init__(self, ctx: TableContext, hints: TableHint) -> None:
        self.ctx = ctx
        self.hints = hints
        self.press: Press | None = None
        self.drag: Drag | None = None
        self._last_click: tuple[Hashable, float] | None = None
        self.hover_at: tuple[int, int] | None = None  # where the mouse last moved (its outline)

    def reset(self) -> None:
        """The table is laid out again (a resize while dragging: the cards go home)."""
        self.drag = None
        self.press = None

    def on_mouse(self, event: pygame.event.Event) -> bool:
        ctx = self.ctx
        if ctx.covered:
            return False
        if event.type == pygame.MOUSEWHEEL:
            ctx.scroll_log(3 * event.y)  # the log is the table's only scrolling part
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            ctx.keyboard_used = False
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
            ctx.selected.clear()
            ctx.refresh()
            return True
        return False

    def source_at(self, token: Token) -> tuple[Source, list[Hashable]] | None:
        """What pressing on ``token`` picks up, and the tokens that move with it."""
        ctx = self.ctx
        zone = token.zone
        if zone == "stock":
            top = ctx.picture.in_zone("stock")[-1]
            return Source("stock"), [top.key]
        if zone == "discard":
            top = ctx.picture.in_zone("discard")[-1]
            if top.key != token.key:
                return None
            return Source("discard", (token.card,) if token.card is not None else ()), [token.key]
        where = Zone.of(zone)
        if zone == hand_zone(ctx.view_seat) and token.card is not None:
            card = token.card
            if card in ctx.selected:
                cards = tuple(c for c in ctx.hand_cards() if c in ctx.selected)
            else:
                cards = (card,)
            return Source("hand", cards), list(cards)
        if where.kind == "stage" and where.number is not None:
            number = where.number
            cards = tuple(ctx.hooks.staged_cards(ctx.staged[number]))
            return Source("stage", cards, number), list(cards)
        return ctx.hooks.game_source(token)

    def mouse_down(self, pos: tuple[int, int]) -> None:
        self.press = None
        token = self.ctx.picture.hit(pos)
        if token is None:
            return
        picked = self.source_at(token)
        if picked is None:
            return
        source, keys = picked
        self.press = Press(source, keys, pos, token.key)

    def mouse_move(self, pos: tuple[int, int]) -> None:
        self.hover_at = pos
        composer = self.ctx.composer
        if self.drag is not None:
            self.drag.pos = pos
            zone = zone_at(composer.zones, pos) if composer else None
            self.drag.hover = key_of(zone.target) if zone else None
            return
        press = self.press
        if press is not None and math.dist(pos, press.pos) > DRAG_THRESHOLD:
            self.start_drag(press, pos)

    def mouse_up(self, pos: tuple[int, int]) -> None:
        ctx = self.ctx
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
                ctx.selected.discard(card)
                source = Source("hand", (card,))
            else:
                source = press.source
            self.perform(ctx.hooks.double_click(source), source, {})
            return
        if press.source.kind == "hand" and isinstance(press.token_key, Card):
            card = press.token_key
            if card in ctx.selected:
                ctx.selected.discard(card)
            else:
                ctx.selected.add(card)
            cards = ctx.hand_cards()
            if card in cards:
                ctx.focus = cards.index(card)
            old = ctx.picture
            ctx.refresh()
            ctx.animator.settle(old, ctx.picture, set())

    # --- dragging -------------------------------------------------------------------------

    def start_drag(self, press: Press, pos: tuple[int, int]) -> None:
        picture = self.ctx.picture
        self.press = None
        self.ctx.animator.finish()
        tokens = [t for t in (picture.get(key) for key in press.keys) if t is not None]
        if not tokens:
            return
        grabbed = picture.get(press.token_key) or tokens[0]
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
        composer = self.ctx.composer
        seen: set[Target] = set()
        for zone in composer.zones if composer else ():
            key = key_of(zone.target)
            if key in seen:
                continue
            seen.add(key)
            move = self.resolve(drag.source, key)
            if move is None:
                continue
            drag.moves[key] = move
            if self.possible(move):
                drag.legal.add(key)

    def resolve(self, source: Source, target: Target) -> Move | None:
        """The move for ``source`` on ``target``: the table's own moves (reordering the
        hand, taking a staged meld back) or the game's ``move_for``."""
        ctx = self.ctx
        if source.kind == "hand" and target.kind == "hand":
            return Move(local=lambda: None, sound="")
        if source.kind == "stage" and target.kind == "hand":
            return Move(local=lambda: self.unstage(source.index), sound="")
        if source.kind in ("hand", "stage") and source.kind == target.kind:
            return None
        engine_bound = (
            source.kind in ("stock", "discard") or target.kind in ctx.hooks.engine_targets
        )
        if not ctx.my_turn and engine_bound:
            return Move.refused(tr("table.not_your_turn"))
        return ctx.hooks.move_for(source, target)

    def possible(self, move: Move) -> bool:
        if move.problem:
            return False
        if move.local is not None:
            return True
        if move.action is not None:
            return self.ctx.my_turn and self.ctx.session.problem(move.action) is None
        return any(self.choice_possible(choice) for choice in move.choices)

    def choice_possible(self, choice: Choice) -> bool:
        if choice.local is not None:
            return True
        return (
            choice.action is not None
            and self.ctx.my_turn
            and self.ctx.session.problem(choice.action) is None
        )

    def drop(self, pos: tuple[int, int]) -> None:
        ctx = self.ctx
        drag, self.drag = self.drag, None
        if drag is None:
            return
        composer = ctx.composer
        zone = zone_at(composer.zones, pos) if composer else None
        places = drag.places()
        if zone is None or composer is None:
            self.snap_back(drag, places)
            return
        target = zone.target
        key = key_of(target)
        if target.kind == "hand":
            target = Target("hand", composer.hand.insert_index(pos[0]))
        move = drag.moves.get(key)
        if move is None:
            if target.kind == "stock" and drag.source.kind == "hand":  # say why, not nothing
                ctx.refuse(tr("hints.no_drop_on_stock"))
            self.snap_back(drag, places)
            return
        if drag.source.kind == "hand" and target.kind == "hand":
            ctx.hand.reorder(list(drag.source.cards), target.index, places)
            return
        if drag.source.kind in ("stock", "discard") and target.kind == "hand":
            ctx.hand.insert_at = target.index
        if not self.perform(move, drag.source, places, drag):
            ctx.hand.insert_at = None
            self.snap_back(drag, places)

    def perform(
        self,
        move: Move | None,
        source: Source,
        places: dict[Hashable, Place],
        drag: Drag | None = None,
    ) -> bool:
        """Carry out a move; False when it did not happen (the reason is shown)."""
        ctx = self.ctx
        if move is None:
            return False
        if move.problem:
            ctx.refuse(move.problem)
            return False
        overrides = dict(places)
        if source.kind == "stock" and places:
            overrides["stock"] = next(iter(places.values()))
        if move.local is not None:
            return self.change_locally(move.local, places, move.sound)
        if move.action is not None:
            if not ctx.my_turn:
                ctx.refuse(tr("table.not_your_turn"))
                return False
            return ctx.play(move.action, overrides)
        choices = [c for c in move.choices if self.choice_possible(c)]
        if not choices:
            first = next((c.action for c in move.choices if c.action is not None), None)
            reason = ctx.session.problem(first) if first is not None else None
            ctx.refuse(reason or tr("table.cannot"))
            return False
        if len(choices) == 1:
            return self._take_choice(choices[0], overrides)
        from game.app.table.overlays import ChooserOverlay

        if drag is not None:
            self.snap_back(drag, places)

        def chosen(choice: Choice) -> None:
            self._take_choice(choice, {})

        ctx.app.stack.push(ChooserOverlay(ctx.app, tr("table.joker_question"), choices, chosen))
        return True

    def _take_choice(self, choice: Choice, overrides: dict[Hashable, Place]) -> bool:
        if choice.local is not None:
            return self.change_locally(choice.local, overrides, "place")
        return choice.action is not None and self.ctx.play(choice.action, overrides)

    def change_locally(
        self, change: Callable[[], None], places: dict[Hashable, Place], sound: str
    ) -> bool:
        """A table-only move (staging a meld): made at once, the cards sliding into place."""
        ctx = self.ctx
        old = ctx.picture
        self.hints.shown = None
        change()
        ctx.refresh()
        self.land_local(old, places)
        if sound:
            ctx.play_sound(sound)
        return True

    def land_local(self, old: Picture, places: dict[Hashable, Place]) -> None:
        """After a table-only change: dragged cards fly from the mouse, others slide."""
        ctx = self.ctx
        for key, start in places.items():
            token = ctx.picture.get(key)
            if token is not None and isinstance(key, Card):
                ctx.animator.add(
                    Flight(key, token.card, start, token.place, 0.0, 0.18, token.label)
                )
        ctx.animator.settle(old, ctx.picture, set(places))

    def snap_back(self, drag: Drag, places: dict[Hashable, Place]) -> None:
        ctx = self.ctx
        ctx.refresh()
        for key in drag.keys:
            token = ctx.picture.get(key)
            end = token.place if token is not None else drag.origins[key]
            card = drag.cards.get(key)
            ctx.animator.snap_back(key, card, places.get(key, end), end)

    def cancel_drag(self) -> None:
        if self.drag is not None:
            drag, self.drag = self.drag, None
            self.snap_back(drag, drag.places())
        self.press = None

    def unstage(self, number: int) -> None:
        staged = self.ctx.staged
        if 0 <= number < len(staged):
            del staged[number]


def key_of(target: Target) -> Target:
    """Targets that differ only by where in the hand: one key."""
    return Target("hand") if target.kind == "hand" else target
