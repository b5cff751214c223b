"""The table's game session, headless: moves, undo limits and hot-seat hand-offs."""

from dataclasses import replace

import pytest

from game.app.session import GameSession
from game.app.setup import GameSetup, Seat
from game.engine.actions import DISCARD, STOCK, Discard, Draw, LayDown
from game.engine.errors import IllegalAction
from game.engine.melds import loose_meld
from game.games.kaluki import KalukiOptions
from game.games.kaluki.state import DRAW
from tests.helpers import cards, hand


def session_for(kinds, **changes):
    seats = tuple(Seat(f"P{i}", kind) for i, kind in enumerate(kinds))
    setup = GameSetup("kaluki", KalukiOptions(players=len(kinds)), seed=3, seats=seats)
    session = GameSession(setup)
    if changes:
        session.state = replace(session.state, **changes)
    return session


def test_an_illegal_move_changes_nothing_and_says_why():
    session = session_for(["human", "easy"], seat=0, phase=DRAW)
    before, log = session.state, list(session.log)
    with pytest.raises(IllegalAction, match="First draw"):
        session.apply(Discard(session.state.hands[0][0]))
    assert session.state is before and session.log == log
    assert "First draw" in str(session.problem(Discard(session.state.hands[0][0])))


def test_hot_seat_undo_goes_back_inside_the_turn_but_not_past_a_stock_draw():
    # Between people at one screen a card drawn from the stock was seen: no way back.
    session = session_for(
        ["human", "human"],
        seat=0,
        phase=DRAW,
        hands=(hand("KS KH KD QS QH QD 2C"), hand("3C")),
        discard=hand("KC"),
        melded=(True, False),
    )
    session.apply(Draw(DISCARD))  # a card everyone saw: undoable
    assert session.can_undo
    session.apply(LayDown((loose_meld(cards("QS QH QD")),)))
    session.undo()
    assert len(session.state.melds) == 0 and len(session.log) == 1
    session.undo()
    assert session.state.phase == DRAW and session.log == []
    assert not session.can_undo
    session.apply(Draw(STOCK))  # an unseen card: no way back before it
    assert not session.can_undo
    with pytest.raises(IllegalAction, match="Nothing to undo"):
        session.undo()


def test_against_the_computer_undo_goes_back_past_a_stock_draw_and_redo_returns():
    session = session_for(["human", "easy"], seat=0, phase=DRAW)
    before = session.state
    session.apply(Draw(STOCK))
    after = session.state
    assert session.can_undo and not session.can_redo
    session.undo()
    assert session.state == before and session.log == [] and session.can_redo
    session.redo()
    assert session.state == after and session.log == [Draw(STOCK)]
    with pytest.raises(IllegalAction, match="Nothing to redo"):
        session.redo()


def test_undo_is_gone_once_the_turn_has_passed():
    session = session_for(["human", "easy"], seat=0, phase=DRAW)
    session.apply(Draw(STOCK))
    session.apply(Discard(session.state.hands[0][0]))
    assert session.to_act == 1 and not session.can_undo


def test_hot_seat_asks_for_a_hand_off_between_different_humans():
    session = session_for(["human", "human", "easy"], seat=0, phase=DRAW)
    # Even the first human's hand waits for a hand-off at the very start.
    assert session.shown_seat == 0 and session.needs_handoff and session.hand_covered
    session.confirm_handoff()
    assert not session.needs_handoff and not session.hand_covered
    session.apply(Draw(STOCK))
    assert not session.hand_covered  # still this human's turn
    session.apply(Discard(session.state.hands[0][0]))
    assert session.to_act == 1 and session.needs_handoff
    assert session.view().seat == 0  # still the first player's cards until the hand-off
    session.confirm_handoff()
    assert not session.needs_handoff and session.view().seat == 1


def test_hot_seat_covers_the_hand_while_ai_seats_play_until_the_next_human():
    session = session_for(["human", "easy", "human"], seat=0, phase=DRAW)
    session.confirm_handoff()
    session.apply(Draw(STOCK))
    session.apply(Discard(session.state.hands[0][0]))
    assert session.to_act == 1 and session.hand_covered and not session.needs_handoff
    session.apply(Draw(STOCK))  # the AI seat plays: the hand stays covered
    session.apply(Discard(session.state.hands[1][0]))
    assert session.to_act == 2 and session.hand_covered and session.needs_handoff
    session.confirm_handoff()
    assert session.view().seat == 2 and not session.hand_covered


def test_a_single_human_never_needs_a_hand_off():
    session = session_for(["easy", "human", "easy"], seat=0, phase=DRAW)
    assert session.shown_seat == 1
    assert not session.needs_handoff and session.view().seat == 1
    assert not session.hand_covered


def test_every_change_is_reported_for_autosave():
    changes = []
    session = session_for(["human", "easy"], seat=0, phase=DRAW)
    session.on_change = changes.append
    session.apply(Draw(STOCK))
    assert changes == [session]


def test_a_resumed_game_has_the_same_events_for_the_bots():
    setup = GameSetup(
        "kaluki",
        KalukiOptions(players=3),
        seed=8,
        seats=(Seat("A"), Seat("B", "easy"), Seat("C", "easy")),
    )
    live = GameSession(setup)
    assert live.opening  # the first deal's events are kept
    for _ in range(25):
        live.apply(live.legal_actions()[0])
    resumed = GameSession.resume(live.to_saved())
    assert resumed.state == live.state and resumed.log == live.log
    for seat in range(3):
        assert resumed.public_history(seat) == live.public_history(seat)
    hidden = [e for e in resumed.public_history(1) if getattr(e, "dst", "") == "hand:0"]
    assert hidden and all(e.card is None for e in hidden if not e.face_up)


def test_undo_forgets_the_undone_moves_events():
    session = session_for(
        ["human", "easy"],
        seat=0,
        phase=DRAW,
        hands=(hand("KS KH KD QS QH QD 2C"), hand("3C")),
        discard=hand("KC"),
        melded=(True, False),
    )
    before = list(session.public_history(1))
    session.apply(Draw(DISCARD))
    assert len(session.public_history(1)) > len(before)
    session.undo()
    assert session.public_history(1) == before


def test_a_resumed_hot_seat_game_opens_behind_a_hand_off():
    setup = GameSetup(
        "kaluki", KalukiOptions(players=2), seed=4, seats=(Seat("Sam"), Seat("Priya"))
    )
    resumed = GameSession.resume(GameSession(setup).to_saved())
    assert resumed.needs_handoff and resumed.handoff_seat == resumed.to_act
    resumed.confirm_handoff()
    assert not resumed.needs_handoff and resumed.shown_seat == resumed.to_act
