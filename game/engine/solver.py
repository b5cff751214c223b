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
- Jokers beyond those a meld needs are tried only when a joker scores above zero.
Wild cards that are not printed jokers (Indian Rummy's wild rank) fill joker slots and may
also sit naturally in a run. Sitting naturally matters only to keep a run pure, so they are
pooled with the jokers, and each pure run holding one is tried on its own (see
``_best_with_plain_wilds``); that keeps hands with many wild cards fast. All wild cards
are assumed to score alike as jokers (true of every game here).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from itertools import combinations_with_replacement, pairwise, product
from typing import Any

from game.engine.cards import SUITS, Card, joker
from game.engine.melds import ACE_HIGH, GROUP, RUN, Meld, MeldPolicy, Slot

SlotScore = Callable[[Card, int, str], int]
"""Score of one placed card: (physical card, rank it stands for, suit it stands for)."""

# Each face's count is a packed field. Wild cards share one field, so it must hold every
# wild card of Indian Rummy's three decks: twelve of the wild rank and three jokers.
_BITS = 5
_FIELD = (1 << (_BITS - 1)) - 1  # largest count a face may hold (15)


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
    """The distinct faces of a hand and their packed counts.

    Fields: one per natural face, one per wild-rank face that may sit naturally in a run,
    and one for printed jokers pooled with "plain" wild-rank cards (those that only ever
    fill joker slots, being interchangeable with jokers). Plain wilds are listed first and
    printed jokers taken first, so the plain ones left are ``min(plain, pool)``: they are
    the real cards a meld of wild cards alone needs. Pooling keeps the ways to fill joker
    slots few when a hand holds many wild cards.
    """

    def __init__(
        self,
        cards: Sequence[Card],
        policy: MeldPolicy,
        keep: tuple[int, str] | None = None,
        all_plain: bool = False,
    ) -> None:
        wild_rank = policy.wild_rank
        plain = _plain_wild_faces(cards, wild_rank, keep, all_plain)
        faces = sorted(
            {(c.rank, c.suit) for c in cards if not c.is_joker} - plain,
            key=lambda f: (f[0] == wild_rank, f[1], f[0]),
        )
        self.faces = faces
        self.index = {face: i for i, face in enumerate(faces)}
        self.joker_field = len(faces)
        self.cards_of: dict[int, list[Card]] = {i: [] for i in range(len(faces) + 1)}
        plain_cards, printed = [], []
        for card in cards:
            if card.is_joker:
                printed.append(card)
            elif (card.rank, card.suit) in plain:
                plain_cards.append(card)
            else:
                self.cards_of[self.index[(card.rank, card.suit)]].append(card)
        self.cards_of[self.joker_field] = plain_cards + printed  # pop() takes printed first
        self.plain = len(plain_cards)
        self.wild = [i for i, f in enumerate(faces) if f[0] == wild_rank]
        self.spare_fields = [self.joker_field, *self.wild]
        self.natural_mask = 0
        for i, (rank, _suit) in enumerate(faces):
            if rank != wild_rank:
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
        return sum(len(self.cards_of[field]) for field in self.spare_fields)


def _positions(rank: int) -> tuple[int, ...]:
    return (1, ACE_HIGH) if rank == 1 else (rank,)


def _plain_wild_faces(
    cards: Sequence[Card], wild_rank: int | None, keep: tuple[int, str] | None, everyone: bool
) -> set[tuple[int, str]]:
    """Wild-rank faces that only ever fill joker slots: all of them (``everyone``, when
    sitting naturally cannot matter), else those that can never sit naturally in a run with
    a natural card because no card of their suit lies within reach of the other wilds."""
    if wild_rank is None:
        return set()
    if everyone:
        return {(c.rank, c.suit) for c in cards if c.rank == wild_rank and not c.is_joker} - {keep}
    wilds = sum(1 for c in cards if c.is_joker or c.rank == wild_rank)
    near: dict[str, list[int]] = {}
    for card in cards:
        if not card.is_joker and card.rank != wild_rank:
            near.setdefault(card.suit, []).extend(_positions(card.rank))
    plain = set()
    for card in cards:
        if card.is_joker or card.rank != wild_rank or (card.rank, card.suit) == keep:
            continue
        # a run holding both needs the positions between them filled by the other wilds
        if not any(
            abs(p - q) <= wilds for p in _positions(card.rank) for q in near.get(card.suit, ())
        ):
            plain.add((card.rank, card.suit))
    return plain


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
    chosen: tuple[int, ...], size: int, policy: MeldPolicy, joker_scores: list[int], flat: bool
) -> tuple[int, tuple[int, ...]] | None:
    """Best window of ``size`` holding ``chosen`` positions: (joker score, joker positions).
    ``joker_scores[p]`` is what a joker standing at position ``p`` of this suit scores;
    ``flat`` says they are all alike and jokers may be adjacent."""
    best = None
    for low in range(max(1, chosen[-1] - size + 1), min(chosen[0], 15 - size) + 1):
        gaps = tuple(p for p in range(low, low + size) if p not in chosen)
        if flat:  # every window scores alike: the lowest will do
            return (joker_scores[1] * len(gaps), gaps)
        if not policy.adjacent_jokers and any(b - a == 1 for a, b in pairwise(gaps)):
            continue
        value = sum(joker_scores[p] for p in gaps)
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
        if not by_pos:
            continue
        joker_scores = [score(jc, p, suit) if p else 0 for p in range(ACE_HIGH + 1)]
        flat = policy.adjacent_jokers and len(set(joker_scores[1:])) == 1
        # jokers beyond those a run needs only add their score (and leave fewer for the
        # rest of the hand), so they are worth trying only when a joker scores above 0
        stretch = max(joker_scores[1:]) > 0
        for chosen in _run_subsets(sorted(by_pos), jokers):
            used = [by_pos[p] for p in chosen]
            if used.count(by_pos.get(1, -1)) > len(faces.cards_of.get(by_pos.get(1, -1), [])):
                continue  # both ends need an ace: only with two aces of that suit
            if len(chosen) < max(1, policy.min_real_run):
                continue
            gaps = chosen[-1] - chosen[0] + 1 - len(chosen)
            base = sum(score(faces.cards_of[i][0], p, suit) for i, p in zip(used, chosen))
            fewest = max(gaps, policy.min_run - len(chosen))
            for k in range(fewest, (jokers if stretch else min(jokers, fewest)) + 1):
                if len(chosen) + k > ACE_HIGH:
                    break
                window = _best_window(chosen, len(chosen) + k, policy, joker_scores, flat)
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
        stretch = any(score(jc, rank, s) > 0 for s in SUITS)  # see _run_candidates
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
            fewest = max(0, policy.min_group - real)
            most = min(room, jokers) if stretch else min(room, jokers, fewest)
            for k in range(fewest, most + 1):
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
        self,
        cards,
        policy,
        score,
        kinds,
        require_pure,
        require_runs,
        require_face,
        pure_length,
        all_plain=False,
        group_score=None,
    ) -> None:
        self.faces = faces = _Faces(cards, policy, require_face, all_plain)
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
            pool.extend(_group_candidates(faces, policy, group_score or score, jokers))
        # per lowest natural face: (candidate, faces it needs, jokers, pure?, run?)
        self.by_first: dict[int, list[tuple[_Candidate, int, int, int, int]]] = {}
        for cand in pool:
            natural = [i for i in cand.faces if i not in faces.wild]
            if not natural:
                continue  # melds of wild cards only are handled at the leaf
            if cand.is_pure and len(cand.slots) < pure_length:
                cand = replace(cand, is_pure=False)  # too short to count as the pure run
            need = sum(faces.unit(i) for i in cand.faces)
            self.by_first.setdefault(min(natural), []).append(
                (cand, need, cand.jokers, int(cand.is_pure), int(cand.kind == RUN))
            )
        self.memo: dict[tuple[int, int, int, bool], tuple[int, tuple | None]] = {}

    def fills(self, state: int, k: int) -> Iterator[int]:
        """Ways to take ``k`` jokers: from the pool of printed jokers and plain wilds first,
        then the wild-rank faces that could also sit naturally (each choice may matter)."""
        faces = self.faces
        pooled = faces.count(state, faces.joker_field)
        if k <= pooled:
            yield k * faces.unit(faces.joker_field)
            return
        taken = pooled * faces.unit(faces.joker_field)
        wild_left = [i for i in faces.wild if faces.count(state, i)]
        for combo in combinations_with_replacement(wild_left, k - pooled):
            yield taken + sum(faces.unit(i) for i in combo)

    def leaf(self, state: int, pure: int, runs: int, hit: bool) -> tuple[int, tuple | None]:
        faces, policy = self.faces, self.policy
        pooled = faces.count(state, faces.joker_field)
        real = min(faces.plain, pooled) + sum(faces.count(state, i) for i in faces.wild)
        total = pooled + real - min(faces.plain, pooled)
        can_run = real >= 1 and total >= policy.min_run and policy.min_real_run <= 1
        options: list[tuple[int, int, int, tuple | None]] = [(0, pure, runs, None)]
        if can_run:
            options.append((total * self.joker_score, pure, runs + 1, ("leaf",)))
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
        pool_shift = faces.joker_field * _BITS
        pool_unit = 1 << pool_shift
        require_pure, require_runs, target = self.require_pure, self.require_runs, self.target
        for cand, need, jokers, is_pure, is_run in self.by_first.get(field, ()):
            if ((state | guard) - need) & guard != guard:
                continue
            after_naturals = state - need
            if jokers <= (after_naturals >> pool_shift) & _FIELD:
                takes: Iterable[int] = (jokers * pool_unit,)  # the common case: no choice
            elif faces.wild:
                takes = self.fills(after_naturals, jokers)
            else:
                continue
            new_pure = min(require_pure, pure + is_pure)
            new_runs = min(require_runs, runs + is_run)
            new_hit = hit or target in cand.faces
            for take in takes:
                rest = (after_naturals | guard) - take
                if rest & guard != guard:
                    continue
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
                wild_cards = [c for field in faces.spare_fields for c in pools[field]]
                melds.append(_leaf_run(wild_cards, self.policy))
                for field in faces.spare_fields:
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
        spare: list[Card] = []  # cards filling joker slots: printed jokers first, then wild faces
        for field in faces.spare_fields:
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
    pure_length: int = 0,
    group_score: SlotScore | None = None,
) -> Arrangement | None:
    """Disjoint melds from ``cards`` with the highest total ``score``.

    ``group_score``: how a card scores in a group when not as in a run (Kalooki 40's ace
    counts 1 at the low end of a run and 11 in a group of aces).

    ``require_pure`` / ``require_runs``: at least that many pure runs / runs of any kind
    (Indian Rummy); a pure run counts only with ``pure_length`` cards or more (an Indian
    Rummy option asks 4). ``require_card``: that card (or an identical one) must sit naturally
    in a meld. Returns None when the requirements cannot be met.
    """
    face = (require_card.rank, require_card.suit) if require_card else None
    if require_pure and not _has_pure_run(cards, max(pure_length, policy.min_run)):
        return None  # a quick look saves a full search that would find nothing
    if _wilds_interchangeable(policy) and require_pure <= 1 and face is None:
        assert group_score is None  # not needed by a game with wild ranks yet
        return _best_with_plain_wilds(
            cards, policy, score, kinds, require_pure, require_runs, pure_length
        )
    return _solve(
        cards, policy, score, kinds, require_pure, require_runs, face, pure_length,
        group_score=group_score,
    )  # fmt: skip


