"""Everything Indian Rummy's engine says is a message with an English template and a
Japanese one: seeded bot games (with the penalty and first-life options, several rounds,
players leaving and joining) are played, every log line and deal note is kept, and at
each turn a range of illegal moves is tried and each refusal kept. Each message must
render in Japanese with no fallback and no English words besides its parameters."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from game.ai.base import BotSettings
from game.ai.seat import Seat, TableHistory, seat_inputs
from game.app.messages import missing_keys, render
from game.engine.actions import DISCARD, STOCK, Action, Discard, Draw, NextDeal
from game.engine.errors import IllegalAction
from game.engine.events import DealScored, Said
from game.engine.messages import Message
from game.games.indian_rummy import RULES, Declare, JoinTable, LeaveTable, Pack
from game.games.indian_rummy.messages import KEYS
from game.games.indian_rummy.state import PLAY, ROUND_OVER
from tests.ai.common import start
from tests.app.table.message_checks import check_keys_have_japanese, check_reads_in_japanese
from tests.helpers import hand

NAMES = ("あかり", "ひかる", "みのり", "そら", "ゆう")
OPTION_SETS = (
    {"players": 3, "rounds": 2, "reseat_every": 1},
    {"players": 4, "wrong_declaration_penalty": True, "first_life_four": True},
    {"players": 2, "rounds": 2, "modern_drop_values": True},
)


def tries(state, rng: random.Random) -> list[Action]:
    """Moves that are illegal now, or legal only in another phase."""
    seat_hand = state.hands[state.seat] if state.seat < len(state.hands) else ()
    actions: list[Action] = [
        NextDeal(),
        Draw(STOCK),
        Draw(DISCARD),
        Draw("nowhere"),
        Pack(),
        Discard(hand("JK")[0]),
        LeaveTable(99),
        LeaveTable(state.order[0]),
        JoinTable(""),
        JoinTable("x" * 40),
        JoinTable(state.names[state.order[0]]),
        Meld(),
    ]
    if seat_hand:
        card = rng.choice(seat_hand)
        actions += [Discard(card), Declare(card)]
    if state.taken is not None:
        actions += [Discard(state.taken), Declare(state.taken)]
    return actions


class Meld(Action):
    """A move of another game."""


def declarations(state) -> list[Message]:
    """Declaring with each of a few cards, with and without the penalty option: the
    refusals, or the log lines of a wrong declaration."""
    found: list[Message] = []
    if state.phase != PLAY:
        return found
    for penalty in (False, True):
        tried = replace(state, options=replace(state.options, wrong_declaration_penalty=penalty))
        for card in state.hands[state.seat][:5]:
            try:
                _, events = RULES.apply(tried, Declare(card))
            except IllegalAction as error:
                found.append(error.message)
            else:
                found += [e.message for e in events if isinstance(e, Said)]
    return found


def messages_met(options: dict, seed: int) -> list[Message | str]:
    info, state, events = start("indian_rummy", options, seed)
    rng = random.Random(seed)
    seats = [Seat("indian_rummy", p, "easy", seed, BotSettings()) for p in range(10)]
    history = TableHistory(state.options.players)
    found: list[Message | str] = []

    def keep(events) -> None:
        history.record(events)
        for event in events:
            if isinstance(event, Said):
                found.append(event.message)
            elif isinstance(event, DealScored):
                found.append(event.note)

    keep(events)
    changed = False
    for _ in range(3000):
        if state.finished:
            break
        for action in tries(state, rng):
            try:
                _, events = info.rules.apply(state, action)
            except IllegalAction as error:
                found.append(error.message)
            else:  # legal now (packing, say): what it would say
                found += [e.message for e in events if isinstance(e, Said)]
        found += declarations(state)
        if state.phase == ROUND_OVER and not changed and len(state.order) > 2:
            changed = True  # someone leaves and comes back, and a newcomer joins
            gone = state.order[-1]
            for action in (LeaveTable(gone), JoinTable(state.names[gone]), JoinTable("Priya")):
                state, events = info.rules.apply(state, action)
                found += [e.message for e in events if isinstance(e, Said)]
            history = TableHistory(state.options.players)
        view, legal, seen = seat_inputs(info.rules, state, state.to_act, history)
        action = seats[state.to_act].decide(view, legal, seen)
        state, events = info.rules.apply(state, action)
        keep(events)
    return found


@pytest.fixture(scope="module")
def met() -> list[Message | str]:
    found: list[Message | str] = []
    for number, options in enumerate(OPTION_SETS):
        found += messages_met(options, seed=40 + number)
    return found


def test_everything_said_is_a_message_of_the_game_or_a_shared_one(met):
    assert all(isinstance(m, Message) for m in met), [m for m in met if isinstance(m, str)][:5]
    keys = {m.key for m in met}
    assert all(k.startswith(("indian_rummy.", "common.")) for k in keys), keys
    assert not missing_keys("en", sorted(keys))
    # a range of the game: refusals, log lines, notes, declaration problems
    for name in ("draw_stock", "take_discard", "discard", "pack", "taken_back", "won_declared"):
        assert f"indian_rummy.{name}" in keys
    assert any(k.startswith("indian_rummy.cannot_declare_") for k in keys)
    assert any(k.startswith("indian_rummy.wrong_") for k in keys)
    assert {"indian_rummy.leave", "indian_rummy.back", "indian_rummy.join"} <= keys
    assert "indian_rummy.seat_draw" in keys and "common.not_a_move" in keys


def test_every_key_of_the_game_has_japanese_with_the_same_placeholders():
    check_keys_have_japanese(KEYS, NAMES)


def test_every_message_met_reads_in_japanese(met):
    messages = [m for m in met if isinstance(m, Message)]
    # common.not_a_move's parameters are a move's and a game's internal names
    check_reads_in_japanese(messages, NAMES, internal={"common.not_a_move"})


def test_english_reads_as_before_for_you_and_others():
    from game.games.indian_rummy.messages import say

    card = hand("KC")[0]
    assert render(say("declare", card=card), ["You"], second_person=True) == (
        "discard the K♣ and declare rummy"
    )
    assert str(say("declare", card=card)) == "discards the K♣ and declares rummy"
