"""Kalooki speaks in messages: every log line, deal note and refusal met in seeded bot
games (illegal moves tried at every turn) has an English template and a Japanese one
with the same placeholders, and reads in Japanese with no key fallback and no English."""

from __future__ import annotations

import random

import pytest

from game.ai.seat import Seat, TableHistory, seat_inputs
from game.app import i18n
from game.app.messages import missing_keys, render
from game.engine.actions import DISCARD, Action, Discard, Draw, LayDown, LayOff, NextDeal, Pass
from game.engine.errors import IllegalAction
from game.engine.events import DealScored, Event, Said
from game.engine.melds import GROUP, RUN, loose_meld
from game.engine.messages import ENGLISH, TERMS, Message, Term, msg
from game.games.kalooki import RULES, AllowCall, Call, DeclineCall, DenyCall, KalookiState, Tack
from game.games.kalooki import messages as m
from game.games.kalooki.scoring import CONTRACTS
from tests.ai.common import start
from tests.app.table.message_checks import check_keys_have_japanese, check_reads_in_japanese
from tests.games.kalooki.position import four
from tests.helpers import hand

GAME_KEYS = sorted(key for key in ENGLISH if key.startswith("kalooki."))
NAMES_JA = ("あなた", "アダ", "ブルーノ", "クララ")
SETUPS = [{"players": 4}, {"players": 3, "calls_per_deal": True}, {"players": 5}]
SAMPLE = {  # a value for each placeholder, to render every key
    "card": hand("7H")[0],
    "cards": hand("9S 9D"),
    "next": hand("9H")[0],
    "meld": four("5H 6H 7H 8H", 5),
    **{f"m{i}": four("5H 6H 7H 8H", 5) for i in range(1, 5)},
    "contract": m.contract_term(CONTRACTS[1]),
    "threes": 1,
    "three": m.count_term(1, "three"),
    "fours": 0,
    "n": 3,
    "four": m.count_term(0, "four"),
    "rank": "Q",
    "suit": "♠",
}


def attempts(state: KalookiState, rng: random.Random) -> list[Action]:
    """Moves the engine mostly refuses, each for its own reason."""
    own = state.hands[state.to_act]
    tries: list[Action] = [NextDeal(), Pass(), Call(), DeclineCall(), AllowCall(), DenyCall()]
    tries += [Draw(DISCARD), Draw("deck"), Discard(hand("JK")[0]), LayOff(0, ()), LayDown(())]
    if len(own) >= 9:
        melds = tuple(loose_meld(own[i : i + 3], GROUP) for i in (0, 3, 6))
        tries += [LayDown(melds), LayDown((loose_meld(own[:4], RUN),) * 3)]
    for card in own[:4]:
        tries.append(Discard(card))
        for index in range(len(state.melds)):
            tries += [LayOff(index, (card,)), Tack(index, card)]
    return rng.sample(tries, min(14, len(tries)))


def said(events: list[Event]) -> list[Message]:
    lines = [e.message for e in events if isinstance(e, Said)]
    lines += [e.note for e in events if isinstance(e, DealScored) and e.note]
    assert all(isinstance(line, Message) for line in lines), "a plain sentence is left"
    return lines  # type: ignore[return-value]


def messages_in_play(options: dict, seed: int, deals: int = 4) -> list[Message]:
    """Every message (log lines, deal notes, refusals) of the first deals of one game."""
    _, state, events = start("kalooki", options, seed)
    seats = [Seat("kalooki", p, "easy", seed) for p in range(state.players)]
    history = TableHistory(state.players)
    history.record(events)
    found = said(events)
    rng = random.Random(seed)
    while len(state.history) < deals and not state.winners:
        for action in attempts(state, rng):
            try:
                RULES.apply(state, action)
            except IllegalAction as refusal:
                found.append(refusal.message)
        view, legal, seen = seat_inputs(RULES, state, state.to_act, history)
        state, events = RULES.apply(state, seats[state.to_act].decide(view, legal, seen))
        history.record(events)
        found += said(events)
    return found


@pytest.fixture(scope="module")
def met() -> list[Message]:
    return [
        found for seed, options in enumerate(SETUPS) for found in messages_in_play(options, seed)
    ]


def test_every_message_met_in_play_has_english_and_japanese(met):
    keys = sorted({message.key for message in met})
    assert missing_keys("en", keys) == [] and missing_keys("ja", keys) == []
    assert all(key.startswith(("kalooki.", "common.")) for key in keys), keys
    # seeded play reaches calls, lay-downs, adds and the refusals of the moves tried
    for key in (m.CALLS, m.ALLOWS, m.PENALTY, m.LAYS_DOWN_3, m.ADDS, m.DISCARDS, m.GOES_OUT):
        assert key in keys, key
    for key in (m.DRAW_FIRST, m.ALREADY_DRAWN, m.CALL_WHEN_ASKED, m.NOBODY_CALLED, m.CONTRACT):
        assert key in keys, key


def test_every_message_reads_in_japanese(met):
    check_reads_in_japanese(met, NAMES_JA)


def test_every_key_of_the_game_has_japanese_with_the_same_placeholders():
    check_keys_have_japanese(GAME_KEYS, NAMES_JA, SAMPLE)


def test_the_glossary_words_are_the_same_in_the_engine_and_the_app():
    for word, english in m.TERMS.items():
        assert TERMS[word] == english
        assert render(msg(m.CONTRACT, contract=Term(word))).count(english) >= 1
        assert i18n.table("en")[f"term.{word}"] == english
        assert f"term.{word}" in i18n.table("ja")


def test_the_english_reads_as_before():
    names = ["You", "Ada", "Bruno", "Clara"]
    contract = msg(
        m.CONTRACT,
        contract=m.contract_term(CONTRACTS[1]),
        threes=4,
        three=m.count_term(4, "three"),
        fours=0,
        four=m.count_term(0, "four"),
    )
    assert str(contract) == (
        "This deal's contract is 2 threes and 1 four, laid down all at once (melds may be "
        "longer); these cards make 4 threes and 0 fours."
    )
    assert render(contract, names) == str(contract)
    denies = msg(m.DENIES, card=hand("7H")[0])
    assert str(denies) == "denies the call and takes the 7♥"
    assert render(denies, names, second_person=True) == "deny the call and take the 7♥"
    i18n.set_language("ja")
    try:
        assert render(contract, NAMES_JA) == (
            "このディールのコントラクトはスリー2つとフォー1つで、一度にすべてダウンします"
            "（メルドは長くてもかまいません）。このカードではスリー4つとフォー0つです。"
        )
    finally:
        i18n.set_language("en")