def _solve(
    *args: Any, all_plain: bool = False, group_score: SlotScore | None = None
) -> Arrangement | None:
    search = _Search(*args, all_plain=all_plain, group_score=group_score)  # type: ignore[misc]
    if search.best(search.faces.start, 0, 0, search.target == -2) < -(10**8):
        return None
    return search.rebuild(search.faces.start)


def _wilds_interchangeable(policy: MeldPolicy) -> bool:
    """Whether a wild-rank card sitting at its own place in a meld could as well be read as
    a joker there: true unless the policy counts real cards or forbids adjacent jokers."""
    return (
        policy.wild_rank is not None
        and policy.adjacent_jokers
        and policy.min_real_run <= 1
        and policy.min_real_group <= 1
    )


def _best_with_plain_wilds(
    cards: Sequence[Card],
    policy: MeldPolicy,
    score: SlotScore,
    kinds: tuple[str, ...],
    require_pure: int,
    require_runs: int,
    pure_length: int,
) -> Arrangement | None:
    """The exact search with every wild-rank card pooled with the jokers.

    A wild-rank card at its own place matters only when it keeps a run pure. So the best
    arrangement either has a pure run without wild-rank cards (found with all wilds pooled),
    or it has a pure run holding one: each such run is tried first, and the rest of the hand
    is solved with the wilds pooled and the pure requirement met. Pooling removes the many
    equivalent ways of choosing which wild card fills a joker slot.
    """
    best = _solve(cards, policy, score, kinds, require_pure, require_runs, None, pure_length,
                  all_plain=True)  # fmt: skip
    if require_pure == 0 or RUN not in kinds:
        return best
    for run in _pure_runs_with_wilds(cards, policy, max(pure_length, policy.min_run)):
        rest = list(cards)
        for slot in run.slots:
            rest.remove(slot.card)
        other = _solve(rest, policy, score, kinds, 0, max(0, require_runs - 1), None, 0,
                       all_plain=True)  # fmt: skip
        if other is None:
            continue
        value = other.score + sum(score(s.card, s.rank, s.suit) for s in run.slots)
        if best is None or value > best.score:
            best = Arrangement((run, *other.melds), other.leftover, value)
    return best


