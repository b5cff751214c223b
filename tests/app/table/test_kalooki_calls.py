"""Calling at the Kalooki table: the Call / Pass prompt for a human asked, the Allow /
Deny prompt for a human whose discard is called (no Deny once down), AI calls in the
log and in flight, hot-seat hand-offs before another human's prompt, and whole games
against AI seats played through the table."""

from __future__ import annotations

import random

import pygame
import pytest

from game.app.app import App
from game.app.scenes.deal_summary import DealSummaryScene
from game.app.scenes.game_over import GameOverScene
from game.app.session import GameSession
from game.app.setup import GameSetup, Seat
from game.app.table import open_table
from game.app.table.handoff import HandoffScene
from game.app.table.parts.log import LOG_KEEP
from game.engine.actions import STOCK, Draw
from game.games.kalooki import AllowCall, Call, DeclineCall, DenyCall
from game.games.kalooki.state import ANSWER, CALL, DRAW, PLAY
from game.tools.showcase import play_until
from game.tools.showcase.kalooki import kalooki_setup
from tests.app.conftest import headless_app
from tests.app.table.helpers import (
    drag,
    frames,
    key,
    pass_hand,
    press_button,
    settle,
    sit_down,
    until,
)
from tests.app.table.test_kalooki import kalooki_table
from tests.app.table.test_soak import GAMES
from tests.helpers import hand

HANDS = (hand("7H 7C 2S 9D"), hand("3S 4S 5S KD"), hand("QC QD 6H 8S"))
STOCK_CARDS = hand("2D 3D 4D 5D 6D 8D")


def asked_table(app: App, **changes):
    """Ada (seat 1) reached for the stock; the human (seat 0) is asked about the 7♦
    that Bruno threw."""
    values = dict(
        seat=1,
        phase=CALL,
        asking=0,
        hands=HANDS,
        stock=STOCK_CARDS,
        discard=hand("KC 7D"),
        discarded_by=2,
        calls_left=(3, 3, 3),
    )
    values.update(changes)
    return kalooki_table(app, **values)


def buttons(table) -> list[str]:
    return [spec.name for spec in table.context_widgets.values()]


def test_a_human_asked_to_call_sees_the_card_and_call_and_pass(app):
    table = asked_table(app)
    assert table.my_turn and table.hooks.prompt_kind() == "call"
    assert sorted(buttons(table)) == ["call", "decline"]
    prompt = table.hooks.prompt()
    assert prompt.title == "Call the 7♦?"
    assert "Calls left this game: 3 of 3" in prompt.lines
    assert table.current_status() == "Ada reaches for the stock: call the 7♦, or pass."
    press_button(app, table, "call")
    assert table.session.log == [Call()]
    assert table.session.state.phase == ANSWER and table.session.to_act == 1


def test_an_allowed_call_brings_the_card_and_a_penalty_card(app):
    table = asked_table(app, laid_down=(False, True, False))  # Ada is down: she must allow
    key(app, pygame.K_c)
    state = table.session.state
    assert table.session.log == [Call()]
    assert len(state.hands[0]) == 6 and hand("7D")[0] in state.hands[0]
    assert state.calls_left[0] == 2
    texts = [line.text for line in table.log_lines]
    assert "call the 7♦" in texts and "take a penalty card" in texts  # "You take ..."
    assert table.badges(table.view, 0) == ("2 calls",)


def test_pass_lets_the_card_go(app):
    table = asked_table(app)
    key(app, pygame.K_p)
    assert table.session.log == [DeclineCall()]
    assert table.session.state.asking != 0


def test_dragging_the_offered_card_to_the_hand_calls_it(app):
    table = asked_table(app)
    drag(app, table.layout.discard.center, table.layout.hand.center)
    assert table.session.log == [Call()]


def test_the_stock_is_not_for_the_player_asked_to_call(app):
    table = asked_table(app)
    before = table.session.state
    drag(app, table.layout.stock.center, table.layout.hand.center)
    assert table.session.state is before
    assert "call the 7♦, or pass" in table.notice


def answer_table(app: App, **changes):
    """The human (seat 0) reached for the stock; Ada (seat 1) called the 7♦."""
    values = dict(
        seat=0,
        phase=ANSWER,
        asking=1,
        hands=HANDS,
        stock=STOCK_CARDS,
        discard=hand("KC 7D"),
        discarded_by=2,
    )
    values.update(changes)
    return kalooki_table(app, **values)


