"""Calling: taking the top discard out of turn (rules/kalooki.md, "Calling").

The order at the table, so that every seat gets the same fair chance and a game can be
saved in the middle of a call:

1. The active player chooses first: take the discard (then there is nothing to call), or
   draw from the stock.
2. Choosing the stock opens the call: the seats that may call are asked one at a time in
   turn order from the active player's left (``to_act`` moves to each). A seat may call
   if it has not laid down, has calls left, did not discard that card itself, and the
   stock (with a reshuffle) can still give the penalty card and the active player's draw.
   Seats that may not call are skipped; if none may, the stock card is drawn at once.
3. The first seat to call wins the card (one call a turn). The active player then allows
   or denies; one who has laid down must allow, so that answer is given for them.
4. Allowed: the caller takes the discard and the top stock card as a penalty card, and
   the active player draws from the stock. Denied: the active player takes the discard
   as their draw instead. Only an allowed call counts against the caller's limit.
"""

from __future__ import annotations

from dataclasses import replace

from game.engine.events import CardMoved, Event, Said
from game.engine.messages import msg
from game.engine.zones import replaced
from game.games.kalooki import dealing
from game.games.kalooki import messages as say
from game.games.kalooki.state import ANSWER, CALL, PLAY, KalookiState


def may_call(state: KalookiState, seat: int) -> bool:
    if seat == state.seat or seat == state.discarded_by or not state.discard:
        return False
    if state.laid_down[seat] or state.calls_left[seat] <= 0:
        return False
    # the called card leaves the pile; the stock (with the discards under the new top
    # card) must still give the penalty card and the active player's draw
    return len(state.stock) + max(0, len(state.discard) - 2) >= 2


def callers_after(state: KalookiState, seat: int) -> list[int]:
    """Seats after ``seat`` (in turn order, up to the active player) who may call."""
    players = state.players
    order = []
    step = (seat - state.seat) % players + 1
    for offset in range(step, players):
        other = (state.seat + offset) % players
        if may_call(state, other):
            order.append(other)
    return order


def draw_from_stock(state: KalookiState) -> tuple[KalookiState, list[Event]]:
    """The active player draws the stock card and plays on (the deal ends if nothing is
    left to draw)."""
    seat = state.seat
    state, events, card = dealing.draw_from_stock(state, seat)
    if card is None:
        state, more = dealing.score_deal(state, out=None)
        return state, [*events, *more]
    return replace(state, phase=PLAY, asking=None), events


def open_call(state: KalookiState) -> tuple[KalookiState, list[Event]]:
    """The active player asked for the stock: ask the first seat that may call, or draw."""
    callers = callers_after(state, state.seat)
    if not callers:
        return draw_from_stock(state)
    top = state.discard[-1]
    events: list[Event] = [Said(state.seat, msg(say.REACHES, card=top))]
    return replace(state, phase=CALL, asking=callers[0]), events


def decline(state: KalookiState) -> tuple[KalookiState, list[Event]]:
    asked = state.asking
    assert asked is not None
    callers = callers_after(state, asked)
    events: list[Event] = [Said(asked, msg(say.NO_CALL))]
    if callers:
        return replace(state, asking=callers[0]), events
    state, more = draw_from_stock(state)
    return state, [*events, *more]


def call(state: KalookiState) -> tuple[KalookiState, list[Event]]:
    caller = state.asking
    assert caller is not None
    top = state.discard[-1]
    events: list[Event] = [Said(caller, msg(say.CALLS, card=top))]
    state = replace(state, phase=ANSWER)
    if state.laid_down[state.seat]:
        events.append(Said(state.seat, msg(say.MUST_ALLOW)))
        state, more = allow(state)
        return state, [*events, *more]
    return state, events


def allow(state: KalookiState) -> tuple[KalookiState, list[Event]]:
    """The caller takes the discard and a penalty card; the active player draws."""
    caller = state.asking
    assert caller is not None
    card = state.discard[-1]
    hands = tuple((*h, card) if i == caller else h for i, h in enumerate(state.hands))
    calls = tuple(n - 1 if i == caller else n for i, n in enumerate(state.calls_left))
    state = replace(
        state, hands=hands, discard=state.discard[:-1], discarded_by=None, calls_left=calls
    )
    events: list[Event] = [
        Said(state.seat, msg(say.ALLOWS)),
        CardMoved(card, "discard", f"hand:{caller}"),
    ]
    state, more, penalty_card = dealing.draw_from_stock(state, caller, msg(say.PENALTY))
    events.extend(more)
    if penalty_card is None:
        state, more = dealing.score_deal(state, out=None)
        return state, [*events, *more]
    state, more = draw_from_stock(state)
    return state, [*events, *more]


def deny(state: KalookiState) -> tuple[KalookiState, list[Event]]:
    """The active player takes the called discard as their draw."""
    seat = state.seat
    card = state.discard[-1]
    hands = replaced(state.hands, seat, (*state.hands[seat], card))
    state = replace(
        state,
        hands=hands,
        discard=state.discard[:-1],
        discarded_by=None,
        phase=PLAY,
        asking=None,
    )
    events: list[Event] = [
        Said(seat, msg(say.DENIES, card=card)),
        CardMoved(card, "discard", f"hand:{seat}"),
    ]
    return state, events
