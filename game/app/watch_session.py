"""A spectator at a networked table (issue 25, "watch a table"): the online table's
session with no seat. It holds the table's public view (every hand as its size only,
the piles, the scores), the public log and the chat, and it plays nothing: no move, no
hint, no undo (each refused with ``net.watching_only``). The server says which seats it
may take now (``free``: an open seat while the table waits, a computer's at a break
between deals where the game allows a new player); :meth:`take_seat` asks for one
without waiting, and once the server seats it the client is handed to a player's
:class:`~game.app.net_session.NetSession` (``seated``)."""

from __future__ import annotations

from concurrent.futures import Future
from typing import Any

from game.app.net_session import Arrivals, NetSession
from game.engine.actions import Action
from game.engine.errors import IllegalAction
from game.engine.messages import Message, msg
from game.net import watch_messages as w
from game.net.client import Reply


class WatchSession(NetSession):
    watching = True
    hand_covered = False

    def __init__(self, client: Any, seat_view: Any = None) -> None:
        self.sitting: Future[Reply] | None = None  # a "Take this seat" on its way
        self.seated = False  # the server gave this client a seat: a player's table next
        super().__init__(client, seat_view)

    # -- what the table reads -----------------------------------------------------------

    @property
    def my_seat(self) -> int:
        """The chair the table is watched from (seat 0's): its hand is not shown."""
        return 0

    @property
    def human_to_act(self) -> bool:
        return False

    @property
    def free(self) -> tuple[int, ...]:
        """The seats this spectator may take now (none while one is being taken)."""
        return () if self.sitting is not None or self.seated else self.seat.free

    def legal_actions(self) -> list[Action]:
        return []

    def problem(self, action: Action) -> Message | None:
        return msg(w.WATCHING_ONLY)

    def apply(self, action: Action) -> list:
        raise IllegalAction(msg(w.WATCHING_ONLY))

    def results(self) -> None:
        """A spectator's computer counts no statistics for the game it watched."""
        return None

    def play_again(self, app: Any) -> None:
        """Nobody's seat to play again with: back to the title."""
        app.to_title()

    def resume_record(self) -> dict[str, Any]:
        """Nothing to rejoin: a spectator watches again from the Join screen."""
        return {}

    # -- taking a seat ------------------------------------------------------------------

    def take_seat(self, number: int, name: str) -> None:
        """Ask for seat ``number`` (answered in :meth:`incoming`: ``seated``, or the
        refusal in ``Arrivals.refused``)."""
        if self.sitting is None and not self.seated:
            self.sitting = self.client.send("sit", {"seat": number, "name": name})

    def incoming(self) -> Arrivals:
        sitting = self.sitting
        if sitting is not None:
            if not sitting.done():
                return Arrivals()  # the seat's frames wait in the inbox for its table
            self.sitting = None
            reply = sitting.result()
            if reply.ok:
                client = self.client
                client.seat, client.credential = reply.data["seat"], reply.data["credential"]
                client.watching = ""
                self.seated = True
                self.hand_on()  # the player's table takes the client, frames and all
                return Arrivals()
            refused = super().incoming()
            refused.refused.append(reply.message or msg(w.NOT_WATCHING))
            return refused
        if self.seated:
            return Arrivals()
        return super().incoming()
