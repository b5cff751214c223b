"""Kalooki's deals: shuffling and dealing, drawing from the stock (rebuilding it when it
runs out), and scoring a finished deal."""

from __future__ import annotations

from dataclasses import replace

from game.engine.cards import Card, make_deck
from game.engine.events import CardMoved, DealScored, DealStarted, Event, GameOver, Said, Shuffled
from game.engine.messages import Message, msg
from game.engine.rng import rng_for, shuffled
from game.engine.zones import replaced
from game.games.kalooki import messages as say
from game.games.kalooki.melding import can_add, can_tack
from game.games.kalooki.options import CALLS_ALLOWED, KalookiOptions
from game.games.kalooki.scoring import DEALS, contract_for, penalty, satisfies_contract
from game.games.kalooki.state import (
    DEAL_OVER,
    DRAW,
    GAME_OVER,
    DealRecord,
    KalookiState,
    Turn,
)


def new_game(options: KalookiOptions, seed: int) -> tuple[KalookiState, list[Event]]:
    players = options.players
    first_dealer = rng_for(seed, 0).randrange(players)
    state = KalookiState(
        options=options,
        seed=seed,
        rng_counter=1,
        deal=0,
        dealer=(first_dealer - 1) % players,  # start_deal passes it on to first_dealer
        phase=DEAL_OVER,
        seat=first_dealer,
        asking=None,
        hands=tuple(() for _ in range(players)),
        stock=(),
        discard=(),
        discarded_by=None,
        melds=(),
        laid_down=(False,) * players,
        calls_left=(CALLS_ALLOWED,) * players,
        turn=Turn(),
        totals=(0,) * players,
        history=(),
    )
    return start_deal(state)


def start_deal(state: KalookiState) -> tuple[KalookiState, list[Event]]:
    """Shuffle 108 cards, deal one at a time from the dealer's left, turn one card up."""
    players = state.players
    dealer = (state.dealer + 1) % players
    deal = state.deal + 1
    deck = shuffled(make_deck(2, 4), state.seed, state.rng_counter)
    size = contract_for(deal).cards
    hands: list[list[Card]] = [[] for _ in range(players)]
    events: list[Event] = [DealStarted(deal, dealer), Shuffled("stock", len(deck))]
    stock = list(deck)
    for _ in range(size):
        for offset in range(1, players + 1):
            seat = (dealer + offset) % players
            card = stock.pop()
            hands[seat].append(card)
            events.append(CardMoved(card, "stock", f"hand:{seat}", face_up=False))
    upcard = stock.pop()
    events.append(CardMoved(upcard, "stock", "discard"))
    calls = (CALLS_ALLOWED,) * players if state.options.calls_per_deal else state.calls_left
    state = replace(
        state,
        rng_counter=state.rng_counter + 1,
        deal=deal,
        dealer=dealer,
        phase=DRAW,
        seat=(dealer + 1) % players,
        asking=None,
        hands=tuple(tuple(h) for h in hands),
        stock=tuple(stock),
        discard=(upcard,),
        discarded_by=None,
        melds=(),
        laid_down=(False,) * players,
        calls_left=calls,
        turn=Turn(),
        idle_rebuilds=0,
    )
    return state, events


# A deal ends, scored as it stands, when the stock would be rebuilt a fourth time with no
# card laid down, added or tacked since the first rebuild: the same few cards are then
# only going round (a six-player table with three calls a deal holds nearly every card
# in hand, each new stock has one card, and every seat throws back what it drew).
IDLE_REBUILDS = 3


def draw_from_stock(
    state: KalookiState, seat: int, why: Message | None = None
) -> tuple[KalookiState, list[Event], Card | None]:
    """``seat`` takes the top stock card, reshuffling the discards under the top card
    into a new stock first if it is empty. None when the deal must end instead: nothing
    is left to draw, or nobody can ever go out (see :func:`nobody_can_go_out`). ``why``
    is the log line (a plain draw by default, or the caller's penalty card)."""
    events: list[Event] = []
    if not state.stock:
        if len(state.discard) < 2:
            return state, [Said(seat, msg(say.NOTHING_LEFT))], None
        if nobody_can_go_out(state):
            return state, [Said(seat, msg(say.STUCK))], None
        if state.idle_rebuilds >= IDLE_REBUILDS:
            return state, [Said(seat, msg(say.IDLE, n=IDLE_REBUILDS))], None
        top = state.discard[-1]
        stock = shuffled(state.discard[:-1], state.seed, state.rng_counter)
        events.append(Said(seat, msg(say.RESHUFFLE)))
        events.extend(CardMoved(card, "discard", "stock", face_up=False) for card in stock)
        events.append(Shuffled("stock", len(stock)))
        state = replace(
            state,
            stock=stock,
            discard=(top,),
            rng_counter=state.rng_counter + 1,
            idle_rebuilds=state.idle_rebuilds + 1,
        )
    card = state.stock[-1]
    hands = replaced(state.hands, seat, (*state.hands[seat], card))
    state = replace(state, stock=state.stock[:-1], hands=hands)
    events.append(CardMoved(card, "stock", f"hand:{seat}", face_up=False))
    events.append(Said(seat, why or msg(say.DRAWS)))
    return state, events, card


def nobody_can_go_out(state: KalookiState) -> bool:
    """True when no card outside the melds can ever be played again: none of them can be
    added to a meld or tacked, and whoever has not laid down could not make the contract
    even from all of them together. Reshuffling then would only go round for ever."""
    loose = [card for hand in state.hands for card in hand]
    loose.extend(state.stock)
    loose.extend(state.discard)
    faces = list({card.face: card for card in loose}.values())
    for meld in state.melds:
        if any(can_add(meld, card) or can_tack(meld, card) for card in faces):
            return False
    return all(state.laid_down) or not satisfies_contract(loose, state.deal)


def score_deal(state: KalookiState, out: int | None) -> tuple[KalookiState, list[Event]]:
    """Charge the players the penalty of the cards left in their hands.

    With ``out`` None (nothing left to draw) every hand is charged as it stands."""
    players = state.players
    doubled = out is not None and state.options.down_and_out_doubles and state.turn.laid_down_now
    factor = 2 if doubled else 1
    penalties = tuple(
        0 if seat == out else factor * penalty(hand) for seat, hand in enumerate(state.hands)
    )
    totals = tuple(t + p for t, p in zip(state.totals, penalties, strict=True))
    record = DealRecord(state.deal, state.dealer, out, penalties, doubled, state.hands)
    state = replace(
        state,
        totals=totals,
        history=(*state.history, record),
        phase=DEAL_OVER,
        asking=None,
        turn=Turn(),
    )
    note: Message | None = None
    if out is None:
        note = msg(say.NOBODY_OUT)
    elif doubled:
        note = msg(say.DOWN_AND_OUT)
    events: list[Event] = [DealScored(state.deal, penalties, totals, out, note)]
    if state.deal >= DEALS:
        best = min(totals)
        winners = tuple(seat for seat in range(players) if totals[seat] == best)
        state = replace(state, phase=GAME_OVER, winners=winners)
        events.append(GameOver(winners, totals))
    return state, events
