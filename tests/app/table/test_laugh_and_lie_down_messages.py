"""Laugh and Lie Down speaks in messages: every log line and refusal met in seeded bot
games (auto-declare on and off, four and five players, illegal moves tried at every turn)
has an English template and a Japanese one with the same placeholders, and reads in
Japanese with no key fallback and no English left in it."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from game.ai.seat import Seat, TableHistory, seat_inputs
from game.app import i18n
from game.app.messages import missing_keys, render
from game.engine.actions import Action, NextDeal, Pass
from game.engine.errors import IllegalAction
from game.engine.events import DealScored, Event, Said
from game.engine.messages import ENGLISH, Message, msg
from game.engine.messages import Seat as SeatParam
from game.games.laugh_and_lie_down import RULES, LaughState
from game.games.laugh_and_lie_down import messages as m
from game.games.laugh_and_lie_down.state import Capture, ClaimDead, DeclareDead, LieDown
from tests.ai.common import start
from tests.app.table.message_checks import check_keys_have_japanese, check_reads_in_japanese
from tests.helpers import hand

GAME_KEYS = sorted(key for key in ENGLISH if key.startswith(m.P))
NAMES_JA = ("あなた", "アダ", "ブルーノ", "クララ", "デヴ")
SETUPS = [
    {"players": 4, "auto_declare": False},
    {"players": 5, "auto_declare": False},
    {"players": 5, "auto_declare": True, "humans": [0, 2]},
] * 2
# Sentences seeded play seldom or never meets (an empty hand never lies down; the proof
# of a claim rules out "holds no dead"): each still has its Japanese, checked below.
RARE = {
    m.AUTO_ON,
    m.LIE_DOWN_EMPTY,
    m.NONE_DEAD,
    m.PAIR_ALIVE_ONE,
    m.POT_CARRIES,
    m.POT_OWED,
    m.TOO_EARLY,
}
SAMPLE = {  # a value for each placeholder, to render every key
    "card": hand("7H")[0],
    "target": hand("7S")[0],
    "cards": hand("9S 9D"),
    "rank": m.rank(12),
    "ranks": m.ranks(1),
    "player": SeatParam(1),
    "n": 2,
}


def attempts(state: LaughState, rng: random.Random) -> list[Action]:
    """Moves the engine mostly refuses, each for its own reason."""
    seat = state.to_act
    own = state.hands[seat]
    others = [c for h, s in zip(state.hands, range(state.players)) if s != seat for c in h]
    tries: list[Action] = [NextDeal(), Pass(), LieDown(), DeclareDead(())]
    tries += [ClaimDead(s, r) for s in (-1, seat, *range(state.players)) for r in (0, 5, 9, 13)]
    for card in own[:3]:
        tries.append(DeclareDead((card, card)))
        tries.extend(Capture(card, t) for t in state.layout[:4])
        tries.extend(Capture(card, t) for t in others[:1])
    tries.extend(Capture(c, state.layout[0]) for c in others[:1] if state.layout)
    if len(own) >= 2:
        tries.append(DeclareDead(tuple(own[:2])))
    for rank in {c.rank for c in own}:
        same = [c for c in own if c.rank == rank]
        tries.extend(DeclareDead(cards) for n in range(1, 5) for cards in combinations(same, n))
    return rng.sample(tries, min(12, len(tries)))


def messages_in_play(options: dict, seed: int) -> list[Message]:
    """Every message (log lines, the settlement's note, refusals) of one seeded game."""
    _, state, events = start("laugh_and_lie_down", options, seed)
    seats = [Seat("laugh_and_lie_down", p, "easy", seed) for p in range(state.players)]
    history = TableHistory(state.players)
    history.record(events)
    found = said(events)
    rng = random.Random(seed)
    while not state.finished:
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


def said(events: list[Event]) -> list[Message]:
    lines = [e.message for e in events if isinstance(e, Said)]
    lines += [e.note for e in events if isinstance(e, DealScored)]
    assert all(isinstance(line, Message) for line in lines), "a plain sentence is left"
    return lines  # type: ignore[return-value]


@pytest.fixture(scope="module")
def met() -> list[Message]:
    return [
        found for seed, options in enumerate(SETUPS) for found in messages_in_play(options, seed)
    ]


def test_every_message_met_in_play_has_english_and_japanese(met):
    keys = sorted({message.key for message in met})
    assert missing_keys("en", keys) == [] and missing_keys("ja", keys) == []
    assert set(keys) - set(GAME_KEYS) <= {"common.game_over", "common.deal_on", "common.deal_over"}
    # Seeded play reaches the claim window, dead cards, the dealer's share, the
    # settlement and the refusals of the moves tried: every sentence but the rare ones.
    assert set(GAME_KEYS) - set(keys) <= RARE


def test_every_message_reads_in_japanese(met):
    check_reads_in_japanese(met, NAMES_JA)


def test_every_key_of_the_game_has_japanese_with_the_same_placeholders():
    check_keys_have_japanese(GAME_KEYS, NAMES_JA, SAMPLE)


def test_messages_read_naturally_in_english_and_japanese():
    names = ["You", "Ada", "Bruno", "Clara"]
    ace, king = hand("AS KD")
    wrong = msg(m.WRONG_RANK, card=ace, ranks=m.ranks(1), target=king)
    assert str(wrong) == "A card captures only its own rank: the A♠ takes aces, not the K♦."
    assert str(msg(m.SINGLE, rank=m.rank(1))) == "A single ace is never dead: it may still capture."
    capture = msg(m.CAPTURE, cards=hand("7S 7D"), card=hand("7H")[0])
    assert str(capture) == "captures 7♠ 7♦ with the 7♥"
    assert render(capture, names, second_person=True) == "capture 7♠ 7♦ with the 7♥"
    proof = msg(m.NO_PROOF, player=SeatParam(2), ranks=m.ranks(13))
    assert render(proof, names) == (
        "You cannot show that Bruno holds dead kings: a claim needs proof from the cards on "
        "view and your own hand."
    )
    i18n.set_language("ja")
    try:
        assert render(proof, NAMES_JA) == (
            "ブルーノがキングの死に札を持っていることを示せません。"
            "請求には、見えている札と自分の手札からの証明が必要です。"
        )
    finally:
        i18n.set_language("en")
