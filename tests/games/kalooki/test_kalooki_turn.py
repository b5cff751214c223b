"""A Kalooki turn and deal: drawing, discarding, going out, scoring, the stock running
out, the nine deals and the views."""

from dataclasses import replace
from itertools import pairwise

import pytest

from game.engine.actions import DISCARD, STOCK, Discard, Draw, LayDown, LayOff, NextDeal, Pass
from game.engine.errors import IllegalAction
from game.engine.events import DealScored, GameOver, Said
from game.games.kalooki import CONTRACTS, RULES, KalookiOptions
from game.games.kalooki.dealing import IDLE_REBUILDS
from game.games.kalooki.state import DEAL_OVER, DRAW, GAME_OVER, PLAY
from tests.games.kalooki.position import four, position, table_meld
from tests.helpers import cards


def card(text: str):
    return cards(text)[0]


def contract_hand_melds():
    return tuple(table_meld(t) for t in ("5S 5H 5D", "8S 8H 8C", "KS KH KD"))


# -- dealing -------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 6])
def test_the_first_deal_gives_nine_cards_from_108_and_turns_one_up(players):
    state = RULES.new_game(KalookiOptions(players=players), seed=3)
    assert all(len(hand) == 9 for hand in state.hands)
    assert len(state.discard) == 1
    assert len(RULES.all_cards(state)) == 108
    assert state.seat == (state.dealer + 1) % players
    assert state.phase == DRAW


def test_two_players_need_the_option():
    with pytest.raises(ValueError, match="Allow 2 players"):
        KalookiOptions(players=2)
    state = RULES.new_game(KalookiOptions(players=2, two_players=True), seed=1)
    assert [len(hand) for hand in state.hands] == [9, 9]


def test_nine_deals_with_their_sizes_then_the_lowest_total_wins():
    state = RULES.new_game(KalookiOptions(players=3), seed=8)
    dealers = []
    for number, contract in enumerate(CONTRACTS, start=1):
        assert state.deal == number
        assert all(len(hand) == contract.cards for hand in state.hands)
        dealers.append(state.dealer)
        # the active player keeps one real card and goes out by discarding it
        last = next(c for c in state.hands[state.seat] if not c.is_joker)
        hands = tuple((last,) if i == state.seat else h for i, h in enumerate(state.hands))
        state = replace(state, hands=hands, phase=PLAY)
        state, events = RULES.apply(state, Discard(last))
        if number < 9:
            assert state.phase == DEAL_OVER
            assert RULES.legal_actions(state) == [NextDeal()]
            state = RULES.apply(state, NextDeal())[0]
    assert state.phase == GAME_OVER and state.finished and state.to_act is None
    assert all(b == (a + 1) % 3 for a, b in pairwise(dealers))
    results = RULES.results(state)
    assert results.deals == 9 and results.lower_is_better
    assert results.winners == tuple(
        seat for seat in range(3) if state.totals[seat] == min(state.totals)
    )
    assert any(isinstance(e, GameOver) for e in events)


def test_tied_lowest_totals_share_the_win():
    state = position(["2C", "9S", "9H"], deal=9, discard="4D 5D")
    state = replace(state, totals=(30, 20, 20))
    state = RULES.apply(state, Discard(card("2C")))[0]
    assert state.totals == (30, 29, 29)
    assert RULES.results(state).winners == (1, 2)


# -- drawing -------------------------------------------------------------------------------


def test_the_discard_may_be_drawn_only_before_laying_down():
    fresh = position(["2C 3D", "4C 4D", "5C"], phase=DRAW)
    assert Draw(DISCARD) in RULES.legal_actions(fresh)
    state = RULES.apply(fresh, Draw(DISCARD))[0]
    assert card("9D") in state.hands[0] and state.phase == PLAY
    laid = replace(fresh, laid_down=(True, False, False))
    assert RULES.legal_actions(laid) == [Draw(STOCK)]
    with pytest.raises(IllegalAction, match="only from the stock"):
        RULES.apply(laid, Draw(DISCARD))


