"""What the Kalooki bots do in positions built from card strings."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from hypothesis import given
from hypothesis import strategies as st

from game.ai.base import BotSettings
from game.ai.kalooki.hard import KalookiHard, _step
from game.ai.kalooki.plan import live_key, make_plan, quick_distance, quick_plan
from game.ai.kalooki.policy import DECK, KalookiEasy, KalookiNormal, Reading, explain_kalooki
from game.ai.knowledge import DealKnowledge
from game.ai.rummy import face
from game.ai.stockqueue import StockQueues
from game.engine.actions import DISCARD, STOCK, Discard, Draw, LayDown, LayOff
from game.games.kalooki import RULES
from game.games.kalooki.actions import AllowCall, Call, DeclineCall, DenyCall
from game.games.kalooki.scoring import contract_for
from game.games.kalooki.state import ANSWER, CALL, DRAW
from tests.ai.common import play
from tests.games.kalooki.position import position, table_meld
from tests.helpers import cards

LIVE = Counter()
FULL_LIVE = live_key(Counter(face(card) for card in DECK))  # nothing seen yet


def normal_move(state, seat=None):
    seat = state.to_act if seat is None else seat
    return KalookiNormal(1, seat).choose(RULES.view(state, seat), RULES.legal_actions(state), [])


def test_plan_counts_the_cards_a_contract_still_needs():
    three_threes = contract_for(1)
    assert make_plan(cards("5S 5H 5D 9S 9H 9D KC KD KH"), three_threes, LIVE).distance == 0
    assert make_plan(cards("5S 5H 9S 9H 9D KC KD KH 2C"), three_threes, LIVE).distance == 1
    assert make_plan(cards("5S 5H JK 9S 9H KC KD KH 2C"), three_threes, LIVE).distance == 1
    one_four = contract_for(2)  # 2 threes and 1 four
    hand = cards("5S 5H 5D 9S 9H 9D 4C 5C 7C 2D")
    assert make_plan(hand, one_four, LIVE).distance == 1  # the 6C is missing


@given(st.integers(1, 9), st.lists(st.sampled_from(DECK), min_size=1, max_size=17, unique=True))
def test_quick_plans_agree_with_the_plan_when_every_card_is_live(deal, hand):
    contract = contract_for(deal)
    plan = make_plan(hand, contract, FULL_LIVE)
    assert quick_distance(hand, contract) == plan.distance
    assert quick_plan(hand, contract) == plan  # the same cards kept, ties broken alike


def test_quick_distance_counts_jokers_where_they_may_stand():
    two_fours = contract_for(3)  # a three and two fours
    assert quick_distance(cards("5S 5H 5D 4C 5C 6C 7C 8H 9H 10H JH"), two_fours) == 0
    assert quick_distance(cards("5S 5H 5D 4C 5C 6C 8H 9H 10H JK QD"), two_fours) == 1
    assert quick_distance(cards("5S 5H JK 4C 6C JK 8H 9H 10H 3D QD"), two_fours) == 2


def test_normal_lays_its_contract_down_when_it_can():
    state = position(["5S 5H 5D 9S 9H 9D KC KD KH 2C", "3S 4S"])
    assert isinstance(normal_move(state), LayDown)


def test_normal_throws_a_card_its_plan_does_not_need():
    state = position(["5S 5H 5D 9S 9H KC KD KH QC 2D", "3S 4S"])
    move = normal_move(state)
    assert move in (Discard(cards("QC")[0]), Discard(cards("2D")[0]))
    assert move == Discard(cards("QC")[0])  # the costlier of the two


def test_normal_takes_the_discard_only_when_it_helps_the_contract():
    hand = "5S 5H 5D 9S 9H KC KD KH QC 2D"
    assert normal_move(position([hand, "3S 4S"], discard="9D", phase=DRAW)) == Draw(DISCARD)
    assert normal_move(position([hand, "3S 4S"], discard="7C", phase=DRAW)) == Draw(STOCK)


def test_normal_calls_a_card_it_needs_and_lets_others_go():
    hand = "5S 5H 5D 9S 9H KC KD KH QC 2D"
    wanted = position(["3S 4S 6D", hand], discard="9D", phase=CALL, seat=0)
    wanted = replace(wanted, asking=1)
    assert normal_move(wanted, 1) == Call()
    unwanted = position(["3S 4S 6D", hand], discard="7C", phase=CALL, seat=0)
    unwanted = replace(unwanted, asking=1)
    assert normal_move(unwanted, 1) == DeclineCall()


def test_normal_denies_a_call_for_a_card_it_wants():
    hand = "5S 5H 5D 9S 9H KC KD KH QC 2D"
    state = position([hand, "3S 4S"], discard="9D", phase=ANSWER)
    state = replace(state, asking=1)
    assert normal_move(state, 0) == DenyCall()
    other = position([hand, "3S 4S"], discard="7C", phase=ANSWER)
    other = replace(other, asking=1)
    assert normal_move(other, 0) == AllowCall()


def test_normal_adds_its_costliest_card_once_down():
    state = position(
        ["7S KH 2D", "3S 4S"],
        melds=(table_meld("KS KD KC"), table_meld("7H 7D 7C")),
        laid_down=(True, False),
    )
    move = normal_move(state)
    assert isinstance(move, LayOff) and move.cards == tuple(cards("KH"))


def stuck_deal_move(restocked: str, rebuilds: int = 2) -> Discard:
    """Normal's discard with three aces, three nines and two fives (the third five
    missing), in a deal whose stock has gone round ``rebuilds`` times holding
    ``restocked``."""
    state = position(["AS AC AH 9S 9H 9D 5S 5H 2C 3D", "3S 4S"], discard="KH")
    view = RULES.view(state, 0)
    known = DealKnowledge(rebuilds=rebuilds, restocked=cards(restocked), pile=cards("KH"))
    return explain_kalooki(view, RULES.legal_actions(state), Reading(view, known)).action


def test_normal_gives_up_a_plan_whose_missing_cards_never_come_round():
    # no five went round in the last stock: the other players hold them all, so holding
    # on could go round for ever; the plan's costliest card goes, a black ace
    assert stuck_deal_move("7C 8D QH JS") in (Discard(cards("AS")[0]), Discard(cards("AC")[0]))


def test_normal_keeps_its_plan_while_the_missing_cards_may_still_come():
    spare = Discard(cards("3D")[0])
    assert stuck_deal_move("7C 8D QH 5D") == spare  # a five went round: it may come again
    assert stuck_deal_move("7C 8D QH JS", rebuilds=1) == spare  # too soon to tell


def test_four_normal_bots_never_hold_each_other_up_for_ever():
    # in this game's last deal every hand waited for cards the others held, and the
    # stock went round without end before Normal learnt to give a hopeless plan up
    state, actions = play("kalooki", {"players": 4}, 3 * 100_003 + 85, ["normal"])
    assert state.finished
    assert len(actions) < 2_000


def test_easy_plays_only_listed_moves():
    state = position(["5S 5H 5D 9S 9H KC KD KH QC 2D", "3S 4S"])
    legal = RULES.legal_actions(state)
    for seed in range(8):
        assert KalookiEasy(seed, 0).choose(RULES.view(state, 0), legal, []) in legal


def test_hard_searches_the_discard_within_its_rollout_count():
    state = position(["5S 5H 9S 9H KC KD QH JC 2D 4C", "3S 4S 8C 8D 10H JH QS AC 6D 7D"])
    bot = KalookiHard(1, 0, BotSettings(rollouts=2))
    move = bot.choose(RULES.view(state, 0), RULES.legal_actions(state), [])
    assert isinstance(move, Discard) and bot.last_worlds == 2


def test_hard_leaves_a_discard_its_plan_cannot_use_without_searching():
    hand = "5S 5H 5D 9S 9H KC KD KH QC 2D"
    for discard, searched in (("7C", 0), ("9D", 2)):
        state = position([hand, "3S 4S 8C 8D 10H JH QS AC 6D 7D"], discard=discard, phase=DRAW)
        bot = KalookiHard(1, 0, BotSettings(rollouts=2))
        bot.choose(RULES.view(state, 0), RULES.legal_actions(state), [])
        assert bot.last_worlds == searched


def test_hard_saves_its_calls_for_a_card_that_nearly_completes_the_contract():
    """Normal calls any card that helps; Hard only one that leaves it a card short at
    most, and decides that without searching (the value of a call saved lies in later
    deals, beyond the rollouts)."""
    for hand, hard_calls in (
        ("5S 5H 5D 9S 9H KC KD KH QC 2D", True),  # the 9D completes the contract
        ("5S 5H 9S KC KD QC 2D 7C 8H 4D", False),  # the 9D leaves it three cards short
    ):
        state = replace(position(["3S 4S 6D", hand], discard="9D", phase=CALL, seat=0), asking=1)
        assert normal_move(state, 1) == Call()
        bot = KalookiHard(1, 1, BotSettings(rollouts=2))
        move = bot.choose(RULES.view(state, 1), RULES.legal_actions(state), [])
        assert move == (Call() if hard_calls else DeclineCall())
        assert bot.last_worlds == 0


def test_hard_searches_a_call_when_calls_come_back_every_deal():
    """With three calls in every deal a call is not worth saving for later deals: Hard
    weighs it in the rollouts like its other choices."""
    hand = "5S 5H 9S KC KD QC 2D 7C 8H 4D"  # the 9D leaves the contract three cards short
    state = position(["3S 4S 6D", hand], discard="9D", phase=CALL, seat=0, calls_per_deal=True)
    state = replace(state, asking=1)
    bot = KalookiHard(1, 1, BotSettings(rollouts=2))
    move = bot.choose(RULES.view(state, 1), RULES.legal_actions(state), [])
    assert move in (Call(), DeclineCall()) and bot.last_worlds == 2


def test_rollouts_deal_each_seat_the_same_stock_cards_whichever_the_draw():
    """Taking the discard instead of the stock must not hand the next player a different
    card: each seat draws from its own queue (common random numbers)."""
    hands = ["5S 5H 5D 9S 9H KC KD KH QC 2D", "3S 4S"]
    world = position(hands, stock="2C 3C 4C 5C 6C 7C", discard="9D", phase=DRAW)

    def next_seat_draws(*moves):
        queues = StockQueues(world.stock, 2, first=0)
        state = world
        for move in moves:
            state = _step(state, move, queues)
        state = _step(state, Draw(STOCK), queues)
        return state.hands[1][-1]

    queen = Discard(cards("QC")[0])
    took_discard = next_seat_draws(Draw(DISCARD), queen)
    drew_stock = next_seat_draws(Draw(STOCK), DeclineCall(), queen)
    assert took_discard == drew_stock == cards("6C")[0]


def test_a_rollout_penalty_card_comes_from_the_callers_queue():
    world = position(["5S 5H 5D 9S 9H KC KD KH QC 2D", "3S 4S"], discard="9D", phase=DRAW)
    queues = StockQueues(world.stock, 2, first=0)
    state = world
    for move in (Draw(STOCK), Call(), AllowCall()):
        state = _step(state, move, queues)
    assert state.hands[1][-2:] == tuple(cards("9D 6C"))  # the called card, then the penalty
    assert state.hands[0][-1] == cards("7C")[0]  # the active player's own draw
