"""Kaluki's deals: shuffling and dealing, rebuilding the stock, scoring a finished deal."""

from __future__ import annotations

from dataclasses import replace

from game.engine.cards import Card, make_deck
from game.engine.events import CardMoved, DealScored, DealStarted, Event, GameOver, Said, Shuffled
from game.engine.messages import Message, msg
from game.engine.rng import rng_for, shuffled
from game.games.kaluki.options import KalukiOptions
from game.games.kaluki.scoring import chips_owed, penalty
from game.games.kaluki.stalemate import cannot_progress
from game.games.kaluki.state import (
    DEAL_OVER,
    DRAW,
    FIRST_ROUND,
    GAME_OVER,
    DealRecord,
    KalukiState,
    Turn,
)


def new_game(options: KalukiOptions, seed: int) -> tuple[KalukiState, list[Event]]:
    players = options.players
    first_dealer = rng_for(seed, 0).randrange(players)
    empty = tuple(() for _ in range(players))
    zeros = (0,) * players
    state = KalukiState(
        options=options,
        seed=seed,
        rng_counter=1,
        deal=0,
        dealer=(first_dealer - 1) % players,  # start_deal passes it on to first_dealer
        phase=DEAL_OVER,
        seat=first_dealer,
        hands=empty,
        stock=(),
        discard=(),
        melds=(),
        melded=(False,) * players,
        turn=Turn(),
        passes=0,
        totals=zeros,
        chips=zeros,
        history=(),
    )
    return start_deal(state)


def start_deal(state: KalukiState) -> tuple[KalukiState, list[Event]]:
    """Shuffle, deal one at a time from the dealer's left, turn up the first discard."""
    players = state.players
    dealer = (state.dealer + 1) % players
    deck = shuffled(make_deck(2, 4), state.seed, state.rng_counter)
    size = state.options.hand_size
    hands: list[list[Card]] = [[] for _ in range(players)]
    events: list[Event] = [DealStarted(state.deal + 1, dealer), Shuffled("stock", len(deck))]
    stock = list(deck)
    for _ in range(size):
        for offset in range(1, players + 1):
            seat = (dealer + offset) % players
            card = stock.pop()
            hands[seat].append(card)
            events.append(CardMoved(card, "stock", f"hand:{seat}", face_up=False))
    upcard = stock.pop()
    events.append(CardMoved(upcard, "stock", "discard"))
    first = (dealer + 1) % players
    phase = FIRST_ROUND if state.options.first_turn_discard_round else DRAW
    state = replace(
        state,
        rng_counter=state.rng_counter + 1,
        deal=state.deal + 1,
        dealer=dealer,
        phase=phase,
        seat=first,
        hands=tuple(tuple(h) for h in hands),
        stock=tuple(stock),
        discard=(upcard,),
        melds=(),
        melded=(False,) * players,
        turn=Turn(),
        passes=0,
    )
    return state, events


def rebuild_stock(state: KalukiState, turn_up: bool) -> tuple[KalukiState, list[Event]]:
    """The dealer shuffles the discard pile into a new stock (turning its top card up
    unless ``turn_up`` is False). With fewer than two cards to shuffle the deal is drawn,
    and so it is when it can no longer progress (every endless deal comes back here)."""
    if len(state.discard) < 2:
        return score_deal(state, out=None)
    if cannot_progress(state):
        return score_deal(state, None, NOBODY_CAN_GO_OUT)
    stock = list(shuffled(state.discard, state.seed, state.rng_counter))
    events: list[Event] = [
        Said(state.dealer, msg("kaluki.reshuffled"), about_seat=False),
        *(CardMoved(card, "discard", "stock", face_up=False) for card in state.discard),
        Shuffled("stock", len(stock)),
    ]
    discard: tuple = ()
    if turn_up:
        upcard = stock.pop()
        discard = (upcard,)
        events.append(CardMoved(upcard, "stock", "discard"))
    state = replace(state, stock=tuple(stock), discard=discard, rng_counter=state.rng_counter + 1)
    return state, events


NO_CARDS_LEFT = msg("kaluki.drawn_no_cards")
NOBODY_CAN_GO_OUT = msg("kaluki.drawn_stuck")


def score_deal(
    state: KalukiState, out: int | None, drawn_because: Message = NO_CARDS_LEFT
) -> tuple[KalukiState, list[Event]]:
    """Charge every other player the penalty of the cards left in hand."""
    players = state.players
    ace = state.options.ace_value
    doubled = out is not None and state.options.kaluki_bonus and not state.turn.melded_at_start
    factor = 2 if doubled else 1
    if out is None:
        penalties = (0,) * players
        chips = (0,) * players
    else:
        penalties = tuple(factor * penalty(hand, ace) for hand in state.hands)
        paid = [factor * chips_owed(hand) if state.options.chips else 0 for hand in state.hands]
        chips = tuple(-paid[seat] if seat != out else sum(paid) for seat in range(players))
    totals = tuple(t + p for t, p in zip(state.totals, penalties, strict=True))
    record = DealRecord(
        state.deal, state.dealer, out, penalties, chips, doubled, tuple(state.hands)
    )
    state = replace(
        state,
        totals=totals,
        chips=tuple(c + d for c, d in zip(state.chips, chips, strict=True)),
        history=(*state.history, record),
        phase=DEAL_OVER,
        seat=(state.dealer + 1) % players,
        turn=Turn(),
    )
    note: Message | None = drawn_because if out is None else None
    if doubled:
        note = msg("kaluki.doubled")
    events: list[Event] = [DealScored(state.deal, penalties, totals, out, note)]
    if max(totals) >= state.options.target:
        best = min(totals)
        winners = tuple(seat for seat in range(players) if totals[seat] == best)
        state = replace(state, phase=GAME_OVER, winners=winners)
        events.append(GameOver(winners, totals))
    return state, events
