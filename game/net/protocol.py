"""The table protocol: the kinds of frames, their limits, and the validation of every
frame a client sends (nothing from the network is trusted).

A frame is one Socket.IO event whose name is its kind and whose single argument is a JSON
object. Each client frame is acknowledged with ``{"ok": true, ...}`` or ``{"ok": false,
"message": <engine Message as codec JSON>}``, so the client renders the refusal in its own
language. Engine values (actions, views, events, messages) travel as engine codec JSON.

Client -> server (acknowledged):
    create  {game, options, seed?, seats: [{kind, name?}], grace?, name, public?, timer?,
             on_timeout?}
            kind: "you" (the creator sits here), "open" (for a friend) or an AI level;
            public: true lists the table while it waits with a free seat (GET /lobby)
            timer: 0 (off), 30, 60 or 120 s a turn; on_timeout: "computer" or "drop"
            -> {code, host, seat?, credential?}
    join    {code, name, seat?}            -> {seat, credential}
    rejoin  {code, seat, credential}       -> {seat}
    start   {code, host}                   (the host's secret from create)
    act     {seat, n, action}              n: the number of moves the client has seen
    chat    {text}
    leave   {}
    undo    {}                             always refused: no undo at a networked table
    rematch {}                             (a finished table) the same seats again
                                           -> {code, seat, credential, game}
    remove  {seat}                         (the host's seat) that seat's player leaves;
                                           the computer plays it (waiting: it opens)
    close   {}                             (the host's seat) the table ends for everyone
    record  {}                             (a finished table) its record again
                                           -> {code, record}; refused while it goes on
    watch   {code, name}                   a spectator: the public view (spectators.py)
                                           -> {code, game}
    sit     {seat, name}                   (a spectator) take a free seat, or a computer's
                                           between deals where the game allows -> as join
    back    {}                             an away seat's player is back (turn_timer.py)
Server -> client:
    lobby   {code, game, phase, grace, timer, on_timeout,
             seats: [{name, kind, connected, ai, away}]}
    sync    {code, game, seat, n, view, legal, history, names}   (after start or rejoin;
            a spectator's: seat null, the public view and history, ``free`` seats to take)
    update  {n, events, view, legal}        (after every move; events as the seat sees them)
    chat    {seat, text}
    notice  {message}
    going   {seconds}                       (the server is stopping: come back after that)
    record  {code, record}                  (the game is over) the whole game as a save
                                            holds it, seed included (net/record.py)
    clock   {seat, left, of}                (a turn timer: seconds left of ``of``; seat None: none)
"""

from __future__ import annotations

import dataclasses
import json
import re
import time
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.ai.base import LEVELS
from game.engine import codec
from game.engine.actions import Action
from game.engine.messages import Message, msg
from game.games.registry import GAMES
from game.net import messages as m
from game.net.turn_timer import COMPUTER, DROP, DROP_GAMES, ON_TIMEOUT, TIMERS
from game.persist.savedgame import MAX_NAME

MAX_FRAME = 16 * 1024  # bytes of JSON in one client frame: an action is a few hundred
MAX_DEPTH = 12  # nesting of lists and objects in a client frame
MAX_CHAT = 200  # characters in a chat line
MAX_MARKS = 4  # combining marks on one character (a stack of hundreds spills over the lines)
MAX_OPTIONS = 40
MAX_GRACE = 3600.0
DEFAULT_GRACE = 60.0
RATE = 20.0  # frames per second a connection may keep up
BURST = 40.0  # frames it may send at once
MAX_STRIKES = 20  # refused frames before the connection is closed

YOU, OPEN = "you", "open"
SEAT_PLANS = (YOU, OPEN, *LEVELS)
CLIENT_KINDS = (
    "create",
    "join",
    "rejoin",
    "start",
    "act",
    "chat",
    "leave",
    "undo",
    "rematch",
    "remove",
    "close",
    "record",
    "watch",
    "sit",
    "back",
)
GOING = "going"  # the server's last frame before a clean stop
MOVED = "moved"  # the table is served by another process: {url} ("" to find it again)

CODE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"  # 32 symbols, no 0/O or 1/I
# A code short enough to read aloud (40 bits): guessing is rate-limited per address
# (game/net/limits.py), and a seat is taken back only with its credential, a long
# secret the app keeps. Codes of older tables (13 characters) are still accepted.
CODE_LENGTH = 8
LONG_CODE_LENGTH = 13
_CODE = re.compile(f"[{CODE_ALPHABET}]{{{CODE_LENGTH}}}|[{CODE_ALPHABET}]{{{LONG_CODE_LENGTH}}}")
_CREDENTIAL = re.compile(r"[A-Za-z0-9_-]{16,64}")


