"""Rounds, sessions, re-seating and players joining or leaving between rounds
(rules/indian_rummy.md, "Seating and first dealer"); balances always sum to zero."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai.playout import PlayoutBot
from game.engine import codec
from game.engine.actions import STOCK, Discard, Draw, NextDeal
from game.engine.errors import IllegalAction
from game.engine.events import DealScored
from game.games.indian_rummy import RULES, IndianRummyOptions, JoinTable, LeaveTable, Pack
from game.games.indian_rummy.seating import SeatsDrawn, clockwise_after
from game.games.indian_rummy.state import (
    AWAY,
    DEAL_OVER,
    DRAW,
    GAME_OVER,
    IN_PLAY,
    ROUND_OVER,
    IndianRummyState,
)


def end_deal(state):
    """Everyone packs until one player is left, who wins the deal."""
    while state.phase == DRAW:
        state, _ = RULES.apply(state, Pack())
    return state


def play_round(state):
    """Play deals until the round (or the session) is over; returns the dealers."""
    dealers = []
    while True:
        dealers.append(state.dealer)
        state = end_deal(state)
        if state.phase != DEAL_OVER:
            return state, dealers
        state, _ = RULES.apply(state, NextDeal())


def test_every_player_deals_once_a_round_and_the_deal_passes_left():
    state = RULES.new_game(IndianRummyOptions(players=3, rounds=2), seed=1)
    first = state.dealer
    state, dealers = play_round(state)
    assert state.phase == ROUND_OVER and state.round == 1
    assert dealers == [first, clockwise_after(state.order, first), state.order[
        (state.order.index(first) + 2) % 3]]  # fmt: skip
    assert RULES.legal_actions(state)[0] == NextDeal()
    state, _ = RULES.apply(state, NextDeal())
    assert state.round == 2 and state.dealer == first
    state, dealers = play_round(state)
    assert state.phase == GAME_OVER and len(dealers) == 3 and len(state.history) == 6
    assert RULES.results(state).winners == tuple(
        s for s in range(3) if state.balances[s] == max(state.balances)
    )


def test_inside_a_round_the_only_move_after_a_deal_is_the_next_deal():
    state = end_deal(RULES.new_game(IndianRummyOptions(players=3), seed=2))
    assert state.phase == DEAL_OVER and RULES.legal_actions(state) == [NextDeal()]
    with pytest.raises(IllegalAction, match="only between rounds"):
        RULES.apply(state, LeaveTable(0))


def test_a_session_of_one_round_ends_after_every_player_has_dealt():
    state = RULES.new_game(IndianRummyOptions(players=4), seed=3)
    state, dealers = play_round(state)
    assert state.finished and sorted(dealers) == [0, 1, 2, 3]
    assert RULES.legal_actions(state) == []
    with pytest.raises(IllegalAction, match="over"):
        RULES.apply(state, NextDeal())


def test_a_new_player_joins_between_rounds_left_of_the_next_dealer():
    state = RULES.new_game(IndianRummyOptions(players=3, rounds=2), seed=4)
    state, _ = play_round(state)
    balances = state.balances
    with pytest.raises(IllegalAction, match="between rounds"):
        RULES.apply(RULES.new_game(state.options, 4), JoinTable("Asha"))
    state, _ = RULES.apply(state, JoinTable("Asha"))
    assert state.players == 4 and state.options.players == 4 and state.names[3] == "Asha"
    assert state.balances == (*balances, 0)
    assert clockwise_after(state.order, state.next_dealer) == 3
    state, _ = RULES.apply(state, NextDeal())
    assert state.seat == 3 and state.statuses[3] == IN_PLAY and len(state.hands[3]) == 13
    state, dealers = play_round(state)
    assert len(dealers) == 4 and dealers[1] == 3  # the newcomer deals second this round
    assert len(RULES.results(state).scores) == 4 and sum(state.balances) == 0


def test_a_player_who_leaves_keeps_their_balance_and_gets_it_back_on_returning():
    state = RULES.new_game(IndianRummyOptions(players=4, rounds=3), seed=5)
    first = state.seat
    state, _ = RULES.apply(state, Draw(STOCK))  # the first player plays a turn, so packs
    state, _ = RULES.apply(state, Discard(state.hands[first][0]))  # later cost them 40
    state, _ = play_round(state)
    leaver = first
    assert state.balances[leaver] != 0
    kept = state.balances[leaver]
    state, _ = RULES.apply(state, LeaveTable(leaver))
    assert leaver not in state.order and state.balances[leaver] == kept
    assert JoinTable(state.names[leaver]) in RULES.legal_actions(state)
    state, _ = RULES.apply(state, NextDeal())
    assert state.statuses[leaver] == AWAY and state.hands[leaver] == ()
    state, dealers = play_round(state)
    assert len(dealers) == 3 and leaver not in dealers
    assert state.balances[leaver] == kept and sum(state.balances) == 0
    state, _ = RULES.apply(state, JoinTable(state.names[leaver].upper()))
    assert leaver in state.order and state.players == 4 and state.balances[leaver] == kept
    assert clockwise_after(state.order, state.next_dealer) == leaver


def test_the_deal_passes_on_when_the_next_dealer_leaves():
    state = RULES.new_game(IndianRummyOptions(players=4, rounds=2), seed=6)
    state, _ = play_round(state)
    dealer = state.next_dealer
    after = clockwise_after(state.order, dealer)
    state, _ = RULES.apply(state, LeaveTable(dealer))
    assert state.next_dealer == after == state.to_act
    state, _ = RULES.apply(state, NextDeal())
    assert state.dealer == after


def test_at_least_two_players_stay_and_names_are_checked():
    state = RULES.new_game(IndianRummyOptions(players=2, rounds=2), seed=7)
    state, _ = play_round(state)
    assert RULES.legal_actions(state) == [NextDeal()]
    with pytest.raises(IllegalAction, match="At least two players"):
        RULES.apply(state, LeaveTable(0))
    with pytest.raises(IllegalAction, match="already at the table"):
        RULES.apply(state, JoinTable("player 1"))
    with pytest.raises(IllegalAction, match="name"):
        RULES.apply(state, JoinTable("   "))


def test_the_score_sheet_holds_ten_players_a_session():
    state = RULES.new_game(IndianRummyOptions(players=10, rounds=2), seed=8)
    state, _ = play_round(state)
    state, _ = RULES.apply(state, LeaveTable(0))
    with pytest.raises(IllegalAction, match="score sheet already holds 10"):
        RULES.apply(state, JoinTable("Eleventh"))
    state, _ = RULES.apply(state, JoinTable("Player 1"))
    with pytest.raises(IllegalAction, match="table is full"):
        RULES.apply(state, JoinTable("Player 1 again"))


@pytest.mark.parametrize(("every", "redraws_after"), [(0, []), (1, [1, 2]), (2, [2])])
def test_seats_are_drawn_again_every_one_or_two_rounds(every, redraws_after):
    state = RULES.new_game(IndianRummyOptions(players=3, rounds=3, reseat_every=every), seed=9)
    redrawn = []
    for completed in (1, 2):
        state, _ = play_round(state)
        state, events = RULES.apply(state, NextDeal())
        drawn = [e for e in events if isinstance(e, SeatsDrawn)]
        if drawn:
            redrawn.append(completed)
            assert state.dealer == drawn[0].dealer and state.order == drawn[0].order
    assert redrawn == redraws_after


def test_by_default_seats_are_drawn_again_after_every_round():
    # the seed: "after every 1 or 2 rounds"; a one-round session never redraws anyway
    assert IndianRummyOptions().reseat_every == 1
    state = RULES.new_game(IndianRummyOptions(players=3, rounds=2), seed=9)
    state, _ = play_round(state)
    state, events = RULES.apply(state, NextDeal())
    assert any(isinstance(e, SeatsDrawn) for e in events)


def test_a_newcomer_takes_part_in_a_redraw():
    state = RULES.new_game(IndianRummyOptions(players=2, rounds=2, reseat_every=1), seed=10)
    state, _ = play_round(state)
    state, _ = RULES.apply(state, JoinTable("Ravi"))
    state, events = RULES.apply(state, NextDeal())
    drawn = next(e for e in events if isinstance(e, SeatsDrawn))
    assert sorted(drawn.order) == [0, 1, 2]


def test_a_changed_table_saves_and_loads():
    state = RULES.new_game(IndianRummyOptions(players=3, rounds=2), seed=11)
    state, _ = play_round(state)
    state, _ = RULES.apply(state, JoinTable("Meera"))
    state, _ = RULES.apply(state, NextDeal())
    text = json.dumps(codec.encode(state))
    assert codec.decode(IndianRummyState, json.loads(text)) == state


@settings(max_examples=12, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    players=st.integers(2, 10),
    penalty=st.booleans(),
    modern=st.booleans(),
)
def test_balances_always_sum_to_zero_and_losers_pay_at_most_80(seed, players, penalty, modern):
    options = IndianRummyOptions(
        players=players,
        rounds=2,
        wrong_declaration_penalty=penalty,
        modern_drop_values=modern,
    )
    state = RULES.new_game(options, seed)
    bot = PlayoutBot(seed)
    while not state.finished:
        state, events = RULES.apply(state, bot.choose(RULES.legal_actions(state)))
        for event in events:
            if isinstance(event, DealScored):
                assert sum(event.changes) == 0 and sum(event.totals) == 0
                winner = event.winner
                losses = [c for seat, c in enumerate(event.changes) if seat != winner]
                assert all(-80 <= c <= 0 for c in losses)
    assert sum(RULES.results(state).scores) == 0