def test_a_called_human_allows_and_then_draws_from_the_stock(app):
    table = answer_table(app)
    assert table.hooks.prompt_kind() == "answer" and sorted(buttons(table)) == ["allow", "deny"]
    assert table.hooks.prompt().title == "Ada calls the 7♦"
    assert table.badges(table.view, 1) == ("Calls 7♦!",)
    press_button(app, table, "allow")
    state = table.session.state
    assert table.session.log == [AllowCall()]
    assert len(state.hands[1]) == 6 and hand("7D")[0] in state.hands[1]
    assert len(state.hands[0]) == 5 and state.phase == PLAY and state.seat == 0


def test_deny_takes_the_called_card_as_the_draw(app):
    table = answer_table(app)
    key(app, pygame.K_n)
    state = table.session.state
    assert table.session.log == [DenyCall()]
    assert hand("7D")[0] in state.hands[0] and len(state.hands[1]) == 4
    assert state.calls_left[1] == 3  # a denied call is not counted


def test_the_gestures_answer_a_call_too(app):
    table = answer_table(app)
    drag(app, table.layout.discard.center, table.layout.hand.center)
    assert table.session.log == [DenyCall()]
    table = answer_table(app)
    drag(app, table.layout.stock.center, table.layout.hand.center)
    assert table.session.log == [AllowCall()]


def test_there_is_no_deny_once_the_human_is_down(app):
    table = answer_table(app, laid_down=(True, False, False))
    assert buttons(table) == ["allow"]
    key(app, pygame.K_n)
    assert table.session.log == []
    assert "must allow" in table.notice


def test_an_ai_call_is_logged_and_its_cards_fly_to_the_caller(paths):
    with headless_app(paths, reduce_motion=False, sound=False) as app:
        # Ada (active, down) must allow Bruno's call; the human only watches.
        table = answer_table(app, seat=1, asking=2, laid_down=(False, True, False), pause=0.0)
        assert until(app, lambda: len(table.session.log) == 1, 600)
        assert table.session.log == [AllowCall()]
        flights = list(table.animator.flights)
        assert len(flights) >= 2  # the 7♦ and the penalty card
        assert any(f.card == hand("7D")[0] for f in flights)
        texts = [f"{line.name} {line.text}" for line in table.log_lines]
        assert "Ada allows the call" in texts and "Bruno takes a penalty card" in texts


def test_every_seat_letting_the_card_go_stays_out_of_the_log(app):
    table = kalooki_table(
        app, seat=0, phase=DRAW, hands=HANDS, discard=hand("KC 7D"), discarded_by=2, pause=0.0
    )
    drag(app, table.layout.stock.center, table.layout.hand.center)
    assert until(app, lambda: table.session.state.phase == PLAY, 600)
    assert Draw(STOCK) in table.session.log
    texts = " ".join(line.text for line in table.log_lines)
    assert "does not call" not in texts and "reaches for the stock" not in texts


# --- hot seat ---------------------------------------------------------------------------------


def test_hot_seat_hands_over_before_another_humans_call_prompt(app):
    seats = ("human", "human", "easy")
    table = kalooki_table(
        app,
        seats,
        names=("Sam", "Priya", "Ada"),
        seat=0,
        phase=DRAW,
        hands=HANDS,
        stock=STOCK_CARDS,
        discard=hand("KC 7D"),
        discarded_by=2,
    )
    sit_down(app)
    drag(app, table.layout.stock.center, table.layout.hand.center)
    assert table.session.state.phase == CALL and table.session.to_act == 1
    settle(app, table)
    frames(app, 2)
    top = app.stack.top
    assert isinstance(top, HandoffScene) and top.name == "Priya"
    assert table.hooks.prompt() is None and not table.context_widgets  # nothing shows for Sam
    assert all(t.card is None for t in table.picture.in_zone("hand:0"))
    pass_hand(app)
    assert app.stack.top is table and table.view_seat == 1
    assert table.hooks.prompt_kind() == "call" and sorted(buttons(table)) == ["call", "decline"]
    assert {t.card for t in table.picture.in_zone("hand:1")} == set(HANDS[1])
    press_button(app, table, "decline")
    assert until(app, lambda: isinstance(app.stack.top, HandoffScene), 600)
    assert app.stack.top.name == "Sam"


# --- whole games ------------------------------------------------------------------------------


