"""What a seat has learnt from the public history of the current deal.

Read from the events a seat may see (``events_for``): a card that went face up into a
player's hand (taken from the discard pile, a swapped joker, a called card) is known to be
there until it is seen leaving; what each player took and threw away tells what they
collect and what they do not. Nothing here reads a state.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from game.engine.cards import Card
from game.engine.events import CardMoved, DealStarted, Event
from game.engine.zone_names import seat_in


def seat_of(zone: str, kind: str = "hand") -> int | None:
    """``"hand:2" -> 2`` (None for other zones)."""
    return seat_in(zone, kind)


@dataclass
class DealKnowledge:
    """Public facts about the deal in progress, per seat."""

    deal: int = 0
    held: dict[int, list[Card]] = field(default_factory=dict)  # known to be in that hand
    taken: dict[int, list[Card]] = field(default_factory=dict)  # taken from the discard pile
    discarded: dict[int, list[Card]] = field(default_factory=dict)
    declined: dict[int, list[Card]] = field(default_factory=dict)  # top discard left lying
    pile: list[Card] = field(default_factory=list)  # the discard pile as seen
    top_from: int | None = None  # who threw the top discard (None: up-card, reshuffle)
    moves: int = 0  # card moves this deal (a measure of how far the deal has gone)
    rebuilds: int = 0  # times the discards under the top card became a new stock
    restocked: list[Card] = field(default_factory=list)  # what the last new stock held
    _restocking: bool = field(default=False, repr=False)  # amid the moves of one rebuild

    def all_known_in_hands(self, except_seat: int) -> list[Card]:
        return [card for seat, cards in self.held.items() if seat != except_seat for card in cards]

    def apply(self, event: Event) -> None:
        if isinstance(event, DealStarted):
            vars(self).update(vars(type(self)(deal=event.deal)))  # a new deal: forget the old
            return
        if not isinstance(event, CardMoved):
            return
        self.moves += 1
        card, src, dst = event.card, event.src, event.dst
        if src == "discard" and dst == "stock":
            self._restock()
            return
        self._restocking = False
        giver, taker = seat_of(src), seat_of(dst)
        if src == "discard" and self.pile:
            top = self.pile.pop()
            self.top_from = None
            if card is None:
                card = top  # a discard is public even when a rule moves it face down
        if dst == "discard" and card is not None:
            self.pile.append(card)
            self.top_from = giver
        if card is None:
            if src == "stock" and taker is not None and self.pile:
                self.declined.setdefault(taker, []).append(self.pile[-1])
            return
        if giver is not None:
            held = self.held.get(giver, [])
            if card in held:
                held.remove(card)
            if dst == "discard":
                self.discarded.setdefault(giver, []).append(card)
        if taker is not None and (event.face_up or src == "discard"):
            self.held.setdefault(taker, []).append(card)
            if src == "discard":
                self.taken.setdefault(taker, []).append(card)

    def _restock(self) -> None:
        """One card of the pile went face down into a new stock. The cards go from the
        bottom up, so a top card that stays where it was (Kalooki) is still the pile."""
        if not self._restocking:
            self._restocking = True
            self.rebuilds += 1
            self.restocked = []
            self.top_from = None
        if self.pile:
            self.restocked.append(self.pile.pop(0))


class HistoryReader:
    """Keeps one :class:`DealKnowledge` in step with a growing history, reading only the
    new events when the same list grows (and from the last deal's start otherwise)."""

    def __init__(self) -> None:
        self._source: Sequence[Event] | None = None
        self._read = 0
        self._last: Event | None = None
        self.knowledge = DealKnowledge()

    def update(self, history: Sequence[Event]) -> DealKnowledge:
        same = (
            history is self._source
            and len(history) >= self._read
            and (self._read == 0 or history[self._read - 1] is self._last)
        )
        if not same:
            self.knowledge = DealKnowledge()
            start = len(history)
            while start > 0 and not isinstance(history[start - 1], DealStarted):
                start -= 1
            self._read = max(0, start - 1)
            self._source = history
        for event in history[self._read :]:
            self.knowledge.apply(event)
        self._read = len(history)
        self._last = history[-1] if history else None
        return self.knowledge


def read_history(history: Sequence[Event]) -> DealKnowledge:
    """The knowledge of the current deal from a whole public history (no caching)."""
    return HistoryReader().update(history)
