"""Laugh and Lie Down's deals: drawing for the first dealer, antes and the deal, and the
end of a deal (the dealer's share, the settlement, the end of the game)."""

from __future__ import annotations

from dataclasses import replace

from game.engine.cards import Card, make_deck
from game.engine.events import CardMoved, DealScored, DealStarted, Event, GameOver, Said, Shuffled
from game.engine.messages import msg
from game.engine.rng import shuffled
from game.games.laugh_and_lie_down import messages as m
from game.games.laugh_and_lie_down.options import LaughOptions
from game.games.laugh_and_lie_down.settlement import LAYOUT_SIZE, antes, settle
from game.games.laugh_and_lie_down.state import (
    DEAL_OVER,
    GAME_OVER,
    NEVER,
    PLAY,
    DealRecord,
    LaughState,
)


def high_rank(card: Card) -> int:
    """Rank for drawing the first dealer: ace high."""
    return 14 if card.rank == 1 else card.rank


Draw = tuple[tuple[int, Card], ...]  # one round of drawing: (seat, card drawn)


def draw_for_dealer(seed: int, counter: int, players: int) -> tuple[int, int, list[Draw]]:
    """Every player draws a card from a shuffled deck; the highest deals first. Players
    tied for the highest draw again from a fresh shuffle. Returns (dealer, next counter,
    the rounds of drawing)."""
    contenders = list(range(players))
    rounds: list[Draw] = []
    while True:
        deck = list(shuffled(make_deck(), seed, counter))
        counter += 1
        drawn = tuple((seat, deck.pop()) for seat in contenders)
        rounds.append(drawn)
        best = max(high_rank(card) for _, card in drawn)
        contenders = [seat for seat, card in drawn if high_rank(card) == best]
        if len(contenders) == 1:
            return contenders[0], counter, rounds


def _draw_events(rounds: list[Draw], dealer: int) -> list[Event]:
    events: list[Event] = []
    for number, drawn in enumerate(rounds):
        if number:
            events.extend(Said(seat, msg(m.TIE)) for seat, _ in drawn)
        events.extend(Said(seat, msg(m.DRAW_FOR_DEAL, card=card)) for seat, card in drawn)
    events.append(Said(dealer, msg(m.FIRST_DEALER)))
    return events


def new_game(options: LaughOptions, seed: int) -> tuple[LaughState, list[Event]]:
    players = options.players
    first_dealer, counter, rounds = draw_for_dealer(seed, 0, players)
    events = _draw_events(rounds, first_dealer)
    empty = tuple(() for _ in range(players))
    state = LaughState(
        options=options,
        seed=seed,
        rng_counter=counter,
        deal=0,
        dealer=(first_dealer - 1) % players,  # start_deal passes the deal on to first_dealer
        phase=DEAL_OVER,
        seat=first_dealer,
        mover=first_dealer,
        hands=empty,
        layout=(),
        captured=empty,
        lain_down=(False,) * players,
        chips=(options.starting_chips,) * players,
        pot=0,
        asking=(),
        moment=0,
        rank_moment=(0,) * 13,
        chance=(NEVER,) * players,
        last_player=None,
        history=(),
    )
    state, more = start_deal(state)
    return state, [*events, *more]


def start_deal(state: LaughState) -> tuple[LaughState, list[Event]]:
    """Pass the deal left, take the antes, deal the hands one card at a time from the
    dealer's left, then twelve cards face up to the layout."""
    players = state.players
    dealer = (state.dealer + 1) % players
    paid = antes(players, dealer)
    events: list[Event] = [DealStarted(state.deal + 1, dealer)]
    events.extend(Said(seat, msg(m.ANTE, n=paid[seat])) for seat in range(players))
    deck = list(shuffled(make_deck(), state.seed, state.rng_counter))
    events.append(Shuffled("stock", len(deck)))
    hands: list[list[Card]] = [[] for _ in range(players)]
    for _ in range(state.options.hand_size):
        for offset in range(1, players + 1):
            seat = (dealer + offset) % players
            card = deck.pop()
            hands[seat].append(card)
            events.append(CardMoved(card, "stock", f"hand:{seat}", face_up=False))
    layout = [deck.pop() for _ in range(LAYOUT_SIZE)]
    events.extend(CardMoved(card, "stock", "layout") for card in layout)
    assert not deck, "the whole pack is dealt"
    first = (dealer + 1) % players
    state = replace(
        state,
        rng_counter=state.rng_counter + 1,
        deal=state.deal + 1,
        dealer=dealer,
        phase=PLAY,
        seat=first,
        mover=first,
        hands=tuple(tuple(hand) for hand in hands),
        layout=tuple(layout),
        captured=tuple(() for _ in range(players)),
        lain_down=(False,) * players,
        chips=tuple(c - p for c, p in zip(state.chips, paid)),
        pot=state.pot + sum(paid),
        asking=(),
        moment=0,
        rank_moment=(0,) * 13,
        chance=(NEVER,) * players,
        last_player=None,
    )
    return state, events


def end_deal(state: LaughState) -> tuple[LaughState, list[Event]]:
    """The layout and the last player's hand go to the dealer; then the settlement."""
    players, dealer = state.players, state.dealer
    last = state.last_player if state.last_player is not None else state.mover
    events: list[Event] = [CardMoved(card, "layout", f"captured:{dealer}") for card in state.layout]
    share = list(state.layout)
    for seat, hand in enumerate(state.hands):  # only the last player still holds cards
        share.extend(hand)
        events.extend(CardMoved(card, f"hand:{seat}", f"captured:{dealer}") for card in hand)
    events.append(Said(dealer, msg(m.DEALER_SHARE, n=len(share))))
    captured = tuple(
        (*pile, *share) if seat == dealer else pile for seat, pile in enumerate(state.captured)
    )
    counts = tuple(len(pile) for pile in captured)
    changes = tuple(settle(counts, last, players))
    chips = tuple(c + d for c, d in zip(state.chips, changes))
    pot = state.pot - sum(changes)
    paid = antes(players, dealer)
    record = DealRecord(state.deal, dealer, last, counts, tuple(share), tuple(paid), changes, pot)
    state = replace(
        state,
        hands=tuple(() for _ in range(players)),
        layout=(),
        captured=captured,
        chips=chips,
        pot=pot,
        asking=(),
        last_player=last,
        history=(*state.history, record),
        phase=DEAL_OVER,
        seat=(dealer + 1) % players,
    )
    if pot:
        note = msg(m.POT_CARRIES, n=pot) if pot > 0 else msg(m.POT_OWED, n=-pot)
    else:
        note = msg(m.POT_EMPTY)
    events.append(DealScored(state.deal, changes, chips, last, note))
    if state.deal >= state.options.deal_count:
        best = max(chips)
        winners = tuple(seat for seat in range(players) if chips[seat] == best)
        state = replace(state, phase=GAME_OVER, winners=winners)
        events.append(GameOver(winners, chips))
    return state, events