def test_a_whole_game_against_ai_seats_finishes_through_the_table(app):
    """The last deal of a seeded game (the earlier ones played by bots for every seat),
    the human playing the engine's first move: it calls, allows and lays down whenever
    it may."""
    setup = GameSetup(
        "kalooki",
        kalooki_setup(3, seed=7).options,
        7,
        (
            Seat("You", "human"),
            Seat("Ada", "easy"),
            Seat("Bruno", "easy"),
        ),
    )
    session = GameSession(setup)
    assert play_until(session, lambda s: s.state.deal >= 9, limit=20_000)
    table = open_table(app, session)
    table.ai_pause = 0.0
    for _ in range(40_000):
        top = app.stack.top
        if isinstance(top, GameOverScene):
            break
        if isinstance(top, DealSummaryScene):
            top.done()
        elif table.my_turn:
            table.play(table.session.legal_actions()[0])
        frames(app)
    assert isinstance(app.stack.top, GameOverScene)
    assert table.session.finished and len(table.session.state.history) == 9
    assert [len(line) for line in app.stack.top.result.series] == [10, 10, 10]


def kalooki_soak(app: App, seed: int, start_deal: int, events: int) -> None:
    """Random gestures, the table's own keys and now and then a legal move, from the
    start of ``start_deal`` (earlier deals played by bots) until the game ends."""
    from tests.app.table.test_soak import random_input

    session = GameSession(kalooki_setup(3, seed=seed))
    assert play_until(session, lambda s: s.state.deal >= start_deal, limit=20_000)
    table = open_table(app, session)
    table.ai_pause = 0.0
    rng = random.Random(seed)
    keys = (pygame.K_c, pygame.K_p, pygame.K_a, pygame.K_n, pygame.K_l, pygame.K_BACKSPACE)
    for step in range(events):
        top = app.stack.top
        if isinstance(top, GameOverScene):
            break
        if top is table:
            if rng.random() < 0.2:
                code = rng.choice(keys)
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=""))
            else:
                random_input(rng, app, table)
        frames(app, 2)
        if step % 5 == 0:
            top = app.stack.top
            if isinstance(top, DealSummaryScene):
                top.done()
            elif top is not table:
                pygame.event.post(
                    pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")
                )
            elif table.my_turn:
                table.play(rng.choice(table.session.legal_actions()))
        assert len(table.animator.flights) < 400
        assert len(table.log_lines) <= LOG_KEEP
    assert table.session.finished


def test_random_clicks_and_keys_never_break_a_kalooki_game(app):
    """A short soak over the last deal (``CARD_PARLOUR_SOAK=N`` plays N whole games)."""
    kalooki_soak(app, seed=11, start_deal=9, events=4000)


@pytest.mark.skipif(not GAMES, reason="set CARD_PARLOUR_SOAK=N for the long soak")
@pytest.mark.parametrize("seed", range(20, 20 + max(GAMES, 1)))
def test_long_kalooki_soak(app, seed):
    kalooki_soak(app, seed=seed, start_deal=1, events=60_000)


def test_a_player_who_never_calls_is_not_asked_and_the_card_goes_by(app):
    app.update_settings(save=False, kalooki_calls="never")
    table = asked_table(app)
    assert table.hooks.prompt_kind() is None and table.hooks.prompt() is None
    assert "call" not in buttons(table)
    assert "You never call (Settings)" in table.table_notes(table.view)
    assert until(app, lambda: table.session.log == [DeclineCall()], limit=600)
    assert table.session.state.phase != CALL or table.session.state.asking != 0
    app.update_settings(save=False, kalooki_calls="ask")
    assert asked_table(app).hooks.prompt_kind() == "call"


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
def test_the_call_prompt_never_covers_a_meld(paths, size):
    """Six players in a small window, in Japanese (the longest words): the prompt may
    grow over the table, but never over a meld of any seat."""
    from tests.app.table.test_kalooki import four, three

    melds = tuple(
        m
        for seat in range(1, 6)
        for m in (three("9S 9H 9D", seat), four("4C 5C 6C 7C", seat), three("KS KH KD", seat))
    )
    hands = tuple(hand("7H 7C 2S 9D 3C 4D 8H 10S JD") for _ in range(6))
    with headless_app(paths, size=size, language="ja") as app:
        table = kalooki_table(
            app,
            ("human", *["easy"] * 5),
            names=("あなた", "アダ", "ブルーノ", "クララ", "デヴ", "エレナ"),
            seat=4,
            phase=CALL,
            asking=0,
            hands=hands,
            melds=melds,
            laid_down=(False, True, True, True, True, True),
            discard=hand("KC 7D"),
            discarded_by=3,
            calls_left=(3,) * 6,
        )
        assert table.hooks.prompt_kind() == "call"
        area = table.hooks.prompt_area()
        assert area is not None and area.w > 0
        assert len(table.hooks.meld_areas()) == len(melds)
        assert area.collidelist(table.hooks.meld_areas()) == -1
