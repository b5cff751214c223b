"""The house-rule options the well-known rule sets change: cards dealt, points to come
down, the score that ends the game (issue 21)."""

import pytest

from game.engine.actions import DISCARD, Discard, Draw, LayDown
from game.engine.codec import decode, encode
from game.engine.errors import IllegalAction
from game.engine.melds import loose_meld
from game.games.kaluki import INFO, RULES, KalukiOptions
from game.games.kaluki.state import PLAY
from tests.games.kaluki.position import position
from tests.helpers import cards

FOUR_TENS = "10H 10D 10C 10S 2C"  # one group of four tens: 40 points


def meld(text: str):
    return loose_meld(cards(text))


def test_a_40_point_opening_comes_down_when_40_is_enough():
    state = position([FOUR_TENS, "3S"], phase=PLAY, come_down=40)
    downs = [a for a in RULES.legal_actions(state) if isinstance(a, LayDown)]
    assert [set(m.cards) for m in downs[0].melds] == [set(cards("10H 10D 10C 10S"))]
    state, _ = RULES.apply(state, LayDown((meld("10H 10D 10C 10S"),)))
    assert state.melded[0] and state.hands[0] == tuple(cards("2C"))


@pytest.mark.parametrize("need", [51, 41])
def test_a_40_point_opening_is_refused_naming_the_points_needed(need):
    options = {} if need == 51 else {"come_down": need}
    state = position([FOUR_TENS, "3S"], phase=PLAY, **options)
    assert not any(isinstance(a, LayDown) for a in RULES.legal_actions(state))
    with pytest.raises(IllegalAction, match=f"must total {need}; these cards make 40"):
        RULES.apply(state, LayDown((meld("10H 10D 10C 10S"),)))


def test_the_discard_may_be_taken_for_an_opening_of_the_points_chosen():
    hands = ["10H 10D 10C 5S", "3S"]  # with the 10S: 40
    state = position(hands, discard="10S", come_down=40)
    state, _ = RULES.apply(state, Draw(DISCARD))
    assert state.turn.taken_discard == cards("10S")[0]
    refused = position(hands, discard="10S", come_down=45)
    with pytest.raises(IllegalAction, match="first meld of 45 or more this turn; with it"):
        RULES.apply(refused, Draw(DISCARD))


@pytest.mark.parametrize("players", [2, 4, 5, 6])
def test_a_13_card_deal_whatever_the_player_count(players):
    state = RULES.new_game(KalukiOptions(players=players, deal_size=13), seed=9)
    assert [len(h) for h in state.hands] == [13] * players
    assert len(state.stock) == 108 - 13 * players - 1
    assert len(RULES.all_cards(state)) == 108


def test_by_players_deals_as_the_seed_does():
    assert [KalukiOptions(players=n).hand_size for n in (2, 3, 4, 5, 6)] == [15, 15, 15, 13, 11]


def test_a_deal_that_leaves_too_small_a_stock_is_refused():
    KalukiOptions(players=5, deal_size=17)  # 85 dealt: a stock of 22
    with pytest.raises(ValueError, match="6 players x 17 cards leave 5 of 108"):
        KalukiOptions(players=6, deal_size=17)
    KalukiOptions(players=4, deal_size=20)  # 80 dealt: a stock of 27
    with pytest.raises(ValueError, match="Cards dealt: 6 is too few; deal at least 7"):
        KalukiOptions(deal_size=6)
    with pytest.raises(ValueError, match="Cards dealt: 21 is above the maximum of 20"):
        KalukiOptions(deal_size=21)


@pytest.mark.parametrize(
    ("values", "message"),
    [({"come_down": 5}, "below the minimum of 10"), ({"come_down": 101}, "above the maximum")],
)
def test_points_to_come_down_are_bounded(values, message):
    with pytest.raises(ValueError, match=message):
        KalukiOptions(**values)


def test_a_game_to_101_ends_when_a_total_reaches_101():
    state = position(["5D", "KS KH KD QS QH QD JS JH JD AS AH"], phase=PLAY, target=101)
    state = RULES.apply(state, Discard(cards("5D")[0]))[0]  # 90 + 30: 120
    assert state.finished and state.winners == (0,)
    short = position(["5D", "KS KH KD QS QH QD JS JH JD 9S"], phase=PLAY, target=101)
    assert not RULES.apply(short, Discard(cards("5D")[0]))[0].finished  # 99


def test_options_from_names_as_simulate_gives_them():
    options = INFO.options(players=4, deal_size=13, come_down=40, target=101, ace_eleven=True)
    assert (options.hand_size, options.come_down, options.target) == (13, 40, 101)


def test_the_new_options_are_left_out_of_a_default_games_encoding():
    """So the states, saves and fingerprints of the default game stay as they were."""
    assert {"deal_size", "come_down"}.isdisjoint(encode(KalukiOptions()))
    chosen = KalukiOptions(deal_size=13, come_down=40)
    data = encode(chosen)
    assert (data["deal_size"], data["come_down"]) == (13, 40)
    assert decode(KalukiOptions, data) == chosen
    assert decode(KalukiOptions, encode(KalukiOptions())) == KalukiOptions()
