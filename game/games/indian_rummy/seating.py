"""The seating draw: who sits where and who deals first (rules/indian_rummy.md).

Everyone draws a card (aces high, jokers left out of the draw). The highest card chooses a
seat and the others sit to their right in descending order, so clockwise from the highest
come the lowest, the next lowest ... and the second highest last. The lowest deals first.
Players who draw equal ranks draw again (suits do not break ties) until every place is
settled.

**Decision**: the highest card's choice of chair is not asked for. Everyone else sits
relative to that player, so the choice cannot change the clockwise order or who deals;
the table simply shows the highest card's seat where the table puts the first chair.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.engine.cards import Card, make_deck
from game.engine.events import Event
from game.engine.rng import shuffled
from game.games.indian_rummy.state import SeatDraw


@dataclass(frozen=True)
class SeatsDrawn(Event):
    """The seating draw is over: the new clockwise order and the first dealer."""

    draws: tuple[SeatDraw, ...]
    order: tuple[int, ...]
    dealer: int


@dataclass(frozen=True)
class Seating:
    order: tuple[int, ...]  # clockwise, starting with the highest card
    dealer: int  # the lowest card
    draws: tuple[SeatDraw, ...]  # each round of drawing, ties drawn again
    rng_counter: int  # the state's counter after the shuffles used


def draw_value(card: Card) -> int:
    """Aces rank high in the seating draw."""
    return 14 if card.rank == 1 else card.rank


def draw_for_seats(seats: Sequence[int], seed: int, rng_counter: int, decks: int) -> Seating:
    """Every seat in ``seats`` draws; ties draw again from the same pack (a fresh pack is
    shuffled in the unlikely case it runs out)."""
    pack: list[Card] = []
    keys: dict[int, tuple[int, ...]] = {seat: () for seat in seats}
    rounds: list[SeatDraw] = []
    drawing = list(seats)
    while drawing:
        drawn = []
        for seat in drawing:
            if not pack:
                pack = list(shuffled(make_deck(decks), seed, rng_counter))
                rng_counter += 1
            card = pack.pop()
            keys[seat] = (*keys[seat], draw_value(card))
            drawn.append((seat, str(Card(card.rank, card.suit))))
        rounds.append(SeatDraw(tuple(drawn)))
        ties = [seat for seat in drawing if list(keys.values()).count(keys[seat]) > 1]
        drawing = ties
    ranking = sorted(seats, key=lambda seat: keys[seat], reverse=True)
    order = (ranking[0], *reversed(ranking[1:]))
    return Seating(order, ranking[-1], tuple(rounds), rng_counter)


def clockwise_after(order: Sequence[int], seat: int) -> int:
    """The seat to the left of ``seat`` (the next to play or deal)."""
    return order[(order.index(seat) + 1) % len(order)]
