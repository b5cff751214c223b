"""The bot API the table uses: seats, the worker thread with cancel, and hints."""

from __future__ import annotations

import threading
import time

import pytest

from game.ai.base import BotSettings, decision
from game.ai.hint import hint
from game.ai.seat import Seat, TableHistory, seat_inputs
from game.ai.worker import BotWorker
from game.engine.actions import DISCARD, Discard, Draw
from game.games.kaluki import RULES
from game.games.kaluki.state import PLAY
from tests.games.kaluki.position import position
from tests.helpers import cards


class SlowBot:
    """Thinks until told to stop, like a Hard bot with a huge budget."""

    level = "hard"

    def __init__(self) -> None:
        self.stopped = threading.Event()

    def choose(self, view, legal_actions, public_history, stop=None):
        while stop is None or not stop():
            time.sleep(0.001)
        self.stopped.set()
        return legal_actions[0]


def test_worker_returns_the_bots_choice_off_the_calling_thread():
    state = position(["7S 7H 2C 9D KC", "3S 4S"], discard="7D", melded=(True, False))
    seat = Seat("kaluki", 0, "normal", seed=3)
    worker = seat.worker()
    view, legal, seen = seat_inputs(RULES, state, 0, TableHistory(2))
    worker.start(view, legal, seen)
    assert worker.wait(timeout=5) == Draw(DISCARD)
    assert not worker.busy and worker.poll() is None


def test_cancelled_worker_stops_the_bot_and_never_returns_its_move():
    bot = SlowBot()
    worker = BotWorker(bot)
    state = position(["7S 7H 2C 9D KC", "3S 4S"])
    worker.start(RULES.view(state, 0), RULES.legal_actions(state), [])
    time.sleep(0.02)
    assert worker.busy and worker.poll() is None
    worker.cancel()
    assert bot.stopped.wait(timeout=2), "the bot was not told to stop"
    worker.wait(timeout=2)
    assert worker.poll() is None and not worker.busy


def test_cancelling_a_hard_search_answers_quickly():
    state = position(
        ["2S 2H 2D 8H 9C KD QC", "3S 4S 5D 6D 9H 10C JC"], phase=PLAY, melds=[(1, "5H 6H 7H")]
    )
    worker = Seat("kaluki", 0, "hard", 1, BotSettings(budget_ms=60_000)).worker()
    worker.start(RULES.view(state, 0), RULES.legal_actions(state), [])
    time.sleep(0.05)
    started = time.perf_counter()
    worker.cancel()
    worker.wait(timeout=20)
    # far sooner than the 60 s budget (with room for a machine busy with other work)
    assert time.perf_counter() - started < 10 and not worker.busy
    assert worker.poll() is None


def test_a_worker_reports_the_bots_error_instead_of_hanging():
    class Broken:
        level = "normal"

        def choose(self, *_args):
            raise RuntimeError("bug in a bot")

    worker = BotWorker(Broken())
    worker.start(None, [Draw()], [])
    with pytest.raises(RuntimeError, match="bug in a bot"):
        worker.wait(timeout=2)


def test_hint_says_what_normal_would_do_and_why():
    state = position(["7S 7H 2C 9D KC", "3S 4S"], discard="7D", melded=(True, False))
    advice = hint("kaluki", RULES.view(state, 0), RULES.legal_actions(state), [])
    assert advice.action == Draw(DISCARD)
    assert advice.message.key == "hint.kaluki.take_discard"
    assert advice.message.values() == {"card": cards("7D")[0]}
    assert advice.text == "Take the 7♦: it goes straight into a meld."


def test_hint_for_a_discard_names_the_card():
    state = position(["5S 5H 5D 6C 7C 8C KD 2H", "3S 4S"], phase=PLAY)
    advice = hint("kaluki", RULES.view(state, 0), RULES.legal_actions(state), [])
    assert advice.action == Discard(cards("KD")[0])
    assert "K♦" in advice.text and advice.text.endswith(".")


def test_decision_text_is_filled_from_its_parameters():
    made = decision(Draw(), "hint.kaluki.take_to_open", card=cards("7H")[0], points=51)
    assert made.text == "Take the 7♥: with it you can open with 51 points."
    assert made.message.value("points") == 51
