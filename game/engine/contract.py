"""Contract satisfaction (Kalooki): can these cards make ``groups`` groups of different
ranks and ``runs`` runs of different suits, all at once, and which way scores best?

Exact search over the solver's candidate melds: runs are chosen suit by suit, groups
rank by rank (so the "different" constraints hold by construction), memoised on the
packed card counts.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.engine.cards import SUITS, Card
from game.engine.melds import Meld, MeldPolicy, Slot
from game.engine.solver import (
    Arrangement,
    SlotScore,
    _Candidate,
    _Faces,
    _group_candidates,
    _run_candidates,
)

_FAIL = -(10**9)


class _ContractSearch:
    def __init__(self, cards: Sequence[Card], policy: MeldPolicy, score: SlotScore) -> None:
        self.faces = faces = _Faces(cards, policy)
        jokers = faces.total_jokers()
        self.runs_by_suit: list[list[tuple[_Candidate, int]]] = [[] for _ in SUITS]
        for cand in _run_candidates(faces, policy, score, jokers):
            suit = faces.faces[cand.faces[0]][1]
            self.runs_by_suit[SUITS.index(suit)].append((cand, self._need(cand)))
        ranks: dict[int, list[tuple[_Candidate, int]]] = {}
        for cand in _group_candidates(faces, policy, score, jokers):
            rank = faces.faces[cand.faces[0]][0]
            ranks.setdefault(rank, []).append((cand, self._need(cand)))
        self.groups_by_rank = [ranks[r] for r in sorted(ranks)]
        self.memo: dict[tuple, tuple[int, tuple | None]] = {}

    def _need(self, cand: _Candidate) -> int:
        faces = self.faces
        return sum(faces.unit(i) for i in cand.faces) + cand.jokers * faces.unit(faces.joker_field)

    def best(self, state: int, suit: int, runs: int, rank: int, groups: int) -> int:
        key = (state, suit, runs, rank, groups)
        known = self.memo.get(key)
        if known is not None:
            return known[0]
        result: tuple[int, tuple | None] = (_FAIL, None)
        if runs == 0 and groups == 0:
            result = (0, None)
        elif runs > 0 and len(SUITS) - suit >= runs:
            result = self._choose(
                state, self.runs_by_suit[suit], (suit + 1, runs - 1, rank, groups)
            )
            skip = self.best(state, suit + 1, runs, rank, groups)
            if skip > result[0]:
                result = (skip, ("skip", (suit + 1, runs, rank, groups)))
        elif runs == 0 and len(self.groups_by_rank) - rank >= groups:
            result = self._choose(
                state, self.groups_by_rank[rank], (suit, runs, rank + 1, groups - 1)
            )
            skip = self.best(state, suit, runs, rank + 1, groups)
            if skip > result[0]:
                result = (skip, ("skip", (suit, runs, rank + 1, groups)))
        self.memo[key] = result
        return result[0]

    def _choose(self, state: int, options, after: tuple) -> tuple[int, tuple | None]:
        guard = self.faces.guard
        best: tuple[int, tuple | None] = (_FAIL, None)
        for cand, need in options:
            rest = (state | guard) - need
            if rest & guard != guard:
                continue
            value = cand.score + self.best(rest ^ guard, *after)
            if value > best[0]:
                best = (value, ("take", after, cand, need))
        return best

    def rebuild(self, state: int, runs: int, groups: int) -> list[tuple[_Candidate, int]]:
        chosen = []
        key = (state, 0, runs, 0, groups)
        while True:
            _value, step = self.memo[key]
            if step is None:
                return chosen
            if step[0] == "skip":
                key = (key[0], *step[1])
                continue
            _tag, after, cand, need = step
            chosen.append((cand, need))
            key = (key[0] - need, *after)


def best_contract(
    cards: Sequence[Card], policy: MeldPolicy, score: SlotScore, groups: int, runs: int
) -> Arrangement | None:
    """The contract of ``groups`` groups (different ranks) and ``runs`` runs (different
    suits) from ``cards`` with the highest total ``score``; None if it cannot be made."""
    if policy.wild_rank is not None:
        raise ValueError("contracts are searched with printed jokers only")
    search = _ContractSearch(cards, policy, score)
    start = search.faces.start
    total = search.best(start, 0, runs, 0, groups)
    if total <= _FAIL // 2:
        return None
    faces = search.faces
    pools = {field: list(found) for field, found in faces.cards_of.items()}
    melds: list[Meld] = []
    for cand, _need in search.rebuild(start, runs, groups):
        melds.append(_place(cand, pools, faces.joker_field))
    leftover = tuple(card for found in pools.values() for card in found)
    return Arrangement(tuple(melds), leftover, total)


def _place(cand: _Candidate, pools: dict[int, list[Card]], joker_field: int) -> Meld:
    slots = []
    for face, rank, suit in cand.slots:
        card = pools[joker_field].pop() if face < 0 else pools[face].pop()
        slots.append(Slot(card, rank, suit))
    return Meld(cand.kind, tuple(slots))
