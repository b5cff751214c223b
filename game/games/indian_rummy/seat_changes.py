"""Between rounds: players leave, join or come back, and the next round begins
(rules/indian_rummy.md, "A round is one deal by every player").

**Decisions**: a player who joins without a re-seating sits to the left of the next dealer
(as the rules say), so they play first in the next deal. A seat number is a person for the
whole session: leaving keeps the balance on the score sheet (the seat is away), and a
player who joins again under the same name gets the same seat and balance back. A new name
takes the next seat number, and ``options.players`` grows with it; the score sheet holds
at most 10 people a session. At least two players stay at the table.
"""

from __future__ import annotations

from dataclasses import replace

from game.engine.errors import IllegalAction
from game.engine.events import Event, Said
from game.engine.messages import Seat, Signed
from game.games.indian_rummy import dealing
from game.games.indian_rummy.actions import JoinTable, LeaveTable
from game.games.indian_rummy.messages import say
from game.games.indian_rummy.options import MAX_SEATS
from game.games.indian_rummy.seating import clockwise_after
from game.games.indian_rummy.state import AWAY, IndianRummyState

MAX_NAME = 24


def leave(state: IndianRummyState, action: LeaveTable) -> tuple[IndianRummyState, list[Event]]:
    seat = action.seat
    if seat not in state.order:
        raise IllegalAction(say("not_at_table"))
    if len(state.order) <= 2:
        raise IllegalAction(say("two_stay"))
    next_dealer = state.next_dealer
    if seat == next_dealer:
        next_dealer = clockwise_after(state.order, seat)  # the deal passes on to the left
    order = tuple(s for s in state.order if s != seat)
    state = replace(state, order=order, next_dealer=next_dealer, seat=next_dealer)
    balance = state.balances[seat]
    return state, [Said(seat, say("leave", balance=Signed(balance)))]


def join(state: IndianRummyState, action: JoinTable) -> tuple[IndianRummyState, list[Event]]:
    name = " ".join(action.name.split())
    if not name:
        raise IllegalAction(say("name_needed"))
    if len(name) > MAX_NAME:
        raise IllegalAction(say("name_long", most=MAX_NAME))
    if not name.isprintable():  # as every name at a networked table: no control
        raise IllegalAction(say("name_unprintable"))  # characters, overrides, zero widths
    known = [seat for seat, other in enumerate(state.names) if other.lower() == name.lower()]
    if known and known[0] in state.order:
        raise IllegalAction(say("already_seated", player=Seat(known[0])))
    if len(state.order) >= MAX_SEATS:
        raise IllegalAction(say("table_full", most=MAX_SEATS))
    if known:
        seat = known[0]
        said = say("back", balance=Signed(state.balances[seat]))
    else:
        if state.players >= MAX_SEATS:
            raise IllegalAction(say("sheet_full", most=MAX_SEATS))
        state = _add_seat(state, name)
        seat = state.players - 1
        said = say("join")
    at = state.order.index(state.next_dealer) + 1  # to the left of the next dealer
    order = (*state.order[:at], seat, *state.order[at:])
    return replace(state, order=order), [Said(seat, said)]


def _add_seat(state: IndianRummyState, name: str) -> IndianRummyState:
    return replace(
        state,
        options=replace(state.options, players=state.players + 1),
        names=(*state.names, name),
        statuses=(*state.statuses, AWAY),
        has_played=(*state.has_played, False),
        hands=(*state.hands, ()),
        set_aside=(*state.set_aside, ()),
        balances=(*state.balances, 0),
    )


def returning_names(state: IndianRummyState) -> list[str]:
    """Names of players away from the table who may come back now."""
    if len(state.order) >= MAX_SEATS:
        return []
    return [state.names[seat] for seat in range(state.players) if seat not in state.order]


def next_round(state: IndianRummyState) -> tuple[IndianRummyState, list[Event]]:
    """Begin the next round: draw for seats again when the option says so, then deal."""
    completed = state.round
    state = replace(state, round=state.round + 1, deals_in_round=0, round_size=len(state.order))
    events: list[Event] = []
    every = state.options.reseat_every
    if every and completed % every == 0:
        state, events = dealing.reseat(state)
    state, more = dealing.start_deal(state)
    return state, [*events, *more]
