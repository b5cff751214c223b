"""Playing Kalooki at the table: the contract staged and laid down at once, adding to
melds and tacking jokers by dragging, the Pass for a hand of stranded jokers, the
banner and plates, and the end of a deal and of the game."""

from __future__ import annotations

from dataclasses import replace

import pygame

from game.app.app import App
from game.app.scenes.deal_summary import DealSummaryScene
from game.app.scenes.game_over import GameOverScene
from game.app.session import GameSession
from game.app.setup import GameSetup, Seat
from game.app.table import open_table
from game.app.table.overlays import ChooserOverlay
from game.app.table.table_scene import TableScene
from game.engine.actions import Discard, LayDown, LayOff, Pass
from game.engine.melds import GROUP, RUN, Meld, Slot
from game.games.kalooki import KalookiOptions, Tack
from game.games.kalooki.state import DEAL_OVER, DRAW, PLAY, DealRecord
from tests.app.table.helpers import (
    NAMES,
    card_point,
    click,
    drag,
    frames,
    key,
    press_button,
    settle,
    until,
)
from tests.helpers import hand


def kalooki_table(
    app: App,
    kinds=("human", "easy", "easy"),
    *,
    seed: int = 5,
    names=NAMES,
    options: KalookiOptions | None = None,
    pause: float = 60.0,
    **changes,
) -> TableScene:
    """A Kalooki table whose state is the dealt game with ``changes`` applied; the AI
    seats wait ``pause`` seconds before each move (so a test sees the position)."""
    seats = tuple(Seat(name, kind) for name, kind in zip(names, kinds))
    opts = options or KalookiOptions(players=len(kinds), two_players=len(kinds) == 2)
    session = GameSession(GameSetup("kalooki", opts, seed, seats))
    if changes:
        session.state = replace(session.state, **changes)
    table = open_table(app, session)
    table.ai_pause = pause
    frames(app, 2)
    return table


def four(text: str, owner: int = 1, jokers: dict[int, tuple[int, str]] | None = None) -> Meld:
    """A four from cards low to high; ``jokers`` maps a position to what its joker is."""
    slots = []
    for i, card in enumerate(hand(text)):
        if card.is_joker:
            rank, suit = (jokers or {})[i]
            slots.append(Slot(card, rank, suit))
        else:
            slots.append(Slot(card, card.rank if card.rank != 1 or i == 0 else 14, card.suit))
    return Meld(RUN, tuple(slots), owner)


def three(text: str, owner: int = 1) -> Meld:
    cards = hand(text)
    rank = next(c.rank for c in cards if not c.is_joker)
    return Meld(GROUP, tuple(Slot(c, rank, "" if c.is_joker else c.suit) for c in cards), owner)


def select(app: App, table: TableScene, text: str) -> None:
    for card in hand(text):
        click(app, card_point(table, card))


def stage(app: App, table: TableScene, text: str) -> None:
    """Select the cards and drag them to the player's own meld area."""
    select(app, table, text)
    cards = hand(text)
    drag(app, card_point(table, cards[-1]), table.layout.cells[0].center)


# --- laying down the contract ----------------------------------------------------------

CONTRACT_HAND = hand("5H 5C 5S 8D 8C 8H KS KD KH 2C")


def test_melds_dragged_to_the_table_are_staged_and_laid_down_together(app):
    table = kalooki_table(app, seat=0, phase=PLAY, deal=1, hands=(CONTRACT_HAND, hand("2S"), ()))
    stage(app, table, "5H 5C 5S")
    assert table.session.log == []  # staged on the table only
    assert table.stage_progress() == ("Threes 1/3", False)
    assert "Still to stage: 2 threes" in table.current_status()
    lay = next(spec for spec in table.context_widgets.values() if spec.name == "lay_down")
    assert not lay.enabled
    stage(app, table, "8D 8C 8H")
    stage(app, table, "KS KD KH")
    assert table.stage_progress() == ("Threes 3/3", True)
    assert table.hooks.banner().pips == (("3", True),) * 3
    press_button(app, table, "lay_down")
    action = table.session.log[-1]
    assert isinstance(action, LayDown) and len(action.melds) == 3
    state = table.session.state
    assert state.laid_down[0] and len(state.melds) == 3
    assert table.hand_cards() == [hand("2C")[0]]
    assert table.staged == []


def test_a_contract_the_engine_refuses_shows_its_reason_and_changes_nothing(app):
    twins = hand("5H 5C 5S 5D 5H#1 5C#1 KS KD KH 2C")
    table = kalooki_table(app, seat=0, phase=PLAY, deal=1, hands=(twins, hand("2S"), ()))
    for text in ("5H 5C 5S", "5D 5H#1 5C#1", "KS KD KH"):
        stage(app, table, text)
    assert table.stage_progress() == ("Threes 3/3", False)
    assert "different ranks" in table.current_status()
    before = table.session.state
    key(app, pygame.K_l)
    assert table.session.state is before and table.session.log == []
    assert "different ranks" in table.notice


