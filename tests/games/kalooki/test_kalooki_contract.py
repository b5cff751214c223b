"""Laying down the contract: the whole contract at once, threes of different ranks,
fours of different suits; and ``satisfies_contract`` against a brute-force oracle."""

import random
from itertools import combinations

import pytest

from game.engine.actions import Discard, LayDown, LayOff
from game.engine.cards import Card, make_deck
from game.engine.errors import IllegalAction
from game.engine.melds import GROUP, RUN, arrangements, loose_meld
from game.games.kalooki import CONTRACTS, POLICY, RULES, satisfies_contract
from tests.games.kalooki.position import position, table_meld
from tests.helpers import cards


def laid(*texts: str) -> LayDown:
    return LayDown(tuple(loose_meld(cards(t)) for t in texts))


def test_the_whole_contract_goes_down_at_once():
    state = position(["5S 5H 5D 8S 8H 8C KS KH KD 2C", "4C"])
    after, _ = RULES.apply(state, laid("5S 5H 5D", "8S 8H 8C", "KS KH KD"))
    assert after.laid_down[0]
    assert after.hands[0] == tuple(cards("2C"))
    assert len(after.melds) == 3 and all(m.owner == 0 for m in after.melds)


def test_part_of_the_contract_is_refused():
    state = position(["5S 5H 5D 8S 8H 8C KS KH KD 2C", "4C"])
    with pytest.raises(IllegalAction, match="contract is 3 threes"):
        RULES.apply(state, laid("5S 5H 5D", "8S 8H 8C"))


def test_a_contract_with_two_threes_of_one_rank_is_refused():
    state = position(["5S 5H 5D 5C 5S 5H 8S 8H 8C 2C", "4C"])
    with pytest.raises(IllegalAction, match="different ranks"):
        RULES.apply(state, laid("5S 5H 5D", "5C 5S 5H", "8S 8H 8C"))


def test_a_contract_with_two_fours_of_one_suit_is_refused():
    state = position(["2H 3H 4H 5H 9H 10H JH QH KS KH KD 2C", "4C"], deal=3)
    with pytest.raises(IllegalAction, match="different suits"):
        RULES.apply(state, laid("2H 3H 4H 5H", "9H 10H JH QH", "KS KH KD"))


def test_contract_melds_may_be_longer_than_the_minimum():
    state = position(["5S 5H 5D 5C 5S 8S 8H 8C KS KH KD 2C", "4C"])
    after, _ = RULES.apply(state, laid("5S 5H 5D 5C 5S", "8S 8H 8C", "KS KH KD"))
    assert len(after.melds[0].slots) == 5


def test_no_extra_meld_goes_down_with_the_contract():
    state = position(["5S 5H 5D 8S 8H 8C KS KH KD 2C 2H 2D 7C", "4C"])
    with pytest.raises(IllegalAction, match="these cards make 4 threes"):
        RULES.apply(state, laid("5S 5H 5D", "8S 8H 8C", "KS KH KD", "2C 2H 2D"))


def test_no_new_meld_after_laying_down_only_additions():
    state = position(["2C 2H 2D 7C", "4C"], laid_down=(True, False))
    with pytest.raises(IllegalAction, match="add cards to melds"):
        RULES.apply(state, laid("2C 2H 2D"))


def test_no_card_is_played_before_laying_down():
    state = position(["5C 2H", "4C"], melds=(table_meld("5S 5H 5D", owner=1),))
    with pytest.raises(IllegalAction, match="only after laying down"):
        RULES.apply(state, LayOff(0, tuple(cards("5C"))))
    assert not any(isinstance(a, LayOff) for a in RULES.legal_actions(state))


def test_legal_actions_offer_the_contract_when_the_hand_makes_it():
    state = position(["5S 5H JK 8S 8H 8C KS KH KD 2C", "4C"])
    lay_downs = [a for a in RULES.legal_actions(state) if isinstance(a, LayDown)]
    assert len(lay_downs) == 1
    after, _ = RULES.apply(state, lay_downs[0])
    assert after.hands[0] == tuple(cards("2C"))  # the joker goes down: it costs 50
    assert not any(isinstance(a, LayDown) for a in RULES.legal_actions(after))
    assert Discard(cards("2C")[0]) in RULES.legal_actions(after)


def test_contract_is_refused_for_cards_not_in_hand():
    state = position(["5S 5H 5D 8S 8H 8C KS KH 2C", "4C"])
    with pytest.raises(IllegalAction, match="not in your hand"):
        RULES.apply(state, laid("5S 5H 5D", "8S 8H 8C", "KS KH KD"))


