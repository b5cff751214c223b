"""Small things a new player met (issue 29 §3): a card dropped on the stock says why it
went back; the meld refusals read as sentences (no "joker(s)", no "these are 1")."""

from __future__ import annotations

import pygame
import pytest

from game.app import i18n
from game.app.messages import render
from game.engine import common_messages as say
from game.engine.messages import Term, msg
from game.games.kaluki.state import PLAY
from tests.app.table.helpers import card_point, drag, kaluki_table, key
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


def test_continue_opens_the_game_on_screen_when_it_closed_even_without_a_move(app, paths):
    from game.app.scenes.title import TitleScene
    from game.app.table import resume_table
    from game.persist.saves import load_save
    from tests.app.conftest import frames, in_progress

    in_progress(paths, "sample-kaluki.json")
    in_progress(paths, "sample-kalooki.json")
    app.start(TitleScene(app))
    _newer, older = (summary.path for summary in app.games_in_progress())
    table = resume_table(app, load_save(older), older)
    frames(app, 2)
    assert not table.session.log[len(load_save(older).log) :]  # only opened, no move
    app.stack.reset(TitleScene(app))  # quit to title (the window closing does the same)
    frames(app)
    assert app.games_in_progress()[0].path == older


@pytest.mark.parametrize("letter", [pygame.K_x, pygame.K_DELETE])
def test_a_key_at_your_own_call_prompt_says_what_you_may_do(app, letter):
    """Issue 29: at the human's own call prompt, X / Delete (discard) said "Waiting for a
    call: the seat asked calls...", as if someone else were asked. Only the seat asked
    acts now, so the refusal tells them: call the card, or pass. (D already said "call
    the 7♦, or pass".)"""
    from tests.app.table.test_kalooki_calls import asked_table

    table = asked_table(app)
    before = table.session.state
    key(app, letter)
    assert table.session.state is before
    assert "Waiting" not in table.notice and "seat asked" not in table.notice
    assert table.notice == (
        "You are asked about the 7♦ first: call it (it comes with a penalty card from the "
        "stock) or pass."
    ), table.notice
    i18n.set_language("ja")
    try:
        key(app, letter)
        assert table.notice.startswith("先に7♦をコールするか、パスしてください"), table.notice
    finally:
        i18n.set_language("en")


def test_the_focus_ring_outlines_the_fanned_cards_visible_part_and_hover_looks_otherwise(app):
    """Issue 29: the keyboard's focus ring went round the whole fanned card, so it
    seemed to hold two cards; the mouse's hover outline looked like the ring. The ring
    now goes round what is seen of the card, and hover is a thin soft outline."""
    from game.app.table.painting import TARGET
    from tests.app.table.helpers import frames, post

    table = kaluki_table(app, ("human", "easy"))
    table.ai_pause = 60.0
    for _ in range(3):
        key(app, pygame.K_RIGHT)
    cards = table.hand_cards()
    focused, neighbour = table.picture.get(cards[3]), table.picture.get(cards[4])
    assert focused.hit is not None and focused.hit.w < focused.rect.w  # fanned
    surface = app.draw()
    y = focused.rect.centery
    assert surface.get_at((focused.hit.right + 2, y))[:3] == TARGET  # round the strip
    assert surface.get_at((focused.rect.right + 2, y))[:3] != TARGET  # not the neighbour
    assert surface.get_at((focused.hit.x - 2, y))[:3] == TARGET

    hovered = table.picture.get(cards[7])
    above = (hovered.hit.centerx, hovered.hit.y - 2)  # on the felt above the card
    plain = surface.get_at(above)[:3]
    beside = (neighbour.hit.centerx, neighbour.hit.y - 2)
    beside_plain = surface.get_at(beside)[:3]
    post(pygame.MOUSEMOTION, pos=hovered.hit.center, rel=(0, 0), buttons=(0, 0, 0))
    frames(app, 1)
    surface = app.draw()
    outlined = surface.get_at(above)[:3]
    assert outlined != plain and outlined != TARGET  # seen, and not the ring's gold
    assert surface.get_at((focused.hit.right + 2, y))[:3] == TARGET  # the ring stays
    assert surface.get_at(beside)[:3] == beside_plain  # no outline on another card
