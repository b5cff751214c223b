"""What the table asks of a game in progress: one protocol that the local session
(:class:`game.app.session.GameSession`) and the networked one
(:class:`game.app.net_session.NetSession`) both satisfy, so the table scene and its parts
never ask which they hold (docs/TABLE.md).

The table only reads the session and hands it moves; it never reaches into a session's
own fields. What only one kind has stays off the protocol and is asked of that kind:
saving and the AI seats' full state are local (``GameSession.to_saved``, ``.state``),
chat and the rejoin record are networked (``NetSession.say``, ``.resume_record``).

- ``apply`` plays the shown seat's move or raises ``IllegalAction`` (the player's
  message) with nothing changed. A networked apply may answer before the server has
  (an empty list: the move is pending); its events then arrive through ``incoming``
  like another seat's move, and a late refusal arrives as a notice.
- ``incoming`` is asked once a frame: ``None`` at a local table; at a networked one
  the other seats' moves, notices, chat and the connection's changes (``Arrivals``).
- ``on_change`` is called after every change of the game (a move applied here or
  arrived, an undo): the table autosaves and follows the view there.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from game.app.setup import GameSetup
from game.engine.actions import Action
from game.engine.events import Event
from game.engine.game import AnyRules, GameInfo
from game.engine.messages import Message

if TYPE_CHECKING:
    from game.app.net_session import Arrivals, NetSession
    from game.app.session import GameSession


class SessionLike(Protocol):
    """A game at the table, local or networked (see the module's docstring)."""

    info: GameInfo
    rules: AnyRules
    opening: list[Event]  # the events the first deal showed (or all seen before joining)
    moves: list[list[Event]]  # each move's events since, in order
    on_change: Callable[[Any], None] | None

    @property
    def setup(self) -> GameSetup: ...

    @setup.setter
    def setup(self, value: GameSetup) -> None: ...

    # -- who acts and who watches ---------------------------------------------------------

    @property
    def online(self) -> bool: ...

    @property
    def watching(self) -> bool:
        """A spectator's table: no seat's hand is shown and nothing is played here."""

    @property
    def to_act(self) -> int | None: ...

    @property
    def finished(self) -> bool: ...

    @property
    def move_count(self) -> int:
        """Moves played so far (the table's clock for caches and undo)."""

    @property
    def view_seat(self) -> int:
        """The seat whose view the screen shows."""

    @property
    def shown_seat(self) -> int | None: ...

    @shown_seat.setter
    def shown_seat(self, seat: int | None) -> None:
        """Another human is shown (Indian Rummy: the shown player left the table)."""

    @property
    def human_to_act(self) -> bool: ...

    @property
    def hot_seat(self) -> bool: ...

    @property
    def needs_handoff(self) -> bool: ...

    @property
    def hand_covered(self) -> bool: ...

    @property
    def handoff_seat(self) -> int | None: ...

    def is_human(self, seat: int | None) -> bool: ...

    def seat_status(self, seat: int) -> str | None:
        """A networked seat's "away", "ai" or "idle"; None at a local table."""

    def turn_time(self, seat: int) -> tuple[float, float] | None:
        """An online turn timer's (seconds left, of how many) for ``seat``; else None."""

    def request_handoff(self) -> None: ...

    def confirm_handoff(self) -> None: ...

    def view(self, seat: int | None = None) -> Any:
        """What the screen may show: the shown seat's view."""

    def public_history(self, seat: int) -> list[Event]: ...

    # -- moves ----------------------------------------------------------------------------

    def legal_actions(self) -> list[Action]: ...

    def problem(self, action: Action) -> Message | None:
        """None if ``action`` may be played now, else the message saying why not."""

    def apply(self, action: Action) -> list[Event]: ...

    @property
    def can_undo(self) -> bool: ...

    @property
    def undo_refusal(self) -> Message | None:
        """Why undo is never possible here (None: it may be)."""

    def undo(self) -> None: ...

    def incoming(self) -> Arrivals | None: ...

    def close(self) -> None:
        """The table closed (a networked seat leaves its connection)."""


if TYPE_CHECKING:  # mypy checks that both sessions satisfy the protocol

    def _both_satisfy(local: GameSession, online: NetSession) -> tuple[SessionLike, ...]:
        return local, online
