"""Common random numbers for rollouts that draw from a stock.

Comparing two options in one sampled world is only fair if the future stays the same
where the options do not touch it. With one shared stock it does not: if a player takes
the discard in one branch instead of the stock, every later stock card goes to a
different player and the branches diverge from pure luck. So the world's stock is split
into one queue per seat (dealt round-robin in the order the cards would be drawn), and
before a seat draws, its own next card is moved to the top of the stock.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.engine.cards import Card


class StockQueues:
    def __init__(self, stock: Sequence[Card], players: int, first: int) -> None:
        self.queues: list[list[Card]] = [[] for _ in range(players)]
        for index, card in enumerate(reversed(stock)):  # the top card is drawn first
            self.queues[(first + index) % players].append(card)
        for queue in self.queues:
            queue.reverse()  # pop() gives the next card

    def serve(self, stock: tuple[Card, ...], seat: int) -> tuple[Card, ...]:
        """``stock`` with ``seat``'s next card on top (unchanged once its queue is used
        up, e.g. after a reshuffle brought cards no queue knows)."""
        queue = self.queues[seat]
        present = set(stock)
        while queue:
            card = queue.pop()
            if card in present:
                if stock and stock[-1] == card:
                    return stock
                return (*(c for c in stock if c != card), card)
        return stock
