"""The specific reason a hint gives for a discard, shared by the rummies: the meld the
card breaks, or that no meld uses it and how many unseen cards could still join it
(issue 29: "your least useful card" said nothing a player could check)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from game.ai.base import Decision, decision
from game.ai.rummy import related
from game.engine.actions import Discard
from game.engine.cards import Card
from game.engine.melds import Meld, MeldPolicy


def joiners(card: Card, live: Counter, policy: MeldPolicy) -> int:
    """Unseen copies of the faces that could sit in one meld with ``card`` (same rank of
    another suit, or its suit close enough for a run); jokers and wild cards not counted."""
    if policy.is_wild(card):
        return 0
    return sum(
        count
        for (rank, suit), count in live.items()
        if rank and related(card, Card(rank, suit), policy)
    )


def discard_decision(
    card: Card, melds: Sequence[Meld], live: Counter, policy: MeldPolicy
) -> Decision:
    """Discard ``card``, with why: the meld of ``melds`` (the hand's own arrangement) it
    breaks, else that no meld uses it and how many unseen cards could join it."""
    meld = next((m for m in melds if card in m.cards), None)
    if meld is not None:
        return decision(Discard(card), "hint.discard_breaks", card=card, meld=meld)
    n = joiners(card, live, policy)
    if n == 0:
        return decision(Discard(card), "hint.discard_dead", card=card)
    key = "hint.discard_loose_one" if n == 1 else "hint.discard_loose"
    return decision(Discard(card), key, card=card, n=n)
