"""Playing Kaluki with the mouse and the keyboard: every gesture becomes an engine move,
and a move the engine refuses changes nothing and says why."""

from __future__ import annotations

import pygame

from game.app.table.overlays import ChooserOverlay
from game.engine.actions import DISCARD, STOCK, Discard, Draw, LayDown, LayOff, SwapJoker
from game.engine.cards import joker
from game.engine.melds import Meld, Slot
from game.games.kaluki.state import DRAW, PLAY
from tests.app.table.helpers import (
    card_point,
    click,
    drag,
    frames,
    kaluki_table,
    key,
    press_button,
)
from tests.helpers import cards, hand


def test_dragging_a_card_to_the_discard_pile_discards_it(app):
    table = kaluki_table(app, seat=0, phase=PLAY, hands=(hand("5C 9H KD"), hand("2S 3S")))
    table.ai_pause = 60.0  # the AI waits: the pile is as the player left it
    drag(app, card_point(table, hand("9H")[0]), table.layout.discard.center)
    assert table.session.log == [Discard(hand("9H")[0])]
    assert table.session.state.discard[-1] == hand("9H")[0]
    assert hand("9H")[0] not in table.hand_cards()


def test_an_illegal_drop_shows_the_engines_reason_and_changes_nothing(app):
    table = kaluki_table(app, seat=0, phase=DRAW, hands=(hand("5C 9H KD"), hand("2S 3S")))
    before, log = table.session.state, list(table.session.log)
    drag(app, card_point(table, hand("9H")[0]), table.layout.discard.center)
    assert table.session.state is before and table.session.log == log
    assert "First draw a card" in table.notice
    assert hand("9H")[0] in table.hand_cards()


def test_dragging_onto_an_opponents_turn_is_refused_politely(app):
    table = kaluki_table(app, ("human", "easy"), seat=1, phase=DRAW)
    table.ai_pause = 10.0  # keep the AI from moving during the test
    before = table.session.state
    drag(app, table.layout.stock.center, table.layout.hand.center)
    assert table.session.state is before
    assert table.notice == "Wait for your turn."


def test_double_clicking_the_stock_draws_a_card(app):
    table = kaluki_table(app, seat=0, phase=DRAW, hands=(hand("5C 9H KD"), hand("2S 3S")))
    click(app, table.layout.stock.center, count=2)
    assert table.session.log[-1] == Draw(STOCK)
    assert len(table.hand_cards()) == 4


def test_dragging_the_discard_to_the_hand_takes_it_where_it_is_dropped(app):
    table = kaluki_table(
        app,
        seat=0,
        phase=DRAW,
        hands=(hand("5C 9H KD"), hand("2S 3S")),
        discard=hand("7S"),
        melded=(True, False),
    )
    first = table.picture.get(table.hand_cards()[0]).rect
    drag(app, table.layout.discard.center, (first.x + 2, first.centery))
    assert table.session.log[-1] == Draw(DISCARD)
    assert table.hand_cards()[0] == hand("7S")[0]


def test_double_clicking_a_hand_card_discards_it(app):
    table = kaluki_table(app, seat=0, phase=PLAY, hands=(hand("5C 9H KD"), hand("2S 3S")))
    click(app, card_point(table, hand("KD")[0]), count=2)
    assert table.session.log[0] == Discard(hand("KD")[0])  # (the AI may have moved since)


def test_dragging_within_the_hand_reorders_it_and_plays_nothing(app):
    table = kaluki_table(app, seat=0, phase=PLAY, hands=(hand("5C 9H KD"), hand("2S 3S")))
    order = table.hand_cards()
    last = table.picture.get(order[-1]).rect
    drag(app, card_point(table, order[0]), (last.right - 4, last.centery))
    assert table.hand_cards() == [*order[1:], order[0]]
    assert table.session.log == []


def test_the_keyboard_draws_and_discards_without_the_mouse(app):
    table = kaluki_table(app, seat=0, phase=DRAW, hands=(hand("5C 9H KD"), hand("2S 3S")))
    key(app, pygame.K_d)
    assert table.session.log[-1] == Draw(STOCK)
    key(app, pygame.K_RIGHT)
    chosen = table.hand_cards()[1]
    key(app, pygame.K_x)
    assert table.session.log[1] == Discard(chosen)


