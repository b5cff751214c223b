"""A game being played at the table: state, action log, undo, and whose eyes are on the
screen. No pygame here: the table scene drives it and tests drive it headless.

- Every change goes through :meth:`GameSession.apply`, which asks the rules (an illegal
  move raises ``IllegalAction`` with the player's message and changes nothing).
- Undo works inside a human's own turn, back to its start, but never past a move that
  showed the player something new (a card from the stock, a reshuffle).
- Hot-seat privacy: with two or more humans, the table shows one human's hand at a time
  (``shown_seat``); when another human must act, ``needs_handoff`` asks the table for a
  hand-off screen first.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.app.setup import GameSetup
from game.engine.actions import Action
from game.engine.errors import IllegalAction
from game.engine.events import CardMoved, DealStarted, Event, Shuffled
from game.engine.game import GameInfo, is_legal
from game.games.registry import get_game


def reveals_something(events: list[Event]) -> bool:
    """Whether these events showed the player a card nobody had seen, or new randomness."""
    for event in events:
        if isinstance(event, Shuffled | DealStarted):
            return True
        if isinstance(event, CardMoved) and event.src == "stock":
            return True
    return False


class GameSession:
    def __init__(
        self,
        setup: GameSetup,
        state: Any = None,
        log: tuple[Action, ...] = (),
        on_change: Callable[[GameSession], None] | None = None,
    ) -> None:
        self.setup = setup
        self.info: GameInfo = get_game(setup.game_id)
        self.rules = self.info.rules
        self.state = state if state is not None else self.rules.new_game(setup.options, setup.seed)
        self.log: list[Action] = list(log)
        self.on_change = on_change
        self._undo: list[tuple[Any, int]] = []  # (state, log length) before each own move
        humans = setup.humans
        self.shown_seat: int | None = humans[0] if humans else None

    # -- who acts and who watches -----------------------------------------------------

    @property
    def to_act(self) -> int | None:
        return self.state.to_act

    @property
    def finished(self) -> bool:
        return self.state.finished

    def is_human(self, seat: int | None) -> bool:
        return seat is not None and self.setup.seats[seat].is_human

    @property
    def human_to_act(self) -> bool:
        return self.is_human(self.to_act)

    @property
    def needs_handoff(self) -> bool:
        """Another human must act while a different human's hand is on screen."""
        seat = self.to_act
        return (
            len(self.setup.humans) > 1
            and self.is_human(seat)
            and seat != self.shown_seat
            and not self.finished
        )

    def confirm_handoff(self) -> None:
        """The next human sits in front of the screen: show their hand from now on."""
        if self.is_human(self.to_act):
            self.shown_seat = self.to_act

    def view(self, seat: int | None = None) -> Any:
        """What the screen may show: the shown human's view (seat 0's when all are AI)."""
        if seat is None:
            seat = self.shown_seat if self.shown_seat is not None else 0
        return self.rules.view(self.state, seat)

    # -- moves ----------------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        return self.rules.legal_actions(self.state)

    def problem(self, action: Action) -> str | None:
        """None if ``action`` may be played now, else the reason to show."""
        return is_legal(self.rules, self.state, action)

    def apply(self, action: Action) -> list[Event]:
        """Play ``action`` for the seat to act; IllegalAction leaves everything as it was."""
        before, seat = self.state, self.state.to_act
        after, events = self.rules.apply(before, action)
        own_turn_goes_on = self.is_human(seat) and after.to_act == seat
        if own_turn_goes_on and not reveals_something(events):
            self._undo.append((before, len(self.log)))
        else:
            self._undo.clear()
        self.state = after
        self.log.append(action)
        self._changed()
        return events

    @property
    def can_undo(self) -> bool:
        return bool(self._undo) and self.human_to_act

    def undo(self) -> None:
        """Take back the last move of this turn."""
        if not self.can_undo:
            raise IllegalAction("Nothing to undo in this turn.")
        self.state, length = self._undo.pop()
        del self.log[length:]
        self._changed()

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change(self)
