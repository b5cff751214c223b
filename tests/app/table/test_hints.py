"""The table's hint (issue 19): it lights exactly the card it names, by the card's id,
and its dimming goes as soon as the player does anything else."""

from __future__ import annotations

import pygame

from game.ai.base import decision
from game.app.table.parts.hint import Hint
from game.engine.actions import Discard
from game.games.indian_rummy.state import PLAY
from tests.app.table.helpers import click, kaluki_table, key
from tests.app.table.test_indian_rummy import my_turn
from tests.helpers import hand

RUN_AND_SPARE = hand("5D 6D 7D 7D#1 3H 4H 5H 9S KC 2C QS AH 10S JD")


def dimmed(table) -> dict[str, bool]:
    return {str(card): table.picture.get(card).dim for card in table.hand_cards()}


def test_with_two_7_of_diamonds_the_hint_lights_the_spare_one(app):
    table = my_turn(app, cards=RUN_AND_SPARE, phase=PLAY)
    in_run, spare = hand("7D 7D#1")
    others = [c for c in table.hand_cards() if c not in hand("5D 6D 7D 7D#1")]
    table.hooks.grouped.rearrange([list(hand("5D 6D 7D")), [spare, *others]])
    # Normal cannot see the player's groups: it may name the 7♦ inside the run.
    hint = table.hint_for(decision(Discard(in_run), "hint.indian.discard", card=in_run))
    assert hint.action == Discard(spare)
    assert hint.message.value("card") == spare and hint.message.value("card").id == spare.id
    table.hint = hint
    table.refresh()
    faces = dimmed(table)
    assert faces["7D#1"] is False and faces["7D"] is True
    assert sum(not dim for dim in faces.values()) == 1  # exactly the card it means


def test_a_spare_card_named_by_the_hint_stays_the_one_named(app):
    table = my_turn(app, cards=RUN_AND_SPARE, phase=PLAY)
    spare = hand("7D#1")[0]
    others = [c for c in table.hand_cards() if c not in hand("5D 6D 7D 7D#1")]
    table.hooks.grouped.rearrange([list(hand("5D 6D 7D")), [spare, *others]])
    hint = table.hint_for(decision(Discard(spare), "hint.indian.discard", card=spare))
    assert hint.action == Discard(spare)


def hinted_kaluki(app):
    table = kaluki_table(app)
    table.ai_pause = 60.0
    card = table.hand_cards()[0]
    table.hint = Hint(
        decision(Discard(card), "hint.kaluki.discard", card=card).message, Discard(card)
    )
    table.refresh()
    assert any(dimmed(table).values())
    return table


def test_the_hints_dimming_clears_at_a_key(app):
    table = hinted_kaluki(app)
    key(app, pygame.K_RIGHT)
    assert table.hint is None and not any(dimmed(table).values())


def test_the_hints_dimming_clears_at_a_click(app):
    table = hinted_kaluki(app)
    click(app, table.layout.log.center)
    assert table.hint is None and not any(dimmed(table).values())


def test_the_hint_key_and_a_modifier_alone_keep_the_hint(app):
    table = hinted_kaluki(app)
    key(app, pygame.K_LSHIFT)
    assert table.hint is not None
    key(app, pygame.K_h)  # asks again: the hint is still shown meanwhile
    assert table.hint is not None


RUN_AND_SET = hand("5D 6D 7D 7D#1 7C 7H 7S 9S KC 2C QS AH 10S")


def test_with_a_7_of_diamonds_in_the_pure_run_and_one_in_a_set_of_four_the_set_gives_it(app):
    """Issue 29: the hint lit the 7♦ inside the pure run instead of the identical 7♦ in the
    set. Both sit in formed groups; without the set's 7♦ the set of four stays a set,
    without the run's the pure run falls apart, so the hint means (and lights) the set's."""
    table = my_turn(app, cards=RUN_AND_SET, phase=PLAY)
    in_run, in_set = hand("7D 7D#1")
    others = [c for c in table.hand_cards() if c not in RUN_AND_SET[:7]]
    table.hooks.grouped.rearrange([list(hand("5D 6D 7D")), [in_set, *hand("7C 7H 7S")], others])
    hint = table.hint_for(decision(Discard(in_run), "hint.indian.discard", card=in_run))
    assert hint.action == Discard(in_set)
    assert hint.message.value("card") == in_set
    table.hint = hint
    table.refresh()
    faces = dimmed(table)
    assert faces["7D#1"] is False and faces["7D"] is True
    assert sum(not dim for dim in faces.values()) == 1


def test_the_hint_is_lit_and_answers_at_kalookis_call_or_pass_prompt(app):
    """Issue 29: the hint was greyed at Kalooki's call-or-pass prompt, where it helps.
    (Not seen greyed on today's code, in a game against the computer or after a
    hot-seat hand-off; this holds it.) Ada reaches for the stock; the 7♦ completes the
    player's 7♥ 7♣."""
    from game.games.kalooki import Call
    from game.games.kalooki.state import CALL, DRAW
    from tests.app.table.helpers import until
    from tests.app.table.test_kalooki import kalooki_table
    from tests.app.table.test_kalooki_calls import HANDS, STOCK_CARDS

    table = kalooki_table(
        app,
        seat=1,
        phase=DRAW,
        asking=None,
        hands=HANDS,
        stock=STOCK_CARDS,
        discard=hand("KC 7D"),
        discarded_by=2,
        calls_left=(3, 3, 3),
        pause=0.0,
    )
    assert until(app, lambda: table.session.state.phase == CALL, 600)
    assert table.hooks.prompt_kind() == "call"
    lit = {name: button.is_enabled for button, name in table.side_buttons.items()}
    assert lit["hint"] is True
    key(app, pygame.K_h)
    assert until(app, lambda: table.hint is not None, 600)
    assert table.hint.action == Call()
    assert table.hint_target() is not None and table.hint_target().kind == "discard"
