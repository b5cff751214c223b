"""Hand reading shared by the rummies: which cards are still live, how close a loose card
is to a meld (its outs), and which cards are related (what an opponent collecting one
card would want). Pure functions of cards and a :class:`MeldPolicy`."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from game.engine.cards import SUITS, Card
from game.engine.melds import ACE_HIGH, Meld, MeldPolicy, extensions

Face = tuple[int, str]
JOKER_FACE: Face = (0, "")


def face(card: Card) -> Face:
    return (card.rank, card.suit)


def unseen_faces(deck: Iterable[Card], seen: Iterable[Card]) -> Counter:
    """Copies of each face not in ``seen`` (own hand, table, discards, known hands)."""
    live = Counter(face(c) for c in deck)
    live.subtract(face(c) for c in seen)
    return +live


def _positions(rank: int) -> tuple[int, ...]:
    return (1, ACE_HIGH) if rank == 1 else (rank,)


def _face_at(position: int, suit: str) -> Face:
    return (1 if position == ACE_HIGH else position, suit)


def outs(
    card: Card,
    loose: Sequence[Card],
    policy: MeldPolicy,
    live: Counter,
    group_weight: float = 1.0,
) -> tuple[float, float]:
    """(strong, weak) outs of ``card`` among the ``loose`` cards of a hand: live copies of
    the faces that would complete a meld with it (strong: one card missing; weak: two).
    ``group_weight`` scales the outs towards groups (Indian Rummy values runs more)."""
    if policy.is_wild(card):
        return (0.0, 0.0)
    strong = weak = 0.0
    size = policy.min_run
    same_suit = {
        p
        for c in loose
        if c.suit == card.suit and not policy.is_wild(c)
        for p in _positions(c.rank)
    }
    for pos in _positions(card.rank):
        for low in range(max(1, pos - size + 1), min(pos, ACE_HIGH - size + 1) + 1):
            missing = [p for p in range(low, low + size) if p not in same_suit]
            if len(missing) == 1:
                strong += live[_face_at(missing[0], card.suit)]
            elif len(missing) == 2:
                a, b = (live[_face_at(p, card.suit)] for p in missing)
                weak += min(a, b)
    mates = [c for c in loose if c.rank == card.rank and not policy.is_wild(c)]
    suits = {c.suit for c in mates} if policy.group_distinct_suits else set()
    have = len(suits) if policy.group_distinct_suits else len(mates)
    wanted = sum(live[(card.rank, s)] for s in SUITS if s not in suits)
    need = policy.min_group - have
    if need <= 1:
        strong += group_weight * wanted
    elif need == 2:
        weak += group_weight * wanted / 2
    if strong:
        strong += live[JOKER_FACE]
    return strong, weak


def related(card: Card, other: Card, policy: MeldPolicy) -> bool:
    """Whether ``other`` could sit in one meld with ``card`` (same rank, or same suit and
    close enough for a run)."""
    if policy.is_wild(card) or policy.is_wild(other):
        return False
    if card.rank == other.rank:
        return not policy.group_distinct_suits or card.suit != other.suit
    if card.suit != other.suit:
        return False
    reach = policy.min_run - 1
    return any(abs(a - b) <= reach for a in _positions(card.rank) for b in _positions(other.rank))


def fits_meld(card: Card, meld: Meld, policy: MeldPolicy) -> bool:
    """Whether ``card`` can be added to ``meld`` on the table."""
    if not policy.is_wild(card):
        if meld.kind == "group":
            if card.rank != meld.rank:
                return False
        elif card.suit != meld.suit or not (
            set(_positions(card.rank)) & {meld.rank - 1, meld.high + 1}
        ):
            return False
    return bool(extensions(meld, [card], policy))


def fits_table(card: Card, melds: Sequence[Meld], policy: MeldPolicy) -> bool:
    return any(fits_meld(card, meld, policy) for meld in melds)
