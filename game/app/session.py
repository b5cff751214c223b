"""A game being played at the table: state, action log, undo, and whose eyes are on the
screen. No pygame here: the table scene drives it and tests drive it headless.

- Every change goes through :meth:`GameSession.apply`, which asks the rules (an illegal
  move raises ``IllegalAction`` with the player's message and changes nothing).
- Undo works inside a human's own turn, back to its start, but never past a move that
  showed the player something new (a card from the stock, a reshuffle).
- Hot-seat privacy: with two or more humans, the table shows one human's hand at a time
  (``shown_seat``), and only once that human has confirmed a hand-off (``revealed``).
  The hand is covered from the start of the game, from the moment the turn leaves the
  shown human (while AI seats play, before the next human is due) and at every new deal;
  when a human must act and their hand is not revealed, ``needs_handoff`` asks the table
  for a hand-off screen. ``request_handoff`` asks for one anyway (a resumed hot-seat game
  opens behind a hand-off screen, since anyone may be sitting at the screen).
- The events of every move are kept, so AI seats get their public history
  (:meth:`public_history`) also after a game is resumed from a save.
- ``on_change`` is called after every applied move and undo (the table autosaves there).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.app.setup import GameSetup
from game.engine.actions import Action
from game.engine.errors import IllegalAction
from game.engine.events import CardMoved, DealScored, DealStarted, Event, Shuffled, events_for
from game.engine.game import AnyRules, GameInfo, problem
from game.engine.messages import Message, msg, templates
from game.games.registry import get_game
from game.persist.savedgame import HandGroups, SavedGame

# The app's own refusal (its Japanese is ``msg.app.nothing_to_undo``).
NOTHING_TO_UNDO = "app.nothing_to_undo"
NOTHING_TO_REDO = "app.nothing_to_redo"
templates({NOTHING_TO_UNDO: "Nothing to undo in this turn.", NOTHING_TO_REDO: "Nothing to redo."})


def reveals_something(events: list[Event]) -> bool:
    """Whether these events showed the player a card nobody had seen, or new randomness."""
    for event in events:
        if isinstance(event, Shuffled | DealStarted):
            return True
        if isinstance(event, CardMoved) and event.src == "stock":
            return True
    return False


def ends_deal(events: list[Event]) -> bool:
    """A deal scored or a new one dealt: undo never reaches back past it."""
    return any(isinstance(event, DealScored | DealStarted) for event in events)


def undo_points(
    rules: AnyRules,
    setup: GameSetup,
    log: tuple[Action, ...],
    opening: list[Event],
    moves: list[list[Event]],
) -> list[tuple[Any, int]]:
    """The undo history of a resumed game against the computer: the position before each
    of the player's moves since the deal began (the log is replayed once more)."""
    human = setup.humans[0]
    state, _ = start_game(rules, setup.options, setup.seed)
    points: list[tuple[Any, int]] = []
    for number, action in enumerate(log):
        if rules.to_act(state) == human:
            points.append((state, number))
        state, _events = rules.apply(state, action)
        if ends_deal(moves[number] if number < len(moves) else []):
            points = []
    return points


def start_game(rules: AnyRules, options: Any, seed: int) -> tuple[Any, list[Event]]:
    """A new game and the events of its first deal (for the deal animation and the
    bots' history)."""
    return rules.start(options, seed)