class Refusal(Exception):
    """A frame the table will not act on, with the message the client is shown."""

    def __init__(self, message: Message, strike: bool = False) -> None:
        super().__init__(str(message))
        self.message = message
        self.strike = strike  # a bad frame (counts towards closing the connection)


def bad(why: str) -> Refusal:
    return Refusal(msg(m.BAD_FRAME, why=why[:120]), strike=True)


def refusal_reply(message: Message) -> dict[str, Any]:
    return {"ok": False, "message": codec.encode(message)}


@dataclass(frozen=True)
class SeatPlan:
    kind: str  # YOU, OPEN or an AI level
    name: str = ""


@dataclass(frozen=True)
class Create:
    game: str
    options: Any  # the game's own Options, validated by the game
    seed: int | None
    seats: tuple[SeatPlan, ...]
    grace: float
    name: str
    public: bool = False  # listed on the server while it waits with a free seat
    timer: int = 0  # seconds a turn (turn_timer.TIMERS), 0: off
    on_timeout: str = COMPUTER


@dataclass(frozen=True)
class Join:
    code: str
    name: str
    seat: int | None


@dataclass(frozen=True)
class Rejoin:
    code: str
    seat: int
    credential: str


@dataclass(frozen=True)
class Start:
    code: str
    host: str


@dataclass(frozen=True)
class Act:
    seat: int
    n: int
    action: Action


@dataclass(frozen=True)
class Chat:
    text: str


@dataclass(frozen=True)
class Leave:
    pass


@dataclass(frozen=True)
class Undo:
    pass


@dataclass(frozen=True)
class Rematch:
    """Play again at a finished table: the same game, rules and seats, a new deal."""


@dataclass(frozen=True)
class Remove:
    """The host takes a seat's player from the table."""

    seat: int


@dataclass(frozen=True)
class Close:
    """The host ends the table for everyone."""


@dataclass(frozen=True)
class AskRecord:
    """The record of the finished game again (``game/net/record.py``)."""


@dataclass(frozen=True)
class Watch:
    """Watch a table as a spectator (its public view, log and chat)."""

    code: str
    name: str


@dataclass(frozen=True)
class Sit:
    """A spectator takes a seat: a free one, or a computer's between deals."""

    seat: int
    name: str


class Back:
    """An away seat's player is back (the turn timer had the computer play for them)."""


Request = (
    (Create | Join | Rejoin | Start | Act | Chat | Leave | Undo | Rematch | Remove | Close)
    | AskRecord
    | Watch
    | Sit
    | Back
)


# --- reading one frame


def depth(value: Any, limit: int = MAX_DEPTH) -> int:
    """How deeply ``value`` nests (stops counting past ``limit``)."""
    if limit < 0:
        return 1
    if isinstance(value, dict):
        return 1 + max((depth(v, limit - 1) for v in value.values()), default=0)
    if isinstance(value, list):
        return 1 + max((depth(v, limit - 1) for v in value), default=0)
    return 0


def frame_size(data: Any) -> int:
    try:
        return len(json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode())
    except UnicodeEncodeError:  # a lone surrogate (JSON's "\ud800") is no text at all
        raise bad("text that is not Unicode") from None


def marks_bounded(text: str) -> bool:
    """No character carries more than ``MAX_MARKS`` combining marks."""
    run = 0
    for ch in text:
        run = run + 1 if unicodedata.combining(ch) or unicodedata.category(ch) == "Me" else 0
        if run > MAX_MARKS:
            return False
    return True


def parse(kind: Any, args: tuple[Any, ...]) -> Request:
    """The request in one client frame; Refusal for anything that is not exactly right."""
    if kind not in CLIENT_KINDS:
        raise Refusal(msg(m.UNKNOWN_KIND), strike=True)
    if len(args) != 1 or not isinstance(args[0], dict):
        raise bad("a frame carries one object")
    data = args[0]
    if depth(data) > MAX_DEPTH:
        raise bad("nested too deeply")
    if frame_size(data) > MAX_FRAME:
        raise Refusal(msg(m.TOO_BIG), strike=True)
    return _PARSERS[kind](_Fields(data))


