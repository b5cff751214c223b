"""Laugh and Lie Down moves on: the end of a deal (the dealer's share flies to the dealer,
the settlement), the standings by chips, the claim window in hot seat (hands hidden,
prompts only for the player asked), the automatic pass, saves, a whole game against AI
seats, and random input until the game ends (soak)."""

from __future__ import annotations

import os
import random

import pygame
import pytest

from game.app.app import App
from game.app.scenes.deal_summary import DealSummaryScene
from game.app.scenes.game_over import GameOverScene
from game.app.scenes.new_game import build_setup, default_choices
from game.app.scenes.title import TitleScene
from game.app.session import GameSession
from game.app.table import open_table
from game.app.table.handoff import HandoffScene
from game.app.table.laugh_and_lie_down import LaughHooks
from game.app.table.laugh_and_lie_down.ending import SettlementScene
from game.app.table.overlays import Overlay
from game.app.table.parts.log import LOG_KEEP
from game.app.table.table_scene import TableScene
from game.engine.actions import Pass
from game.games.laugh_and_lie_down.state import CLAIMS, DEAL_OVER, Capture, ClaimDead
from game.persist.stats import load_stats
from game.tools.showcase.laugh_and_lie_down import laugh_setup
from tests.app.conftest import headless_app
from tests.app.table.helpers import (
    card_point,
    continue_from_title,
    drag,
    frames,
    key,
    pass_hand,
    settle,
    sit_down,
    until,
)
from tests.app.table.test_laugh_and_lie_down import card, laugh_table
from tests.app.table.test_soak import random_input
from tests.helpers import hand

SOAK_GAMES = int(os.environ.get("CARD_PARLOUR_SOAK", "0"))

# Seat 0 plays its last card; seat 3 is then the only one still playing: the deal ends.
LAST_CARD = ["7H", "", "", "9C 4D"]


def test_the_deal_end_sends_layout_and_last_hand_to_the_dealer_then_the_settlement(app):
    table = laugh_table(app, LAST_CARD, "7S KD 2S", dealer=2, rest=1, pot=9)
    table.animator.instant = False
    drag(app, card_point(table, card("7H")), card_point(table, card("7S")))
    state = table.session.state
    assert state.phase == DEAL_OVER
    assert set(hand("KD 2S 9C 4D")) <= set(state.captured[2])
    ends = {f.key: f.end for f in table.animator.flights}
    for share in hand("KD 2S 9C 4D"):  # the layout and Clara's hand fly to Bruno's pile
        assert table.hooks.pile_rects[2].collidepoint(ends[share].rect.center)
    assert until(app, lambda: isinstance(app.stack.top, SettlementScene), 600)
    summary = app.stack.top.summary
    rows = {row.name: row for row in summary.settle}
    record = state.history[-1]
    assert rows["Bruno"].dealer and rows["Bruno"].share == 4
    assert rows["Clara"].last and rows["Clara"].bonus == 3  # four players: 3 chips
    assert [r.change for r in summary.settle] == list(record.changes)
    assert [r.chips for r in summary.settle] == list(state.chips)
    assert summary.pot_before == 9 and summary.pot_after == state.pot
    assert summary.balances[-1] == state.chips
    # Chips paid in (ante, cards short) and taken out (cards above, bonus) apart: they
    # make the deal's result, and the pot's line adds up.
    for row in summary.settle:
        assert row.ante == (3 if row.dealer else 2)
        assert row.paid_in == row.ante + max(0, -row.card_chips)
        assert row.taken_out == max(0, row.card_chips) + row.bonus
        assert summary.balances[-2][row.seat] + row.net == row.chips
    paid_in = sum(row.paid_in for row in summary.settle)
    taken = sum(row.taken_out for row in summary.settle)
    assert summary.pot_start + paid_in - taken == summary.pot_after
    key(app, pygame.K_RETURN)
    assert table.session.state.deal == state.deal + 1 and app.stack.top is table
    assert not any(table.session.state.captured)  # a fresh deal