def test_backspace_takes_the_staged_melds_back(app):
    table = kalooki_table(app, seat=0, phase=PLAY, deal=1, hands=(CONTRACT_HAND, hand("2S"), ()))
    stage(app, table, "5H 5C 5S")
    assert len(table.hand_cards()) == 7
    key(app, pygame.K_BACKSPACE)
    assert table.staged == [] and len(table.hand_cards()) == 10


def test_a_joker_at_the_end_of_a_staged_four_asks_what_it_stands_for(app):
    cards = hand("5H 6H 7H JK 9C")
    table = kalooki_table(app, seat=0, phase=PLAY, deal=4, hands=(cards, hand("2S"), ()))
    stage(app, table, "5H 6H 7H JK")
    chooser = app.stack.top
    assert isinstance(chooser, ChooserOverlay)
    assert sorted(c.label for c in chooser.choices) == ["Joker as 4♥", "Joker as 8♥"]
    key(app, pygame.K_1)
    assert app.stack.top is table and len(table.staged) == 1
    assert table.staged[0].kind == RUN


def test_a_meld_cannot_be_played_before_the_contract_goes_down(app):
    melds = (four("5H 6H 7H 8H"),)
    table = kalooki_table(
        app, seat=0, phase=PLAY, deal=2, melds=melds, hands=(hand("9H 2C"), hand("2S"), ())
    )
    before = table.session.state
    drag(app, card_point(table, hand("9H")[0]), table.composer.meld_rects["meld:0"].center)
    assert table.session.state is before
    assert "only after laying down your contract" in table.notice


# --- adding and tacking -------------------------------------------------------------------


def down_table(app: App, melds, cards: str, **changes) -> TableScene:
    """The human's turn after drawing, already down, Ada down too, Bruno not."""
    changes.setdefault("deal", 2)
    return kalooki_table(
        app,
        seat=0,
        phase=PLAY,
        melds=melds,
        laid_down=(True, True, False),
        hands=(hand(cards), hand("2S 3S"), hand("4D")),
        **changes,
    )


def test_a_card_dropped_on_a_four_is_added_at_its_top(app):
    table = down_table(app, (four("5H 6H 7H 8H"),), "9H 4H 2C")
    drag(app, card_point(table, hand("9H")[0]), table.composer.meld_rects["meld:0"].center)
    assert isinstance(table.session.log[-1], LayOff)
    assert table.session.state.melds[0].cards[-1] == hand("9H")[0]


def test_a_four_does_not_grow_downwards_before_it_reaches_the_ace(app):
    table = down_table(app, (four("5H 6H 7H 8H"),), "9H 4H 2C")
    before = table.session.state
    drag(app, card_point(table, hand("4H")[0]), table.composer.meld_rects["meld:0"].center)
    assert table.session.state is before
    assert "grows only upwards" in table.notice


def test_a_real_card_dropped_on_its_joker_is_tacked(app):
    meld = four("5H JK 7H 8H", jokers={1: (6, "H")})
    table = down_table(app, (meld,), "6H 2C")
    jokers = [t for t in table.picture.in_zone("meld:0") if t.label]
    assert [t.label for t in jokers] == ["6♥"]  # the joker shows what it stands for
    drag(app, card_point(table, hand("6H")[0]), jokers[0].hit.center)
    assert table.session.log[-1] == Tack(0, hand("6H")[0])
    slots = table.session.state.melds[0].slots
    assert [s.label() for s in slots] == ["5♥", "6♥", "7♥", "8♥", "9♥"]
    assert slots[-1].card.is_joker


def test_tab_and_enter_reach_the_tack_from_the_keyboard(app):
    meld = four("5H JK 7H 8H", jokers={1: (6, "H")})
    table = down_table(app, (meld,), "2C 6H")
    table.focus = table.hand_cards().index(hand("6H")[0])
    key(app, pygame.K_TAB)
    targets = [target for target, _move in table.keys.targets]
    assert any(t.kind in ("joker", "meld") for t in targets)
    while table.keys.targets[table.key_target][0].kind not in ("joker", "meld"):
        key(app, pygame.K_TAB)
    key(app, pygame.K_RETURN)
    assert table.session.log[-1] == Tack(0, hand("6H")[0])


def test_a_hand_of_jokers_that_fit_nowhere_ends_the_turn_with_pass(app):
    meld = four("5H 6H 7H JK", jokers={3: (8, "H")})
    table = down_table(app, (meld,), "JK")
    assert "press Pass" in table.current_status()
    press_button(app, table, "pass_turn")
    assert table.session.log[-1] == Pass()
    assert table.session.state.seat == 1


# --- what the table shows -----------------------------------------------------------------


