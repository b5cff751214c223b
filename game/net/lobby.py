"""Every table of one server, and which connection sits where. It turns a parsed request
into the acknowledgement and the frames to send; the server only moves frames.
"""

from __future__ import annotations

import logging
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game.engine import codec
from game.engine.messages import msg
from game.net import messages as m
from game.net import protocol as p
from game.net.store import DamagedTable, TableStore, WriteFailed, digest
from game.net.tables import OVER, WAITING, Send, Table, TableSeat, new_code, new_secret
from game.net.turn_timer import TimerSetting
from game.persist.savedgame import HUMAN, DefaultName

log = logging.getLogger("game.net")


@dataclass
class Outcome:
    reply: dict[str, Any]
    sends: list[Send] = field(default_factory=list)
    room: str | None = None  # the table room the connection now belongs to
    left: str | None = None  # the table room it leaves
    # other connections that lose their seat (taken over by a rejoin elsewhere) and the
    # table room each must leave: they hear no more of that table
    evicted: list[tuple[str, str]] = field(default_factory=list)


KEEP_FINISHED = 600.0  # seconds a finished table stays in memory (then only in the store)


class Lobby:
    def __init__(
        self,
        store: TableStore | None = None,
        clock: Callable[[], float] = time.monotonic,
        keep_finished: float = KEEP_FINISHED,
        test_seeds: bool = False,
        test_timer: float | None = None,
    ):
        self.store, self.clock = store, clock
        self.keep_finished = keep_finished
        # Whoever knows the seed knows every hidden card: only a test server (``serve
        # --test-seeds``) deals a seed a client chose, to compare with a local game.
        self.test_seeds = test_seeds
        # A test server (``serve --test-timer``) runs every turn timer this short.
        self.test_timer = test_timer
        self.tables: dict[str, Table] = {}
        self.where: dict[str, str] = {}  # connection id -> table code
        self.over_at: dict[str, float] = {}  # finished tables: when they were seen over
        self.draining = False  # the server is stopping: no new tables
        self.rematches: dict[str, str] = {}  # a finished table's code -> its rematch's
        self.opened_at: dict[str, float] = {}  # when each table was created or restored

    def restore(self) -> int:
        """Load every table still waiting or under way (a damaged one is logged and left
        out; a finished one stays in the store only); how many."""
        if self.store is None:
            return 0
        for stored in self.store.load():
            if isinstance(stored, DamagedTable):
                why = " ".join(stored.why.split())
                log.error("table %s set aside (damaged in the store): %s", stored.code, why)
                continue
            if stored.phase == OVER or not self.store.claim(stored.code):
                continue
            try:
                table = Table.restore(stored, self.store)
            except Exception as error:  # whatever is wrong with one table, the others load
                why = " ".join(str(error).split())[:200]  # one line per table
                log.error("table %s set aside (does not replay): %s", stored.code, why)
                continue
            for seat in table.seats:
                if seat.dropped_at is not None:
                    seat.dropped_at = self.clock()
            self.tables[table.code] = table
            self.opened_at[table.code] = self.clock()
        return len(self.tables)

    def table_of(self, sid: str) -> Table:
        code = self.where.get(sid)
        if code is None or code not in self.tables:
            raise p.Refusal(msg(m.NOT_SEATED))
        return self.tables[code]

    def _table(self, code: str) -> Table:
        table = self.tables.get(code)
        if table is None:
            raise p.Refusal(msg(m.NO_TABLE))
        return table

    def handle(self, sid: str, request: p.Request) -> Outcome:
        """Act on one valid request; Refusal when the table says no."""
        if isinstance(request, p.Create):
            return self._create(sid, request)
        # One connection holds at most one seat at one table: taking a seat lets go of
        # the one it held (which then waits for its player, as after a lost connection).
        if isinstance(request, p.Join):
            table = self._table(request.code)
            table.seat_to_join(request.seat)  # a refused join keeps the seat it has
            old = self.where.get(sid)
            sends = self._unbind(sid)
            seat, secret, joined = table.join(sid, request.name, request.seat)
            self.where[sid] = table.code
            reply = {"ok": True, "code": table.code, "game": table.game_id, "seat": seat}
            reply["credential"] = secret
            return Outcome(reply, sends + joined, room=table.code, left=self._other(old, table))
        if isinstance(request, p.Rejoin):
            table = self._table(request.code)
            table.check_credential(request.seat, request.credential)  # refused: no change
            old = self.where.get(sid)
            sends = []
            if old != table.code or table.seat_of(sid) != request.seat:
                sends = self._unbind(sid)
            holder = table.seats[request.seat].sid
            sends += table.rejoin(sid, request.seat, request.credential)
            evicted = []
            if holder is not None and holder != sid:  # displaced: it leaves the table
                self.where.pop(holder, None)
                evicted.append((holder, table.code))
            self.where[sid] = table.code
            reply = {"ok": True, "code": table.code, "game": table.game_id, "seat": request.seat}
            return Outcome(reply, sends, table.code, self._other(old, table), evicted)
        if isinstance(request, p.Start):
            table = self._table(request.code)
            return Outcome({"ok": True}, table.start(request.host), room=None)
        if isinstance(request, p.Act):
            table = self.table_of(sid)
            sends = table.act(sid, request.seat, request.n, request.action)
            return Outcome({"ok": True, "n": len(table.log)}, sends)
        if isinstance(request, p.Chat):
            table = self.table_of(sid)
            line = {"seat": table.seat_of(sid), "text": request.text}
            return Outcome({"ok": True}, [Send(table.code, "chat", line)])
        if isinstance(request, p.Leave):
            code = self.where.get(sid)
            return Outcome({"ok": True}, self._unbind(sid), left=code)
        if isinstance(request, p.Rematch):
            from game.net.rematch import rematch

            return rematch(self, sid)
        if isinstance(request, p.AskRecord):
            from game.net.record import asked

            return asked(self, sid)
        if isinstance(request, p.Back):
            table = self.table_of(sid)
            number = table.seat_of(sid)
            sends = [] if number is None else table.turns.acted(table, number)
            return Outcome({"ok": True}, sends)
        if isinstance(request, p.Remove | p.Close):
            from game.net import host_controls

            if isinstance(request, p.Remove):
                return host_controls.remove(self, sid, request.seat)
            return host_controls.close(self, sid)
        raise p.Refusal(msg(m.NO_UNDO))

    def _create(self, sid: str, request: p.Create) -> Outcome:
        if request.seed is not None and not self.test_seeds:
            raise p.Refusal(msg(m.SEED_REFUSED))
        if self.draining:
            raise p.Refusal(msg(m.DRAINING))
        code = new_code()
        while code in self.tables:
            code = new_code()
        host = new_secret()
        seats = []
        for number, plan in enumerate(request.seats):
            if plan.kind in (p.YOU, p.OPEN):
                seats.append(TableSeat(plan.name or DefaultName(number + 1).text, HUMAN))
            else:
                seats.append(TableSeat(plan.name or f"AI {number + 1}", plan.kind))
        seed = request.seed if request.seed is not None else secrets.randbelow(codec.MAX_INT)
        table = Table(
            code,
            request.game,
            request.options,
            seed,
            seats,
            request.grace,
            digest(host),
            self.store,
            request.public,
            TimerSetting(request.timer, request.on_timeout, self.test_timer or request.timer),
        )
        table.save_new()
        self.tables[code] = table
        self.opened_at[code] = self.clock()
        reply: dict[str, Any] = {"ok": True, "code": code, "host": host}
        mine = next((i for i, plan in enumerate(request.seats) if plan.kind == p.YOU), None)
        sends, left = [], None
        if mine is not None:
            left = self.where.get(sid)
            sends = self._unbind(sid)
            table.seats[mine].host = True
            reply |= {"seat": mine, "credential": table.take(sid, mine, request.name)}
            self.where[sid] = code
        room = code if mine is not None else None
        return Outcome(reply, [*sends, table.lobby()], room=room, left=left)

    @staticmethod
    def _other(old: str | None, table: Table) -> str | None:
        """The room a connection leaves when it sits down at ``table`` (none if it was there)."""
        return old if old is not None and old != table.code else None

    def _unbind(self, sid: str) -> list[Send]:
        code = self.where.pop(sid, None)
        table = self.tables.get(code) if code is not None else None
        return [] if table is None else table.drop(sid, self.clock())

    def disconnect(self, sid: str) -> list[Send]:
        sends = self._unbind(sid)
        # A stopping server closes every connection: their drops are no news (each
        # client was told the server is going; the seats still wait for their players).
        return [] if self.draining else sends

    def evict_finished(self) -> list[str]:
        """Forget the tables finished ``keep_finished`` seconds ago (their players have
        seen the results; the store keeps them); their codes. A rejoin then hears
        ``net.no_table``, and the app retires its record."""
        now = self.clock()
        gone = []
        for code, table in list(self.tables.items()):
            if table.phase != OVER:
                continue
            since = self.over_at.setdefault(code, now)
            if now - since >= self.keep_finished:
                del self.tables[code]
                del self.over_at[code]
                self.opened_at.pop(code, None)
                gone.append(code)
        if gone:
            for sid in [sid for sid, code in self.where.items() if code in gone]:
                del self.where[sid]
        return gone

    def retry_saves(self) -> list[Send]:
        """Each table waiting for the store tries its write again."""
        sends: list[Send] = []
        for table in self.tables.values():
            if table.unsaved is not None:
                sends += table.retry_save()
        return sends

    def waiting(self) -> int:
        return sum(table.phase == WAITING for table in self.tables.values())

    def evict_waiting(self, most: int, idle: float) -> list[str]:
        """Forget the waiting tables nobody is connected to that were opened ``idle``
        seconds ago, then the oldest such ones while more than ``most`` wait (a waiting
        table holds nothing of value: it leaves the store too); their codes."""
        now = self.clock()
        present = set(self.where.values())
        empty = [
            code
            for code, table in self.tables.items()
            if table.phase == WAITING
            and code not in present
            and all(seat.sid is None for seat in table.seats)
        ]
        empty.sort(key=lambda code: self.opened_at.get(code, now))
        excess = self.waiting() - most
        gone = [
            code
            for index, code in enumerate(empty)
            if index < excess or now - self.opened_at.get(code, now) >= idle
        ]
        for code in gone:
            del self.tables[code]
            self.opened_at.pop(code, None)
            if self.store is not None:  # set aside for good: never restored or joined
                try:
                    self.store.phase(code, OVER)
                except WriteFailed as error:  # kept as waiting: a restart evicts it again
                    log.warning("table %s evicted; its end not stored (%s)", code, error)
        return gone

    def takeovers(self) -> list[Send]:
        """Seats whose grace period has run out go to the computer."""
        now = self.clock()
        sends: list[Send] = []
        for table in self.tables.values():
            for number in range(len(table.seats)):
                sends += table.take_over(number, now)
        return sends
