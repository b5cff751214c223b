"""What only the host may do at a table (the creator's seat, ``host`` in the stored
seats, held by the asking connection): remove a seat's player, and close the table.

Removing: that connection loses the seat and the table's room (it is told so), the
seat's credential is replaced so the old one rejoins nothing, and the computer plays
the seat on (a table still waiting opens the seat for someone else instead). Closing:
every player is told, the table ends (its end stored) and is forgotten, so a rejoin
hears ``net.no_table`` and the app retires its record."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine import codec
from game.engine.messages import Seat, msg
from game.net import messages as m
from game.net import protocol as p
from game.net.store import WriteFailed, digest
from game.net.tables import OVER, WAITING, Send, Table, new_secret
from game.persist.savedgame import HUMAN, DefaultName

if TYPE_CHECKING:
    from game.net.lobby import Lobby, Outcome


def hosts_table(lobby: Lobby, sid: str) -> tuple[Table, int]:
    """The table ``sid`` sits at as its host, and the host's seat; Refusal otherwise."""
    table = lobby.table_of(sid)
    number = table.seat_of(sid)
    if number is None or not table.seats[number].host:
        raise p.Refusal(msg(m.NOT_THE_HOST))
    return table, number


def remove(lobby: Lobby, sid: str, number: int) -> Outcome:
    from game.net.lobby import Outcome

    table, mine = hosts_table(lobby, sid)
    if number >= len(table.seats):
        raise p.Refusal(msg(m.NO_SEAT))
    seat = table.seats[number]
    if number == mine or seat.kind != HUMAN or seat.open or table.phase == OVER:
        raise p.Refusal(msg(m.NOT_REMOVABLE))
    before = (seat.name, seat.credential, seat.sid, seat.dropped_at, seat.ai)
    holder = seat.sid
    if table.phase == WAITING:  # open again, for a friend who joins with the code
        seat.name, seat.credential = DefaultName(number + 1).text, ""
    else:  # nobody holds the new credential: the computer plays on
        seat.credential, seat.ai = digest(new_secret()), True
    seat.sid, seat.dropped_at = None, None
    try:
        table._save_seats()
    except p.Refusal:
        seat.name, seat.credential, seat.sid, seat.dropped_at, seat.ai = before
        raise
    table.bots.pop(number, None)
    sends = [table.lobby(), table.notice(msg(m.PLAYER_REMOVED, player=Seat(number)))]
    evicted = []
    if holder is not None:
        lobby.where.pop(holder, None)
        told = {"message": codec.encode(msg(m.YOU_WERE_REMOVED))}
        sends.insert(0, Send(holder, "notice", told))
        evicted.append((holder, table.code))
    return Outcome({"ok": True}, sends, evicted=evicted)


def close(lobby: Lobby, sid: str) -> Outcome:
    from game.net.lobby import Outcome

    table, _mine = hosts_table(lobby, sid)
    if lobby.store is not None:
        try:
            lobby.store.phase(table.code, OVER)
        except WriteFailed:
            raise p.Refusal(msg(m.CANNOT_SAVE)) from None
    table.phase = OVER
    # Each player is told by name: they all leave the table's room before the frames go.
    told = {"message": codec.encode(msg(m.TABLE_CLOSED))}
    sends, evicted = [], []
    for other, code in list(lobby.where.items()):
        if code == table.code:
            del lobby.where[other]
            sends.append(Send(other, "notice", told))
            if other != sid:
                evicted.append((other, code))
    for seat in table.seats:
        seat.sid = None
    del lobby.tables[table.code]
    lobby.over_at.pop(table.code, None)
    lobby.opened_at.pop(table.code, None)
    return Outcome({"ok": True}, sends, left=table.code, evicted=evicted)
