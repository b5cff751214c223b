"""No bot takes a discard and throws the same card back in the same turn unless the rules
leave it no other discard (issue 27, section 5). Seeded games of every game and level
count such throwbacks: there are none. And Kaluki's Normal with "go out by discarding"
lays off the jokers of a meld it cannot lay down, instead of taking and throwing back."""

from __future__ import annotations

import pytest

from game.ai.base import BotSettings
from game.ai.kaluki.hard import KalukiHard
from game.ai.kaluki.normal import KalukiNormal
from game.ai.registry import make_bot
from game.ai.seat import TableHistory, seat_inputs
from game.ai.throwback import KeepsTaken, is_throwback, taken_this_turn
from game.engine.actions import DISCARD, STOCK, Discard, Draw, LayOff
from game.engine.events import CardMoved, TurnStarted
from game.games.kaluki import RULES
from game.games.kaluki.state import DEAL_OVER, PLAY
from game.games.registry import GAMES
from game.tools.simulate import _start
from tests.games.kaluki.position import position
from tests.helpers import cards

QUICK = BotSettings(rollouts=2)
ACTIONS = 700  # a bounded stretch of each game: several turns of every seat
HARD_ACTIONS = 250  # Hard searches each choice: a shorter stretch


def throwbacks(game_id: str, level: str, seed: int, options: dict | None = None) -> int:
    info = GAMES[game_id]
    players = max(3, info.min_players)
    state, events = _start(info, info.options(players=players, **(options or {})), seed)
    bots = [make_bot(game_id, level, seed, seat, QUICK) for seat in range(players)]
    history = TableHistory(players)
    history.record(events)
    found = 0
    for _ in range(HARD_ACTIONS if level == "hard" else ACTIONS):
        if state.finished:
            break
        seat = state.to_act
        view, legal, seen = seat_inputs(info.rules, state, seat, history)
        action = bots[seat].choose(view, legal, seen)
        taken = taken_this_turn(seen, seat)
        others = [a for a in legal if isinstance(a, Discard) and not is_throwback(a, taken)]
        found += is_throwback(action, taken) and bool(others)
        state, events = info.rules.apply(state, action)
        history.record(events)
    return found


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_no_bot_throws_back_the_discard_it_took(game_id, level):
    seeds = (3, 4) if level != "hard" else (3,)
    assert sum(throwbacks(game_id, level, seed) for seed in seeds) == 0


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_no_throwbacks_when_going_out_needs_a_discard(level):
    assert throwbacks("kaluki", level, 8, {"go_out_by_discard": True}) == 0


def test_a_throwback_is_asked_again_without_it():
    class Thrower:
        level = "normal"

        def __init__(self) -> None:
            self.asked: list[int] = []

        def choose(self, view, legal, history, stop=None):
            self.asked.append(len(legal))
            return legal[0]

    thrower = Thrower()
    bot = KeepsTaken(thrower)
    taken = cards("7H")[0]
    history = [TurnStarted(0), CardMoved(taken, "discard", "hand:0")]
    legal = [Discard(taken), Discard(cards("2C")[0])]
    view = RULES.view(position(["7H 2C", "3S"], phase=PLAY), 0)
    assert bot.choose(view, legal, history) == Discard(cards("2C")[0])
    assert thrower.asked == [2, 1]
    assert bot.choose(view, [Discard(taken)], history) == Discard(taken)  # forced


# -- Kaluki, go out by discarding, two jokers ------------------------------------------

TABLE = [(1, "5S 6S 7S"), (1, "9H 10H JH")]


def _move(bot_type, state):
    seat = state.seat
    return bot_type(seed=1, seat=seat, settings=QUICK).choose(
        RULES.view(state, seat), RULES.legal_actions(state), []
    )


@pytest.mark.parametrize("bot_type", [KalukiNormal])
def test_normal_does_not_take_a_card_it_could_only_throw_back(bot_type):
    # JK JK and the 4C make a meld of the whole hand, which may not all go down.
    state = position(
        ["JK JK", "2D 3D"], discard="4C", melds=TABLE, melded=(True, True),
        go_out_by_discard=True,
    )  # fmt: skip
    assert _move(bot_type, state) == Draw(STOCK)
    taking = position(
        ["JK JK", "2D 3D"], discard="4C", melds=TABLE, melded=(True, True),
    )  # fmt: skip
    assert _move(bot_type, taking) == Draw(DISCARD)  # without the rule it goes out


@pytest.mark.parametrize("bot_type", [KalukiNormal, KalukiHard])
def test_normal_and_hard_lay_off_the_jokers_of_an_unlayable_meld_and_go_out(bot_type):
    state = position(
        ["JK JK 4C", "2D 3D"], melds=TABLE, melded=(True, True), phase=PLAY,
        go_out_by_discard=True,
    )  # fmt: skip
    for _ in range(3):
        move = _move(bot_type, state)
        if isinstance(move, Discard):
            break
        assert isinstance(move, LayOff) and move.cards[0].is_joker
        state, _ = RULES.apply(state, move)
    assert move == Discard(cards("4C")[0])
    state, _ = RULES.apply(state, move)
    assert state.phase == DEAL_OVER and state.history[-1].out == 0
