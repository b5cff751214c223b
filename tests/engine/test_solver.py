"""The solver is exact: it agrees with a brute-force search over every way to split a
small hand into melds, for several policies and objectives."""

import random

import pytest

from game.engine.cards import Card, make_deck
from game.engine.contract import best_contract, contract_exists
from game.engine.melds import GROUP, RUN, MeldPolicy, arrangements, read_meld
from game.engine.solver import best_arrangement, min_deadwood
from tests.helpers import cards

KALUKI = MeldPolicy()
KALOOKI = MeldPolicy(
    run_name="four", group_name="three", min_run=4, adjacent_jokers=False, max_group=None,
    group_distinct_suits=False, group_joker_suits=False, min_real_group=2,
)  # fmt: skip
INDIAN = MeldPolicy(run_name="run", group_name="set", wild_rank=5)


def penalty(card: Card) -> int:
    return 25 if card.is_joker else (15 if card.rank == 1 else min(card.rank, 10))


def face_value(_card: Card, rank: int, _suit: str) -> int:
    return 15 if rank in (1, 14) else min(rank, 10)


def brute_force(hand, policy, meld_score, accept=lambda melds: True):
    """Best total over all partitions of ``hand`` into melds and leftovers."""
    best = None

    def walk(rest, melds, total):
        nonlocal best
        if not rest:
            if accept(melds) and (best is None or total > best):
                best = total
            return
        first, others = rest[0], rest[1:]
        walk(others, melds, total)  # leave the first card over
        count = len(others)
        for mask in range(1, 1 << count):
            chosen = [first] + [others[i] for i in range(count) if mask >> i & 1]
            if len(chosen) < 3:
                continue
            remaining = [others[i] for i in range(count) if not mask >> i & 1]
            for meld in arrangements(chosen, policy):
                walk(remaining, [*melds, meld], total + meld_score(meld))

    walk(list(hand), [], 0)
    return best


def small_hands(seed, count, size_range, pool_ranks=range(1, 8), suits="SH", jokers=2):
    rng = random.Random(seed)
    deck = [
        c for c in make_deck(2, jokers) if c.is_joker or (c.rank in pool_ranks and c.suit in suits)
    ]
    for _ in range(count):
        yield rng.sample(deck, rng.randint(*size_range))


@pytest.mark.parametrize("policy", [KALUKI, KALOOKI, INDIAN], ids=["kaluki", "kalooki", "indian"])
def test_min_deadwood_matches_brute_force(policy):
    for hand in small_hands(1, 60, (5, 9)):
        covered = brute_force(hand, policy, lambda m: sum(penalty(c) for c in m.cards))
        deadwood, arrangement = min_deadwood(hand, policy, penalty)
        assert deadwood == sum(penalty(c) for c in hand) - covered, hand
        placed = [c for m in arrangement.melds for c in m.cards] + list(arrangement.leftover)
        assert sorted(placed) == sorted(hand)


def test_best_opening_values_jokers_as_the_card_they_stand_for():
    for hand in small_hands(2, 60, (5, 9), pool_ranks=[1, 2, 3, 10, 11, 12, 13]):
        expected = brute_force(
            hand, KALUKI, lambda m: sum(face_value(None, s.rank, s.suit) for s in m.slots)
        )
        result = best_arrangement(hand, KALUKI, face_value)
        assert result.score == expected, hand


def test_required_pure_run_and_second_run_match_brute_force():
    def accept(melds):
        runs = [m for m in melds if m.kind == RUN]
        return any(m.is_pure for m in runs) and len(runs) >= 2

    for hand in small_hands(3, 50, (6, 9), jokers=1):
        expected = brute_force(hand, INDIAN, lambda m: len(m.slots), accept)
        result = best_arrangement(hand, INDIAN, lambda *_: 1, require_pure=1, require_runs=2)
        assert (result.score if result else None) == expected, hand


def test_required_card_must_be_in_a_meld():
    hand = cards("7H 7S 7D 9C 10C JC")
    result = best_arrangement(hand, KALUKI, face_value, require_card=cards("9C")[0])
    assert any(c.face == "9C" for m in result.melds for c in m.cards)
    assert (
        best_arrangement(cards("7H 7S 7D 2C"), KALUKI, face_value, require_card=cards("2C")[0])
        is None
    )


def test_solver_returns_real_melds_using_each_card_once():
    hand = cards("AS 2S 3S 4S 7H 7D 7C KD KH JK 9C 10C")
    deadwood, arrangement = min_deadwood(hand, KALUKI, penalty)
    assert deadwood == 19  # 9♣ 10♣ are left over
    used = [c for m in arrangement.melds for c in m.cards] + list(arrangement.leftover)
    assert sorted(used) == sorted(hand)
    for meld in arrangement.melds:
        assert sorted(read_meld(meld, KALUKI).slots) == sorted(meld.slots)


def test_contract_matches_brute_force_on_small_hands():
    for hand in small_hands(4, 40, (6, 9), pool_ranks=range(1, 7), suits="SHD"):
        for groups, runs in [(2, 0), (1, 1), (0, 2)]:

            def accept(melds, groups=groups, runs=runs):
                threes = [m for m in melds if m.kind == GROUP]
                fours = [m for m in melds if m.kind == RUN]
                return (
                    len(threes) == groups
                    and len(fours) == runs
                    and len({m.rank for m in threes}) == groups
                    and len({m.suit for m in fours}) == runs
                )

            expected = brute_force(hand, KALOOKI, lambda m: len(m.slots), accept)
            result = best_contract(hand, KALOOKI, lambda *_: 1, groups, runs)
            assert (result.score if result else None) == expected, (hand, groups, runs)


def test_contract_exists_agrees_with_the_exact_search():
    for hand in small_hands(5, 60, (6, 12), pool_ranks=range(1, 9), suits="SHDC"):
        for groups, runs in [(3, 0), (2, 1), (1, 2), (0, 2)]:
            exact = best_contract(hand, KALOOKI, lambda *_: 1, groups, runs) is not None
            assert contract_exists(hand, KALOOKI, groups, runs) == exact, (hand, groups, runs)


def test_contract_exists_answers_quickly_for_a_whole_deck():
    deck = make_deck(2, 4)
    assert contract_exists(deck, KALOOKI, 0, 4)
    assert contract_exists(deck, KALOOKI, 4, 0)
    assert not contract_exists(cards("5S 5H 5D 7C"), KALOOKI, 1, 1)
