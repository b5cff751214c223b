"""The order of play around a turn: declarations for human seats, the claim window, the
next turn, and the end of the deal.

The claim window (auto-declare off): after a turn, when on public information someone
might be able to prove a claim (see dead_cards.py; in practice late in a deal), the seats
are asked one at a time in turn order, starting left of the player who moved and ending
with that player. An asked seat may declare its own dead cards, claim another's, or pass.
Only seats that, on public information alone, could declare or claim something are asked,
so whether a seat is asked never reveals anything about its hand. Early in a deal no claim
can be proved, so no window opens and play stays brisk.

With auto-declare on nobody claims: human seats' dead cards are declared the moment they
arise and bots declare on their own turns. In both modes, when the deal ends the last
player still playing gets one last chance to declare, unless that was done for them (their
hand is known to everybody by then, so offering the chance reveals nothing).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from game.engine.cards import Card
from game.engine.events import CardMoved, Event, Said, TurnStarted
from game.engine.messages import msg
from game.games.laugh_and_lie_down import dealing
from game.games.laugh_and_lie_down import messages as m
from game.games.laugh_and_lie_down.dead_cards import dead_sets, public_table
from game.games.laugh_and_lie_down.state import CLAIMS, PLAY, LaughState


def move_dead(
    state: LaughState, holder: int, taker: int, cards: Sequence[Card]
) -> tuple[LaughState, list[Event]]:
    """Move ``cards`` from ``holder``'s hand to ``taker``'s captured cards."""
    rest = list(state.hands[holder])
    for card in cards:
        rest.remove(card)
    hands = tuple(tuple(rest) if s == holder else h for s, h in enumerate(state.hands))
    captured = tuple(
        (*pile, *cards) if s == taker else pile for s, pile in enumerate(state.captured)
    )
    events: list[Event] = [CardMoved(card, f"hand:{holder}", f"captured:{taker}") for card in cards]
    return replace(state, hands=hands, captured=captured), events


def auto_declare(state: LaughState) -> tuple[LaughState, list[Event]]:
    """Declare every dead position of the human seats (auto-declare on)."""
    events: list[Event] = []
    if not state.options.auto_declare:
        return state, events
    for seat in state.options.humans:
        for cards in dead_sets(state.hands[seat], state.captured):
            state, moved = move_dead(state, seat, seat, cards)
            events.extend(moved)
            events.append(Said(seat, msg(m.DECLARE_AUTO, cards=cards)))
    return state, events


def note_last_player(state: LaughState) -> LaughState:
    """Remember who is left once only one player is still playing."""
    if state.last_player is None:
        active = state.active()
        if len(active) == 1:
            return replace(state, last_player=active[0])
    return state


def deal_is_over(state: LaughState) -> bool:
    return len(state.active()) <= 1


def after_deal(state: LaughState) -> tuple[LaughState, list[Event]]:
    """Right after the cards are dealt: human seats' dead cards, then the first turn."""
    state, events = auto_declare(state)
    state = note_last_player(state)
    if deal_is_over(state):  # only conceivable if declarations empty hands
        state, more = dealing.end_deal(state)
        return state, [*events, *more]
    return state, [*events, TurnStarted(state.seat)]


def after_turn(state: LaughState, events: list[Event]) -> tuple[LaughState, list[Event]]:
    """After a capture or a lie-down: declarations, the claim window, then go on."""
    state, more = auto_declare(state)
    events = [*events, *more]
    state = note_last_player(state)
    claims = not state.options.auto_declare and public_table(state).anyone_may_claim()
    if claims or final_chance(state) is not None:
        players, mover = state.players, state.mover
        order = tuple((mover + offset) % players for offset in range(1, players + 1))
        return _advance(replace(state, phase=CLAIMS, asking=order), events)
    return _go_on(state, events)


def final_chance(state: LaughState) -> int | None:
    """The last player still playing, once the deal is over, if they hold dead cards that
    nobody declares for them: they get one last chance before their hand goes to the
    dealer (everyone can work out that hand by then, so this reveals nothing)."""
    last = state.last_player
    if last is None or not deal_is_over(state):
        return None
    if state.options.auto_declare and state.options.is_human(last):
        return None
    return last if dead_sets(state.hands[last], state.captured) else None


def end_slot(state: LaughState, events: list[Event]) -> tuple[LaughState, list[Event]]:
    """The asked seat is done: it has had its chance to declare; ask the next one."""
    chance = tuple(state.moment if s == state.seat else c for s, c in enumerate(state.chance))
    return _advance(replace(state, chance=chance), events)


def _may_act(state: LaughState, seat: int) -> bool:
    if seat == final_chance(state):
        return True
    if state.options.auto_declare:  # no claims: the window is only for that last chance
        return False
    return public_table(state).may_act_in_window(seat)


def _advance(state: LaughState, events: list[Event]) -> tuple[LaughState, list[Event]]:
    """Ask the next seat of the window that could act, or close the window."""
    asking = list(state.asking)
    while asking:
        seat = asking.pop(0)
        if _may_act(state, seat):
            return replace(state, seat=seat, asking=tuple(asking)), events
    return _go_on(replace(state, asking=()), events)


def _go_on(state: LaughState, events: list[Event]) -> tuple[LaughState, list[Event]]:
    """End the deal if only one player is left, else the next player's turn."""
    state = note_last_player(state)
    if deal_is_over(state):
        state, more = dealing.end_deal(state)
        return state, [*events, *more]
    players = state.players
    active = set(state.active())
    seat = next(
        (state.mover + offset) % players
        for offset in range(1, players + 1)
        if (state.mover + offset) % players in active
    )
    state = replace(state, phase=PLAY, seat=seat, mover=seat, asking=())
    return state, [*events, TurnStarted(seat)]