def test_the_banner_plates_and_score_title_show_the_deal_contract_and_calls(app):
    table = kalooki_table(
        app,
        seat=0,
        phase=DRAW,
        deal=4,
        laid_down=(False, True, False),
        calls_left=(3, 1, 0),
    )
    view = table.view
    assert table.score_title(view) == "Deal 4 of 9 · 3 fours"
    banner = table.hooks.banner()
    assert (banner.deal_line, banner.contract) == ("Deal 4 of 9", "3 fours")
    assert banner.pips == (("4", False),) * 3
    assert table.badges(view, 0) == ("3 calls",)
    assert table.badges(view, 1) == ("Down", "1 call")
    assert table.badges(view, 2) == ("No calls",)
    assert "3 calls a game" in table.table_notes(view)


def test_japanese_names_the_contract_and_translates_the_engines_refusal(app):
    from game.app.i18n import set_language

    table = down_table(app, (four("5H 6H 7H 8H"),), "9H 4H 2C")
    set_language("ja")
    try:
        assert table.score_title(table.view) == "第2/9ディール・スリー2つとフォー1つ"
        drag(app, card_point(table, hand("4H")[0]), table.composer.meld_rects["meld:0"].center)
        assert "フォーはエースに届くまで上へ" in table.notice
    finally:
        set_language("en")


# --- the end of a deal and of the game ------------------------------------------------------


def history(deals: int, players: int = 3) -> tuple[DealRecord, ...]:
    """Earlier deals: in deal n seat n % players went out, the others scored 10 n."""
    records = []
    for n in range(1, deals + 1):
        out = n % players
        penalties = tuple(0 if s == out else 10 * n for s in range(players))
        records.append(DealRecord(n, out, out, penalties, False, ((),) * players))
    return tuple(records)


def test_going_out_shows_the_deal_summary_with_every_hand_left(app):
    table = down_table(app, (four("5H 6H 7H 8H"),), "9C", pause=0.0)
    drag(app, card_point(table, hand("9C")[0]), table.layout.discard.center)
    assert until(app, lambda: isinstance(app.stack.top, DealSummaryScene), 200)
    summary = app.stack.top.summary
    assert summary.title == "Deal 2 of 9 is over"
    assert "You went out." in summary.subtitle and "2 threes and 1 four" in summary.subtitle
    rows = {row.name: row for row in summary.rows}
    assert rows["You"].highlight and rows["You"].points == "0"
    assert set(rows["Ada"].cards) == set(hand("2S 3S"))
    assert rows["Ada"].points == "+5" and rows["Bruno"].points == "+4"
    key(app, pygame.K_RETURN)
    assert until(app, lambda: table.session.state.deal == 3, 200)


def test_after_the_ninth_deal_the_results_show_standings_and_the_chart(app):
    earlier = history(8)
    totals = tuple(sum(r.penalties[s] for r in earlier) for s in range(3))
    table = down_table(
        app, (four("5H 6H 7H 8H"),), "9C", pause=0.0, deal=9, history=earlier, totals=totals
    )
    drag(app, card_point(table, hand("9C")[0]), table.layout.discard.center)
    assert until(app, lambda: isinstance(app.stack.top, DealSummaryScene), 200)
    assert len(app.stack.top.summary.running) == 9
    key(app, pygame.K_RETURN)
    assert until(app, lambda: isinstance(app.stack.top, GameOverScene), 200)
    result = app.stack.top.result
    assert result.subtitle == "Lowest total penalty after nine deals"
    assert [len(line) for line in result.series] == [10, 10, 10]
    assert [line[-1] for line in result.series] == list(table.session.state.totals)
    assert result.standings[0].seat in table.session.state.winners
    assert table.session.state.phase != DEAL_OVER


def test_discarding_is_a_double_click(app):
    table = down_table(app, (four("5H 6H 7H 8H"),), "9C 2D")
    click(app, card_point(table, hand("2D")[0]), count=2)
    assert table.session.log[-1] == Discard(hand("2D")[0])
    settle(app, table)


def test_a_deal_nobody_could_finish_charges_every_hand_as_it_stands(app):
    leftovers = (hand("KS 2C"), hand("JK 9D"), hand("AS"))
    record = DealRecord(3, 0, None, (12, 59, 15), False, leftovers)
    table = kalooki_table(app, phase=DEAL_OVER, deal=3, history=(*history(2), record))
    summary = table.deal_summary(table.view)
    assert summary.subtitle == (
        "1 three and 2 fours · Nobody could go out: every hand is charged as it stands."
    )
    assert [row.points for row in summary.rows] == ["+12", "+59", "+15"]
    assert not any(row.highlight for row in summary.rows)
    assert summary.running[-1] == ("12", "59", "15")


def test_the_tables_buttons_speak_japanese_too(app):
    from pygame_gui.core.utility import translate

    from game.app import i18n

    i18n.set_language("ja")
    try:
        assert translate(i18n.ui("kalooki.deny")) == "拒否"
        assert translate(i18n.ui("kalooki.call"), card="7♦") == "7♦をコール"
    finally:
        i18n.set_language("en")
    assert translate(i18n.ui("kalooki.allow")) == "Allow"