def test_tab_cycles_through_legal_targets_and_enter_plays_one(app):
    melds = (Meld("run", tuple(Slot(c, c.rank, c.suit) for c in cards("5H 6H 7H")), owner=1),)
    table = kaluki_table(
        app,
        seat=0,
        phase=PLAY,
        hands=(hand("8H 2C KD"), hand("2S 3S")),
        melds=melds,
        melded=(True, True),
    )
    eight = hand("8H")[0]
    table.focus = table.hand_cards().index(eight)
    key(app, pygame.K_TAB)
    targets = [target.kind for target, _move in table.keys.targets]
    assert targets.count("meld") == 1 and "discard" in targets
    table.key_target = next(i for i, (t, _m) in enumerate(table.keys.targets) if t.kind == "meld")
    key(app, pygame.K_RETURN)
    assert table.session.log[-1] == LayOff(0, (eight,))


def test_a_staged_first_meld_shows_its_total_and_lays_down_at_51(app):
    table = kaluki_table(
        app,
        seat=0,
        phase=PLAY,
        hands=(hand("AS AH AD 10S JS QS KS 4C"), hand("2S 3S")),
    )
    for card in hand("AS AH AD"):
        click(app, card_point(table, card))
    drag(app, card_point(table, hand("AS")[0]), table.layout.cells[0].center)
    assert len(table.staged) == 1 and table.session.log == []
    assert table.stage_progress() == ("45 / 51", False)
    assert not next(w for w, s in table.context_widgets.items() if s.name == "lay_down").is_enabled
    for card in hand("10S JS QS KS"):
        click(app, card_point(table, card))
    drag(app, card_point(table, hand("10S")[0]), table.layout.cells[0].center)
    assert table.stage_progress() == ("85 / 51", True)
    press_button(app, table, "lay_down")
    action = table.session.log[-1]
    assert isinstance(action, LayDown) and len(action.melds) == 2
    assert table.session.state.melded[0] and len(table.session.state.melds) == 2
    assert table.staged == [] and table.hand_cards() == [hand("4C")[0]]


def test_a_first_meld_below_51_is_refused_with_the_engines_words(app):
    table = kaluki_table(app, seat=0, phase=PLAY, hands=(hand("2S 2H 2D 4C"), hand("2C 3S")))
    table.staged = [Meld("group", tuple(Slot(c, 2, c.suit) for c in cards("2S 2H 2D")))]
    table.lay_down_staged()
    assert table.session.log == []
    assert table.notice == "Your first meld must total 51; these cards make 6."


def test_an_ambiguous_joker_asks_what_it_stands_for(app):
    melds = (Meld("run", tuple(Slot(c, c.rank, c.suit) for c in cards("5H 6H 7H")), owner=1),)
    table = kaluki_table(
        app,
        seat=0,
        phase=PLAY,
        hands=((joker(0), *hand("2C KD")), hand("2S 3S")),
        melds=melds,
        melded=(True, True),
    )
    meld_rect = table.composer.meld_rects["meld:0"]
    drag(app, card_point(table, joker(0)), meld_rect.center)
    chooser = app.stack.top
    assert isinstance(chooser, ChooserOverlay)
    labels = [choice.label for choice in chooser.choices]
    assert any("4♥" in label for label in labels) and any("8♥" in label for label in labels)
    index = next(i for i, label in enumerate(labels) if "8♥" in label)
    key(app, pygame.K_1 + index)
    action = table.session.log[-1]
    assert isinstance(action, LayOff) and action.result.slots[-1].rank == 8
    frames(app, 2)
    label = table.picture.get(joker(0)).label
    assert label == "8♥"


def test_dropping_a_real_card_on_a_joker_swaps_it(app):
    slots = (Slot(cards("5H")[0], 5, "H"), Slot(joker(0), 6, "H"), Slot(cards("7H")[0], 7, "H"))
    table = kaluki_table(
        app,
        seat=0,
        phase=PLAY,
        hands=(hand("6H 2C KD"), hand("2S 3S")),
        melds=(Meld("run", slots, owner=1),),
        melded=(True, True),
    )
    drag(app, card_point(table, hand("6H")[0]), card_point(table, joker(0)))
    assert table.session.log[-1] == SwapJoker(0, hand("6H")[0])
    assert joker(0) in table.hand_cards()


def test_undo_takes_back_a_move_of_this_turn(app):
    table = kaluki_table(
        app,
        seat=0,
        phase=DRAW,
        hands=(hand("KS KH KD QS QH QD 2C"), hand("3C")),
        discard=hand("KC"),
        melded=(True, False),
    )
    drag(app, table.layout.discard.center, table.layout.hand.center)
    assert table.session.can_undo
    key(app, pygame.K_u)
    assert table.session.log == [] and table.session.state.phase == DRAW
    assert hand("KC")[0] not in table.hand_cards()
