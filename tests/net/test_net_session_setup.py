"""A networked session's setup follows the table: a seat that joined between rounds
(Indian Rummy) and is not yet named is the computer's; the table may name it."""

from __future__ import annotations

from dataclasses import replace

from game.app.net_session import NetSession
from game.games.registry import get_game
from game.persist.savedgame import Seat
from tests.net.test_net_session import _Offline


def test_a_seat_joined_between_rounds_is_in_the_setup():
    info = get_game("indian_rummy")
    state, _ = info.rules.start(info.options(players=3), 5)
    session = NetSession(_Offline("indian_rummy", 0))
    session.seat.seat, session.seat.names = 0, ("Ann", "Bob", "Cleo")
    session.seat.view = info.rules.view(state, 0)
    assert [seat.name for seat in session.setup.seats] == ["Ann", "Bob", "Cleo"]
    view = session.seat.view
    session.seat.view = replace(view, hand_sizes=(*view.hand_sizes, 0))  # a fourth sat down
    assert session.setup.seats[3] == Seat("AI 4", "normal")
    session.setup = replace(session.setup, seats=(*session.setup.seats[:3], Seat("Dee", "normal")))
    assert session.setup.seats[3].name == "Dee"
