"""Contract satisfaction (Kalooki): can these cards make ``groups`` groups of different
ranks and ``runs`` runs of different suits, all at once, and which way scores best?

Exact search over the solver's candidate melds: runs are chosen suit by suit, groups
rank by rank (so the "different" constraints hold by construction), memoised on the
packed card counts. :func:`best_contract` finds the best-scoring way;
:func:`contract_exists` answers only yes or no, looking at melds of the minimum sizes and
stopping at the first way found, so it stays fast on large sets of cards.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations, pairwise

from game.engine.cards import SUITS, Card
from game.engine.melds import ACE_HIGH, Meld, MeldPolicy, Slot
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
        chosen: list[tuple[_Candidate, int]] = []
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


def contract_exists(cards: Sequence[Card], policy: MeldPolicy, groups: int, runs: int) -> bool:
    """Whether ``cards`` hold ``groups`` groups (different ranks) and ``runs`` runs
    (different suits) at once: the yes/no question, fast on any number of cards.

    Any valid group keeps valid when cut down to ``min_group`` cards (real cards kept
    first), and any stretch of ``min_run`` places of a valid run is a valid run when runs
    need no more than one real card: so it is enough to look for melds of the minimum
    sizes, and the search stops at the first way found.
    """
    if policy.wild_rank is not None:
        raise ValueError("contracts are searched with printed jokers only")
    if policy.min_real_run > 1 or policy.min_real_group > policy.min_group:
        return best_contract(cards, policy, lambda *_: 0, groups, runs) is not None
    faces = _Faces(cards, policy)
    jokers = faces.count(faces.start, faces.joker_field)
    joker_unit = faces.unit(faces.joker_field)
    runs_by_suit = [
        _shortest_runs(faces, policy, suit, jokers, joker_unit) if runs else [] for suit in SUITS
    ]
    ranks = sorted({rank for rank, _suit in faces.faces}) if groups else []
    groups_by_rank = [_shortest_groups(faces, policy, r, jokers, joker_unit) for r in ranks]
    guard = faces.guard
    failed: set[tuple[int, int, int, int, int]] = set()

    def search(state: int, suit: int, runs_left: int, rank: int, groups_left: int) -> bool:
        if runs_left == 0 and groups_left == 0:
            return True
        key = (state, suit, runs_left, rank, groups_left)
        if key in failed:
            return False
        if runs_left:
            if len(SUITS) - suit >= runs_left:
                for need in runs_by_suit[suit]:
                    rest = (state | guard) - need
                    if rest & guard != guard:
                        continue
                    if search(rest ^ guard, suit + 1, runs_left - 1, rank, groups_left):
                        return True
                if search(state, suit + 1, runs_left, rank, groups_left):
                    return True
        elif len(groups_by_rank) - rank >= groups_left:
            for need in groups_by_rank[rank]:
                rest = (state | guard) - need
                if rest & guard != guard:
                    continue
                if search(rest ^ guard, suit, 0, rank + 1, groups_left - 1):
                    return True
            if search(state, suit, 0, rank + 1, groups_left):
                return True
        failed.add(key)
        return False

    return search(faces.start, 0, runs, 0, groups)


def _shortest_runs(
    faces: _Faces, policy: MeldPolicy, suit: str, jokers: int, joker_unit: int
) -> list[int]:
    """What each run of exactly ``min_run`` places in ``suit`` takes from the hand."""
    unit_at: dict[int, int] = {}
    for (rank, face_suit), index in faces.index.items():
        if face_suit == suit:
            unit_at[rank] = faces.unit(index)
            if rank == 1:
                unit_at[ACE_HIGH] = faces.unit(index)
    needs = set()
    size = policy.min_run
    for low in range(1, ACE_HIGH - size + 2):
        places = range(low, low + size)
        present = [p for p in places if p in unit_at]
        missing = [p for p in places if p not in unit_at]
        if len(missing) > jokers or not present:
            continue
        # a joker may also stand in for a card that is in hand (kept for another meld)
        for drop in range(min(jokers - len(missing), len(present) - 1) + 1):
            for dropped in combinations(present, drop):
                gaps = sorted((*missing, *dropped))
                if not policy.adjacent_jokers and any(b - a == 1 for a, b in pairwise(gaps)):
                    continue
                need = sum(unit_at[p] for p in present if p not in dropped)
                needs.add(need + len(gaps) * joker_unit)
    return sorted(needs)


def _counts_summing_to(limits: list[int], total: int) -> Iterator[tuple[int, ...]]:
    """Every way to take ``total`` cards, at most ``limits[i]`` of face ``i``."""
    if not limits:
        if total == 0:
            yield ()
        return
    for first in range(min(limits[0], total) + 1):
        for rest in _counts_summing_to(limits[1:], total - first):
            yield (first, *rest)


def _shortest_groups(
    faces: _Faces, policy: MeldPolicy, rank: int, jokers: int, joker_unit: int
) -> list[int]:
    """What each group of exactly ``min_group`` cards of ``rank`` takes from the hand."""
    present = [faces.index[(rank, s)] for s in SUITS if (rank, s) in faces.index]
    limits = [1 if policy.group_distinct_suits else len(faces.cards_of[i]) for i in present]
    size = policy.min_group
    needs = set()
    for real in range(max(1, policy.min_real_group, size - jokers), min(size, sum(limits)) + 1):
        for counts in _counts_summing_to(limits, real):
            need = sum(n * faces.unit(i) for i, n in zip(present, counts))
            needs.add(need + (size - real) * joker_unit)
    return sorted(needs)
