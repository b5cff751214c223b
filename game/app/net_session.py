"""A game at a networked table, as the table scene sees it: the same questions as
:class:`game.app.session.GameSession` (view, legal moves, problem, apply, who acts), but
the state lives on the table server and this session holds only one seat's view.

- :meth:`apply` sends the move and returns at once (nothing on the UI thread waits on the
  network): the move is ``pending`` (the table says so, and the seat is not to act
  again) until the server's update lands it, animated as any other move; a refusal (or
  a connection lost with the move in flight) comes back in ``Arrivals.refused`` and the
  table shows it as it shows a local refusal, the view unchanged. Chat lines likewise.
- :meth:`incoming` is called once a frame: the other seats' moves (their events, for the
  animations and the log), notices (a player dropped, the computer took a seat, chat).
- :meth:`problem` answers locally, without a round trip: a move among the legal moves the
  server sent is fine; out of turn is refused; for other moves a rules ``world(view)``
  (when the game offers one) is asked, else the server decides on :meth:`apply`.
- Undo is always refused, with the reason. There is no hot seat: one player per screen.
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import Any

from game.ai.base import NORMAL
from game.engine import codec
from game.engine.actions import Action
from game.engine.errors import IllegalAction
from game.engine.events import Event
from game.engine.game import GameInfo, Results, problem
from game.engine.messages import Message, msg
from game.engine.messages import Seat as SeatParam
from game.engine.worlds import Hidden
from game.games.registry import get_game
from game.net import messages as m
from game.net import wire
from game.net.client import (
    ChatLine,
    Connection,
    Incoming,
    NetClient,
    Notice,
    Reconnecting,
    Reply,
    Synced,
    Updated,
)
from game.net.record import GameRecord
from game.net.seatview import SeatView
from game.persist.savedgame import HUMAN, DefaultName, GameSetup, Seat

OWN_CONNECTION = (m.PLAYER_LEFT, m.PLAYER_BACK)  # notices a seat's own player never needs
PAST = ("history", "seating")  # view fields recording earlier deals, not where cards are
LATE_RECORD_S = 5.0  # how long a finished table's connection still waits for its record


@dataclass
class Arrivals:
    """What came in since the last frame."""

    moves: list[list[Event]] = field(default_factory=list)  # each move's events, in order
    notices: list[Message] = field(default_factory=list)
    chat: list[ChatLine] = field(default_factory=list)
    connected: bool | None = None  # the connection went (False) or came back (True)
    lost: bool = False  # it went at some moment (perhaps back already)
    reconnecting: Reconnecting | None = None  # the reconnection loop's latest attempt
    refused: list[Message] = field(default_factory=list)  # this seat's move or chat line
    record: GameRecord | None = None  # the finished game's record (net/record.py)


@dataclass
class Pending:
    """This seat's move on its way: chosen on move ``n``, the server's answer to come."""

    action: Action
    n: int
    reply: Future[Reply]


class NetSession:
    def __init__(self, client: NetClient, seat_view: SeatView | None = None) -> None:
        """A session for ``client``'s seat (joined, and its game started)."""
        self.client = client
        self.seat = seat_view or SeatView()
        self.info: GameInfo = get_game(client.game_id or "")
        self.rules = self.info.rules
        self.on_change: Callable[[NetSession], None] | None = None
        self._arrivals = Arrivals()
        self._world_at: tuple[int, Any] | None = None
        self.moves: list[list[Event]] = []
        self._named: list[Seat] = []  # seats as the table last named them
        self.pending: Pending | None = None
        self._said: list[Future[Reply]] = []  # chat lines whose answer is to come
        self.reconnecting: Reconnecting | None = None  # while the connection is down
        self.reconnecting_at = 0.0  # when that attempt was announced (monotonic)
        self._last_notice: tuple[Message, int] | None = None  # and the moves seen then
        # The finished game's record, to look back over (the server sends it at the end).
        self.record: GameRecord | None = None
        # Keeps a record that comes after the table closed (set by the table; called on a
        # worker thread): see :meth:`close`.
        self.keep_late_record: Callable[[GameRecord], None] | None = None
        self._take(client.poll())
        # What the table reads as a local session's ``opening`` and ``moves``: all this
        # seat has seen before the table opened, then the events of each move since.
        self.opening: list[Event] = list(self.seat.history)
        self.moves = []
        self._arrivals.moves.clear()  # already in the opening

    # -- what the table reads -----------------------------------------------------------

    @property
    def my_seat(self) -> int:
        return self.seat.seat if self.seat.seat is not None else self.client.seat or 0

    @property
    def setup(self) -> GameSetup:
        """The table as a setup (its seed stays on the server: 0 here). A seat that
        joined between rounds (Indian Rummy) and is not named yet is the computer's."""
        lobby = self.seat.lobby
        seats = []
        for number, name in enumerate(self.seat.names):
            known = lobby is not None and number < len(lobby.seats)
            kind = lobby.seats[number]["kind"] if lobby is not None and known else HUMAN
            seats.append(Seat(name, kind) if name else Seat.called(DefaultName(number + 1), kind))
        players = len(getattr(self.seat.view, "hand_sizes", ()) or ())
        for number in range(len(seats), players):
            local = self._named[number] if number < len(self._named) else None
            seats.append(local or Seat(f"AI {number + 1}", NORMAL))
        return GameSetup(self.info.id, self.seat.view.options, 0, tuple(seats))

    @setup.setter
    def setup(self, value: GameSetup) -> None:
        """A table naming a seat it is adding (Indian Rummy's join between rounds)."""
        self._named = list(value.seats)

    @property
    def view_seat(self) -> int:
        return self.my_seat

    @property
    def shown_seat(self) -> int:
        return self.my_seat

    @shown_seat.setter
    def shown_seat(self, seat: int | None) -> None:
        """A hot-seat table moving the screen to another human: here it is always this
        seat's screen (a seat that left the table between rounds watches its view)."""

    def view(self, seat: int | None = None) -> Any:
        if seat is not None and seat != self.my_seat:
            raise ValueError("a networked table shows only this seat's view")
        return self.seat.view

    @property
    def to_act(self) -> int | None:
        return getattr(self.seat.view, "to_act", None)

    @property
    def finished(self) -> bool:
        return self.seat.finished

    @property
    def move_count(self) -> int:
        return self.seat.n

    def is_human(self, seat: int | None) -> bool:
        lobby = self.seat.lobby
        if seat is None or lobby is None or not 0 <= seat < len(lobby.seats):
            return False
        return lobby.seats[seat]["kind"] == HUMAN and not lobby.seats[seat]["ai"]

    @property
    def human_to_act(self) -> bool:
        """This seat is to act, and its last move is not still on its way."""
        return self.to_act == self.my_seat and self.pending is None

    # The local session's questions with a networked answer (see GameSession).
    hot_seat = False
    needs_handoff = False
    hand_covered = False
    handoff_seat = None
    can_undo = False
    online = True
    watching = False  # a spectator's session (watch_session.py) says True

    @property
    def undo_refusal(self) -> Message:
        return msg(m.NO_UNDO)

    def request_handoff(self) -> None:
        """One player per screen: nothing to hide."""

    def confirm_handoff(self) -> None:
        """One player per screen: nothing to hide."""

    def seat_status(self, seat: int) -> str | None:
        """ "ai" while the computer plays a human's seat, "away" while its player's
        connection is gone (within the grace period), "idle" while its time ran out
        three times in a row (the turn timer: the computer plays its turns), else None."""
        lobby = self.seat.lobby
        if lobby is None or not 0 <= seat < len(lobby.seats):
            return None
        info = lobby.seats[seat]
        if info.get("kind") != HUMAN:
            return None
        if info.get("ai"):
            return "ai"
        if not info.get("connected", True):
            return "away"
        return "idle" if info.get("away") else None

    def turn_time(self, seat: int) -> tuple[float, float] | None:
        """The turn timer's (seconds left, of how many) while ``seat`` is to act."""
        return self.seat.time_left(seat) if self.to_act == seat else None

    @property
    def watchers(self) -> int:
        """How many watch this table now (its lobby frame says)."""
        lobby = self.seat.lobby
        return lobby.watching if lobby is not None else 0

    @property
    def away(self) -> bool:
        """This seat's player is away (its time ran out three times in a row)."""
        return self.seat_status(self.my_seat) == "idle"

    def come_back(self) -> None:
        """Tell the table this seat's player is back (sent without waiting)."""
        self._said.append(self.client.send("back", {}))

    def public_history(self, seat: int) -> list[Event]:
        return self.seat.history if seat == self.my_seat else []

    # -- moves ----------------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        return list(self.seat.legal)

    def problem(self, action: Action) -> Message | None:
        if self.pending is not None:
            return msg(m.MOVE_PENDING)
        if not self.seat.my_turn:
            return msg(m.NOT_YOUR_TURN)
        if action in self.seat.legal:
            return None
        world = self._world()
        if world is None:
            return None  # the server judges it when it is played
        return problem(self.rules, world, action)

    def results(self) -> Results | None:
        """The standings as this seat can tell them (they are public: totals, winners),
        None when its view does not allow it."""
        world = self._world()
        if world is None:
            return None
        try:
            return self.rules.results(world)
        except Exception:  # a view that does not carry the standings
            return None

    def _world(self) -> Any:
        """A full state consistent with this seat's view (built once per move): the
        cards it cannot see are dealt, in some order, to the other hands and the stock.
        Only this seat's own moves are judged on it, and those never depend on where the
        unseen cards are. None when the game's view does not allow it."""
        if self._world_at is not None and self._world_at[0] == self.seat.n:
            return self._world_at[1]
        world = None
        view = self.seat.view
        try:
            deck = self.rules.all_cards(self.rules.new_game(view.options, 0))
            shown = wire.encode({k: v for k, v in vars(view).items() if k not in PAST})
            seen = wire.cards_named(shown)
            pool = [card for card in deck if card not in seen]
            hands = []
            for number, size in enumerate(view.hand_sizes):
                if number == self.my_seat:
                    hands.append(tuple(view.hand))
                else:
                    hands.append(tuple(pool[:size]))
                    del pool[:size]
            discard = None
            top, size = getattr(view, "discard_top", None), getattr(view, "discard_size", 0)
            if top is not None and size:  # a pile the view shows only the top of
                discard = (*pool[: size - 1], top)
                del pool[: size - 1]
            stock = tuple(pool[: getattr(view, "stock_size", 0)])
            world = self.rules.world(view, Hidden(tuple(hands), stock, 0, discard))
        except Exception:  # a game whose view needs more than this: the server judges
            world = None
        self._world_at = (self.seat.n, world)
        return world

    def apply(self, action: Action) -> list[Event]:
        """Send ``action`` for this seat and return at once: no events yet (the move is
        ``pending``; its events arrive with the server's update, as the other seats'
        do). IllegalAction, nothing sent, while another move is on its way."""
        if self.pending is not None:
            raise IllegalAction(msg(m.MOVE_PENDING))
        n = self.seat.n
        data = {"seat": self.my_seat, "n": n, "action": codec.encode(action)}
        self.pending = Pending(action, n, self.client.send("act", data))
        return []

    def _settle(self) -> None:
        """The pending move landed (its update is in: the view moved past it), or the
        server refused it (the reason goes to the table)."""
        pending = self.pending
        if pending is None:
            return
        if self.seat.n > pending.n:
            self.pending = None  # landed (an update, or a rejoin's view that includes it)
            return
        if not pending.reply.done():
            return
        reply = pending.reply.result()
        if reply.ok:
            return  # accepted: its update is on the way (it normally comes first)
        self.pending = None
        self._arrivals.refused.append(reply.message or msg(m.NOT_SENT))

    def undo(self) -> None:
        raise IllegalAction(msg(m.NO_UNDO))

    def close(self) -> None:
        """The table closed: drop the connection (the seat waits for a rejoin), unless
        it was handed on (a rematch's waiting room keeps it). A finished game whose record
        has not come yet (the server sends it after the last move: a player who leaves the
        results at once may be quicker) keeps listening for it on a worker thread, for
        ``LATE_RECORD_S`` at most or until the connection goes, then closes."""
        if self.handed_on:
            return
        keep = self.keep_late_record
        waits = self.finished and self.record is None and not self.client.watching
        if keep is None or not waits:  # (a spectator is sent no record)
            self.client.close()
            return
        self.keep_late_record = None  # (once)
        threading.Thread(target=self._wait_for_record, args=(keep,), daemon=True).start()

    def _wait_for_record(self, keep: Callable[[GameRecord], None]) -> None:
        """The late record, read from what is left in the inbox and what still comes."""
        deadline = time.monotonic() + LATE_RECORD_S
        try:
            while (left := deadline - time.monotonic()) > 0:
                try:
                    item = self.client.inbox.get(timeout=left)
                except queue.Empty:
                    return
                if isinstance(item, GameRecord):
                    self.record = item
                    keep(item)
                    return
                if isinstance(item, Connection) and not item.up:
                    return  # gone: a rejoin (Continue) brings the record again
        finally:
            self.client.close()

    handed_on = False

    def hand_on(self) -> None:
        self.handed_on = True

    def play_again(self, app: Any) -> None:
        """The results' Play again: this table's rematch, asked off the UI thread, then
        its waiting room (``scenes/online/rematch.py``; found by name when asked, as the
        app finds the tables: the table's parts never import the menus)."""
        from importlib import import_module

        scene = import_module("game.app.scenes.online.rematch").RematchScene
        app.stack.push(scene(app, self))

    def ask_record(self) -> None:
        """Ask the server for the finished game's record again (it arrives with the
        frames; never waited for)."""
        self.client.ask_record()

    def say(self, text: str) -> Message | None:
        """Send a chat line without waiting (a refusal arrives in ``Arrivals.refused``)."""
        self._said.append(self.client.send("chat", {"text": text}))
        return None

    # -- what arrives -------------------------------------------------------------------

    def incoming(self) -> Arrivals:
        """Everything since the last call (the table calls it once a frame)."""
        if self.handed_on:  # the connection is the rematch's now: nothing more here
            return Arrivals()
        self._take(self.client.poll())
        self._settle()
        for said in [future for future in self._said if future.done()]:
            self._said.remove(said)
            reply = said.result()
            if not reply.ok:
                self._arrivals.refused.append(reply.message or msg(m.NOT_SENT))
        arrivals, self._arrivals = self._arrivals, Arrivals()
        return arrivals

    def _take(self, items: list[Incoming]) -> None:
        for item in items:
            events = self.seat.feed(item)
            if isinstance(item, Updated | Synced) and events:
                self._arrivals.moves.append(events)
                self.moves.append(events)
                self._changed()
            elif isinstance(item, Notice):
                if self._worth_showing(item.message):
                    self._arrivals.notices.append(item.message)
                    self._last_notice = (item.message, len(self.moves))
            elif isinstance(item, ChatLine):
                self._arrivals.chat.append(item)
            elif isinstance(item, Connection):
                self._arrivals.connected = item.up
                self._arrivals.lost = self._arrivals.lost or not item.up
                if item.up:
                    self.reconnecting = None
            elif isinstance(item, Reconnecting):
                self._arrivals.reconnecting = self.reconnecting = item
                self.reconnecting_at = time.monotonic()
            elif isinstance(item, GameRecord) and (self.record is None or not self.record.saved):
                self._arrivals.record = self.record = item  # (a good one is kept once)

    def _worth_showing(self, message: Message) -> bool:
        """Not this seat's own drop or return (its player has the banner: "Bob has lost
        the connection" in Bob's own log was wrong), nor the same notice again with no
        move between (two rejoins of one seat, two frames of one event)."""
        if message.key in OWN_CONNECTION:
            try:
                if message.value("player") == SeatParam(self.my_seat):
                    return False
            except KeyError:
                pass
        return self._last_notice != (message, len(self.moves))

    def resume_record(self) -> dict[str, Any]:
        """What the app keeps beside its saves to rejoin this seat later (Continue)."""
        client = self.client
        record = {
            "url": client.url,
            "code": client.code,
            "seat": client.seat,
            "credential": client.credential,
            "game": client.game_id,
        }
        if client.host_secret:  # this app created the table: its host controls come back
            record["host"] = client.host_secret
        return record

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change(self)
