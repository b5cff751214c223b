"""One authoritative table: the only full state, its seats and who holds them, and what
each seat is sent. No network here: the lobby hands it parsed requests and sends what it
returns, so tests drive a table directly too.

A seat is a human's (open until someone joins it, then held by a secret credential) or an
AI level's. A human who drops keeps the seat; after the table's grace period a Normal bot
plays it (``ai``) until they rejoin with the credential. Each seat is sent only
``view(state, seat)``, the legal moves when it is to act, and the events ``events_for``
lets it see.
"""

from __future__ import annotations

import contextlib
import logging
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from game.ai.base import LEVELS, NORMAL, Bot
from game.ai.registry import make_bot
from game.ai.seat import TableHistory
from game.engine import codec
from game.engine.actions import Action
from game.engine.errors import IllegalAction
from game.engine.events import Event, events_for
from game.engine.messages import Message, Seat, msg
from game.engine.options import options_from_dict
from game.games.registry import get_game
from game.net import messages as m
from game.net.protocol import CODE_ALPHABET, CODE_LENGTH, Refusal
from game.net.store import StoredTable, TableMoved, TableStore, WriteFailed, digest
from game.net.turn_timer import OFF, TimerSetting, TurnClock
from game.net.wire import encode, encode_event, encode_events
from game.persist.savedgame import HUMAN

WAITING, PLAYING, OVER = "waiting", "playing", "over"

log = logging.getLogger("game.net")


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def new_secret() -> str:
    return secrets.token_urlsafe(24)


def _events_json(events: list[Event], seat: int, shared: dict[tuple[int, bool], Any]) -> list:
    """``events`` as ``seat`` may see them, encoded. Each event is encoded once a move,
    not once a seat: ``shared`` holds event ``i`` as it is and as a seat it is hidden from
    (``events_for`` hides a card the same way from every seat but its owner)."""
    seen = []
    for index, event in enumerate(events_for(events, seat)):
        key = (index, event is events[index])
        if key not in shared:
            shared[key] = encode_event(event)
        seen.append(shared[key])
    return seen


@dataclass(frozen=True)
class Send:
    """One frame to emit: ``to`` is a connection id, or the table's code for everyone."""

    to: str
    event: str
    data: dict[str, Any]


@dataclass
class TableSeat:
    name: str
    kind: str  # HUMAN or an AI level
    credential: str = ""  # digest of the holder's secret; "" while the seat is open
    sid: str | None = None  # the connection holding it now
    dropped_at: float | None = None
    ai: bool = False  # a Normal bot plays this human's seat until they return
    host: bool = False  # the creator's seat: it may take other seats from the table
    away: bool = False  # its time ran out three times in a row (turn_timer.py)
    kept: bool = False  # a rematch keeps this open seat for the last game's player (its name)

    @property
    def open(self) -> bool:
        return self.kind == HUMAN and not self.credential

    @property
    def bot_plays(self) -> bool:
        return self.kind != HUMAN or self.ai

    def stored(self) -> dict[str, Any]:
        kept: dict[str, Any] = {"name": self.name, "kind": self.kind}
        kept["credential"] = self.credential
        kept |= {"host": True} if self.host else {}
        kept |= {"kept": True} if self.kept else {}
        return kept | {"away": True} if self.away else kept

    def public(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "kind": self.kind,
            "open": self.open,
            "connected": self.sid is not None,
            "ai": self.ai,
            "away": self.away,
            "kept": self.kept and self.open,
        }


