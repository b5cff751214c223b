"""The exact arrangement solver shared by the rummies.

Given some cards, find disjoint valid melds that maximise a score: the penalty points
taken out of the hand (minimum deadwood), the value of an opening meld (jokers worth the
card they stand for), or the number of cards placed (can the whole hand be declared).

How it stays exact and fast:
- Identical cards are interchangeable, so the search works on *counts per face* packed
  into one integer (4 bits a face, the top bit a guard): taking a meld out of the hand is
  one subtraction, and one mask tells whether any count went negative.
- Candidate melds are listed once per hand, each as the faces it needs plus a number of
  joker slots, keeping the best-scoring placement of the jokers.
- A depth-first search takes the lowest face still in hand: it is either left over or
  used in a candidate meld that contains it. Results are memoised on the packed counts.
Wild cards that are not printed jokers (Indian Rummy's wild rank) are faces of their own:
they fill joker slots when printed jokers run out, and may also sit naturally in a pure
run. All wild cards are assumed to score alike as jokers (true of every game here).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations_with_replacement, pairwise, product

from game.engine.cards import SUITS, Card, joker
from game.engine.melds import ACE_HIGH, GROUP, RUN, Meld, MeldPolicy, Slot

SlotScore = Callable[[Card, int, str], int]
"""Score of one placed card: (physical card, rank it stands for, suit it stands for)."""

_BITS = 4
_FIELD = (1 << (_BITS - 1)) - 1  # largest count a face may hold


@dataclass(frozen=True)
class Arrangement:
    melds: tuple[Meld, ...]
    leftover: tuple[Card, ...]
    score: int


@dataclass(frozen=True)
class _Candidate:
    kind: str
    faces: tuple[int, ...]  # face indices used naturally (with repeats)
    jokers: int
    score: int
    is_pure: bool
    slots: tuple[tuple[int, int, str], ...]  # (face index or -1 for a joker, rank, suit)


class _Faces:
    """The distinct faces of a hand and their packed counts."""

    def __init__(self, cards: Sequence[Card], policy: MeldPolicy) -> None:
        faces = sorted(
            {(c.rank, c.suit) for c in cards if not c.is_joker},
            key=lambda f: (f[0] == policy.wild_rank, f[1], f[0]),
        )
        self.faces = faces
        self.index = {face: i for i, face in enumerate(faces)}
        self.joker_field = len(faces)
        self.cards_of: dict[int, list[Card]] = {i: [] for i in range(len(faces) + 1)}
        for card in cards:
            field = self.joker_field if card.is_joker else self.index[(card.rank, card.suit)]
            self.cards_of[field].append(card)
        self.wild = [i for i, f in enumerate(faces) if f[0] == policy.wild_rank]
        self.natural_mask = 0
        for i, (rank, _suit) in enumerate(faces):
            if rank != policy.wild_rank:
                self.natural_mask |= _FIELD << (i * _BITS)
        fields = len(faces) + 1
        self.guard = sum(1 << (i * _BITS + _BITS - 1) for i in range(fields))
        self.start = sum(len(self.cards_of[i]) << (i * _BITS) for i in range(fields))
        if any(len(cs) > _FIELD for cs in self.cards_of.values()):
            raise ValueError("too many identical cards for the solver")

    def count(self, state: int, field: int) -> int:
        return (state >> (field * _BITS)) & _FIELD

    def unit(self, field: int) -> int:
        return 1 << (field * _BITS)

    def total_jokers(self) -> int:
        return len(self.cards_of[self.joker_field]) + sum(len(self.cards_of[i]) for i in self.wild)


def _run_subsets(positions: list[int], jokers: int) -> Iterator[tuple[int, ...]]:
    """Subsets of sorted positions whose internal gaps could be filled by ``jokers``."""

    def extend(chosen: tuple[int, ...], start: int) -> Iterator[tuple[int, ...]]:
        yield chosen
        for nxt in range(start, len(positions)):
            gap = positions[nxt] - chosen[-1] - 1
            if gap < 0:
                continue
            used = chosen[-1] - chosen[0] + 1 - len(chosen)
            if used + gap > jokers:
                break
            yield from extend((*chosen, positions[nxt]), nxt + 1)

    for i, first in enumerate(positions):
        yield from extend((first,), i + 1)


def _best_window(
    chosen: tuple[int, ...], size: int, suit: str, policy: MeldPolicy, score: SlotScore, jc: Card
) -> tuple[int, tuple[int, ...]] | None:
    """Best window of ``size`` holding ``chosen`` positions: (joker score, joker positions)."""
    best = None
    for low in range(max(1, chosen[-1] - size + 1), min(chosen[0], 15 - size) + 1):
        gaps = tuple(p for p in range(low, low + size) if p not in chosen)
        if not policy.adjacent_jokers and any(b - a == 1 for a, b in pairwise(gaps)):
            continue
        value = sum(score(jc, p, suit) for p in gaps)
        if best is None or value > best[0]:
            best = (value, gaps)
    return best


def _run_candidates(
    faces: _Faces, policy: MeldPolicy, score: SlotScore, jokers: int
) -> Iterator[_Candidate]:
    jc = joker()
    for suit in SUITS:
        by_pos: dict[int, int] = {}
        for (rank, face_suit), i in faces.index.items():
            if face_suit == suit:
                by_pos[rank] = i
                if rank == 1:
                    by_pos[ACE_HIGH] = i
        for chosen in _run_subsets(sorted(by_pos), jokers):
            used = [by_pos[p] for p in chosen]
            if used.count(by_pos.get(1, -1)) > len(faces.cards_of.get(by_pos.get(1, -1), [])):
                continue  # both ends need an ace: only with two aces of that suit
            if len(chosen) < max(1, policy.min_real_run):
                continue
            gaps = chosen[-1] - chosen[0] + 1 - len(chosen)
            base = sum(score(faces.cards_of[i][0], p, suit) for i, p in zip(used, chosen))
            for k in range(max(gaps, policy.min_run - len(chosen)), jokers + 1):
                if len(chosen) + k > ACE_HIGH:
                    break
                window = _best_window(chosen, len(chosen) + k, suit, policy, score, jc)
                if window is None:
                    continue
                slots = sorted(
                    [(i, p, suit) for i, p in zip(used, chosen)]
                    + [(-1, p, suit) for p in window[1]],
                    key=lambda s: s[1],
                )
                yield _Candidate(RUN, tuple(used), k, base + window[0], k == 0, tuple(slots))


def _group_candidates(
    faces: _Faces, policy: MeldPolicy, score: SlotScore, jokers: int
) -> Iterator[_Candidate]:
    jc = joker()
    ranks = {rank for rank, _ in faces.faces}
    for rank in sorted(ranks):
        present = [(faces.index[(rank, s)], s) for s in SUITS if (rank, s) in faces.index]
        limits = [1 if policy.group_distinct_suits else len(faces.cards_of[i]) for i, _ in present]
        for counts in product(*(range(limit + 1) for limit in limits)):
            used = [i for (i, _s), n in zip(present, counts) for _ in range(n)]
            real = len(used)
            if real < max(1, policy.min_real_group):
                continue
            room = policy.max_group - real if policy.max_group is not None else jokers
            if policy.group_distinct_suits and policy.group_joker_suits:
                room = min(room, 4 - real)
            base = sum(score(faces.cards_of[i][0], rank, faces.faces[i][1]) for i in used)
            missing = [s for s in SUITS if s not in {faces.faces[i][1] for i in used}] or ["S"]
            for k in range(max(0, policy.min_group - real), min(room, jokers) + 1):
                suits = [
                    missing[j % len(missing)] if policy.group_joker_suits else "" for j in range(k)
                ]
                value = base + sum(score(jc, rank, s) for s in suits)
                slots = tuple((i, rank, faces.faces[i][1]) for i in used) + tuple(
                    (-1, rank, s) for s in suits
                )
                yield _Candidate(GROUP, tuple(used), k, value, False, slots)


class _Search:
    def __init__(
        self, cards, policy, score, kinds, require_pure, require_runs, require_face
    ) -> None:
        self.faces = faces = _Faces(cards, policy)
        self.policy = policy
        self.require_pure = require_pure
        self.require_runs = require_runs
        # a face that must be used (the discard just taken); -2 when none is required
        self.target = faces.index.get(require_face, -1) if require_face else -2
        self.joker_score = score(joker(), 1, "S")
        jokers = faces.total_jokers()
        pool: list[_Candidate] = []
        if RUN in kinds:
            pool.extend(_run_candidates(faces, policy, score, jokers))
        if GROUP in kinds:
            pool.extend(_group_candidates(faces, policy, score, jokers))
        self.by_first: dict[int, list[tuple[_Candidate, int]]] = {}
        for cand in pool:
            natural = [i for i in cand.faces if i not in faces.wild]
            if not natural:
                continue  # melds of wild cards only are handled at the leaf
            need = sum(faces.unit(i) for i in cand.faces)
            self.by_first.setdefault(min(natural), []).append((cand, need))
        self.memo: dict[tuple[int, int, int, bool], tuple[int, tuple | None]] = {}

    def fills(self, state: int, k: int) -> Iterator[int]:
        """Ways to take ``k`` jokers: printed jokers first, then wild-rank faces."""
        faces = self.faces
        printed = faces.count(state, faces.joker_field)
        if k <= printed:
            yield k * faces.unit(faces.joker_field)
            return
        rest = k - printed
        wild_left = [i for i in faces.wild if faces.count(state, i)]
        for combo in combinations_with_replacement(wild_left, rest):
            yield printed * faces.unit(faces.joker_field) + sum(faces.unit(i) for i in combo)

    def leaf(self, state: int, pure: int, runs: int, hit: bool) -> tuple[int, tuple | None]:
        faces, policy = self.faces, self.policy
        printed = faces.count(state, faces.joker_field)
        wild = sum(faces.count(state, i) for i in faces.wild)
        can_run = wild >= 1 and printed + wild >= policy.min_run and policy.min_real_run <= 1
        options = [(0, pure, runs, None)]
        if can_run:
            options.append(((printed + wild) * self.joker_score, pure, runs + 1, ("leaf",)))
        best: tuple[int, tuple | None] = (-(10**9), None)
        for value, p, r, step in options:
            met = p >= self.require_pure and r >= self.require_runs and hit
            if met and value > best[0]:
                best = (value, step)
        return best

    def best(self, state: int, pure: int, runs: int, hit: bool) -> int:
        key = (state, pure, runs, hit)
        known = self.memo.get(key)
        if known is not None:
            return known[0]
        faces = self.faces
        naturals = state & faces.natural_mask
        if not naturals:
            result = self.leaf(state, pure, runs, hit)
            self.memo[key] = result
            return result[0]
        field = ((naturals & -naturals).bit_length() - 1) // _BITS
        result = (self.best(state - faces.unit(field), pure, runs, hit), ("skip", field))
        guard = faces.guard
        for cand, need in self.by_first.get(field, ()):
            if ((state | guard) - need) & guard != guard:
                continue
            after_naturals = state - need
            for take in self.fills(after_naturals, cand.jokers):
                rest = (after_naturals | guard) - take
                if rest & guard != guard:
                    continue
                new_pure = min(self.require_pure, pure + cand.is_pure)
                new_runs = min(self.require_runs, runs + (cand.kind == RUN))
                new_hit = hit or self.target in cand.faces
                value = cand.score + self.best(rest ^ guard, new_pure, new_runs, new_hit)
                if value > result[0]:
                    result = (value, ("meld", cand, need + take))
        self.memo[key] = result
        return result[0]

    def rebuild(self, state: int) -> Arrangement:
        faces = self.faces
        pools = {field: list(cards) for field, cards in faces.cards_of.items()}
        melds: list[Meld] = []
        pure = runs = 0
        hit = self.target == -2
        total = self.best(state, 0, 0, hit)
        while True:
            _value, step = self.memo[(state, pure, runs, hit)]
            if step is None:
                break
            if step[0] == "leaf":
                wild_cards = pools[faces.joker_field] + [c for i in faces.wild for c in pools[i]]
                melds.append(_leaf_run(wild_cards, self.policy))
                for field in [faces.joker_field, *faces.wild]:
                    pools[field] = []
                break
            if step[0] == "skip":
                state -= faces.unit(step[1])
                continue
            _tag, cand, taken = step
            melds.append(self._place(cand, taken, pools))
            pure = min(self.require_pure, pure + cand.is_pure)
            runs = min(self.require_runs, runs + (cand.kind == RUN))
            hit = hit or self.target in cand.faces
            state -= taken
        leftover = tuple(c for cards in pools.values() for c in cards)
        return Arrangement(tuple(melds), leftover, total)

    def _place(self, cand: _Candidate, taken: int, pools: dict[int, list[Card]]) -> Meld:
        faces = self.faces
        spare = []  # cards filling joker slots: printed jokers first, then wild faces
        for field in [faces.joker_field, *faces.wild]:
            extra = faces.count(taken, field) - cand.faces.count(field)
            spare.extend(pools[field].pop() for _ in range(extra))
        slots = []
        for face, rank, suit in cand.slots:
            card = spare.pop(0) if face < 0 else pools[face].pop()
            slots.append(Slot(card, rank, suit))
        return Meld(cand.kind, tuple(slots))


def _leaf_run(cards: list[Card], policy: MeldPolicy) -> Meld:
    """Wild cards alone: one wild-rank card sits naturally, the others extend it upwards."""
    anchor = next(c for c in cards if not c.is_joker)
    others = [c for c in cards if c is not anchor]
    low = min(anchor.rank, 15 - len(cards))
    slots, pending = [], iter(others)
    for pos in range(low, low + len(cards)):
        if pos == anchor.rank:
            slots.append(Slot(anchor, pos, anchor.suit))
        else:
            slots.append(Slot(next(pending), pos, anchor.suit))
    return Meld(RUN, tuple(slots))


def best_arrangement(
    cards: Sequence[Card],
    policy: MeldPolicy,
    score: SlotScore,
    *,
    kinds: tuple[str, ...] = (RUN, GROUP),
    require_pure: int = 0,
    require_runs: int = 0,
    require_card: Card | None = None,
) -> Arrangement | None:
    """Disjoint melds from ``cards`` with the highest total ``score``.

    ``require_pure`` / ``require_runs``: at least that many pure runs / runs of any kind
    (Indian Rummy). ``require_card``: that card (or an identical one) must sit naturally
    in a meld. Returns None when the requirements cannot be met.
    """
    face = (require_card.rank, require_card.suit) if require_card else None
    search = _Search(cards, policy, score, kinds, require_pure, require_runs, face)
    if search.best(search.faces.start, 0, 0, search.target == -2) < -(10**8):
        return None
    return search.rebuild(search.faces.start)


def min_deadwood(
    cards: Sequence[Card], policy: MeldPolicy, penalty: Callable[[Card], int]
) -> tuple[int, Arrangement]:
    """The smallest penalty left in hand after melding, and the arrangement reaching it."""
    arrangement = best_arrangement(cards, policy, lambda card, _r, _s: penalty(card))
    assert arrangement is not None
    return sum(penalty(c) for c in arrangement.leftover), arrangement