def test_the_last_deal_leads_to_standings_by_chips_with_a_chart(app, paths):
    table = laugh_table(
        app, LAST_CARD, "7S KD 2S", rounds=1, deal=4, chips=(40, 55, 48, 60), pot=9, rest=1
    )
    table.play(Capture(card("7H"), card("7S")))
    assert until(app, lambda: isinstance(app.stack.top, SettlementScene), 600)
    assert app.stack.top.summary.button_key == "table.see_results"
    key(app, pygame.K_RETURN)
    assert until(app, lambda: isinstance(app.stack.top, GameOverScene), 200)
    result = app.stack.top.result
    chips = table.session.state.chips
    assert [s.seat for s in result.standings] == sorted(range(4), key=lambda s: -chips[s])
    assert result.standings[0].winner and result.standings[0].score.endswith("chips")
    assert [line[-1] for line in result.series] == list(chips)
    assert result.target == 50
    record = load_stats(paths)[0].get("laugh_and_lie_down", "easy")
    assert record.played == 1


def hot_seat_window(app) -> TableScene:
    """Two humans (You, Ada), auto-declare off; You capture, and a claim window opens:
    Ada holds three 9s (two of them dead) and everyone else's cards are on view."""
    table = laugh_table(
        app,
        ["7H 2C", "9S 9H 9D", "", ""],
        "7S KD",
        kinds=("human", "human", "easy", "easy"),
        auto_declare=False,
        rest=2,
    )
    sit_down(app)
    return table


def test_hot_seat_claim_window_hides_hands_and_asks_only_the_player_to_act(app):
    table = hot_seat_window(app)
    table.play(Capture(card("7H"), card("7S")))
    assert table.session.state.phase == CLAIMS and table.session.to_act == 1
    settle(app, table)
    frames(app, 2)
    cover = app.stack.top
    assert isinstance(cover, HandoffScene) and cover.name == "Ada"
    assert all(t.card is None for t in table.picture.in_zone("hand:0"))
    assert not table.context_widgets  # no prompt shows while the hands are hidden
    pass_hand(app)
    assert app.stack.top is table and table.session.shown_seat == 1
    assert {t.card for t in table.picture.in_zone("hand:1")} == set(hand("9S 9H 9D"))
    names = sorted(spec.name.partition(":")[0] for spec in table.context_widgets.values())
    assert names == ["declare", "pass"]
    key(app, pygame.K_p)  # Ada leaves her dead 9s undeclared ...
    settle(app, table)
    frames(app, 2)
    cover = app.stack.top
    assert isinstance(cover, HandoffScene) and cover.name == "You"
    pass_hand(app)
    claims = [s for s in table.context_widgets.values() if s.name.startswith("claim")]
    assert len(claims) == 1 and dict(claims[0].params)["name"] == "Ada"
    key(app, pygame.K_1)  # ... and You claim them
    assert table.session.log[-1] == ClaimDead(1, 9)
    assert set(hand("9S 9H")) <= set(table.session.state.captured[0])


def test_with_one_human_a_claim_turn_with_nothing_to_do_passes_by_itself(app):
    table = laugh_table(
        app,
        ["2C 5D", "3C 4D", "5S 6S", "8S 8H"],
        "7S KD",
        auto_declare=False,
        phase=CLAIMS,
        mover=1,
        ai_pause=0.0,
    )
    assert until(app, lambda: table.session.log[:1] == [Pass()], 200)


def test_in_hot_seat_a_claim_turn_is_always_asked(app):
    table = laugh_table(
        app,
        ["2C 5D", "3C 4D", "5S 6S", "8S 8H"],
        "7S KD",
        kinds=("human", "human", "easy", "easy"),
        auto_declare=False,
        phase=CLAIMS,
        mover=1,
        ai_pause=0.0,
    )
    sit_down(app)
    frames(app, 60)
    assert table.session.log == []
    assert [spec.name for spec in table.context_widgets.values()] == ["pass"]


