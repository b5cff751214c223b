"""Playing Laugh and Lie Down with the mouse and the keyboard: captures by dragging onto
the layout (one of two, all of three), double-click and keys, lying down, declaring dead
cards, the captured piles, the pot and chips, and the sentences in players' names."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from game.app.i18n import tr
from game.app.messages import render, shown_names
from game.app.session import GameSession
from game.app.setup import GameSetup, Seat
from game.app.table import open_table
from game.app.table.sprites import Place
from game.app.table.table_scene import TableScene
from game.engine.messages import Seat as SeatParam
from game.engine.messages import msg
from game.games.laugh_and_lie_down import messages as m
from game.games.laugh_and_lie_down.state import Capture, DeclareDead, LieDown
from tests.app.table.helpers import card_point, click, drag, frames, key, press_button
from tests.games.laugh_and_lie_down.position import position
from tests.helpers import hand

NAMES = ("You", "Ada", "Bruno", "Clara", "Dev")


def card(text: str):
    return hand(text)[0]


def laugh_table(
    app,
    hands: list[str],
    layout: str,
    captured: list[str] | None = None,
    *,
    kinds: tuple[str, ...] | None = None,
    names=NAMES,
    ai_pause: float = 60.0,
    **changes,
) -> TableScene:
    """A table at a crafted position (seat 0 to play unless ``seat`` says otherwise);
    ``changes`` go to ``position`` (seat, dealer, pot, auto_declare ...)."""
    kinds = kinds or ("human",) + ("easy",) * (len(hands) - 1)
    humans = tuple(i for i, kind in enumerate(kinds) if kind == "human")
    state_changes = {k: changes.pop(k) for k in list(changes) if k in ("phase", "deal", "mover")}
    state = position(hands, layout, captured, humans=humans, **changes)
    if state_changes:
        state = replace(state, **state_changes)
    seats = tuple(Seat(name, kind) for name, kind in zip(names, kinds))
    session = GameSession(GameSetup("laugh_and_lie_down", state.options, 7, seats), state)
    table = open_table(app, session)
    table.ai_pause = ai_pause  # the AI seats wait (unless a test wants them to play)
    frames(app, 2)
    return table


FOUR = ["7H 9C 2D", "3C 4D", "5S 6S", "8S 8H"]


def test_dragging_a_card_onto_a_layout_card_of_its_rank_captures_it(app):
    table = laugh_table(app, FOUR, "7S KD QC")
    drag(app, card_point(table, card("7H")), card_point(table, card("7S")))
    assert table.session.log == [Capture(card("7H"), card("7S"))]
    assert table.session.state.captured[0] == hand("7H 7S")
    assert card("7H") not in table.hand_cards()
    assert {t.card for t in table.picture.in_zone("captured:0")} == set(hand("7H 7S"))


@pytest.mark.parametrize("dropped_on", ["7S", "7D"])
def test_with_two_of_a_rank_the_card_dropped_on_is_the_one_taken(app, dropped_on):
    table = laugh_table(app, FOUR, "7S 7D KD")
    drag(app, card_point(table, card("7H")), card_point(table, card(dropped_on)))
    assert table.session.log == [Capture(card("7H"), card(dropped_on))]
    other = "7D" if dropped_on == "7S" else "7S"
    assert table.session.state.layout == hand(f"{other} KD")


def test_with_three_of_a_rank_all_three_fly_to_the_captured_pile(app):
    table = laugh_table(app, FOUR, "7S 7D 7C KD")
    table.animator.instant = False
    drag(app, card_point(table, card("7H")), card_point(table, card("7D")))
    assert table.session.state.captured[0] == hand("7H 7S 7D 7C")
    pile = table.hooks.felt.pile_at[0]
    landing = {f.key: f.end for f in table.animator.flights}
    for taken in hand("7S 7D 7C"):
        assert abs(landing[taken].y - pile[1]) < 1  # each flies to the captured pile


def test_a_drop_on_another_rank_shows_the_engines_reason_and_changes_nothing(app):
    table = laugh_table(app, FOUR, "7S KD QC")
    before = table.session.state
    drag(app, card_point(table, card("9C")), card_point(table, card("7S")))
    assert table.session.state is before and table.session.log == []
    assert table.notice == ("A card captures only its own rank: the 9♣ takes 9s, not the 7♠.")
    assert card("9C") in table.hand_cards()


def test_while_dragging_only_the_cards_it_can_capture_light_up(app):
    table = laugh_table(app, FOUR, "7S 7D KD")
    start = card_point(table, card("7H"))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    frames(app)
    pygame.event.post(
        pygame.event.Event(
            pygame.MOUSEMOTION, pos=(start[0], start[1] - 60), rel=(0, -60), buttons=(1, 0, 0)
        )
    )
    frames(app)
    layout = table.view.layout
    lit = {layout[t.index] for t in table.drag.legal if t.kind == "layout"}
    assert lit == set(hand("7S 7D"))
    table.cancel_drag()


def test_double_clicking_a_hand_card_captures_with_it(app):
    table = laugh_table(app, FOUR, "KD 9S QC")
    click(app, card_point(table, card("9C")), count=2)
    assert table.session.log == [Capture(card("9C"), card("9S"))]


def test_the_keyboard_captures_with_c_and_through_tab_and_enter(app):
    table = laugh_table(app, FOUR, "KD 9S 7S")
    table.focus = table.hand_cards().index(card("9C"))
    key(app, pygame.K_c)
    assert table.session.log == [Capture(card("9C"), card("9S"))]
    other = laugh_table(app, FOUR, "KD 9S 7S")
    other.focus = other.hand_cards().index(card("7H"))
    key(app, pygame.K_TAB)
    targets = [t for t, _move in other.keys.targets]
    assert [other.view.layout[t.index] for t in targets if t.kind == "layout"] == [card("7S")]
    key(app, pygame.K_RETURN)
    assert other.session.log == [Capture(card("7H"), card("7S"))]


def test_when_nothing_matches_lie_down_lays_the_hand_into_the_layout(app):
    table = laugh_table(app, ["2H 3C", "3D 4D", "5S 6S", "8S 8H"], "7S KD")
    assert "must lie down" in table.current_status()
    table.animator.instant = False
    press_button(app, table, "lie_down")
    state = table.session.state
    assert table.session.log == [LieDown()] and state.lain_down[0]
    assert set(hand("2H 3C")) <= set(state.layout)
    flights = {f.key: f for f in table.animator.flights}
    for laid in hand("2H 3C"):
        assert table.hooks.felt.area.collidepoint(flights[laid].end.rect.center)


def test_dropping_a_card_on_the_layout_lies_down_when_nothing_matches(app):
    table = laugh_table(app, ["2H 3C", "3D 4D", "5S 6S", "8S 8H"], "7S KD")
    empty_slot = table.hooks.felt.slots[5].center
    drag(app, card_point(table, card("2H")), empty_slot)
    assert table.session.log == [LieDown()]


def test_lying_down_while_a_card_can_capture_is_refused_with_the_reason(app):
    table = laugh_table(app, FOUR, "7S KD")
    key(app, pygame.K_l)
    assert table.session.log == []
    assert table.notice == (
        "You lie down only when no card of yours matches the layout: your 7♥ can capture the 7♠."
    )
    assert not any(spec.name == "lie_down" for spec in table.context_widgets.values())


def test_dropping_dead_cards_on_your_pile_declares_them(app):
    hands = ["QS QH QD 4C", "3C 4D", "5S 6S", "8S 8H"]
    table = laugh_table(app, hands, "KD 2S", auto_declare=False)
    assert any(spec.name.startswith("declare") for spec in table.context_widgets.values())
    assert "dead cards" in table.current_status()
    drag(app, card_point(table, card("QD")), table.hooks.felt.own_pile.center)
    assert table.session.log == [DeclareDead(hand("QS QH"))]  # any two of the three
    assert table.session.state.captured[0] == hand("QS QH")
    assert table.session.to_act == 0  # declaring does not use up the turn


def test_the_declare_button_and_d_key_declare_and_a_single_card_is_refused(app):
    hands = ["9S 9H 9D 9C 4C", "3C 4D", "5S 6S", "8S 8H"]
    table = laugh_table(app, hands, "KD 2S", auto_declare=False)
    drag(app, card_point(table, card("4C")), table.hooks.felt.own_pile.center)
    assert table.notice == "A single 4 is never dead: it may still capture."
    key(app, pygame.K_d)
    assert table.session.log == [DeclareDead(hand("9S 9H 9D 9C"))]


def test_the_declare_buttons_say_what_they_do_in_both_languages(app):
    hands = ["9S 9H 9D 9C QS QH QD", "3C 4D", "5S 6S", "8S 8H"]
    table = laugh_table(app, hands, "KD 2S", auto_declare=False)

    def labels() -> list[str]:
        specs = table.context_buttons(table.view)
        return [tr(s.key, **dict(s.params)) for s in specs if s.name.startswith("declare")]

    assert labels() == ["Declare four 9s", "Declare two queens"]
    try:
        app.update_settings(language="ja", save=False)
        assert labels() == ["9の4枚を死に札として宣言", "クイーンの2枚を死に札として宣言"]
    finally:
        app.update_settings(language="en", save=False)


def test_the_key_help_lists_only_what_this_game_has(app):
    table = laugh_table(app, FOUR, "7S KD")
    for language, stock in (("en", "stock"), ("ja", "山札")):
        app.update_settings(language=language, save=False)
        table.open_help()
        lines = app.stack.top.lines
        app.stack.pop()
        assert len(lines) == len(table.help_topics()) + len(table.help_lines())
        assert not [line for line in lines if stock in " ".join(line)], language
        assert any("Ctrl+Z" in keys for keys, _ in lines)  # undo is there, in its own words
    app.update_settings(language="en", save=False)


def test_a_captured_pile_is_shown_in_full_by_pointing_clicking_or_i(app):
    table = laugh_table(app, FOUR, "7S KD", ["2S 2H", "5D 5C 6D 6C", "", ""])
    pile = table.hooks.pile_rects[1]
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pile.center, rel=(0, 0), buttons=(0, 0, 0))
    )
    frames(app)
    assert table.hooks.shown_pile() == 1
    click(app, table.hooks.pile_rects[0].center)
    assert table.hooks.inspecting == 0
    click(app, (table.hooks.felt.area.right - 4, table.hooks.felt.area.bottom - 4))
    assert table.hooks.inspecting is None
    key(app, pygame.K_i)
    key(app, pygame.K_i)
    assert table.hooks.inspecting == 1
    key(app, pygame.K_ESCAPE)
    assert table.hooks.inspecting is None and app.stack.top is table
    assert table.session.log == []


def test_chips_pot_and_dealer_are_on_view_a_debt_with_a_minus(app):
    table = laugh_table(app, FOUR, "7S KD", pot=-3, chips=(47, 52, 61, -4), dealer=2)
    view = table.view
    assert table.score_text(view, 3) == "−4 chips"
    assert "pot −3" in table.score_title(view)
    assert table.seat_info(view, 2).dealer and not table.seat_info(view, 0).dealer


def test_layout_cards_keep_their_rank_slot_and_stay_inside_it(app):
    table = laugh_table(app, ["2H 3C", "3D 4D", "5S 6S", "8S 8H"], "7S 7D 7C KD AS")
    felt = table.hooks.felt
    for token in table.picture.in_zone("layout"):
        assert felt.slots[token.card.rank].contains(token.rect)
    assert all(felt.area.contains(slot) for slot in felt.slots.values())


def test_log_lines_and_refusals_use_names_not_seat_numbers():
    names = shown_names(["You", "Ada", "Bruno", "Clara"])  # as the table shows them
    assert render(msg(m.CLAIM, cards=hand("9S 9H"), player=SeatParam(2)), names) == (
        "claims 9♠ 9♥ from Bruno: dead, undeclared"
    )
    assert render(msg(m.CLAIM, cards=hand("4S 4H"), player=SeatParam(0)), names) == (
        "claims 4♠ 4♥ from you: dead, undeclared"
    )
    assert render(msg(m.LIE_DOWN, cards=hand("2H 3C")), names, True) == "lie down: 2♥ 3♣"
    assert render(msg(m.PLAYED_OUT), names, True) == "have played out your hand"
    refusal = msg(m.NONE_DEAD, player=SeatParam(1), ranks=m.ranks(7))
    assert render(refusal, names) == "Ada holds no dead 7s."


def test_japanese_log_lines_for_captures_and_lying_down(app):
    table = laugh_table(app, FOUR, "7S KD QC", kinds=("human", "easy", "easy", "easy"))
    try:
        app.update_settings(language="ja", save=False)
        table.play(Capture(card("7H"), card("7S")))
        frames(app, 2)
        assert table.log_lines[-1].text == "7♥で7♠を取りました"
    finally:
        app.update_settings(language="en", save=False)


def test_the_deal_is_dealt_from_the_dealer(app):
    table = laugh_table(app, FOUR, "7S KD", dealer=2)
    anchor = table.zone_anchor("stock")
    plaque = table.layout.seats[2].plaque
    assert isinstance(anchor, Place) and plaque.collidepoint(anchor.rect.center)
