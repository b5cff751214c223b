"""Indian Rummy's deals: the start of a session, each deal with its wild card, and the
settling of a finished deal (rules/indian_rummy.md)."""

from __future__ import annotations

from dataclasses import replace

from game.engine.cards import Card, make_deck, parse_card
from game.engine.events import (
    CardMoved,
    DealScored,
    DealStarted,
    Event,
    GameOver,
    Said,
    Shuffled,
    TurnStarted,
)
from game.engine.messages import Message, Seat
from game.engine.rng import shuffled
from game.games.indian_rummy import formats
from game.games.indian_rummy.messages import say, turned_up
from game.games.indian_rummy.options import IndianRummyOptions
from game.games.indian_rummy.scoring import HAND_SIZE, count_hand
from game.games.indian_rummy.seating import SeatsDrawn, clockwise_after, draw_for_seats
from game.games.indian_rummy.state import (
    AWAY,
    DEAL_OVER,
    DRAW,
    FIRST_DROP,
    GAME_OVER,
    IN_PLAY,
    MIDDLE_DROP,
    ROUND_OVER,
    WRONG_SHOW,
    DealRecord,
    IndianRummyState,
    Shown,
)

MAX_DECKS = 3
INDICATOR_ZONE = "indicator"  # the face-up card under the stock


def decks_for(players: int) -> int:
    """Two decks up to 6 players, three from 7."""
    return 2 if players <= 6 else 3


def every_card() -> list[Card]:
    """All the cards a session owns: three decks and their three jokers. A deal uses two
    or three of them; the rest wait in the box, so the count never changes."""
    return make_deck(MAX_DECKS, MAX_DECKS)


def new_game(options: IndianRummyOptions, seed: int) -> tuple[IndianRummyState, list[Event]]:
    players = options.players
    empty: tuple = tuple(() for _ in range(players))
    state = IndianRummyState(
        options=options,
        seed=seed,
        rng_counter=0,
        names=tuple(f"Player {seat + 1}" for seat in range(players)),
        order=tuple(range(players)),
        seating=(),
        deal=0,
        round=1,
        deals_in_round=0,
        round_size=players,
        dealer=0,
        next_dealer=0,
        phase=DEAL_OVER,
        seat=0,
        statuses=(AWAY,) * players,
        has_played=(False,) * players,
        hands=empty,
        stock=(),
        discard=(),
        set_aside=empty,
        box=tuple(every_card()),
        indicator=None,
        taken=None,
        balances=(0,) * players,
        history=(),
    )
    if options.pool:
        state = replace(state, scores=(0,) * players, rejoins=(0,) * players)
    state, events = reseat(state)
    if options.deals:
        state = replace(state, round_size=options.deal_count)
    state, more = start_deal(state)
    return state, [*events, *more]


def reseat(state: IndianRummyState) -> tuple[IndianRummyState, list[Event]]:
    """Draw for seats among the players at the table; the lowest card deals next."""
    seating = draw_for_seats(
        state.order, state.seed, state.rng_counter, decks_for(len(state.order))
    )
    events: list[Event] = [
        Said(seat, say("seat_draw", card=parse_card(face)))
        for draw in seating.draws
        for seat, face in draw.draws
    ]
    events.append(SeatsDrawn(seating.draws, seating.order, seating.dealer))
    state = replace(
        state,
        order=seating.order,
        seating=seating.draws,
        next_dealer=seating.dealer,
        seat=seating.dealer,
        rng_counter=seating.rng_counter,
        round_size=len(seating.order),
    )
    return state, events


def start_deal(state: IndianRummyState) -> tuple[IndianRummyState, list[Event]]:
    """Shuffle, turn the wild card, deal 13 each one at a time, turn the first discard."""
    order = state.order
    dealer = state.next_dealer
    left = clockwise_after(order, dealer)
    decks = decks_for(len(order))
    used = make_deck(decks, decks)
    in_use = set(used)
    box = tuple(card for card in every_card() if card not in in_use)
    pack = list(shuffled(used, state.seed, state.rng_counter))
    events: list[Event] = [DealStarted(state.deal + 1, dealer), Shuffled("stock", len(pack))]
    indicator = pack.pop()  # the player left of the dealer draws it and turns it up
    events.append(CardMoved(indicator, "stock", INDICATOR_ZONE))
    events.append(Said(left, turned_up(indicator, state.options)))
    hands: list[list[Card]] = [[] for _ in range(state.players)]
    seats_from_left = [clockwise_after(order, dealer)]
    while len(seats_from_left) < len(order):
        seats_from_left.append(clockwise_after(order, seats_from_left[-1]))
    for _ in range(HAND_SIZE):
        for seat in seats_from_left:
            card = pack.pop()
            hands[seat].append(card)
            events.append(CardMoved(card, "stock", f"hand:{seat}", face_up=False))
    upcard = pack.pop()
    events.append(CardMoved(upcard, "stock", "discard"))
    statuses = tuple(IN_PLAY if seat in order else AWAY for seat in range(state.players))
    state = replace(
        state,
        rng_counter=state.rng_counter + 1,
        deal=state.deal + 1,
        deals_in_round=state.deals_in_round + 1,
        dealer=dealer,
        phase=DRAW,
        seat=left,
        statuses=statuses,
        has_played=(False,) * state.players,
        hands=tuple(tuple(hand) for hand in hands),
        stock=(indicator, *pack),
        discard=(upcard,),
        set_aside=tuple(() for _ in range(state.players)),
        box=box,
        indicator=indicator,
        taken=None,
    )
    return state, [*events, TurnStarted(left)]


