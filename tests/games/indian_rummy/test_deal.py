"""The deal (rules/indian_rummy.md, "Players and cards", "The deal and the wild card"):
decks, 13 cards, the turned wild card under the stock, the first discard, what views show."""

from collections import Counter

import pytest

from game.engine.actions import DISCARD, STOCK, Discard, Draw
from game.engine.events import CardMoved, Said
from game.games.indian_rummy import RULES, IndianRummyOptions
from game.games.indian_rummy.dealing import start_deal
from game.games.indian_rummy.state import DRAW


def in_play(state):
    """The cards of the deal (the unused pack waits in the box)."""
    return [c for c in RULES.all_cards(state) if c not in set(state.box)]


@pytest.mark.parametrize(("players", "decks"), [(2, 2), (6, 2), (7, 3), (8, 3), (10, 3)])
def test_two_decks_up_to_six_players_three_from_seven(players, decks):
    state = RULES.new_game(IndianRummyOptions(players=players), seed=4)
    cards = in_play(state)
    assert len(cards) == 53 * decks
    faces = Counter(c.face for c in cards)
    assert faces["JK"] == decks and faces["7H"] == decks
    assert len(RULES.all_cards(state)) == 159  # the same cards all session long


def test_eight_players_get_thirteen_cards_each_from_three_decks():
    state = RULES.new_game(IndianRummyOptions(players=8), seed=7)
    assert [len(h) for h in state.hands] == [13] * 8
    assert len(state.discard) == 1
    assert len(state.stock) == 159 - 8 * 13 - 1  # the indicator is the stock's last card
    assert len({c.id for c in in_play(state)}) == 159


def test_the_indicator_lies_face_up_at_the_bottom_of_the_stock_and_everyone_sees_it():
    state = RULES.new_game(IndianRummyOptions(players=4), seed=2)
    indicator = state.stock[0]
    assert state.indicator == indicator
    assert state.wild_rank == (None if indicator.is_joker else indicator.rank)
    for seat in range(4):
        view = RULES.view(state, seat)
        assert view.indicator == indicator and view.wild_rank == state.wild_rank
        assert indicator not in RULES.hidden_from(state, seat)
        assert state.stock[-1] in RULES.hidden_from(state, seat)


def test_the_player_left_of_the_dealer_turns_the_wild_card_and_plays_first():
    state, events = RULES.start(IndianRummyOptions(players=5), seed=3)
    left = state.order[(state.order.index(state.dealer) + 1) % 5]
    assert state.seat == left and state.phase == DRAW
    turned = [e for e in events if isinstance(e, Said) and "turns up" in e.text]
    assert [e.seat for e in turned] == [left]
    first_dealt = next(e for e in events if isinstance(e, CardMoved) and e.dst.startswith("hand"))
    assert first_dealt.dst == f"hand:{left}"  # dealt one at a time from the dealer's left


def test_a_turned_printed_joker_leaves_only_the_jokers_wild():
    state = RULES.new_game(IndianRummyOptions(players=3), seed=0)
    seed = next(s for s in range(500) if RULES.new_game(state.options, s).indicator.is_joker)
    state = RULES.new_game(state.options, seed)
    assert state.wild_rank is None
    assert all(RULES.view(state, s).wild_rank is None for s in range(3))


def test_views_show_only_the_top_discard():
    state = RULES.new_game(IndianRummyOptions(players=3), seed=5)
    for _ in range(3):  # three turns: draw from the stock, discard the first card
        state, _ = RULES.apply(state, Draw(STOCK))
        state, _ = RULES.apply(state, Discard(state.hands[state.seat][0]))
    buried = state.discard[:-1]
    assert len(buried) == 3
    for seat in range(3):
        view = RULES.view(state, seat)
        assert view.discard_top == state.discard[-1] and view.discard_size == 4
        assert set(buried) <= RULES.hidden_from(state, seat)
        assert not set(buried) & set(view.hand)


def test_taking_the_top_discard_shows_the_next_only_as_a_count():
    state = RULES.new_game(IndianRummyOptions(players=2), seed=6)
    up = state.discard[-1]
    state, _ = RULES.apply(state, Draw(DISCARD))
    assert up in state.hands[state.seat] and not state.discard
    assert RULES.view(state, 1 - state.seat).discard_top is None


def test_each_deal_is_shuffled_afresh_and_uses_the_box_for_a_smaller_table():
    state = RULES.new_game(IndianRummyOptions(players=4), seed=8)
    again, _ = start_deal(state)
    assert again.hands != state.hands
    assert len(again.box) == 53 and len(in_play(again)) == 106
