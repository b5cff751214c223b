"""Which cards came into a seat's hand since its last discard (drawn from the stock,
taken from the discard pile, or taken on a call): the table marks them until the turn
that brought them ends. Read from the session's events, so undo and a resumed game
show the same marks."""

from __future__ import annotations

from game.engine.cards import Card
from game.engine.events import CardMoved, DealStarted, Event
from game.engine.zone_names import hand_zone

PILES = ("stock", "discard")


def fresh_cards(moves: list[list[Event]], seat: int, hand: list[Card]) -> dict[Card, str]:
    """card -> the pile it came from, for the cards of ``hand`` that arrived since the
    seat's last discard in this deal (a dealt card is never fresh)."""
    mine = hand_zone(seat)
    found: dict[Card, str] = {}
    for events in reversed(moves):
        if any(isinstance(e, DealStarted) for e in events):
            break
        if any(isinstance(e, CardMoved) and e.src == mine and e.dst == "discard" for e in events):
            break
        for event in events:
            if (
                isinstance(event, CardMoved)
                and event.dst == mine
                and event.src in PILES
                and event.card is not None
            ):
                found.setdefault(event.card, event.src)
    return {card: src for card, src in found.items() if card in hand}
