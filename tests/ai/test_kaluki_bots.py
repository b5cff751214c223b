"""What the Kaluki bots do in positions built from card strings."""

from __future__ import annotations

from game.ai.base import BotSettings
from game.ai.kaluki.easy import KalukiEasy
from game.ai.kaluki.hard import KalukiHard
from game.ai.kaluki.normal import KalukiNormal
from game.ai.seat import TableHistory
from game.engine.actions import DISCARD, STOCK, Discard, Draw, LayDown, LayOff, SwapJoker
from game.games.kaluki import RULES
from game.games.kaluki.scoring import meld_total
from game.games.kaluki.state import PLAY
from game.tools.simulate import simulate
from tests.games.kaluki.position import position
from tests.helpers import cards


def normal_move(state, seat=None):
    seat = state.seat if seat is None else seat
    bot = KalukiNormal(seed=1, seat=seat)
    return bot.choose(RULES.view(state, seat), RULES.legal_actions(state), [])


def test_normal_opens_as_soon_as_its_melds_reach_51():
    state = position(["KS KH KD QS QH QD 2C 7D", "3S 4S"], phase=PLAY)  # 30 + 30 = 60
    move = normal_move(state)
    assert isinstance(move, LayDown)
    assert meld_total(move.melds) >= 51
    assert {c for m in move.melds for c in m.cards} == set(cards("KS KH KD QS QH QD"))


def test_normal_comes_down_with_the_points_the_table_chose():
    hand = ["10H 10D 10C 10S 2C 7D", "3S 4S"]  # 40 points of tens
    move = normal_move(position(hand, phase=PLAY, come_down=40))
    assert isinstance(move, LayDown) and meld_total(move.melds) == 40
    assert not isinstance(normal_move(position(hand, phase=PLAY)), LayDown)  # 51 by default


def test_normal_keeps_its_melds_when_they_total_less_than_51():
    state = position(["5S 5H 5D 6C 7C 8C KD 2H", "3S 4S"], phase=PLAY)  # 15 + 21 = 36
    move = normal_move(state)
    assert isinstance(move, Discard)
    assert move.card in cards("KD 2H")


def test_normal_discards_its_highest_useless_card():
    state = position(["5S 5H 5D 6C 7C 8C 9C KD 2H", "3S 4S"], phase=PLAY, melded=(True, False))
    # already down: it lays down the melds first, then throws the king (10) before the 2
    state, _ = RULES.apply(state, normal_move(state))
    while not isinstance(move := normal_move(state), Discard):
        state, _ = RULES.apply(state, move)
    assert move.card == cards("KD")[0]


def test_normal_never_feeds_the_next_player_a_card_that_lays_off():
    # The next player has melded; 8H would go on their 5-6-7H, so Normal throws the 9C
    # (lower, but safe) instead of the 8H.
    state = position(
        ["2S 2H 2D 8H 9C", "3S 4S 5D"],
        phase=PLAY,
        melds=[(1, "5H 6H 7H")],
        melded=(False, True),
    )
    move = normal_move(state)
    assert move == Discard(cards("9C")[0])
    without_danger = position(["2S 2H 2D 8H 9C", "3S 4S 5D"], phase=PLAY, melded=(False, True))
    assert normal_move(without_danger) == Discard(cards("9C")[0])  # 9 > 8: same card anyway
    other = position(
        ["2S 2H 2D 8H 4C", "3S 4S 5D"], phase=PLAY, melds=[(1, "5H 6H 7H")], melded=(False, True)
    )
    assert normal_move(other) == Discard(cards("4C")[0])  # the 8H is higher but feeds


def test_normal_takes_a_discard_that_completes_a_meld_once_down():
    state = position(["7S 7H 2C 9D KC", "3S 4S"], discard="7D", melded=(True, False))
    assert normal_move(state) == Draw(DISCARD)
    useless = position(["7S 7H 2C 9D KC", "3S 4S"], discard="4C", melded=(True, False))
    assert normal_move(useless) == Draw(STOCK)


def test_normal_takes_the_discard_that_lets_it_open():
    state = position(["KS KH QS QH QD JC JD JH 4C", "3S 4S"], discard="KD")
    assert Draw(DISCARD) in RULES.legal_actions(state)
    assert normal_move(state) == Draw(DISCARD)


def test_normal_swaps_the_real_card_for_a_joker_on_the_table():
    state = position(
        ["7S 2C 4D", "3S 4S"], phase=PLAY, melds=[(1, "6S JK 8S")], melded=(True, True)
    )
    assert isinstance(normal_move(state), SwapJoker)


def test_normal_lays_off_before_discarding():
    state = position(["9S 2C", "3S 4S"], phase=PLAY, melds=[(1, "6S 7S 8S")], melded=(True, True))
    move = normal_move(state)
    assert isinstance(move, LayOff) and move.cards == tuple(cards("9S"))


def test_easy_discards_a_loose_card_and_plays_only_legal_moves():
    state = position(["5S 5H 5D KD 2H", "3S 4S"], phase=PLAY)
    history = TableHistory(2)
    legal = RULES.legal_actions(state)
    for seed in range(10):
        move = KalukiEasy(seed, 0).choose(RULES.view(state, 0), legal, history.for_seat(0))
        assert move in legal
        assert move in (Discard(cards("KD")[0]), Discard(cards("2H")[0]))


def test_hard_answers_at_once_when_there_is_nothing_to_search():
    # already down, with melds in hand: laying them down is the only sensible move
    state = position(["KS KH KD QS QH QD 2C 7D", "3S 4S"], phase=PLAY, melded=(True, False))
    bot = KalukiHard(1, 0, BotSettings(rollouts=50))
    move = bot.choose(RULES.view(state, 0), RULES.legal_actions(state), [])
    assert isinstance(move, LayDown) and bot.last_worlds == 0


def test_hard_searches_a_real_choice_within_its_rollout_count():
    state = position(
        ["2S 2H 2D 8H 9C KD QC", "3S 4S 5D 6D 9H 10C JC"], phase=PLAY, melds=[(1, "5H 6H 7H")]
    )
    bot = KalukiHard(1, 0, BotSettings(rollouts=3))
    move = bot.choose(RULES.view(state, 0), RULES.legal_actions(state), [])
    assert isinstance(move, Discard) and bot.last_worlds == 3


def test_normal_beats_easy_clearly_in_a_small_seeded_sample():
    report = simulate("kaluki", 2, 16, 4, {"target": 60}, bots="normal,easy")
    assert not report.failures
    normal, _easy = report.tallies
    assert normal.wins >= 13, f"Normal won only {normal.wins} of 16"