@pytest.mark.parametrize(
    ("text", "deal", "expected"),
    [
        ("5S 5H 5D 8S 8H 8C KS KH KD", 1, True),
        ("5S 5H 5D 5C 5S 5H 8S 8H 8C", 1, False),  # two threes of 5s do not count twice
        ("5S 5H JK 8S JK 8C KS KH 4D", 1, False),  # K-K-4: one three short
        ("5S 5H JK 8S 8H JK KS KH JK", 1, True),
        ("2H 3H 4H 5H 9H 10H JH QH KS KH KD", 3, False),  # two fours in hearts
        ("2H 3H 4H 5H 9S 10S JS QS KS KH KD", 3, True),
        ("JD QD KD AD AS 2S 3S 4S 9C 10C JC QC", 4, True),
        ("KD AD 2D 3D AS 2S 3S 4S 9C 10C JC QC", 4, False),  # K-A-2 does not turn
        ("2C JK JK 5C 9H 9S 9D 4S 4H 4D", 2, False),  # jokers side by side
        ("2C JK 4C JK 9H 9S 9D 4S 4H 4D", 2, True),
    ],
)
def test_satisfies_contract_examples(text, deal, expected):
    assert satisfies_contract(cards(text), deal) is expected


def test_satisfies_contract_names_a_bad_deal_number():
    with pytest.raises(ValueError, match="deals 1 to 9"):
        satisfies_contract(cards("5S 5H 5D"), 10)


# -- the brute-force oracle -------------------------------------------------------------


def _oracle(hand: list[Card], threes: int, fours: int) -> bool:
    """Try every subset of the hand as a three or a four (read by the meld rules alone),
    then every way to pick disjoint ones: fours of different suits, threes of different
    ranks."""
    candidates: list[tuple[int, str, object]] = []
    for size in range(3, len(hand) + 1):
        for chosen in combinations(range(len(hand)), size):
            subset = [hand[i] for i in chosen]
            reals = [c for c in subset if not c.is_joker]
            if not reals:
                continue
            mask = sum(1 << i for i in chosen)
            if len({c.rank for c in reals}) == 1 and arrangements(subset, POLICY, GROUP):
                candidates.append((mask, GROUP, reals[0].rank))
            one_suit = len({c.suit for c in reals}) == 1
            if size >= 4 and one_suit and arrangements(subset, POLICY, RUN):
                candidates.append((mask, RUN, reals[0].suit))

    def search(used: int, need3: int, need4: int, ranks: frozenset, suits: frozenset) -> bool:
        if need3 == 0 and need4 == 0:
            return True
        kind = RUN if need4 else GROUP
        taken = suits if need4 else ranks
        for mask, meld_kind, key in candidates:
            if meld_kind != kind or mask & used or key in taken:
                continue
            if need4 and search(used | mask, need3, need4 - 1, ranks, suits | {key}):
                return True
            if not need4 and search(used | mask, need3 - 1, 0, ranks | {key}, suits):
                return True
        return False

    return search(0, threes, fours, frozenset(), frozenset())


def test_satisfies_contract_agrees_with_a_brute_force_oracle():
    rng = random.Random(2024)
    # few faces, so that threes and fours (ace high and low) are often there to find
    pool = [c for c in make_deck(2, 4) if c.is_joker or c.rank in (1, 2, 3, 4, 13)]
    pool = [c for c in pool if c.suit in ("S", "H", "D", "")]
    outcomes = []
    for trial in range(120):
        deal = 1 + trial % 3
        contract = CONTRACTS[deal - 1]
        smallest = contract.threes * 3 + contract.fours * 4
        size = rng.randint(smallest, smallest + 2)
        hand = rng.sample(pool, size)
        expected = _oracle(hand, contract.threes, contract.fours)
        assert satisfies_contract(hand, deal) is expected, (hand, deal)
        outcomes.append(expected)
    assert 10 < sum(outcomes) < len(outcomes) - 10, sum(outcomes)  # both answers were exercised


def test_the_lay_down_is_offered_exactly_when_the_contract_can_be_made():
    rng = random.Random(77)
    pool = [c for c in make_deck(2, 4) if c.is_joker or c.rank in (1, 2, 3, 4, 5, 13)]
    offered = 0
    for trial in range(180):
        deal = 1 + trial % 9
        size = CONTRACTS[deal - 1].cards + 4
        text = " ".join(str(c) for c in rng.sample(pool, size))
        state = position([text, "4C", "5C"], deal=deal)
        lay_downs = [a for a in RULES.legal_actions(state) if isinstance(a, LayDown)]
        assert bool(lay_downs) is satisfies_contract(state.hands[0], deal)
        if lay_downs:
            offered += 1
            after, _ = RULES.apply(state, lay_downs[0])
            assert after.laid_down[0]
    assert offered > 30
