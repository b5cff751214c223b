"""The moves at the table (a part of the table): ``play`` a move of the shown human (after
the game's own question, or the end-of-turn one), ``apply_move`` it through the session,
``after_move`` (log, picture, flights, sounds: also for moves played by a bot or arrived
over the network), ``refuse`` with the reason shown, ``undo`` and ``redo`` with the hand
put back as it was arranged, and the sounds of it all.
"""

from __future__ import annotations

from collections.abc import Hashable

from game.app.i18n import tr
from game.app.messages import render
from game.app.table.animation import plan_flights
from game.app.table.context import TableContext
from game.app.table.parts.hint import TableHint
from game.app.table.parts.keys import Keys
from game.app.table.parts.log import TableLog
from game.app.table.sprites import Picture, Place
from game.engine.actions import Action
from game.engine.cards import Card
from game.engine.errors import IllegalAction
from game.engine.events import CardMoved, DealStarted, Event, GameOver, events_for
from game.engine.messages import Message, msg
from game.engine.zone_names import Zone
from game.persist.savedgame import HandGroups

NOTICE_S = 4.5
UNDO_HANDS = 400  # hand arrangements kept for undo (a deal is never this long)


class Moves:
    def __init__(self, ctx: TableContext, hints: TableHint, keys: Keys, log: TableLog) -> None:
        self.ctx = ctx
        self.hints = hints
        self.keys = keys
        self.log = log
        # (log length, seat, groups) before each move played here
        self._undo_hands: list[tuple[int, int, list[list[Card]]]] = []
        self._last_sound: dict[str, float] = {}

    def play(self, action: Action, overrides: dict[Hashable, Place] | None = None) -> bool:
        """Play a move of the shown human; False (and the reason shown) if refused."""
        ctx = self.ctx

        def go() -> None:
            self.apply_move(action, overrides)

        question = ctx.hooks.ask_before(action)
        if question is not None:  # the game's own question first (it then plays at once)
            title, lines = question
            ctx.app.confirm(title, lines, go)
            return True
        if ctx.app.settings.confirm_end_turn and ctx.hooks.ends_turn(action):
            ctx.app.confirm(tr("table.confirm_end_title"), [tr("table.confirm_end_body")], go)
            return True
        return self.apply_move(action, overrides)

    def apply_move(self, action: Action, overrides: dict[Hashable, Place] | None = None) -> bool:
        """Play a move of the shown human now (``play`` first asks the end-of-turn
        question when the player wants it); False (and the reason shown) if refused."""
        ctx = self.ctx
        old = ctx.picture
        ctx.animator.finish()
        # The arrangement before the move, for undo to put the cards back where they were.
        before = (ctx.session.move_count, ctx.view_seat, ctx.hand.seat_groups(ctx.view_seat))
        try:
            events = ctx.session.apply(action)
        except IllegalAction as error:
            self.refuse(error.message)
            return False
        self._undo_hands.append((before[0], before[1], [list(g) for g in before[2]]))
        del self._undo_hands[:-UNDO_HANDS]
        self.after_move(old, events, overrides)
        return True

    def after_move(
        self, old: Picture, events: list[Event], overrides: dict[Hashable, Place] | None = None
    ) -> None:
        """A move was played (here, by a bot, or arrived): log, picture, flights, sounds."""
        ctx = self.ctx
        self.hints.shown = None
        self.keys.target = None
        visible = self.visible(events)
        self.log.record(visible)
        ctx.refresh()
        self.animate(old, visible, overrides)
        self._sounds_for(visible)

    def visible(self, events: list[Event]) -> list[Event]:
        ctx = self.ctx
        return events_for(list(events), ctx.view_seat)

    def animate(
        self, old: Picture, events: list[Event], overrides: dict[Hashable, Place] | None = None
    ) -> None:
        ctx = self.ctx
        moves = [e for e in events if isinstance(e, CardMoved)]
        flights = plan_flights(
            old, ctx.picture, moves, ctx.hooks.zone_anchor, overrides, _landing_sound
        )
        for flight in flights:
            ctx.animator.add(flight)
        ctx.animator.settle(old, ctx.picture, {f.key for f in flights})

    def refuse(self, reason: str | Message) -> None:
        """Show why a move cannot be made: the engine's message, or the table's own text
        (already in the player's language)."""
        ctx = self.ctx
        names = ctx.hooks.names()
        ctx.notice = reason if isinstance(reason, str) else render(reason, names)
        ctx.notice_until = ctx.clock + NOTICE_S
        self.play_sound("invalid")

    def undo(self) -> None:
        ctx = self.ctx
        if not ctx.session.can_undo:
            if ctx.session.undo_refusal is not None:  # never possible here: say why
                self.refuse(ctx.session.undo_refusal)
            return
        old = ctx.picture
        ctx.animator.finish()
        ctx.session.undo()
        length = ctx.session.move_count
        while self._undo_hands and self._undo_hands[-1][0] > length:
            self._undo_hands.pop()
        if self._undo_hands and self._undo_hands[-1][0] == length:
            _, seat, groups = self._undo_hands.pop()
            if groups:
                ctx.hand.set_seat_groups(seat, groups)
                ctx.hand_rearranged()  # saved again: the undo's save came before this
        self.hints.shown = None
        self.log.rebuild()
        ctx.refresh()
        ctx.animator.settle(old, ctx.picture, set())

    def undo_arrangements(self) -> tuple[tuple[int, HandGroups], ...]:
        """The player's hand as arranged before each of their moves (log length, groups),
        which undo restores: kept in the save so it holds across quit and resume."""
        return tuple(
            (length, tuple(map(tuple, groups))) for length, _seat, groups in self._undo_hands
        )

    def restore_undo_arrangements(
        self, seat: int, kept: tuple[tuple[int, HandGroups], ...]
    ) -> None:
        self._undo_hands = [(n, seat, [list(g) for g in groups]) for n, groups in kept]

    def redo(self) -> None:
        """Play again what undo took back (against the computer)."""
        from game.app.session import NOTHING_TO_REDO, GameSession

        ctx = self.ctx
        session = ctx.session
        if not isinstance(session, GameSession) or not session.can_redo:  # none online
            self.refuse(msg(NOTHING_TO_REDO))
            return
        old = ctx.picture
        ctx.animator.finish()
        session.redo()
        self.hints.shown = None
        self.log.rebuild()
        ctx.refresh()
        ctx.animator.settle(old, ctx.picture, set())

    def play_sound(self, name: str) -> None:
        ctx = self.ctx
        last = self._last_sound.get(name, -1.0)
        if ctx.clock - last < 0.06:
            return
        self._last_sound[name] = ctx.clock
        ctx.app.audio.play(name)

    def _sounds_for(self, events: list[Event]) -> None:
        ctx = self.ctx
        for event in events:
            if isinstance(event, DealStarted):
                self.play_sound("shuffle")
            elif isinstance(event, GameOver):
                humans = ctx.session.setup.humans
                if any(seat in event.winners for seat in humans) or not humans:
                    self.play_sound("win")


def _landing_sound(move: CardMoved) -> str | None:
    to_hand = Zone.of(move.dst).kind == "hand"
    if move.src == "stock" and to_hand:
        return "deal" if not move.face_up else "draw"
    if to_hand:
        return "draw"
    if move.dst == "stock":
        return None
    return "place"
