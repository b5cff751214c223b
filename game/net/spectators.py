"""Spectators: connections watching a table without a seat (issue 25, "watch a table").

A spectator is sent what anyone at the table may see and nothing more: the table's
lobby, notices and chat (the frames sent to the table's code reach its spectators'
room too), and for each move one public frame, the rules' ``public_view`` and the
move's events for ``PUBLIC`` (``events_for``, the one privacy filter), encoded once for
all of them and sent to their room (``watch:CODE``). They are never seats: no
credential, no move (``net.watching_only``), caps of their own per table and per
address (``Limits.spectators_per_table``, ``spectators_per_address``), and their frames
pass the same rate limit as everyone's. A spectator's chat line carries its name as a
``watcher`` and no seat, so every screen marks it as a spectator's.

Taking a seat (``sit``): a free seat while the table waits (the lobby's join), or, once
dealt, a computer's seat at a moment the game lets a new player in
(``GameInfo.takes_new_player``: between deals, between Indian Rummy's rounds; never in
Laugh and Lie Down). So that such a moment can be caught, the computer waits
``window`` seconds there while someone watches (``hold``) before it deals on.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from game.engine import codec
from game.engine.events import PUBLIC, Event, events_for
from game.engine.messages import Seat, msg
from game.net import messages as m
from game.net import protocol as p
from game.net import watch_messages as w
from game.net.limits import Limits
from game.net.lobby import Lobby, Outcome
from game.net.tables import OVER, PLAYING, WAITING, Send, Table
from game.net.wire import encode, encode_events
from game.persist.savedgame import HUMAN

WATCH_ROOM = "watch:"  # + a table's code: the room of its spectators
SIT_WINDOW = 15.0  # seconds the computer waits at a break while someone may sit down
# What a spectator may not do: it holds no seat (a Start carries the host's secret, and
# a Join or Rejoin lets go of watching: see ``settle``).
SEATS_ONLY = (p.Act, p.Undo, p.Rematch, p.Remove, p.Close)


@dataclass
class Spectator:
    code: str  # the table watched
    name: str
    address: str


def room(code: str) -> str:
    return WATCH_ROOM + code


class Spectators:
    """Every spectator of one server process and the table each watches."""

    def __init__(self, limits: Limits, window: float = SIT_WINDOW) -> None:
        self.limits, self.window = limits, window
        self.watching: dict[str, Spectator] = {}  # connection id -> what it watches
        self._breaks: dict[str, tuple[int, float]] = {}  # table -> (move count, since)

    def at(self, code: str) -> list[str]:
        return [sid for sid, spectator in self.watching.items() if spectator.code == code]

    # -- requests -----------------------------------------------------------------------

    def handle(self, lobby: Lobby, sid: str, address: str, request: p.Request) -> Outcome | None:
        """The outcome of a spectator's request (None: not a spectator's matter)."""
        if isinstance(request, p.Watch):
            return self.watch(lobby, sid, address, request)
        if isinstance(request, p.Sit):
            return self.sit(lobby, sid, request)
        spectator = self.watching.get(sid)
        if spectator is None:
            return None
        if isinstance(request, SEATS_ONLY):
            raise p.Refusal(msg(w.WATCHING_ONLY))
        if isinstance(request, p.Chat):
            line = {"seat": None, "text": request.text, "watcher": spectator.name}
            return Outcome({"ok": True}, [Send(spectator.code, "chat", line)])
        if isinstance(request, p.Leave):
            sends = self._forget(lobby, sid)
            return Outcome({"ok": True}, sends, left=room(spectator.code))
        return None

    def watch(self, lobby: Lobby, sid: str, address: str, request: p.Watch) -> Outcome:
        table = lobby.tables.get(request.code)
        if table is None:
            raise p.Refusal(msg(m.NO_TABLE))
        current = self.watching.get(sid)
        if current is None or current.code != table.code:
            most = self.limits.spectators_per_table
            if len(self.at(table.code)) >= most:
                raise p.Refusal(msg(w.TOO_MANY_SPECTATORS, most=most))
            most = self.limits.spectators_per_address
            others = [s for other, s in self.watching.items() if other != sid]
            if sum(s.address == address for s in others) >= most:
                raise p.Refusal(msg(w.SPECTATORS_FROM_ADDRESS, most=most))
        # One connection is at one table: watching lets go of a seat it held (which
        # waits for its player, as after a lost connection) or of another table watched.
        seated = lobby.where.get(sid)
        sends = lobby._unbind(sid)
        evicted = []
        if current is not None and current.code != table.code:
            sends += self._forget(lobby, sid)
            evicted.append((sid, room(current.code)))
        self.watching[sid] = Spectator(table.code, request.name, address)
        table.audience = self.frames
        table.watchers = len(self.at(table.code))
        sends.append(table.lobby())  # to every seat and spectator: one more watches
        if table.phase != WAITING:
            sends.append(Send(sid, "sync", self._sync(table)))
            sends += table.turns.frames(table, to=sid)  # a turn timer's clock, if one runs
        reply = {"ok": True, "code": table.code, "game": table.game_id}
        return Outcome(reply, sends, room=room(table.code), left=seated, evicted=evicted)

    def sit(self, lobby: Lobby, sid: str, request: p.Sit) -> Outcome:
        """Take a seat: a free one while the table waits, a computer's at a break."""
        spectator = self.watching.get(sid)
        if spectator is None:
            raise p.Refusal(msg(w.NOT_WATCHING))
        table = lobby.tables.get(spectator.code)
        if table is None:
            raise p.Refusal(msg(m.NO_TABLE))
        number = request.seat
        if number >= len(table.seats):
            raise p.Refusal(msg(m.NO_SEAT))
        if table.phase == WAITING:
            number, secret, sends = table.join(sid, request.name, number)
        else:
            secret = self._take_computer_seat(table, sid, number, request.name)
            sends = [
                table.lobby(),
                table.notice(msg(w.SPECTATOR_SAT, player=Seat(number))),
                table.sync(number),
            ]
        sends += self._forget(lobby, sid)  # one fewer watches
        lobby.where[sid] = table.code
        reply = {"ok": True, "code": table.code, "game": table.game_id, "seat": number}
        reply["credential"] = secret
        sends += self._public_frames(table)  # the seat is no longer free to the others
        return Outcome(reply, sends, room=table.code, left=room(table.code))

    def _take_computer_seat(self, table: Table, sid: str, number: int, name: str) -> str:
        seat = table.seats[number]
        if table.phase == OVER:
            raise p.Refusal(msg(m.TABLE_OVER))
        if seat.kind == HUMAN:
            raise p.Refusal(msg(m.SEAT_TAKEN))
        allows = table.info.takes_new_player
        if allows is None:
            raise p.Refusal(msg(w.NO_NEW_PLAYERS))
        if not allows(table.state, number) or table.unsaved is not None:
            raise p.Refusal(msg(w.NOT_BETWEEN_DEALS))
        kind, name_before = seat.kind, seat.name
        seat.kind = HUMAN
        try:
            secret = table.take(sid, number, name)
        except p.Refusal:
            seat.kind, seat.name = kind, name_before
            raise
        table.bots.pop(number, None)
        return secret

    def settle(self, lobby: Lobby, sid: str, request: p.Request, outcome: Outcome) -> None:
        """A watching connection that took a seat another way (join, rejoin, create)
        watches no more: it leaves its spectators' room."""
        spectator = self.watching.get(sid)
        if spectator is None or isinstance(request, p.Watch | p.Sit):
            return
        if outcome.reply.get("ok") and lobby.where.get(sid) is not None:
            outcome.sends += self._forget(lobby, sid)
            outcome.evicted.append((sid, room(spectator.code)))

    def drop(self, lobby: Lobby, sid: str) -> list[Send]:
        """The connection is gone (the table is told how many watch now)."""
        if sid in self.watching:
            return self._forget(lobby, sid)
        return []

    def _forget(self, lobby: Lobby, sid: str) -> list[Send]:
        """``sid`` watches no more: the table's lobby frame with the count of those who
        still watch (to every seat and spectator)."""
        spectator = self.watching.pop(sid)
        table = lobby.tables.get(spectator.code)
        if table is None:
            return []
        table.watchers = len(self.at(table.code))
        if not table.watchers:
            table.audience = None  # nobody watches: no public frames to make
        return [table.lobby()]

    def prune(self, lobby: Lobby) -> list[Send]:
        """Spectators of tables that are gone (closed, set aside, forgotten) are told."""
        sends = []
        for sid, spectator in list(self.watching.items()):
            if spectator.code not in lobby.tables:
                del self.watching[sid]
                sends.append(Send(sid, "notice", {"message": codec.encode(msg(w.WATCH_ENDED))}))
        for code in [code for code in self._breaks if code not in lobby.tables]:
            del self._breaks[code]
        return sends

    # -- what they are sent ---------------------------------------------------------------

    def free(self, table: Table) -> list[int]:
        """The seats a spectator may take now."""
        if table.phase == WAITING:
            return [number for number, seat in enumerate(table.seats) if seat.open]
        allows = table.info.takes_new_player
        if table.phase != PLAYING or allows is None or table.unsaved is not None:
            return []
        return [
            number
            for number, seat in enumerate(table.seats)
            if seat.kind != HUMAN and allows(table.state, number)
        ]

    def _public(self, table: Table) -> dict[str, Any]:
        return {
            "n": len(table.log),
            "phase": table.phase,
            "view": encode(table.rules.public_view(table.state)),
            "legal": [],
            "free": self.free(table),
        }

    def _sync(self, table: Table) -> dict[str, Any]:
        """All a spectator may know of a dealt table: its public view and history (every
        seat's record holds every event; blanking it for ``PUBLIC`` hides every card
        that moved face down, whoever's it was)."""
        history = events_for(table.history.for_seat(0), PUBLIC)
        return {
            "code": table.code,
            "game": table.game_id,
            "seat": None,
            "names": table.names(),
            "history": encode_events(history),
        } | self._public(table)

    def frames(self, table: Table, events: Sequence[Event] | None) -> list[Send]:
        """The spectators' frame of one move (``events``), or of the deal (None)."""
        if not self.at(table.code):
            table.audience = None
            return []
        if events is None:
            return [Send(room(table.code), "sync", self._sync(table))]
        data = self._public(table) | {"events": encode_events(events_for(list(events), PUBLIC))}
        return [Send(room(table.code), "update", data)]

    def _public_frames(self, table: Table) -> list[Send]:
        """A sync for the spectators left (the seats they may take changed)."""
        if table.phase == WAITING or not self.at(table.code):
            return []
        return [Send(room(table.code), "sync", self._sync(table))]

    # -- the computer waits at a break ----------------------------------------------------

    def hold(self, table: Table, now: float) -> float:
        """Seconds the computer should wait before moving at ``table``: at a break where
        a spectator may take a computer's seat, ``window`` seconds from the moment the
        table reached it (once per break), so that someone watching can sit down."""
        if not self.window or not self.at(table.code) or not self.free(table):
            return 0.0
        n = len(table.log)
        seen = self._breaks.get(table.code)
        if seen is None or seen[0] != n:
            seen = self._breaks[table.code] = (n, now)
        return max(0.0, self.window - (now - seen[1]))