class GameSession:
    # A networked seat's session is online: the server plays its AI seats and keeps its
    # game (no local AI, autosave or statistics; see docs/NETWORK.md).
    undo_refusal: Message | None = None  # why undo is never possible (None: it may be)
    online = False
    watching = False  # a seat is always played here (spectators watch online tables)

    def seat_status(self, seat: int) -> str | None:
        """A networked seat's "away" or "ai" (see NetSession); never at a local table."""
        return None

    def turn_time(self, seat: int) -> tuple[float, float] | None:
        """No turn timer at a local table."""
        return None

    def __init__(
        self,
        setup: GameSetup,
        state: Any = None,
        log: tuple[Action, ...] = (),
        on_change: Callable[[GameSession], None] | None = None,
        *,
        opening: list[Event] | None = None,
        moves: list[list[Event]] | None = None,
    ) -> None:
        """A new game from ``setup`` (``state`` None), or one already under way.

        ``opening`` are the events of the first deal and ``moves`` the events of each
        action of ``log``; :meth:`resume` rebuilds both by replaying the log."""
        self.setup = setup
        self.info: GameInfo = get_game(setup.game_id)
        self.rules = self.info.rules
        if state is None:
            state, opening = start_game(self.rules, setup.options, setup.seed)
        self.state = state
        self.log: list[Action] = list(log)
        self.opening: list[Event] = list(opening or [])
        self.moves: list[list[Event]] = list(moves) if moves is not None else [[] for _ in log]
        self.on_change = on_change
        self._undo: list[tuple[Any, int]] = []  # (state, log length) before each own move
        self._redo: list[tuple[Action, ...]] = []  # groups of moves taken back, newest last
        self._seen: dict[int, tuple[int, list[Event]]] = {}  # seat -> (moves counted, events)
        self._handoff_requested = False
        humans = setup.humans
        self.shown_seat: int | None = humans[0] if humans else None
        self.revealed = len(humans) <= 1  # hot seat: nobody's hand shows before a hand-off

    @classmethod
    def resume(
        cls, saved: SavedGame, on_change: Callable[[GameSession], None] | None = None
    ) -> GameSession:
        """The saved game, its log replayed for the events (the loader has already
        checked that the log leads to ``saved.state``)."""
        setup = saved.setup
        rules = get_game(setup.game_id).rules
        state, opening = start_game(rules, setup.options, setup.seed)
        moves = []
        for action in saved.log:
            state, events = rules.apply(state, action)
            moves.append(events)
        session = cls(setup, state, saved.log, on_change, opening=opening, moves=moves)
        if session.free_undo:  # undo carries on across quit and resume
            session._undo = undo_points(rules, setup, saved.log, opening, moves)
            session._redo = list(saved.redo)
        if len(setup.humans) > 1:
            session.request_handoff()
        return session

    def to_saved(
        self,
        thumbnail: bytes | None = None,
        name: str | None = None,
        hand_groups: tuple[HandGroups, ...] = (),
        undo_hands: tuple[tuple[int, HandGroups], ...] = (),
    ) -> SavedGame:
        """Everything a save needs (cheap: the state and log are shared, not copied).
        ``hand_groups`` is each seat's hand as arranged at the table, which only the
        table knows."""
        setup = self.setup
        return SavedGame(
            setup.game_id,
            setup.options,
            setup.seed,
            setup.seats,
            tuple(self.log),
            self.state,
            thumbnail,
            name,
            hand_groups,
            tuple(self._redo),
            undo_hands,
        )

    # -- who acts and who watches -----------------------------------------------------

    @property
    def to_act(self) -> int | None:
        return self.rules.to_act(self.state)

    @property
    def move_count(self) -> int:
        """Moves played so far (the table's clock for caches and undo)."""
        return len(self.log)

    def close(self) -> None:
        """Nothing to let go of at a local table."""

    def incoming(self) -> None:
        """Nothing arrives at a local table (a networked one brings other seats' moves)."""
        return None

    @property
    def finished(self) -> bool:
        return self.rules.finished(self.state)

    def is_human(self, seat: int | None) -> bool:
        return seat is not None and self.setup.seats[seat].is_human

    @property
    def human_to_act(self) -> bool:
        return self.is_human(self.to_act)

    @property
    def hot_seat(self) -> bool:
        return len(self.setup.humans) > 1

    @property
    def needs_handoff(self) -> bool:
        """Another human must act while a different human's hand is on screen (or a
        hand-off was asked for)."""
        if not self.hot_seat or self.finished:
            return False
        if self._handoff_requested:
            return True
        seat = self.to_act
        return self.is_human(seat) and (seat != self.shown_seat or not self.revealed)

    @property
    def hand_covered(self) -> bool:
        """Hot seat: the shown hand must not show (no hand-off confirmed since the turn
        left it). A finished game shows everything."""
        return self.hot_seat and not self.revealed and not self.finished

    @property
    def handoff_seat(self) -> int | None:
        """Who the hand-off screen calls to the table."""
        return self.to_act if self.human_to_act else self.shown_seat

    def request_handoff(self) -> None:
        """Hide the hands behind a hand-off screen before the next human look."""
        self._handoff_requested = True

    def confirm_handoff(self) -> None:
        """The next human sits in front of the screen: show their hand from now on."""
        self._handoff_requested = False
        if self.is_human(self.to_act):
            self.shown_seat = self.to_act
        self.revealed = True

    @property
    def view_seat(self) -> int:
        """The seat whose view the screen shows (seat 0's when every seat is an AI)."""
        return self.shown_seat if self.shown_seat is not None else 0

    def view(self, seat: int | None = None) -> Any:
        """What the screen may show: the shown human's view (seat 0's when all are AI)."""
        return self.rules.view(self.state, self.view_seat if seat is None else seat)

    def public_history(self, seat: int) -> list[Event]:
        """Every event of the game so far as ``seat`` may see it (for its bot)."""
        counted, seen = self._seen.get(seat, (0, None))
        if seen is None:
            seen = events_for(self.opening, seat)
        for events in self.moves[counted:]:
            seen.extend(events_for(events, seat))
        self._seen[seat] = (len(self.moves), seen)
        return seen

    # -- moves ----------------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        return self.rules.legal_actions(self.state)

    def problem(self, action: Action) -> Message | None:
        """None if ``action`` may be played now, else the message saying why not."""
        return problem(self.rules, self.state, action)

    @property
    def free_undo(self) -> bool:
        """One person against the computer at this screen: undo and redo without limit
        within a deal (as PySolFC has), past cards drawn and the computer's moves."""
        return not self.online and len(self.setup.humans) == 1 and len(self.setup.seats) > 1

    def apply(self, action: Action, redoing: bool = False) -> list[Event]:
        """Play ``action`` for the seat to act; IllegalAction leaves everything as it was."""
        before, seat = self.state, self.rules.to_act(self.state)
        after, events = self.rules.apply(before, action)
        if self.free_undo:
            if self.is_human(seat):
                self._undo.append((before, len(self.log)))
                if not redoing:  # a move of one's own: what was taken back is gone
                    self._redo.clear()
            if ends_deal(events):
                self._undo.clear()
                self._redo.clear()
        elif (
            self.is_human(seat)
            and self.rules.to_act(after) == seat
            and not reveals_something(events)
        ):
            self._undo.append((before, len(self.log)))
        else:
            self._undo.clear()
        self.state = after
        self.log.append(action)
        self.moves.append(list(events))
        if self.rules.to_act(after) != self.shown_seat or any(
            isinstance(e, DealStarted) for e in events
        ):
            self.revealed = not self.hot_seat  # covered until the next hand-off
        self._changed()
        return events

    @property
    def can_undo(self) -> bool:
        return bool(self._undo) and self.human_to_act

    @property
    def can_redo(self) -> bool:
        return bool(self._redo) and self.human_to_act

    def undo(self) -> None:
        """Take back the last move of this turn (against the computer: the player's last
        move and the computer's answers, as far back as the deal's start)."""
        if not self.can_undo:
            raise IllegalAction(msg(NOTHING_TO_UNDO))
        self.state, length = self._undo.pop()
        if self.free_undo:
            self._redo.append(tuple(self.log[length:]))
        del self.log[length:]
        del self.moves[length:]
        self._seen.clear()  # rebuilt from the kept events on the next request
        self._changed()

    def redo(self) -> None:
        """Play again what the last undo took back, exactly as it was played."""
        if not self.can_redo:
            raise IllegalAction(msg(NOTHING_TO_REDO))
        for action in self._redo.pop():
            self.apply(action, redoing=True)

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change(self)
