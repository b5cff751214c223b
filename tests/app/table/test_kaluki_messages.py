"""Everything Kaluki's engine says is a message with an English template and a Japanese
entry: seeded bot games are played with several tables of options, every log line, deal
note and the refusal of many illegal moves tried on the way are collected, and each is
rendered in Japanese with the players' names."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from game.ai.base import BotSettings
from game.ai.seat import Seat, TableHistory, seat_inputs
from game.app import i18n, session  # noqa: F401  (session: the app's own refusal)
from game.app.messages import MSG, missing_keys, render
from game.engine.actions import (
    DISCARD,
    STOCK,
    Action,
    Discard,
    Draw,
    LayDown,
    LayOff,
    NextDeal,
    Pass,
    SwapJoker,
)
from game.engine.errors import IllegalAction
from game.engine.events import DealScored, Said
from game.engine.melds import loose_meld
from game.engine.messages import ENGLISH, ENGLISH_YOU, Message
from game.games.kaluki import RULES, KalukiOptions
from tests.ai.common import start
from tests.app.table.message_checks import check_keys_have_japanese, check_reads_in_japanese

NAMES = ("ゆき", "ハル", "ミナ", "ソラ")
OPTION_TABLES = (
    {"players": 4},
    {"players": 3, "first_turn_discard_round": True, "go_out_by_discard": True},
    {"players": 2, "swap_needs_own_meld": True, "open_discard": True, "kaluki_bonus": True},
    {"players": 4, "last_discard_before_reshuffle": True, "ace_eleven": True, "target": 60},
)
ACTIONS = 600  # per game


def wrong_moves(state, rng: random.Random) -> Iterator[Action]:
    """Moves the rules mostly refuse now: at the wrong time, with the wrong cards."""
    hand = list(state.hands[state.seat])
    yield from (Draw(STOCK), Draw(DISCARD), Pass(), NextDeal(), LayDown(()), Draw("moon"))
    yield Discard(state.stock[-1]) if state.stock else Pass()
    if not hand:
        return
    picked = rng.sample(hand, min(len(hand), rng.randint(1, 4)))
    yield LayDown((loose_meld(picked),))
    for target in range(max(0, len(state.melds) - 4), len(state.melds)):
        yield LayOff(target, (rng.choice(hand),))
        yield SwapJoker(target, rng.choice(hand))
    yield LayOff(len(state.melds), (hand[0],))


def messages_in_play(options: dict, seed: int) -> tuple[list[Said], set[Message]]:
    """(log lines, refusals and deal notes) met in one seeded game."""
    info, state, events = start("kaluki", options, seed)
    players = options["players"]
    seats = [Seat("kaluki", p, "easy", seed, BotSettings()) for p in range(players)]
    history = TableHistory(players)
    history.record(events)
    said = [e for e in events if isinstance(e, Said)]
    others: set[Message] = set()
    rng = random.Random(seed)
    for _ in range(ACTIONS):
        if state.finished:
            break
        for action in wrong_moves(state, rng):
            try:
                RULES.apply(state, action)
            except IllegalAction as refusal:
                others.add(refusal.message)
        view, legal, seen = seat_inputs(info.rules, state, state.to_act, history)
        state, events = RULES.apply(state, seats[state.to_act].decide(view, legal, seen))
        history.record(events)
        said += [e for e in events if isinstance(e, Said)]
        others |= {e.note for e in events if isinstance(e, DealScored) and e.note}
    try:
        RULES.apply(state, Pass())
    except IllegalAction as refusal:
        others.add(refusal.message)
    return said, others


@pytest.fixture(scope="module")
def met() -> tuple[list[Said], set[Message]]:
    said: list[Said] = []
    others: set[Message] = set()
    for number, options in enumerate(OPTION_TABLES):
        more_said, more = messages_in_play(options, seed=11 + number)
        said += more_said
        others |= more
    return said, others


def test_every_line_and_refusal_is_a_message_with_both_languages(met):
    said, others = met
    messages = [e.message for e in said] + list(others)
    assert all(isinstance(m, Message) and m.key for m in messages)
    keys = sorted({m.key for m in messages})
    assert missing_keys("en", keys) == []
    assert missing_keys("ja", keys) == []
    # Each kind of line and refusal was met: the check above covers real play.
    assert {"kaluki.drew_stock", "kaluki.melded", "kaluki.went_out"} <= set(keys)
    assert {"kaluki.draw_first", "kaluki.already_drawn", "common.not_in_hand"} <= set(keys)
    assert any(key.startswith("meld.add_") for key in keys)  # a lay-off names its rule
    assert len(keys) >= 25, keys


def test_log_lines_about_a_player_have_a_second_person_form(met):
    said, _ = met
    about = {e.message.key for e in said if e.about_seat}
    assert about and all(key in ENGLISH_YOU for key in about)
    table = {e.message.key for e in said if not e.about_seat}
    assert table <= {"kaluki.reshuffled"}


def test_japanese_shows_every_message_in_japanese(met):
    said, others = met
    check_reads_in_japanese([e.message for e in said] + list(others), NAMES)


def test_seats_are_named_and_you_reads_in_the_second_person(met):
    said, _ = met
    line = next(e for e in said if e.message.key == "kaluki.drew_stock")
    assert render(line.message, NAMES) == "draws from the stock"
    assert render(line.message, NAMES, second_person=True) == "draw from the stock"
    assert line.text == "draws from the stock"


def test_placeholders_match_between_english_and_japanese():
    ours = [k for k in ENGLISH if k.split(".")[0] in ("kaluki", "meld", "common", "app")]
    check_keys_have_japanese(ours, NAMES)
    japanese = i18n.table("ja")
    kaluki_ja = {k[len(MSG) :] for k in japanese if k.startswith(MSG + "kaluki.")}
    assert kaluki_ja == {k for k in ENGLISH if k.startswith("kaluki.")}


def test_options_of_the_games_above_are_real():
    for options in OPTION_TABLES:
        KalukiOptions(**options)
