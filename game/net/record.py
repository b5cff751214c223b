"""The record of an online game, for the players to look back over once it is over.

The record is the game as a save file holds it (``game/persist/saveformat.py``: game,
options, seed, seats, every move, the final position), so the app checks it and replays
it exactly as it replays a local game. The seed tells every card that was ever hidden,
so nothing of the record leaves the server before the game's end: the server sends it to
each seated player with the game's last move (``record {code, record}``), and again to a
player who rejoins the finished table; ``record {}`` asks for it again, and is refused
(``net.record_not_yet``) while the game goes on. A connection may ask ``MAX_ASKS`` times
a table (the record of a long game is a few hundred KB: asking cannot become a flood).

The app's side: :func:`read_record` turns a received record into a checked
``SavedGame``, or says why it is refused (a record that is damaged or does not replay).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import TYPE_CHECKING, Any

from game.engine.messages import msg
from game.net import messages as m
from game.net import protocol as p
from game.persist.savedgame import SavedGame, Seat

if TYPE_CHECKING:
    from game.net.lobby import Lobby, Outcome
    from game.net.tables import Send, Table

log = logging.getLogger("game.net")

RECORD = "record"  # the server's frame, and the client's request for it again
MAX_ASKS = 3  # requests for the record one connection may make at one table


def game_record(table: Table) -> dict[str, Any]:
    """The finished game as a save file's JSON (built once); Refusal while it goes on."""
    if table.state is None or not table.rules.finished(table.state):
        raise p.Refusal(msg(m.RECORD_NOT_YET))
    if table.record is None:
        from game.persist.saveformat import save_to_dict

        seats = tuple(Seat(seat.name, seat.kind) for seat in table.seats)
        saved = SavedGame(
            table.game_id, table.options, table.seed, seats, tuple(table.log), table.state
        )
        table.record = save_to_dict(saved, datetime.now(timezone.utc))
    return table.record


def record_sends(table: Table, seat: int | None = None) -> list[Send]:
    """The record for every seated player (or only ``seat``), once the game is over;
    nothing before. A record that cannot be built is logged, never costs the move."""
    from game.net.tables import Send

    if table.state is None or not table.rules.finished(table.state):
        return []
    try:
        data = {"code": table.code, "record": game_record(table)}
    except Exception:
        log.exception("table %s: the game's record cannot be built", table.code)
        return []
    seats = table.seats if seat is None else table.seats[seat : seat + 1]
    return [Send(held.sid, RECORD, data) for held in seats if held.sid is not None]


def asked(lobby: Lobby, sid: str) -> Outcome:
    """``record {}``: the record of the finished table the connection sits at."""
    from game.net.lobby import Outcome

    table = lobby.table_of(sid)
    if table.seat_of(sid) is None:
        raise p.Refusal(msg(m.NOT_SEATED))
    record = game_record(table)  # refused while the game goes on
    asks = table.record_asks.get(sid, 0)
    if asks >= MAX_ASKS:
        raise p.Refusal(msg(m.RECORD_SENT))
    table.record_asks[sid] = asks + 1
    return Outcome({"ok": True, "code": table.code, "record": record})


# --- the app's side


def read_record(data: Any) -> SavedGame:
    """A received record as a checked game (dealt again from its seed, every move
    replayed through the rules, the end compared with the server's); ValueError saying
    why it is refused. It must be a finished game."""
    from game.persist.saveformat import save_from_dict

    if not isinstance(data, dict):
        raise ValueError("it is not a game's record")
    try:
        saved = save_from_dict(data)
    except ValueError:
        raise
    except Exception as error:  # whatever a damaged record holds, it is only refused
        raise ValueError(f"it cannot be read ({type(error).__name__})") from None
    if not saved.state.finished:
        raise ValueError("it is not a finished game")
    return saved


@dataclass(frozen=True)
class GameRecord:
    """A finished game's record as the client received it: ``saved`` the game to replay
    (checked), or ``problem`` why it is refused, with ``raw`` (what came) to keep aside."""

    code: str
    game: str
    saved: SavedGame | None
    problem: str | None = None
    raw: Any = None


def record_frame(data: Any) -> GameRecord:
    """A ``record`` frame (or the reply to ``record {}``) read and checked, never raising:
    the client's thread calls it, so the table only takes the result."""
    code = data.get("code") if isinstance(data, dict) else None
    raw = data.get("record") if isinstance(data, dict) else data
    game = raw.get("game") if isinstance(raw, dict) else None
    code = code if isinstance(code, str) and code.isalnum() and len(code) <= 20 else "record"
    game = game if isinstance(game, str) and game.isidentifier() and len(game) <= 40 else "game"
    try:
        return GameRecord(code, game, read_record(raw))
    except ValueError as error:
        log.warning("table %s: its record is refused: %s", code, error)
        return GameRecord(code, game, None, str(error), raw)