def test_the_new_game_screen_fills_the_human_seats_option_from_the_seats():
    choices = default_choices("laugh_and_lie_down")
    choices.seats[2][1] = "human"
    choices.values["auto_declare"] = False
    setup = build_setup("laugh_and_lie_down", choices, seed=5)
    assert setup.options.humans == setup.humans == (0, 2)
    choices.players = 4
    choices.seats[3][1] = "human"
    assert build_setup("laugh_and_lie_down", choices, seed=5).options.humans == (0, 2, 3)


def test_continue_resumes_the_table_where_it_was(paths):
    with headless_app(paths, reduce_motion=True) as first:
        table = open_table(first, GameSession(laugh_setup(4, seed=3)))
        table.ai_pause = 0.0
        assert until(first, lambda: table.my_turn, 3000)
        table.play(table.session.legal_actions()[0])
        frames(first, 3)
        state, log = table.session.state, list(table.session.log)
    with headless_app(paths, reduce_motion=True) as second:
        resumed = continue_from_title(second)
        assert isinstance(resumed, TableScene) and isinstance(resumed.hooks, LaughHooks)
        assert resumed.session.state == state and resumed.session.log == log


def test_a_whole_seeded_game_of_ai_seats_reaches_the_results(app):
    setup = laugh_setup(4, seed=11, humans=0, rounds=1, level="easy")
    table = open_table(app, GameSession(setup))
    table.ai_pause = 0.0
    assert until(app, lambda: isinstance(app.stack.top, GameOverScene), 20_000)
    assert table.session.rules.results(table.session.state).winners


def keep_going(rng: random.Random, app: App, table: TableScene) -> TableScene:
    """Close what is open, Continue from the title, or make a move."""
    top = app.stack.top
    if isinstance(top, TitleScene):
        top.choose("continue")
        resumed = app.stack.find(TableScene)
        assert resumed is not None and resumed.session.state == table.session.state
        resumed.ai_pause = 0.0
        return resumed
    if isinstance(top, DealSummaryScene):
        top.done()
    elif isinstance(top, HandoffScene):
        top.ready()
    elif isinstance(top, Overlay) or top is not table:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))
    elif table.my_turn:
        table.play(rng.choice(table.session.legal_actions()))
    return table


def soak(app: App, seed: int, events: int, patience: int = 5, players: int = 4) -> None:
    """Random clicks, drags, keys and resizes at a hot-seat table (two humans,
    auto-declare off: hand-offs and claim windows) against Easy AIs until the game ends;
    never an exception, never stuck, nothing piling up."""
    rng = random.Random(seed)
    setup = laugh_setup(players, seed=seed, humans=2, auto_declare=False, rounds=1, level="easy")
    table = open_table(app, GameSession(setup))
    table.ai_pause = 0.0
    quiet, moves = 0, 0
    for step in range(events):
        if table.session.finished:
            break
        if app.stack.top is table or isinstance(app.stack.top, Overlay):
            random_input(rng, app, table)
        frames(app, 2)
        if step % patience == 0 or isinstance(app.stack.top, TitleScene):
            table = keep_going(rng, app, table)
        if len(table.session.log) == moves:
            quiet += 1
            assert quiet < 3000, f"stuck: {table.current_status()!r}, {app.stack.top}"
        else:
            quiet, moves = 0, len(table.session.log)
        assert len(table.animator.flights) < 200
        assert len(table.log_lines) <= LOG_KEEP
    assert table.session.finished
    for _ in range(3000):
        if isinstance(app.stack.top, GameOverScene):
            break
        table = keep_going(rng, app, table)
        frames(app)
    assert isinstance(app.stack.top, GameOverScene)
    assert len(app.cards) <= 400  # the card picture cache stays bounded


def test_random_input_never_crashes_or_sticks_and_the_game_ends(soak_app):
    soak(soak_app, seed=4, events=6000, patience=2)


@pytest.mark.skipif(not SOAK_GAMES, reason="set CARD_PARLOUR_SOAK=N for the long soak")
@pytest.mark.parametrize("seed", range(20, 20 + max(SOAK_GAMES, 1)))
def test_long_soak(soak_app, seed):
    soak(soak_app, seed=seed, events=40_000, patience=40, players=4 + seed % 2)
