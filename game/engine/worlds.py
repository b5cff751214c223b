"""A world: a full state consistent with one seat's view.

A seat sees its own hand and the table, not the other hands or the stock. A search bot
guesses those (``Hidden``), and the game's rules build the whole state from the view and
the guess (``Rules.world``); a network client, which holds only its view, can check its
own candidate moves on such a world. Nothing here reads a hidden card: the caller gives
every card the view does not show.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.cards import Card


@dataclass(frozen=True)
class Hidden:
    """What a view does not hold, as one guess, and the public facts a view leaves out
    (the caller reads them from the public history)."""

    hands: tuple[tuple[Card, ...], ...]  # every seat's hand; the viewer's own as it holds it
    stock: tuple[Card, ...]  # in the state's order (the top is the last card)
    seed: int  # the world's own seed, for whatever it shuffles later
    discard: tuple[Card, ...] | None = None  # the whole pile, where a view shows only its top
    set_aside: tuple[tuple[Card, ...], ...] = ()  # face-down cards out of play, per seat
    discarded_by: int | None = None  # who threw the top discard (None: nobody, or unknown)