class _Fields:
    """The fields of one frame, each read once with its type checked; any other field
    is refused at the end, so a typo never passes silently."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data
        self.read: set[str] = set()

    def get(self, name: str, default: Any = ...) -> Any:
        self.read.add(name)
        if name not in self.data:
            if default is ...:
                raise bad(f"missing {name}")
            return default
        return self.data[name]

    def integer(self, name: str, low: int, high: int, default: Any = ...) -> Any:
        value = self.get(name, default)
        if value is None and default is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise bad(f"{name} must be a whole number from {low} to {high}")
        return value

    def text(self, name: str, pattern: re.Pattern[str] | None = None, most: int = 200) -> str:
        value = self.get(name)
        if not isinstance(value, str) or len(value) > most:
            raise bad(f"{name} must be text of at most {most} characters")
        if pattern is not None and not pattern.fullmatch(value):
            raise bad(f"{name} is not well formed")
        return value

    def done(self) -> None:
        extra = set(self.data) - self.read
        if extra:
            raise bad(f"unknown field {str(sorted(map(str, extra))[0])[:30]!r}")


def one_line(text: str) -> str:
    """``text`` with each run of whitespace (of any script) made one space."""
    return " ".join(text.split())


def printable(line: str) -> bool:
    """The one check of every text a client sends that other players are shown (chat
    lines, names on every path): printable characters only, so no control characters,
    no direction overrides (U+202E), no zero-width characters (U+200B), few marks per letter."""
    return bool(line) and line.isprintable() and marks_bounded(line)


def player_name(value: Any) -> str:
    if not isinstance(value, str):
        raise bad("a name is text")
    name = one_line(value)
    if not len(name) <= MAX_NAME or not printable(name):
        raise bad(f"a name has 1 to {MAX_NAME} printable characters")
    return name


def action_texts(action: Action) -> list[str]:
    """The texts an action carries (a name for a seat added between rounds)."""
    return [
        value
        for value in (getattr(action, field.name) for field in dataclasses.fields(action))
        if isinstance(value, str)
    ]


def table_code(value: Any) -> str:
    """A table code as typed (any case, dashes and spaces ignored), or Refusal."""
    if not isinstance(value, str) or len(value) > 40:
        raise bad("a table code is text")
    code = value.upper().replace("-", "").replace(" ", "")
    if not _CODE.fullmatch(code):
        raise Refusal(msg(m.NO_TABLE))
    return code


def show_code(code: str) -> str:
    """The code as players read it aloud: ``ABCD-EFGH`` (an older table's
    ``ABCD-EFGH-JKLMN``); anything else as it is."""
    if len(code) == CODE_LENGTH:
        return f"{code[:4]}-{code[4:]}"
    if len(code) == LONG_CODE_LENGTH:
        return f"{code[:4]}-{code[4:8]}-{code[8:]}"
    return code


def _create(f: _Fields) -> Create:
    game = f.get("game")
    info = GAMES.get(game) if isinstance(game, str) else None
    if info is None:
        raise Refusal(msg(m.BAD_SETUP, why="unknown game"), strike=True)
    seats_data = f.get("seats")
    if not isinstance(seats_data, list) or not 0 < len(seats_data) <= info.max_players:
        raise Refusal(msg(m.BAD_SETUP, why="seats"), strike=True)
    seats = []
    for seat in seats_data:
        if not isinstance(seat, dict) or seat.get("kind") not in SEAT_PLANS:
            raise bad("a seat is {kind, name?}")
        if set(seat) - {"kind", "name"}:
            raise bad("a seat is {kind, name?}")
        name = player_name(seat["name"]) if "name" in seat else ""
        seats.append(SeatPlan(seat["kind"], name))
    if sum(seat.kind == YOU for seat in seats) > 1:
        raise Refusal(msg(m.BAD_SETUP, why="more than one seat for you"), strike=True)
    options = f.get("options", {})
    if not isinstance(options, dict) or len(options) > MAX_OPTIONS:
        raise bad("options are an object")
    for key, value in options.items():
        if len(key) > 40 or not isinstance(value, bool | int | str) or len(str(value)) > 40:
            raise bad("an option is a name and a plain value")
    try:
        opts = info.options(**{**options, "players": len(seats)})
    except (ValueError, TypeError) as error:
        raise Refusal(msg(m.BAD_SETUP, why=str(error)[:100])) from None
    if opts.players != len(seats):
        raise Refusal(msg(m.BAD_SETUP, why="seats"))
    seed = f.integer("seed", 0, codec.MAX_INT, None)
    grace = f.get("grace", DEFAULT_GRACE)
    if isinstance(grace, bool) or not isinstance(grace, int | float) or not 0 <= grace <= MAX_GRACE:
        raise bad(f"grace is 0 to {MAX_GRACE:.0f} seconds")
    name = player_name(f.get("name"))
    public = f.get("public", False)
    if not isinstance(public, bool):
        raise bad("public is true or false")
    timer = f.get("timer", 0)
    if isinstance(timer, bool) or not isinstance(timer, int) or timer not in TIMERS:
        raise bad(f"timer is one of {', '.join(map(str, TIMERS))} seconds")
    on_timeout = f.get("on_timeout", COMPUTER)
    if not isinstance(on_timeout, str) or on_timeout not in ON_TIMEOUT:
        raise bad(f"on_timeout is one of {', '.join(ON_TIMEOUT)}")
    if on_timeout == DROP and info.id not in DROP_GAMES:
        raise Refusal(msg(m.BAD_SETUP, why="a drop on timeout is an Indian Rummy rule"))
    f.done()
    return Create(info.id, opts, seed, tuple(seats), float(grace), name, public, timer, on_timeout)


def _join(f: _Fields) -> Join:
    code = table_code(f.get("code"))
    name = player_name(f.get("name"))
    seat = f.integer("seat", 0, 99, None)
    f.done()
    return Join(code, name, seat)


def _rejoin(f: _Fields) -> Rejoin:
    request = Rejoin(
        table_code(f.get("code")),
        f.integer("seat", 0, 99),
        f.text("credential", _CREDENTIAL, 64),
    )
    f.done()
    return request


def _start(f: _Fields) -> Start:
    request = Start(table_code(f.get("code")), f.text("host", _CREDENTIAL, 64))
    f.done()
    return request


def _act(f: _Fields) -> Act:
    seat = f.integer("seat", 0, 99)
    n = f.integer("n", 0, 10**9)
    try:
        action = codec.decode(Action, f.get("action"), "action")
    except ValueError as error:
        raise bad(str(error)) from None
    for text in action_texts(action):  # every player is shown it, as a chat line is
        line = one_line(text)  # (an empty name: the rules say what is missing)
        if len(text) > MAX_NAME or (line and not printable(line)):
            raise bad(f"a name has 1 to {MAX_NAME} printable characters")
    f.done()
    return Act(seat, n, action)


def _chat(f: _Fields) -> Chat:
    text = f.get("text")
    if not isinstance(text, str):
        raise bad("a chat line is text")
    line = one_line(text)
    if len(line) > MAX_CHAT:
        raise Refusal(msg(m.CHAT_TOO_LONG))
    if not printable(line):
        raise bad("a chat line is printable text")
    f.done()
    return Chat(line)


def _leave(f: _Fields) -> Leave:
    f.done()
    return Leave()


def _undo(f: _Fields) -> Undo:
    f.done()
    return Undo()


def _rematch(f: _Fields) -> Rematch:
    f.done()
    return Rematch()


def _remove(f: _Fields) -> Remove:
    request = Remove(f.integer("seat", 0, 99))
    f.done()
    return request


def _close(f: _Fields) -> Close:
    f.done()
    return Close()


def _ask_record(f: _Fields) -> AskRecord:
    f.done()
    return AskRecord()


def _watch(f: _Fields) -> Watch:
    request = Watch(table_code(f.get("code")), player_name(f.get("name")))
    f.done()
    return request


def _sit(f: _Fields) -> Sit:
    request = Sit(f.integer("seat", 0, 99), player_name(f.get("name")))
    f.done()
    return request


def _back(f: _Fields) -> Back:
    f.done()
    return Back()


_PARSERS: dict[str, Callable[[_Fields], Request]] = {
    "record": _ask_record,
    "watch": _watch,
    "sit": _sit,
    "remove": _remove,
    "close": _close,
    "back": _back,
    "rematch": _rematch,
    "create": _create,
    "join": _join,
    "rejoin": _rejoin,
    "start": _start,
    "act": _act,
    "chat": _chat,
    "leave": _leave,
    "undo": _undo,
}


# --- keeping one connection polite


class RateLimit:
    """A token bucket per connection, and a count of its bad frames."""

    def __init__(
        self,
        rate: float = RATE,
        burst: float = BURST,
        clock: Any = time.monotonic,
        max_strikes: int = MAX_STRIKES,
    ) -> None:
        self.rate, self.burst, self.clock, self.max_strikes = rate, burst, clock, max_strikes
        self.tokens, self.stamp = burst, clock()
        self.strikes = 0

    def allow(self) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    def strike(self) -> bool:
        """Count a bad frame; True when the connection should now be closed."""
        self.strikes += 1
        return self.strikes >= self.max_strikes
