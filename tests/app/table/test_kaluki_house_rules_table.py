"""A Kaluki table with the house rules of a rule set (issue 21): the staged first meld
counts to the points chosen, and the notes under the piles list the rules in play."""

from __future__ import annotations

from game.games.kaluki import KalukiOptions
from game.games.kaluki.state import PLAY
from tests.app.table.helpers import card_point, click, drag, kaluki_table, press_button
from tests.helpers import hand

FORTY = KalukiOptions(players=2, deal_size=13, come_down=40, ace_eleven=True, target=101)


def test_a_staged_first_meld_comes_down_at_40_when_the_table_chose_40(app):
    table = kaluki_table(
        app, options=FORTY, seat=0, phase=PLAY, hands=(hand("10S 10H 10D 10C 4C"), hand("2S 3S"))
    )
    assert "open with 40" in table.status_text(table.view)
    for card in hand("10S 10H 10D 10C"):
        click(app, card_point(table, card))
    drag(app, card_point(table, hand("10S")[0]), table.layout.cells[0].center)
    assert table.stage_progress() == ("40 / 40", True)
    press_button(app, table, "lay_down")
    assert table.session.state.melded[0]


def test_the_notes_list_the_house_rules_only_when_they_are_not_the_seeds(app):
    table = kaluki_table(app, options=FORTY)
    notes = table.table_notes(table.view)
    assert {"Game ends at 101", "Come down with 40", "13 cards each", "Ace counts 11"} <= set(notes)
    seed = kaluki_table(app)
    plain = seed.table_notes(seed.view)
    assert not any("Come down" in n or "cards each" in n for n in plain)
