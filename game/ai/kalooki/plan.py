"""How far a Kalooki hand is from its contract, and which cards the plan keeps.

A plan picks, for the contract's fours, one window of four places in as many different
suits, and for its threes the best-filled ranks among the other cards; jokers fill what
they may (never two side by side in a four, at most one of three in a three). The
distance is the number of cards still to find; among plans as close, the one whose
missing cards have the most live copies wins. Exactness is left to the engine's contract
solver, which decides when the contract can go down; this is the compass on the way.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from game.engine.cards import SUITS, Card
from game.engine.melds import ACE_HIGH
from game.games.kalooki.scoring import Contract

Face = tuple[int, str]
# Outs per missing card when every card is live (two copies of each card, four jokers):
# a place in a four has its card and the jokers, a three's rank eight cards and the jokers.
_FOUR_OUTS = 2 + 4
_THREE_OUTS = 8 + 4


@dataclass(frozen=True)
class Plan:
    distance: int  # cards still needed (after the jokers in hand are used)
    outs: float  # live copies of the missing cards (more is better)
    keep: frozenset[Card]  # real cards the plan uses

    def better_than(self, other: Plan) -> bool:
        return (self.distance, -self.outs) < (other.distance, -other.outs)


@dataclass(frozen=True)
class _Window:
    missing: tuple[int, ...]  # places still empty
    cards: tuple[Card, ...]
    joker_room: int  # how many of the missing places jokers may fill


def _face_at(place: int, suit: str) -> Face:
    return (1 if place == ACE_HIGH else place, suit)


def _best_window(cards: Sequence[Card], suit: str, live: dict) -> _Window | None:
    """The window of four places of ``suit`` needing the fewest cards (then with the most
    live copies of those cards); None if the hand holds no card of that suit."""
    by_place: dict[int, Card] = {}
    for card in cards:
        if card.suit == suit:
            by_place.setdefault(card.rank, card)
            if card.rank == 1:
                by_place.setdefault(ACE_HIGH, card)
    if not by_place:
        return None
    mask = sum(1 << place for place in by_place)
    fewest = min(4 - (mask >> low & 0b1111).bit_count() for low in range(1, ACE_HIGH - 2))
    best, best_outs = None, -1
    for low in range(1, ACE_HIGH - 2):
        if 4 - (mask >> low & 0b1111).bit_count() != fewest:
            continue
        missing = tuple(p for p in range(low, low + 4) if p not in by_place)
        outs = sum(live.get(_face_at(p, suit), 0) for p in missing)
        if outs > best_outs:
            best, best_outs = (low, missing), outs
    assert best is not None
    low, missing = best
    held = tuple(dict.fromkeys(by_place[p] for p in range(low, low + 4) if p in by_place))
    room, last = 0, -10  # jokers may not sit side by side: an independent set of the gaps
    for place in missing:
        if place - last > 1:
            room, last = room + 1, place
    return _Window(missing, held, room)


def live_key(live: Counter) -> tuple:
    """A hashable form of live counts (computed once per position, reused per plan)."""
    return tuple(sorted(live.items()))


def make_plan(cards: Sequence[Card], contract: Contract, live: Counter | tuple) -> Plan:
    key = live if isinstance(live, tuple) else live_key(live)
    return _plan(tuple(sorted(cards)), contract, key)


@lru_cache(maxsize=4096)
def _plan(cards: tuple[Card, ...], contract: Contract, live_items: tuple) -> Plan:
    live = dict(live_items)
    jokers = sum(card.is_joker for card in cards)
    reals = [card for card in cards if not card.is_joker]
    joker_live = live.get((0, ""), 0)
    best: Plan | None = None
    per_suit = {suit: _best_window(reals, suit, live) for suit in SUITS}
    four_choices: list[list[tuple[str, _Window]]] = []
    for suits in combinations(SUITS, contract.fours):
        windows = [w for w in (per_suit[s] for s in suits) if w is not None]
        if len(windows) == len(suits):
            four_choices.append(list(zip(suits, windows, strict=True)))
    if contract.fours == 0:
        four_choices = [[]]
    rank_live = {rank: sum(live.get((rank, s), 0) for s in SUITS) for rank in range(1, 14)}
    for fours in four_choices:
        used: set[Card] = {card for _s, w in fours for card in w.cards}
        missing = sum(len(w.missing) for _s, w in fours)
        room = sum(w.joker_room for _s, w in fours)
        outs = sum(live.get(_face_at(p, s), 0) + joker_live for s, w in fours for p in w.missing)
        by_rank: dict[int, list[Card]] = {}
        for card in reals:
            if card not in used:
                by_rank.setdefault(card.rank, []).append(card)
        ranks = sorted(
            by_rank,
            key=lambda r: (-min(3, len(by_rank[r])), -rank_live[r], -r),
        )[: contract.threes]
        keep = set(used)
        for rank in ranks:
            held = by_rank[rank]
            keep.update(held)
            need = max(0, 3 - len(held))
            missing += need
            room += 1 if need else 0
            outs += need * (rank_live[rank] + joker_live)
        short = contract.threes - len(ranks)
        missing += 3 * short  # a three from nothing: three cards of some rank
        plan = Plan(max(0, missing - min(jokers, room)), outs, frozenset(keep))
        if best is None or plan.better_than(best):
            best = plan
    if best is None:  # not a single card of a suit for some four
        return Plan(3 * contract.threes + 4 * contract.fours, 0.0, frozenset())
    return best


def quick_distance(cards: Sequence[Card], contract: Contract) -> int:
    """``make_plan(cards, contract, live).distance`` when every card is still live (all
    live counts alike, so only the distance is asked for): the question the rollouts
    ask thousands of times a decision, answered with bit masks instead of plans. Kept
    beside :func:`quick_plan`, which also finds the kept cards: asking that for the
    distance alone made a Hard game a quarter slower."""
    jokers = 0
    rank_count = [0] * (ACE_HIGH + 1)
    masks = dict.fromkeys(SUITS, 0)
    for card in cards:
        rank = card.rank
        if rank == 0:
            jokers += 1
            continue
        rank_count[rank] += 1
        masks[card.suit] |= (1 << rank) | (1 << ACE_HIGH if rank == 1 else 0)
    windows = {suit: _quick_window(mask) for suit, mask in masks.items() if mask}
    best = 3 * contract.threes + 4 * contract.fours
    for suits in combinations(windows, contract.fours):
        left = rank_count.copy()
        missing = room = 0
        for suit in suits:
            window_missing, window_room, held = windows[suit]
            missing += window_missing
            room += window_room
            for rank in held:
                left[rank] -= 1
        # the best-filled ranks, the higher first among equals (as _plan picks them)
        chosen = sorted((-min(3, n), -r) for r, n in enumerate(left) if n > 0)
        chosen = chosen[: contract.threes]
        for minus_held, _rank in chosen:
            if minus_held > -3:
                missing += 3 + minus_held
                room += 1
        missing += 3 * (contract.threes - len(chosen))
        best = min(best, max(0, missing - min(jokers, room)))
    return best


@lru_cache(maxsize=1 << 15)  # one entry per suit pattern: bits 1 to 14
def _quick_window(mask: int) -> tuple[int, int, tuple[int, ...]]:
    """The first window of four places needing the fewest cards: (cards missing, jokers
    it may take, ranks held), as :func:`_best_window` picks it when all are live."""
    fewest, low = min((4 - (mask >> low & 0b1111).bit_count(), low) for low in range(1, 12))
    missing = [p for p in range(low, low + 4) if not mask >> p & 1]
    held = tuple(1 if p == ACE_HIGH else p for p in range(low, low + 4) if mask >> p & 1)
    room, last = 0, -10
    for place in missing:
        if place - last > 1:
            room, last = room + 1, place
    return fewest, room, held


def quick_plan(cards: Sequence[Card], contract: Contract) -> Plan:
    """``make_plan(cards, contract, live)`` when every card is still live: the same plan
    (the same kept cards, ties broken alike) for the rollouts' every discard."""
    reals = sorted(card for card in cards if not card.is_joker)
    jokers = len(cards) - len(reals)
    first_at: dict[str, dict[int, Card]] = {suit: {} for suit in SUITS}  # a card per place
    masks = dict.fromkeys(SUITS, 0)
    for card in reals:
        first_at[card.suit].setdefault(card.rank, card)
        masks[card.suit] |= (1 << card.rank) | (1 << ACE_HIGH if card.rank == 1 else 0)
    windows = {suit: _quick_window(mask) for suit, mask in masks.items() if mask}
    best: Plan | None = None
    for suits in combinations(windows, contract.fours):
        used = {first_at[suit][rank] for suit in suits for rank in windows[suit][2]}
        missing = sum(windows[suit][0] for suit in suits)
        room = sum(windows[suit][1] for suit in suits)
        outs = _FOUR_OUTS * missing
        by_rank: dict[int, list[Card]] = {}
        for card in reals:
            if card not in used:
                by_rank.setdefault(card.rank, []).append(card)
        ranks = sorted(by_rank, key=lambda r: (-min(3, len(by_rank[r])), -r))[: contract.threes]
        keep = set(used)
        for rank in ranks:
            keep.update(by_rank[rank])
            need = max(0, 3 - len(by_rank[rank]))
            missing += need
            room += 1 if need else 0
            outs += need * _THREE_OUTS
        missing += 3 * (contract.threes - len(ranks))
        plan = Plan(max(0, missing - min(jokers, room)), outs, frozenset(keep))
        if best is None or plan.better_than(best):
            best = plan
    if best is None:
        return Plan(3 * contract.threes + 4 * contract.fours, 0.0, frozenset())
    return best