def _pure_runs_with_wilds(cards: Sequence[Card], policy: MeldPolicy, length: int) -> list[Meld]:
    """Every pure run of at least ``length`` cards holding a wild-rank card at its own place."""
    wild_rank = policy.wild_rank
    found = []
    for suit in SUITS:
        held: dict[int, list[Card]] = {}
        for card in cards:
            if card.suit == suit and not card.is_joker:
                held.setdefault(card.rank, []).append(card)
        if wild_rank not in held:
            continue
        at = {pos: held[1 if pos == ACE_HIGH else pos] for pos in _positions_held(held)}
        wild_places = _positions(wild_rank)
        for low in sorted(at):
            high = low
            while high + 1 in at:
                high += 1
                if high - low + 1 < length or not any(low <= w <= high for w in wild_places):
                    continue
                if low == 1 and high == ACE_HIGH and len(held[1]) < 2:
                    continue  # an ace at both ends needs two aces
                slots: list[Slot] = []
                used: dict[int, int] = {}
                for pos in range(low, high + 1):
                    rank = 1 if pos == ACE_HIGH else pos
                    card = at[pos][used.get(rank, 0)]
                    used[rank] = used.get(rank, 0) + 1
                    slots.append(Slot(card, pos, suit))
                found.append(Meld(RUN, tuple(slots)))
    return found


def _has_pure_run(cards: Sequence[Card], length: int) -> bool:
    """Whether ``length`` consecutive cards of one suit are among ``cards``."""
    for suit in SUITS:
        held = {pos for c in cards if c.suit == suit for pos in _positions(c.rank)}
        streak = 0
        for pos in range(1, ACE_HIGH + 1):
            streak = streak + 1 if pos in held else 0
            if streak >= length:
                return True
    return False


def _positions_held(held: dict[int, list[Card]]) -> list[int]:
    return sorted({pos for rank in held for pos in _positions(rank)})


def min_deadwood(
    cards: Sequence[Card], policy: MeldPolicy, penalty: Callable[[Card], int]
) -> tuple[int, Arrangement]:
    """The smallest penalty left in hand after melding, and the arrangement reaching it."""
    arrangement = best_arrangement(cards, policy, lambda card, _r, _s: penalty(card))
    assert arrangement is not None
    return sum(penalty(c) for c in arrangement.leftover), arrangement