def drop_value(state: IndianRummyState, status: str) -> int:
    opts = state.options
    return {
        FIRST_DROP: opts.first_drop,
        MIDDLE_DROP: opts.middle_drop,
        WRONG_SHOW: opts.wrong_declaration,
    }[status]


def settle(
    state: IndianRummyState, winner: int, declared: tuple = ()
) -> tuple[IndianRummyState, list[Event]]:
    """Each loser owes the winner: packers their pack value, wrong declarers 80, the others
    their unmatched points on their most favourable arrangement, capped at 80. Points pays
    them into the balances; Pool adds them to the losers' pool scores (the winner's stays);
    Deals moves chips, a loser paying at most what they hold (``formats.py``)."""
    opts = state.options
    wild, pure = state.wild_rank, opts.pure_run_minimum
    payments = [0] * state.players
    shown = [Shown() for _ in range(state.players)]
    held = formats.chips(state) if opts.deals else None
    if declared:
        shown[winner] = Shown(declared, ())
    for seat in state.order:
        status = state.statuses[seat]
        if seat == winner or status == AWAY:
            continue
        if status == IN_PLAY:
            count = count_hand(state.hands[seat], wild, pure, opts.modern_scoring)
            owed = count.owed
            shown[seat] = Shown(count.melds, count.counted)
        else:
            owed = drop_value(state, status)
        payments[seat] = -(owed if held is None else min(owed, held[seat]))
    # Pool: the losers' points go on their scores and the winner scores nothing
    payments[winner] = 0 if opts.pool else -sum(payments)
    key = "won_declared" if declared else "won_last_in"
    note = say(key, winner=Seat(winner))
    kept = str(say(key, winner=state.names[winner]))  # the record's English, with the name
    return finish_deal(state, winner, tuple(payments), tuple(shown), note, kept)


def void_deal(state: IndianRummyState) -> tuple[IndianRummyState, list[Event]]:
    note = say("void")
    zeros = (0,) * state.players
    return finish_deal(state, None, zeros, tuple(Shown() for _ in zeros), note, str(note))


def finish_deal(
    state: IndianRummyState,
    winner: int | None,
    payments: tuple[int, ...],
    shown: tuple[Shown, ...],
    note: Message,
    kept: str,
) -> tuple[IndianRummyState, list[Event]]:
    pool = state.options.pool
    if pool:
        balances = state.balances
        scores = formats.pool_after(state, tuple(-p for p in payments))
        out = formats.eliminated_by(state, scores)
        state = replace(state, scores=scores)
    else:
        balances = tuple(b + p for b, p in zip(state.balances, payments, strict=True))
        scores, out = (), ()
    record = DealRecord(
        deal=state.deal,
        round=state.round,
        dealer=state.dealer,
        indicator=state.indicator,
        wild_rank=state.wild_rank,
        winner=winner,
        void=winner is None,
        statuses=state.statuses,
        payments=payments,
        shown=shown,
        # English text, as before messages: a save replays its moves and must meet the
        # very position it holds, so the record's form stays (the event has the message)
        note=kept,
        scores=scores,
        eliminated=out,
    )
    next_dealer = clockwise_after(state.order, state.dealer)
    state = replace(
        state,
        balances=balances,
        history=(*state.history, record),
        next_dealer=next_dealer,
        seat=next_dealer,
        taken=None,
    )
    totals = scores if pool else formats.chips(state) if state.options.deals else balances
    events: list[Event] = [DealScored(state.deal, payments, totals, winner, note)]
    if pool:
        return formats.after_pool_deal(state, out, events)
    if state.options.deals:
        return formats.after_deals_deal(state, events)
    if state.deals_in_round < state.round_size:
        return replace(state, phase=DEAL_OVER), events
    if state.round < state.options.rounds:
        return replace(state, phase=ROUND_OVER), events
    best = max(balances)
    winners = tuple(seat for seat, balance in enumerate(balances) if balance == best)
    state = replace(state, phase=GAME_OVER, winners=winners)
    return state, [*events, GameOver(winners, balances)]