def test_drawing_twice_is_refused():
    state = position(["2C 3D", "4C 4D", "5C"])
    with pytest.raises(IllegalAction, match="already drawn"):
        RULES.apply(state, Draw(STOCK))


# -- discarding ----------------------------------------------------------------------------


def test_a_joker_may_not_be_discarded():
    state = position(["JK 2C", "4C 4D", "5C"])
    assert Discard(card("JK")) not in RULES.legal_actions(state)
    with pytest.raises(IllegalAction, match="joker may not be discarded"):
        RULES.apply(state, Discard(card("JK")))


def test_discarding_ends_the_turn():
    state = position(["2C 3D", "4C 4D", "5C"])
    state = RULES.apply(state, Discard(card("2C")))[0]
    assert (state.seat, state.phase, state.discard[-1]) == (1, DRAW, card("2C"))


def test_a_last_joker_must_be_played():
    state = position(["JK", "4C 4D", "5C"], laid_down=(True, False, False))
    state = replace(state, melds=(table_meld("7S 7H 7D", owner=1),))
    actions = RULES.legal_actions(state)
    assert actions == [LayOff(0, (card("JK"),), actions[0].result)]
    with pytest.raises(IllegalAction, match="play it"):
        RULES.apply(state, Pass())
    state, _ = RULES.apply(state, actions[0])
    assert state.phase == DEAL_OVER and state.history[-1].out == 0


def test_jokers_that_fit_nowhere_end_the_turn_without_a_discard():
    state = position(
        ["JK JK", "4C 4D", "5C"],
        laid_down=(True, False, False),
        melds=(four("5H 6H 7H JK", 5, owner=1), four("JK JS QS KS AS", 10, owner=1)),
        deal=4,
    )
    assert RULES.legal_actions(state) == [Pass()]
    state = RULES.apply(state, Pass())[0]
    assert (state.seat, state.phase, len(state.hands[0])) == (1, DRAW, 2)


# -- going out and scoring -----------------------------------------------------------------


def test_going_out_by_discarding_the_last_card_charges_the_others():
    state = position(["2C", "KS AH", "JK AS 9D"], laid_down=(True, False, False))
    state, events = RULES.apply(state, Discard(card("2C")))
    scored = next(e for e in events if isinstance(e, DealScored))
    assert scored.changes == (0, 11, 74)
    assert state.totals == (0, 11, 74)
    assert state.phase == DEAL_OVER


def test_going_out_by_laying_everything_down():
    state = position(["5S 5H 5D 8S 8H 8C KS KH KD", "4C 4D", "5C"])
    state = RULES.apply(state, LayDown(contract_hand_melds()))[0]
    assert state.phase == DEAL_OVER
    assert state.history[-1].out == 0
    assert state.totals == (0, 8, 5)


def test_down_and_out_doubles_when_the_option_is_on():
    hand = "5S 5H 5D 8S 8H 8C KS KH KD 2C"
    for doubles, expected in ((False, (0, 8, 5)), (True, (0, 16, 10))):
        state = position([hand, "4C 4D", "5C"], down_and_out_doubles=doubles)
        state = RULES.apply(state, LayDown(contract_hand_melds()))[0]
        state = RULES.apply(state, Discard(card("2C")))[0]
        assert state.totals == expected
        assert state.history[-1].doubled is doubles


def test_going_out_a_turn_after_laying_down_is_not_doubled():
    state = position(["2C", "4C 4D", "5C"], laid_down=(True, False, False))
    state = replace(state, options=KalookiOptions(players=3, down_and_out_doubles=True))
    state = RULES.apply(state, Discard(card("2C")))[0]
    assert state.totals == (0, 8, 5)


# -- the stock running out -----------------------------------------------------------------


