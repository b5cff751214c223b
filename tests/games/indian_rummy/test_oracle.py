"""The solver is exact for Indian Rummy: declarations and loser counts agree with a
brute-force search over every way to split a small hand into runs and sets."""

import random

import pytest

from game.engine.cards import make_deck
from game.engine.melds import RUN, arrangements
from game.games.indian_rummy.scoring import count_hand, declaration, hand_points, policy_for


def partitions(hand, policy):
    """Every way to split ``hand`` into melds (any valid reading) and leftover cards."""

    def walk(rest, melds, left):
        if not rest:
            yield melds, left
            return
        first, others = rest[0], rest[1:]
        yield from walk(others, melds, [*left, first])
        for mask in range(1, 1 << len(others)):
            chosen = [first] + [others[i] for i in range(len(others)) if mask >> i & 1]
            if len(chosen) < 3:
                continue
            remaining = [others[i] for i in range(len(others)) if not mask >> i & 1]
            for meld in arrangements(chosen, policy):
                yield from walk(remaining, [*melds, meld], left)

    yield from walk(list(hand), [], [])


def tiers(melds, pure_length):
    runs = [m for m in melds if m.kind == RUN]
    pure = any(m.is_pure and len(m.slots) >= pure_length for m in runs)
    return pure, len(runs)


def oracle_count(hand, wild, pure_length):
    total = hand_points(hand, wild)
    best = total
    for melds, left in partitions(hand, policy_for(wild)):
        pure, runs = tiers(melds, pure_length)
        if not pure:
            continue
        if runs >= 2:
            cost = hand_points(left, wild)
        else:
            cost = total - sum(hand_points(m.cards, wild) for m in melds if m.kind == RUN)
        best = min(best, cost)
    return best


def oracle_declares(hand, wild, pure_length):
    for melds, left in partitions(hand, policy_for(wild)):
        pure, runs = tiers(melds, pure_length)
        if not left and pure and runs >= 2:
            return True
    return False


def small_hands(seed, count, sizes):
    """Hands crowded into few ranks and suits, with wild-rank cards and jokers, so that
    runs, sets, wild cards at their own place and duplicates are all common."""
    rng = random.Random(seed)
    for _ in range(count):
        wild = rng.choice([None, 2, 3, 5, 13])
        ranks = {1, 2, 3, 4, 5, 12, 13} | ({wild} if wild else set())
        pool = [c for c in make_deck(2, 2) if c.is_joker or (c.rank in ranks and c.suit in "SH")]
        pool += [c for c in make_deck(2) if c.suit == "D" and c.rank in (2, 3, 13)]
        yield rng.sample(pool, rng.choice(sizes)), wild


def near_declarations(seed, count):
    """Hands built from a pure run, a second run and maybe a set, then often spoiled by
    swapping a card: valid declarations and near misses in about equal numbers."""
    rng = random.Random(seed)
    deck = make_deck(2, 2)
    for _ in range(count):
        wild = rng.choice([None, 3, 5, 12])
        cards = []
        for size in (rng.choice((3, 4)), 3):
            suit, low = rng.choice("SHDC"), rng.randint(1, 15 - size)  # Q K A may end a run
            for pos in range(low, low + size):
                rank = 1 if pos == 14 else pos
                cards.append(next(c for c in deck if c.rank == rank and c.suit == suit))
        if rng.random() < 0.5:  # a wild card stands in the second run
            cards[-2] = rng.choice([c for c in deck if c.is_joker or c.rank == wild])
        if rng.random() < 0.4:
            rank = rng.randint(1, 13)
            cards += [c for c in deck if c.rank == rank and c.copy == 1][:3]
        if rng.random() < 0.5:
            cards[rng.randrange(len(cards))] = rng.choice(deck)
        unique = {(c.rank, c.suit, c.copy): c for c in cards}
        if len(unique) == len(cards) and len(cards) <= 10:
            yield cards, wild


@pytest.mark.parametrize("pure_length", [3, 4])
def test_loser_count_matches_brute_force(pure_length):
    for hand, wild in small_hands(21 + pure_length, 70, (6, 7, 8)):
        assert count_hand(hand, wild, pure_length).points == oracle_count(
            hand, wild, pure_length
        ), (hand, wild)


@pytest.mark.parametrize("pure_length", [3, 4])
def test_declaration_matches_brute_force(pure_length):
    declared = 0
    hands = [*small_hands(31 + pure_length, 60, (6, 7, 8, 9)), *near_declarations(pure_length, 80)]
    for hand, wild in hands:
        found = declaration(hand, wild, pure_length) is not None
        assert found == oracle_declares(hand, wild, pure_length), (hand, wild)
        declared += found
    assert declared >= 15  # the sample holds enough valid declarations to mean something


def test_the_count_shows_the_cards_that_count_and_real_melds():
    for hand, wild in small_hands(41, 60, (8, 9)):
        count = count_hand(hand, wild)
        placed = [c for m in count.melds for c in m.cards]
        assert sorted(placed + list(count.counted)) == sorted(hand)
        assert hand_points(count.counted, wild) == count.points
        for meld in count.melds:
            assert arrangements(meld.cards, policy_for(wild), meld.kind)
