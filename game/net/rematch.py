"""Rematch: "Play again" at a finished online table offers the same table again to the
same people. The first player to ask makes the new table (the same game, rules, grace
period and seats: each human seat open for its player, each computer seat the same
level; the old host's secret starts it) and sits at their own seat number; the others
are told (``net.rematch_offered``) and each sits down with one click (their own seat,
their name kept); when every human seat is taken again the game deals by itself. The
host may start earlier (the computer plays a seat whose player did not come back).
A new code: the finished table stays as it ended (its results, its record)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.messages import Seat, msg
from game.net import messages as m
from game.net import protocol as p
from game.net.tables import OVER, Table
from game.persist.savedgame import HUMAN

if TYPE_CHECKING:
    from game.net.lobby import Lobby, Outcome


def rematch(lobby: Lobby, sid: str) -> Outcome:
    from game.net.lobby import Outcome

    old = lobby.table_of(sid)
    number = old.seat_of(sid)
    if old.phase != OVER or number is None:
        raise p.Refusal(msg(m.NOT_OVER))
    new = _the_new_table(lobby, old, sid)
    new.seat_to_join(number)  # refused, nothing changed, if taken
    lobby._unbind(sid)
    secret = new.take(sid, number, old.seats[number].name)
    lobby.where[sid] = new.code
    sends = [new.lobby(), old.notice(msg(m.REMATCH_OFFERED, player=Seat(number)))]
    if not any(seat.open for seat in new.seats):  # everyone is back: deal
        sends += new.begin()
    reply = {"ok": True, "code": new.code, "game": new.game_id, "seat": number}
    reply["credential"] = secret
    return Outcome(reply, sends, room=new.code, left=old.code)


def _the_new_table(lobby: Lobby, old: Table, sid: str) -> Table:
    code = lobby.rematches.get(old.code)
    if code is not None and code in lobby.tables:
        return lobby.tables[code]
    plans = tuple(
        p.SeatPlan(p.OPEN if seat.kind == HUMAN else seat.kind, seat.name) for seat in old.seats
    )
    name = old.seats[0].name
    timer = old.turns.setting  # the same turn timer
    create = p.Create(
        old.game_id,
        old.options,
        None,
        plans,
        old.grace,
        name,
        old.public,
        timer.seconds,
        timer.on_timeout,
    )
    made = lobby._create(sid, create)  # the lobby's one way to make a table
    new = lobby.tables[made.reply["code"]]
    new.host = old.host  # the old host's secret starts it
    new.hold_for_players([seat.kind == HUMAN for seat in old.seats])
    lobby.rematches[old.code] = new.code
    return new
