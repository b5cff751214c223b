"""A joker laid off next to, or beyond, a joker already in a meld (issue 27, section 3).

``arrangements`` hands jokers to the gaps in card order, so every reading with the new
joker below the old one came out with the old joker moved and ``extensions`` dropped it.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.cards import SUITS, Card, joker
from game.engine.errors import IllegalAction
from game.engine.melds import ACE_HIGH, GROUP, RUN, Meld, MeldPolicy, Slot, arrangements, extensions
from game.games.indian_rummy.scoring import policy_for
from game.games.kalooki.melding import add_to_meld
from game.games.kalooki.messages import JOKER_BY_JOKER
from game.games.kalooki.scoring import POLICY as KALOOKI
from game.games.kaluki.scoring import POLICY as KALUKI
from tests.helpers import cards

INDIAN = policy_for(8)


def on_table(text: str, reading: str, policy: MeldPolicy = KALUKI) -> Meld:
    """The meld of ``text`` read as ``reading`` (jokers in brackets: ``"6♦ [7♦] 8♦"``)."""
    (meld,) = [m for m in arrangements(cards(text), policy) if m.describe() == reading]
    return meld


def offered(meld: Meld, added: str, policy: MeldPolicy = KALUKI) -> set[str]:
    extra = [joker(9)] if added == "JK" else cards(added)
    return {m.describe() for m in extensions(meld, extra, policy)}


def test_joker_goes_below_a_run_that_ends_with_a_joker_ace():
    meld = on_table("10S JS QS KS JK", "10♠ J♠ Q♠ K♠ [A♠]")
    assert offered(meld, "JK") == {"[9♠] 10♠ J♠ Q♠ K♠ [A♠]"}


def test_joker_goes_beyond_a_joker_at_the_high_end():
    meld = on_table("10S JS QS JK", "10♠ J♠ Q♠ [K♠]")
    assert offered(meld, "JK") == {"[9♠] 10♠ J♠ Q♠ [K♠]", "10♠ J♠ Q♠ [K♠] [A♠]"}


def test_joker_goes_beyond_a_joker_at_the_low_end():
    meld = on_table("JK 10S JS QS", "[9♠] 10♠ J♠ Q♠")
    assert offered(meld, "JK") == {"[9♠] 10♠ J♠ Q♠ [K♠]", "[8♠] [9♠] 10♠ J♠ Q♠"}


def test_joker_inside_a_run_takes_a_joker_at_either_end():
    meld = on_table("6D JK 8D", "6♦ [7♦] 8♦")
    assert offered(meld, "JK") == {"6♦ [7♦] 8♦ [9♦]", "[5♦] 6♦ [7♦] 8♦"}


def test_joker_inside_a_longer_run_takes_a_joker_at_either_end():
    meld = on_table("5D JK 7D 8D", "5♦ [6♦] 7♦ 8♦")
    assert offered(meld, "JK") == {"5♦ [6♦] 7♦ 8♦ [9♦]", "[4♦] 5♦ [6♦] 7♦ 8♦"}


def test_real_cards_still_go_at_either_end_of_a_joker_run():
    meld = on_table("6D JK 8D", "6♦ [7♦] 8♦")
    assert offered(meld, "5D") == {"5♦ 6♦ [7♦] 8♦"}
    assert offered(meld, "9D") == {"6♦ [7♦] 8♦ 9♦"}


def test_group_with_a_joker_takes_a_second_joker_for_the_last_suit():
    meld = on_table("7H 7S JK", "7♥ 7♠ [7♦]")
    assert offered(meld, "JK") == {"7♥ 7♠ [7♦] [7♣]"}


def test_indian_rummy_wild_card_below_a_printed_joker():
    meld = on_table("6C JK 8C", "6♣ [7♣] 8♣", INDIAN)
    assert "[5♣] 6♣ [7♣] 8♣" in offered(meld, "JK", INDIAN)
    assert "[5♣] 6♣ [7♣] 8♣" in offered(meld, "8H", INDIAN)


def test_kalooki_four_at_the_ace_takes_a_joker_at_its_bottom():
    four = on_table("10H JK QH KH AH", "10♥ [J♥] Q♥ K♥ A♥", KALOOKI)
    grown = add_to_meld(four, [joker(9)])
    assert grown.describe() == "[9♥] 10♥ [J♥] Q♥ K♥ A♥"


def test_kalooki_four_grows_upwards_and_refuses_adjacent_jokers():
    four = on_table("10H JK QH KH", "10♥ [J♥] Q♥ K♥", KALOOKI)
    assert offered(four, "JK", KALOOKI) == {"10♥ [J♥] Q♥ K♥ [A♥]", "[9♥] 10♥ [J♥] Q♥ K♥"}
    assert add_to_meld(four, [joker(9)]).describe() == "10♥ [J♥] Q♥ K♥ [A♥]"
    four = on_table("9H 10H JH JK", "9♥ 10♥ J♥ [Q♥]", KALOOKI)
    with pytest.raises(IllegalAction) as refused:
        add_to_meld(four, [joker(9)])
    assert refused.value.message.key == JOKER_BY_JOKER


# -- the property: a meld built by hand, less some of its cards, takes them back ----------

POLICIES = {"kaluki": KALUKI, "kalooki": KALOOKI, "indian": INDIAN}


def _natural(position: int, suit: str, copy: int = 0) -> Card:
    return Card(1 if position == ACE_HIGH else position, suit, copy)


@st.composite
def run_and_part(draw: st.DrawFn) -> tuple[MeldPolicy, Meld, Meld]:
    """A valid run built slot by slot, and a valid run of consecutive slots inside it."""
    policy = POLICIES[draw(st.sampled_from(sorted(POLICIES)))]
    size = draw(st.integers(policy.min_run, 8))
    low = draw(st.integers(1, ACE_HIGH - size + 1))
    suit = draw(st.sampled_from(SUITS))
    wild = draw(st.lists(st.booleans(), min_size=size, max_size=size))
    slots = []
    for index, position in enumerate(range(low, low + size)):
        card = joker(index) if wild[index] else _natural(position, suit)
        slots.append(Slot(card, position, suit))
    whole = Meld(RUN, tuple(slots))
    part_size = draw(st.integers(policy.min_run, size))
    start = draw(st.integers(0, size - part_size))
    part = Meld(RUN, whole.slots[start : start + part_size])
    return policy, whole, part


@st.composite
def group_and_part(draw: st.DrawFn) -> tuple[MeldPolicy, Meld, Meld]:
    """A valid group built slot by slot, and a valid group of some of its slots."""
    policy = POLICIES[draw(st.sampled_from(sorted(POLICIES)))]
    rank = draw(st.sampled_from([r for r in range(1, 14) if r != policy.wild_rank]))
    most = policy.max_group or 6
    size = draw(st.integers(policy.min_group, most))
    if policy.group_distinct_suits:
        suits = draw(st.permutations(SUITS))[:size]
    else:
        suits = draw(st.lists(st.sampled_from(SUITS), min_size=size, max_size=size))
    wild = draw(st.lists(st.booleans(), min_size=size, max_size=size))
    slots = []
    for index, suit in enumerate(suits):
        if wild[index]:
            slots.append(Slot(joker(index), rank, suit if policy.group_joker_suits else ""))
        else:
            slots.append(Slot(Card(rank, suit, index), rank, suit))
    whole = Meld(GROUP, tuple(slots))
    keep = draw(st.lists(st.booleans(), min_size=size, max_size=size))
    part = Meld(GROUP, tuple(slot for slot, kept in zip(slots, keep, strict=True) if kept))
    return policy, whole, part


def _valid(meld: Meld, policy: MeldPolicy) -> bool:
    key = meld.slots if meld.kind == RUN else sorted(meld.slots)
    for option in arrangements(meld.cards, policy, meld.kind):
        if (option.slots if meld.kind == RUN else sorted(option.slots)) == key:
            return True
    return False


def _check_taken_back(policy: MeldPolicy, whole: Meld, part: Meld) -> None:
    if not (_valid(whole, policy) and _valid(part, policy)) or part.slots == whole.slots:
        return
    added = [slot.card for slot in whole.slots if slot not in part.slots]
    grown = extensions(part, added, policy)
    if whole.kind == RUN:
        assert whole.slots in [m.slots for m in grown], (part.describe(), whole.describe())
    else:
        assert sorted(whole.slots) in [sorted(m.slots) for m in grown], whole.describe()


@settings(max_examples=300, deadline=None)
@given(run_and_part())
def test_every_run_a_meld_accepts_by_hand_is_listed(case: tuple[MeldPolicy, Meld, Meld]):
    _check_taken_back(*case)


@settings(max_examples=200, deadline=None)
@given(group_and_part())
def test_every_group_a_meld_accepts_by_hand_is_listed(case: tuple[MeldPolicy, Meld, Meld]):
    _check_taken_back(*case)