def stock_out(**overrides):
    """Everyone has laid down (so nobody calls); the stock is empty; a three of 2s is
    on the table, so the 2♣ in seat 0's hand can still be played."""
    values = {
        "phase": DRAW,
        "stock": "",
        "discard": "3H 4H 5H 6H",
        "laid_down": (True, True, True),
        "melds": (table_meld("2S 2H 2D", owner=1),),
    }
    values.update(overrides)
    return position(["2C", "4C 4D", "5C"], **values)


def test_an_empty_stock_is_rebuilt_from_the_discards_under_the_top_card():
    state, _ = RULES.apply(stock_out(), Draw(STOCK))
    assert state.discard == tuple(cards("6H"))
    assert len(state.stock) == 2 and len(state.hands[0]) == 2
    assert sorted([*state.stock, state.hands[0][-1]]) == sorted(cards("3H 4H 5H"))


def test_with_nothing_left_to_draw_the_deal_ends_and_every_hand_scores():
    state, events = RULES.apply(stock_out(discard="6H"), Draw(STOCK))
    assert state.phase == DEAL_OVER
    assert state.history[-1].out is None
    assert state.totals == (2, 8, 5)
    note = next(e for e in events if isinstance(e, DealScored)).note
    assert "Nobody can go out" in str(note)


def test_when_no_card_left_can_ever_be_played_the_deal_ends_instead_of_reshuffling():
    state, _ = RULES.apply(stock_out(melds=(table_meld("9S 9H 9D", owner=1),)), Draw(STOCK))
    assert state.phase == DEAL_OVER
    assert state.totals == (2, 8, 5)


def test_the_deal_goes_on_while_someone_could_still_lay_down():
    # seat 1 has not laid down, and the loose cards hold three threes between them
    state = stock_out(
        melds=(table_meld("9S 9H 9D", owner=2),),
        laid_down=(True, False, True),
        calls_left=(3, 0, 3),
        discard="3H 3D 3C 4H 4D 4S 5H 5D 5S 6H",
    )
    state, _ = RULES.apply(state, Draw(STOCK))
    assert state.phase == PLAY and len(state.stock) == 8


def test_a_fourth_rebuild_with_no_card_put_down_since_the_first_ends_the_deal():
    state = replace(stock_out(), idle_rebuilds=IDLE_REBUILDS - 1)
    state, _ = RULES.apply(state, Draw(STOCK))  # the third rebuild still deals on
    assert state.phase == PLAY and state.idle_rebuilds == IDLE_REBUILDS
    state = replace(stock_out(), idle_rebuilds=IDLE_REBUILDS)
    state, events = RULES.apply(state, Draw(STOCK))
    assert state.phase == DEAL_OVER
    assert state.totals == (2, 8, 5)
    said = [e.message.key for e in events if isinstance(e, Said)]
    assert "kalooki.idle" in said


def test_a_card_put_on_the_table_starts_the_count_of_idle_rebuilds_again():
    state = replace(stock_out(), idle_rebuilds=IDLE_REBUILDS)
    state, _ = RULES.apply(replace(state, stock=tuple(cards("KD"))), Draw(STOCK))
    assert state.idle_rebuilds == IDLE_REBUILDS
    state, _ = RULES.apply(state, LayOff(0, tuple(cards("2C"))))
    assert state.idle_rebuilds == 0


# -- views ---------------------------------------------------------------------------------


def test_a_view_shows_its_own_hand_and_only_counts_of_the_others():
    state = position(
        ["2C 3C", "4C 4D KS", "5C"],
        melds=(table_meld("7S 7H 7D", owner=1),),
        laid_down=(False, True, False),
        calls_left=(3, 1, 0),
    )
    view = RULES.view(state, 0)
    assert view.hand == tuple(cards("2C 3C"))
    assert view.hand_sizes == (2, 3, 1)
    assert view.stock_size == len(state.stock)
    assert view.calls_left == (3, 1, 0)
    assert view.laid_down == (False, True, False)
    assert view.melds == state.melds and view.discard == state.discard
    assert view.contract == "3 threes"
    assert not hasattr(view, "hands") and not hasattr(view, "stock")
