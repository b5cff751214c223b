"""Small things a new player met (issue 29 §3): a card dropped on the stock says why it
went back; the meld refusals read as sentences (no "joker(s)", no "these are 1")."""

from __future__ import annotations

from game.app import i18n
from game.app.messages import render
from game.engine import common_messages as say
from game.engine.messages import Term, msg
from game.games.kaluki.state import PLAY
from tests.app.table.helpers import card_point, drag, kaluki_table
from tests.helpers import hand


def test_a_card_dropped_on_the_stock_says_why_it_went_back(app):
    table = kaluki_table(app, seat=0, phase=PLAY, hands=(hand("5C 9H KD"), hand("2S 3S 4S")))
    table.refuse("an older refusal")
    drag(app, card_point(table, hand("9H")[0]), table.layout.stock.center)
    assert table.notice == "Cards never go back to the stock: discard on the discard pile."
    assert set(table.hand_cards()) == set(hand("5C 9H KD"))


def test_the_meld_refusals_read_as_sentences():
    run = Term("run")
    too_far = [
        render(msg(say.TOO_FAR, name=run)),
        render(msg(say.TOO_FAR_JOKER, name=run)),
        render(msg(say.TOO_FAR_JOKERS, name=run, n=2)),
    ]
    assert too_far == [
        "These cards are too far apart for a run.",
        "These cards are too far apart for a run, even with the joker.",
        "These cards are too far apart for a run, even with 2 jokers.",
    ]
    assert render(msg(say.MELD_TOO_SMALL, n=3, have=1)) == "A meld needs at least 3 cards, not 1."
    i18n.set_language("ja")
    try:
        assert "(s)" not in render(msg(say.TOO_FAR_JOKERS, name=run, n=2))
    finally:
        i18n.set_language("en")