class Table:
    def __init__(
        self,
        code: str,
        game_id: str,
        options: Any,
        seed: int,
        seats: list[TableSeat],
        grace: float,
        host: str,
        store: TableStore | None = None,
        public: bool = False,
        timer: TimerSetting = OFF,
    ) -> None:
        self.code, self.game_id, self.options, self.seed = code, game_id, options, seed
        self.public = public  # listed on the server while it waits (public_tables.py)
        self.info = get_game(game_id)
        self.rules = self.info.rules
        self.seats, self.grace, self.host, self.store = seats, grace, host, store
        self.phase = WAITING
        self.state: Any = None
        self.log: list[Action] = []
        self.history = TableHistory(len(seats))
        self.bots: dict[int, Bot] = {}
        # A move the rules accepted that the store could not write (a full disk): the
        # table waits, nobody hears of it, and ``retry_save`` tries again.
        self.unsaved: tuple[Action, Any, list[Event]] | None = None
        self.record: dict[str, Any] | None = None  # the game's record, once over (record.py)
        self.record_asks: dict[str, int] = {}  # connection -> times it asked for it
        # While spectators watch (spectators.py): their one public frame of each move's
        # events (None: the deal began, a whole sync), sent beside the seats' frames.
        self.audience: Callable[[Table, Sequence[Event] | None], list[Send]] | None = None
        self.watchers = 0  # how many watch (spectators.py keeps it): the lobby frame says
        self.turns = TurnClock(timer)  # the turn timer (off by default)

    # -- building and restoring ------------------------------------------------------

    def save_new(self) -> None:
        """Store the new table; Refusal (net.cannot_save) when the store cannot."""
        if self.store is None:
            return
        try:
            self.store.create(
                StoredTable(
                    self.code,
                    self.game_id,
                    codec.encode(self.options),
                    self.seed,
                    self.grace,
                    self.host,
                    self.phase,
                    [seat.stored() for seat in self.seats],
                    [],
                    self.public,
                    self.turns.setting.stored(),
                )
            )
        except WriteFailed as error:
            log.error("table %s not created: the store cannot write (%s)", self.code, error)
            raise Refusal(msg(m.CANNOT_SAVE)) from None

    @classmethod
    def restore(cls, stored: StoredTable, store: TableStore) -> Table:
        """A stored table, its log replayed through the rules (ValueError if it does not)."""
        info = get_game(stored.game)
        options = options_from_dict(info.options_type, stored.options)
        seats = [
            TableSeat(s["name"], s["kind"], s["credential"], host=s.get("host") is True)
            for s in stored.seats
        ]
        for seat, kept in zip(seats, stored.seats, strict=True):
            seat.away = kept.get("away") is True
            seat.kept = kept.get("kept") is True
        for seat in seats:  # a kind no bot plays would fail the table's bots for ever
            if seat.kind != HUMAN and seat.kind not in LEVELS:
                raise ValueError(f"a seat of kind {str(seat.kind)[:20]!r}")
            if not isinstance(seat.name, str) or not isinstance(seat.credential, str):
                raise ValueError("a seat's name or credential is not text")
        timer = TimerSetting.from_stored(stored.settings)
        table = cls(
            stored.code,
            info.id,
            options,
            stored.seed,
            seats,
            stored.grace,
            stored.host,
            store,
            stored.public,
            timer,
        )
        if stored.phase != WAITING:
            table._deal()
            for number, action in enumerate(stored.log, 1):
                try:
                    state, events = table.rules.apply(table.state, action)
                except IllegalAction as error:
                    raise ValueError(f"table {stored.code}: move {number} fails: {error}") from None
                table._record(action, state, events)
        for seat in seats:  # nobody is connected after a restart: the grace starts now
            if seat.kind == HUMAN and seat.credential:
                seat.dropped_at = 0.0
        return table

    def _deal(self) -> None:
        self.state, opening = self.rules.start(self.options, self.seed)
        self.history.record(opening)
        self.phase = OVER if self.rules.finished(self.state) else PLAYING

    def _record(self, action: Action, state: Any, events: list[Event]) -> None:
        self.state = state
        self.log.append(action)
        players = len(self.rules.results(state).scores)
        while len(self.seats) < players:  # joined between rounds (Indian Rummy): no one
            number = len(self.seats)  # is connected there, so the computer plays it
            self.seats.append(TableSeat(f"AI {number + 1}", NORMAL))
            self.history.seats.append([])  # it saw nothing before it sat down
        self.history.record(events)
        if self.rules.finished(state):
            self.phase = OVER
        self.turns.follow(self, events)  # a new turn starts its time

    # -- seats ------------------------------------------------------------------------

    def seat_of(self, sid: str) -> int | None:
        for number, seat in enumerate(self.seats):
            if seat.sid == sid:
                return number
        return None

    def names(self) -> list[str]:
        return [seat.name for seat in self.seats]

    def lobby(self) -> Send:
        data = {
            "code": self.code,
            "game": self.game_id,
            "phase": self.phase,
            "grace": self.grace,
            **self.turns.setting.public(),
            "seats": [seat.public() for seat in self.seats],
        }
        if self.watchers:  # absent while nobody watches (the frame older clients know)
            data["watching"] = self.watchers
        return Send(self.code, "lobby", data)

    def notice(self, message: Message) -> Send:
        return Send(self.code, "notice", {"message": codec.encode(message)})

    def hold_for_players(self, held: list[bool]) -> None:
        """A rematch's open seats wait for the last game's players (shown by name)."""
        for seat, hold in zip(self.seats, held, strict=True):
            seat.kept = hold
        self.keep_seats()

    def _save_seats(self, phase: str | None = None) -> None:
        """Store the seats (and the phase); Refusal (net.cannot_save) when it cannot."""
        if self.store is None:
            return
        try:
            self.store.seats(self.code, [seat.stored() for seat in self.seats], phase)
        except WriteFailed as error:
            log.error("table %s: the store cannot write its seats (%s)", self.code, error)
            raise Refusal(msg(m.CANNOT_SAVE)) from None

    def keep_seats(self) -> None:
        """Store the seats after a change nobody asked for (a seat gone away): a write
        that fails is logged, and the next change of the seats writes them again."""
        with contextlib.suppress(Refusal):
            self._save_seats()

    def take(self, sid: str, number: int, name: str) -> str:
        """Give open seat ``number`` to ``name`` on connection ``sid``; its secret (the
        seat stays open, Refusal, if the store cannot write it)."""
        seat = self.seats[number]
        before = (seat.name, seat.credential, seat.sid, seat.dropped_at)
        secret = new_secret()
        seat.name, seat.credential, seat.sid, seat.dropped_at = name, digest(secret), sid, None
        try:
            self._save_seats()
        except Refusal:
            seat.name, seat.credential, seat.sid, seat.dropped_at = before
            raise
        return secret

    def seat_to_join(self, number: int | None) -> int:
        """The seat a join for ``number`` (None: any open one) would take; Refusal, with
        nothing changed, when there is none."""
        if self.phase == OVER:
            raise Refusal(msg(m.TABLE_OVER))
        if self.phase != WAITING:
            raise Refusal(msg(m.ALREADY_STARTED))
        if number is None:
            number = next((i for i, seat in enumerate(self.seats) if seat.open), None)
            if number is None:
                raise Refusal(msg(m.TABLE_FULL))
        elif number >= len(self.seats):
            raise Refusal(msg(m.NO_SEAT))
        elif not self.seats[number].open:
            raise Refusal(msg(m.SEAT_TAKEN))
        return number

    def join(self, sid: str, name: str, number: int | None) -> tuple[int, str, list[Send]]:
        number = self.seat_to_join(number)
        secret = self.take(sid, number, name)
        return (
            number,
            secret,
            [self.lobby(), self.notice(msg(m.PLAYER_JOINED, player=Seat(number)))],
        )

    def check_credential(self, number: int, secret: str) -> None:
        """Refusal unless ``secret`` is the credential of human seat ``number``."""
        if number >= len(self.seats):
            raise Refusal(msg(m.NO_SEAT))
        seat = self.seats[number]
        if (
            seat.open
            or seat.kind != HUMAN
            or not secrets.compare_digest(seat.credential, digest(secret))
        ):
            raise Refusal(msg(m.BAD_CREDENTIAL))

    def rejoin(self, sid: str, number: int, secret: str) -> list[Send]:
        self.check_credential(number, secret)
        seat = self.seats[number]
        sends = []
        if seat.sid is not None and seat.sid != sid:  # the old connection is dead or stale
            sends.append(Send(seat.sid, "notice", {"message": codec.encode(msg(m.BAD_CREDENTIAL))}))
        returned = seat.ai or seat.dropped_at is not None
        seat.sid, seat.dropped_at, seat.ai = sid, None, False
        self.bots.pop(number, None)
        sends.append(self.lobby())
        if self.phase != WAITING:
            sends.append(self.sync(number))
            sends += self.turns.frames(self, to=sid)
        if self.unsaved is not None:  # the table is waiting for its store: say so
            sends.append(Send(sid, "notice", {"message": codec.encode(msg(m.CANNOT_SAVE))}))
        if returned and self.phase == PLAYING:
            sends.append(self.notice(msg(m.PLAYER_BACK, player=Seat(number))))
        return sends + self._record_sends(number)

    def drop(self, sid: str, now: float) -> list[Send]:
        """Connection ``sid`` is gone: its seat waits for the player (grace period)."""
        held = [number for number, seat in enumerate(self.seats) if seat.sid == sid]
        if not held:
            return []
        sends = []
        for number in held:  # one at most; all, should a bug ever give it two
            seat = self.seats[number]
            seat.sid, seat.dropped_at = None, now
            if self.phase == PLAYING:
                grace = round(self.grace)
                sends.append(self.notice(msg(m.PLAYER_LEFT, player=Seat(number), grace=grace)))
        return [self.lobby(), *sends]

    def take_over(self, number: int, now: float) -> list[Send]:
        """Normal plays a human's seat whose player has been away for the grace period."""
        seat = self.seats[number]
        if self.phase != PLAYING or seat.kind != HUMAN or seat.sid is not None or seat.ai:
            return []
        if seat.dropped_at is None or now - seat.dropped_at < self.grace:
            return []
        seat.ai = True
        return [self.lobby(), self.notice(msg(m.AI_TAKES_OVER, player=Seat(number)))]

    def start(self, secret: str) -> list[Send]:
        if not secrets.compare_digest(self.host, digest(secret)):
            raise Refusal(msg(m.NOT_HOST))
        return self.begin()

    def begin(self) -> list[Send]:
        """Deal (the host's Start, or a rematch once every player is back)."""
        if self.phase != WAITING:
            raise Refusal(msg(m.ALREADY_STARTED))
        before = [(seat.kind, seat.name) for seat in self.seats]
        for number, seat in enumerate(self.seats):
            if seat.open:  # nobody came: the computer plays it
                seat.kind, seat.name = NORMAL, f"AI {number + 1}"
        self._deal()
        try:
            self._save_seats(self.phase)
        except Refusal:  # not started: the seats stay open, as the lobby shows them
            for seat, (kind, name) in zip(self.seats, before, strict=True):
                seat.kind, seat.name = kind, name
            self.state, self.phase = None, WAITING
            self.history = TableHistory(len(self.seats))
            raise
        sends = [self.lobby(), self.notice(msg(m.TABLE_STARTED))]
        sends += [self.sync(n) for n, seat in enumerate(self.seats) if seat.sid is not None]
        if self.audience is not None:
            sends += self.audience(self, None)
        self.turns.follow(self)
        return sends + self.turns.frames(self)

    # -- what a seat is sent ------------------------------------------------------------

    def may_make(self, number: int, action: Action) -> bool:
        """Whether seat ``number`` may make ``action`` at this table. The rules let the
        seat to act take anyone from an Indian Rummy table between rounds (one screen,
        one group of friends); here a human's seat leaves only by its own player or by
        the host (a computer's seat by whoever is to act)."""
        leaving = self.info.leaving_seat(action)
        if leaving is None or leaving == number:
            return True
        if not 0 <= leaving < len(self.seats):
            return True  # no such seat: the rules refuse it
        mover = self.seats[number]
        return self.seats[leaving].kind != HUMAN or (mover.host and not mover.bot_plays)

    def legal_for(self, number: int) -> list[Action]:
        return [a for a in self.rules.legal_actions(self.state) if self.may_make(number, a)]

    def _legal(self, number: int) -> list[Any]:
        if self.phase != PLAYING or self.rules.to_act(self.state) != number:
            return []
        legal: list[Any] = encode(self.legal_for(number))
        return legal

    def sync(self, number: int) -> Send:
        """Everything a (re)joining seat needs: its view, legal moves and history."""
        seat = self.seats[number]
        data = {
            "code": self.code,
            "game": self.game_id,
            "seat": number,
            "n": len(self.log),
            "phase": self.phase,
            "names": self.names(),
            "view": encode(self.rules.view(self.state, number)),
            "legal": self._legal(number),
            "history": encode_events(self.history.for_seat(number)),
        }
        return Send(seat.sid or "", "sync", data)

    def _updates(self, events: Sequence[Event]) -> list[Send]:
        sends = []
        events = list(events)
        shared: dict[tuple[int, bool], Any] = {}
        for number, seat in enumerate(self.seats):
            if seat.sid is None:
                continue
            data = {
                "n": len(self.log),
                "phase": self.phase,
                "events": _events_json(events, number, shared),
                "view": encode(self.rules.view(self.state, number)),
                "legal": self._legal(number),
            }
            sends.append(Send(seat.sid, "update", data))
        if self.audience is not None:
            sends += self.audience(self, events)
        return sends + self.turns.frames(self)

    # -- moves ------------------------------------------------------------------------

    def act(self, sid: str, number: int, n: int, action: Action) -> list[Send]:
        """A player's move for its own seat; Refusal (nothing changed) when it may not."""
        own = self.seat_of(sid)
        if own is None:
            raise Refusal(msg(m.NOT_SEATED))
        if own != number:
            raise Refusal(msg(m.NOT_YOUR_SEAT), strike=True)
        if self.phase == WAITING:
            raise Refusal(msg(m.NOT_STARTED))
        if self.unsaved is not None:
            raise Refusal(msg(m.CANNOT_SAVE))
        if n != len(self.log):
            raise Refusal(msg(m.STALE))
        if self.rules.to_act(self.state) != number or self.seats[number].ai:
            raise Refusal(msg(m.NOT_YOUR_TURN))
        if self.turns.covering(number):
            raise Refusal(msg(m.TIME_UP))
        if not self.may_make(number, action):
            raise Refusal(msg(m.NOT_YOUR_LEAVE))  # a screen may offer it: no strike
        sends = self._apply(action)
        return sends + self.turns.acted(self, number)  # (an away player is back)

    def bot_to_act(self) -> int | None:
        """The seat whose bot must move now, if any."""
        if self.phase != PLAYING or self.unsaved is not None:
            return None
        seat = self.rules.to_act(self.state)
        if seat is None:
            return None
        return seat if self.seats[seat].bot_plays or self.turns.covering(seat) else None

    def bot_inputs(self, number: int) -> tuple[Bot, Any, list[Action], list[Event]]:
        """The bot of ``number`` and what it may see (never the state)."""
        bot = self.bots.get(number)
        if bot is None:
            seat = self.seats[number]
            level = NORMAL if seat.kind == HUMAN else seat.kind
            bot = self.bots[number] = make_bot(self.game_id, level, self.seed, number)
        view = self.rules.view(self.state, number)
        return bot, view, self.legal_for(number), self.history.for_seat(number)

    def bot_act(self, number: int, n: int, action: Action) -> list[Send]:
        """The bot's move, if the table is still where the bot looked."""
        if n != len(self.log) or self.bot_to_act() != number:
            return []
        return self._apply(action)

    def _apply(self, action: Action) -> list[Send]:
        try:
            state, events = self.rules.apply(self.state, action)
        except IllegalAction as error:
            raise Refusal(error.message) from None
        except Exception as error:  # an action so wrong the rules cannot judge it
            raise Refusal(msg(m.BAD_FRAME, why=type(error).__name__), strike=True) from None
        if self.store is not None:  # stored before anyone hears of it
            try:
                self._store_move(action, state)
            except TableMoved:  # another process serves it now: the move was not made
                raise Refusal(msg(m.MOVED)) from None
            except WriteFailed as error:
                log.error("table %s waits: the store cannot write (%s)", self.code, error)
                self.unsaved = (action, state, events)
                return [self.notice(msg(m.CANNOT_SAVE))]
        self._record(action, state, events)
        return self._updates(events) + self._record_sends()

    def _record_sends(self, seat: int | None = None) -> list[Send]:
        """Once the game is over, its record for the players (never before: record.py)."""
        if self.phase != OVER:
            return []
        from game.net.record import record_sends

        return record_sends(self, seat)

    def _store_move(self, action: Action, state: Any) -> None:
        assert self.store is not None
        self.store.append(
            self.code, len(self.log), action, OVER if self.rules.finished(state) else None
        )

    def retry_save(self) -> list[Send]:
        """Try the waiting move's write again; when it goes through, the table goes on
        (everyone hears the move, and that the table saves again)."""
        if self.unsaved is None:
            return []
        action, state, events = self.unsaved
        try:
            self._store_move(action, state)
        except WriteFailed:
            return []
        log.info("table %s saves again: the game goes on", self.code)
        self.unsaved = None
        self._record(action, state, events)
        return [self.notice(msg(m.SAVING_AGAIN)), *self._updates(events), *self._record_sends()]
