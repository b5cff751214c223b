"""Settlement, the pot, chips and the length of the game (rules/laugh_and_lie_down.md,
"Settlement" and the 4-player version)."""

from dataclasses import replace
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai.playout import PlayoutBot
from game.engine.actions import NextDeal
from game.engine.cards import make_deck
from game.engine.events import DealScored, GameOver
from game.games.laugh_and_lie_down import RULES, Capture, LaughOptions, settle
from game.games.laugh_and_lie_down.settlement import card_chips
from game.games.laugh_and_lie_down.state import DEAL_OVER, GAME_OVER
from tests.games.laugh_and_lie_down.position import position
from tests.helpers import hand


def card(text: str):
    return hand(text)[0]


def test_five_player_settlement_pays_the_bonus_and_a_chip_per_two_cards_from_8():
    # 12 cards: +2; 8: 0 and the last player's bonus of 5; 9: 0; 7: 0; 16: +4
    assert settle([12, 8, 9, 7, 16], last_player=1, players=5) == [2, 5, 0, 0, 4]
    # a player below 8 pays: 4 cards is 2 chips into the pot
    assert settle([4, 8, 20, 10, 10], last_player=2, players=5) == [-2, 0, 11, 1, 1]


def test_four_player_settlement_uses_a_bonus_of_3_and_a_baseline_of_10():
    assert settle([14, 10, 11, 17], last_player=2, players=4) == [2, 0, 3, 3]
    assert settle([6, 10, 10, 26], last_player=0, players=4) == [1, 0, 0, 8]


@pytest.mark.parametrize(
    ("count", "chips"), [(8, 0), (9, 0), (7, 0), (10, 1), (11, 1), (5, -1), (6, -1), (0, -4)]
)
def test_odd_cards_round_toward_the_baseline_with_five_players(count, chips):
    assert card_chips(count, 5) == chips


@pytest.mark.parametrize(("count", "chips"), [(10, 0), (11, 0), (9, 0), (13, 1), (7, -1)])
def test_odd_cards_round_toward_the_baseline_with_four_players(count, chips):
    assert card_chips(count, 4) == chips


def test_settle_refuses_impossible_tables():
    with pytest.raises(ValueError, match="4 or 5 players"):
        settle([10, 10, 10], 0, 3)
    with pytest.raises(ValueError, match="Expected 5 captured counts"):
        settle([10, 10, 10, 10], 0, 5)
    with pytest.raises(ValueError, match="last player"):
        settle([10, 10, 10, 10], 4, 4)


@given(
    players=st.sampled_from([4, 5]),
    cuts=st.lists(st.integers(0, 52), min_size=4, max_size=4),
    last=st.integers(0, 4),
)
def test_the_pot_ends_within_rounding_of_empty(players, cuts, last):
    """Captured cards always total 52, so without odd counts the payouts are exactly the
    antes (11 or 9); each odd count shifts the total by at most half a chip."""
    edges = sorted(cuts[: players - 1])
    counts = [b - a for a, b in zip([0, *edges], [*edges, 52])]
    changes = settle(counts, last % players, players)
    assert abs(sum(changes) - (2 * players + 1)) <= sum(c % 2 for c in counts) / 2


def end_of_deal(pot: int):
    """Seat 0 takes its last card; seat 1 is left; the dealer (3) takes the rest.
    Captured: seat 0 gets 2 + 10 = 12, seat 1: 3, seat 2: 14, dealer 20 + 3 = 23."""
    named = set(hand("KH KS 9C 4D 2D"))
    rest = [c for c in make_deck() if c not in named]
    piles = [rest[:10], rest[10:13], rest[13:27], rest[27:47]]
    state = position(["KH", "9C 4D", "", ""], "KS 2D", dealer=3, pot=pot)
    return replace(state, captured=tuple(tuple(p) for p in piles))


def test_the_settlement_moves_chips_between_players_and_pot():
    state, events = RULES.apply(end_of_deal(pot=9), Capture(card("KH"), card("KS")))
    assert [len(p) for p in state.captured] == [12, 3, 14, 23]
    changes = settle([12, 3, 14, 23], 1, 4)
    assert changes == [1, -3 + 3, 2, 6]
    assert state.chips == tuple(50 + c for c in changes)
    assert state.pot == 9 - sum(changes)
    scored = next(e for e in events if isinstance(e, DealScored))
    assert scored.changes == tuple(changes) and scored.totals == state.chips


def test_a_negative_pot_is_paid_in_full_and_carries_over():
    state, events = RULES.apply(end_of_deal(pot=2), Capture(card("KH"), card("KS")))
    assert state.pot == 2 - 9 == -7  # everyone was paid in full
    note = next(e for e in events if isinstance(e, DealScored)).note
    assert str(note) == "The pot is 7 chips short: the debt carries into the next deal."
    assert state.history[-1].pot == -7
    following, _ = RULES.apply(state, NextDeal())
    assert following.pot == -7 + 9  # the next antes go on top of the balance


def test_a_positive_pot_balance_carries_over_into_the_next_deal():
    state, _ = RULES.apply(end_of_deal(pot=15), Capture(card("KH"), card("KS")))
    assert state.pot == 6
    following, _ = RULES.apply(state, NextDeal())
    assert following.pot == 6 + 9


@settings(max_examples=12, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    players=st.sampled_from([4, 5]),
    auto_declare=st.booleans(),
    chips=st.integers(0, 100),
)
def test_chips_plus_pot_never_change_over_a_whole_game(seed, players, auto_declare, chips):
    options = LaughOptions(
        players=players, rounds=1, auto_declare=auto_declare, starting_chips=chips
    )
    state, bot = RULES.new_game(options, seed), PlayoutBot(seed)
    total = players * chips
    while not state.finished:
        assert sum(state.chips) + state.pot == total
        state, _ = RULES.apply(state, bot.choose(RULES.legal_actions(state)))
    assert sum(state.chips) + state.pot == total
    assert len(RULES.all_cards(state)) == 52


@pytest.mark.parametrize(("players", "rounds", "deals"), [(5, 2, 10), (4, 2, 8), (4, 1, 4)])
def test_the_game_lasts_full_rotations_of_the_deal(players, rounds, deals):
    options = LaughOptions(players=players, rounds=rounds)
    state, bot = RULES.new_game(options, 7), PlayoutBot(7)
    dealers = [state.dealer]
    while not state.finished:
        if state.phase == DEAL_OVER:
            assert RULES.legal_actions(state) == [NextDeal()]
        state, _ = RULES.apply(state, bot.choose(RULES.legal_actions(state)))
        if state.phase not in (DEAL_OVER, GAME_OVER) and state.dealer != dealers[-1]:
            dealers.append(state.dealer)
    assert len(state.history) == deals == len(dealers)
    assert all(b == (a + 1) % players for a, b in pairwise(dealers))
    assert sorted(dealers) == sorted(list(range(players)) * rounds)


def test_the_winners_are_the_players_with_most_chips_and_ties_share():
    options = LaughOptions(players=4, rounds=1)
    state, bot = RULES.new_game(options, 5), PlayoutBot(5)
    events = []
    while not state.finished:
        state, events = RULES.apply(state, bot.choose(RULES.legal_actions(state)))
    results = RULES.results(state)
    best = max(state.chips)
    assert results.winners == tuple(s for s in range(4) if state.chips[s] == best)
    assert results.scores == state.chips and not results.lower_is_better
    assert results.deals == 4
    assert GameOver(results.winners, state.chips) in events
    assert RULES.legal_actions(state) == []
