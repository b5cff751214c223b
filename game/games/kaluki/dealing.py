"""Kaluki's deals: shuffling and dealing, rebuilding the stock, scoring a finished deal."""

from __future__ import annotations

from dataclasses import replace

from game.engine.cards import Card, make_deck
from game.engine.events import CardMoved, DealScored, DealStarted, Event, GameOver, Said, Shuffled
from game.engine.messages import Message, msg
from game.engine.rng import rng_for, shuffled
from game.games.kaluki.options import KEEP_TOP, LAST_STANDING, KalukiOptions
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
    dealer = state.next_seat(state.dealer)
    deck = shuffled(make_deck(2, state.options.jokers), state.seed, state.rng_counter)
    size = state.options.hand_size
    hands: list[list[Card]] = [[] for _ in range(players)]
    events: list[Event] = [DealStarted(state.deal + 1, dealer), Shuffled("stock", len(deck))]
    stock = list(deck)
    order = [(dealer + offset) % players for offset in range(1, players + 1)]
    order = [seat for seat in order if seat not in state.eliminated]
    for _ in range(size):
        for seat in order:
            card = stock.pop()
            hands[seat].append(card)
            events.append(CardMoved(card, "stock", f"hand:{seat}", face_up=False))
    upcard = stock.pop()
    events.append(CardMoved(upcard, "stock", "discard"))
    first = state.next_seat(dealer)
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
        idle_rebuilds=0,
    )
    return state, events


def rebuild_stock(state: KalukiState, turn_up: bool) -> tuple[KalukiState, list[Event]]:
    """The dealer shuffles the discard pile into a new stock (turning its top card up
    unless ``turn_up`` is False; with reshuffle=keep_top the top discard stays and only
    the rest is shuffled). With fewer than two cards to shuffle the deal is drawn,
    and so it is when it can no longer progress (every endless deal comes back here)."""
    if len(state.discard) < 2:
        return score_deal(state, out=None)
    if cannot_progress(state):
        return score_deal(state, None, NOBODY_CAN_GO_OUT)
    if state.idle_rebuilds >= IDLE_REBUILDS:
        return score_deal(state, None, msg("kaluki.drawn_idle", n=IDLE_REBUILDS), as_it_stands=True)
    keep_top = state.options.reshuffle == KEEP_TOP  # the top discard stays face up
    kept: tuple[Card, ...] = state.discard[-1:] if keep_top else ()
    gathered = state.discard[:-1] if keep_top else state.discard
    stock = list(shuffled(gathered, state.seed, state.rng_counter))
    events: list[Event] = [
        Said(state.dealer, msg("kaluki.reshuffled"), about_seat=False),
        *(CardMoved(card, "discard", "stock", face_up=False) for card in gathered),
        Shuffled("stock", len(stock)),
    ]
    discard = kept
    if turn_up and not keep_top:
        upcard = stock.pop()
        discard = (upcard,)
        events.append(CardMoved(upcard, "stock", "discard"))
    state = replace(
        state,
        stock=tuple(stock),
        discard=discard,
        rng_counter=state.rng_counter + 1,
        idle_rebuilds=state.idle_rebuilds + 1,
    )
    return state, events


# A deal ends when the stock would be rebuilt once more after this many rebuilds with no
# card laid down, laid off or swapped in since, and each player pays the cards in hand:
# the same cards only go round (a high opening with few cards, issue 27). Scoring the
# hands lets the game go on to its end, where a drawn deal that scored nothing would not.
IDLE_REBUILDS = 3
NO_CARDS_LEFT = msg("kaluki.drawn_no_cards")
NOBODY_CAN_GO_OUT = msg("kaluki.drawn_stuck")


def score_deal(
    state: KalukiState,
    out: int | None,
    drawn_because: Message = NO_CARDS_LEFT,
    as_it_stands: bool = False,
) -> tuple[KalukiState, list[Event]]:
    """Charge every other player the penalty of the cards left in hand (everyone, when a
    deal nobody went out of is scored ``as_it_stands``; else a drawn deal scores 0)."""
    players = state.players
    values = state.options.values
    doubled = out is not None and state.options.kaluki_bonus and not state.turn.melded_at_start
    factor = 2 if doubled else 1
    if as_it_stands:
        penalties = tuple(penalty(hand, values) for hand in state.hands)
        chips: tuple[int, ...] = (0,) * players
    elif out is None:
        penalties = (0,) * players
        chips = (0,) * players
    else:
        penalties = tuple(factor * penalty(hand, values) for hand in state.hands)
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
    if state.options.ending == LAST_STANDING:
        return _last_standing(state, events)
    if max(totals) >= state.options.target:
        best = min(totals)
        winners = tuple(seat for seat in range(players) if totals[seat] == best)
        state = replace(state, phase=GAME_OVER, winners=winners)
        events.append(GameOver(winners, totals))
    return state, events


def _last_standing(state: KalukiState, events: list[Event]) -> tuple[KalukiState, list[Event]]:
    """ending=last_standing: a player whose total goes above the target is out of the
    game; the last one left wins. When everyone left goes above it in the same deal, the
    lowest of them wins (ties share)."""
    totals, target = state.totals, state.options.target
    over = tuple(seat for seat in state.in_play if totals[seat] > target)
    left = tuple(seat for seat in state.in_play if seat not in over)
    events.extend(
        Said(seat, msg("kaluki.out_of_game", total=totals[seat], target=target)) for seat in over
    )
    if len(left) > 1:
        eliminated = tuple(sorted((*state.eliminated, *over)))
        return replace(state, eliminated=eliminated, seat=state.next_seat(state.dealer)), events
    if not left:
        best = min(totals[seat] for seat in over)
        left = tuple(seat for seat in over if totals[seat] == best)
    state = replace(
        state,
        phase=GAME_OVER,
        winners=left,
        eliminated=tuple(sorted((*state.eliminated, *(seat for seat in over if seat not in left)))),
    )
    events.append(GameOver(left, totals))
    return state, events
