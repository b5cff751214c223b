"""The turn timer at the app's table: a ring on the acting seat's name plate, run down by
the app's own monotonic clock from the server's "seconds left", in the warning colour in
the last 10 s; an away seat is labelled on every plate, and a click brings its own
player back. A real server on 127.0.0.1 (its timers shortened by the test-only
``test_timer``), a real headless app and a real client."""

from __future__ import annotations

import time

import pygame
import pytest

from game.app import i18n
from game.app.messages import render
from game.app.table.panels import SeatInfo, draw_plaque
from game.app.table.turn_ring import RING, WARN, draw_ring
from game.engine.messages import Seat, msg
from game.net import messages as m
from game.net.client import NetClient
from tests.net.conftest import served
from tests.net.tablesetup import close_app, new_app, run, sit, until

LONG_TURN = 30.0  # long enough to look at the ring (the test never waits it out)
# A deal that lasts past both seats' three timeouts and the click (--test-seeds): with a
# random one the computer sometimes went out first, and the table sat at the deal summary
# (the CI failure: "人間, 人間" at the summary after 240 s). Seed 4 is such a deal.
SLOW_DEAL = 1


def colour_count(surface: pygame.Surface, rect: pygame.Rect, colour: tuple) -> int:
    rect = rect.clip(surface.get_rect())
    return sum(
        tuple(surface.get_at((x, y)))[:3] == colour
        for x in range(rect.left, rect.right)
        for y in range(rect.top, rect.bottom)
    )


def test_the_ring_shows_the_time_left_and_turns_the_warning_colour_at_the_end():
    surface = pygame.Surface((80, 80))
    for left, colour, other in ((25.0, RING, WARN), (6.0, WARN, RING)):
        surface.fill((0, 0, 0))
        area = draw_ring(surface, (40, 40), left, 30.0, 1.0)
        assert colour_count(surface, area, colour) > 20
        assert colour_count(surface, area, other) == 0
    # The arc is as long as the share of the time left.
    surface.fill((0, 0, 0))
    full = colour_count(surface, draw_ring(surface, (40, 40), 29.0, 30.0, 1.0), RING)
    surface.fill((0, 0, 0))
    half = colour_count(surface, draw_ring(surface, (40, 40), 15.0, 30.0, 1.0), RING)
    assert 0.3 * full < half < 0.7 * full


def test_a_plate_without_a_timer_draws_as_before():
    info = SeatInfo(0, "Ann", "Human", 13, "0 pts", to_act=True)
    plain, timed = pygame.Surface((260, 90)), pygame.Surface((260, 90))
    for surface in (plain, timed):
        surface.fill((0, 0, 0))
    draw_plaque(plain, pygame.Rect(10, 10, 240, 70), info, 0.0, 1.0)
    again = pygame.Surface((260, 90))
    again.fill((0, 0, 0))
    draw_plaque(again, pygame.Rect(10, 10, 240, 70), info, 0.0, 1.0)
    assert pygame.image.tobytes(plain, "RGB") == pygame.image.tobytes(again, "RGB")
    clocked = SeatInfo(0, "Ann", "Human", 13, "0 pts", to_act=True, clock=(20.0, 30.0))
    draw_plaque(timed, pygame.Rect(10, 10, 240, 70), clocked, 0.0, 1.0)
    assert colour_count(timed, timed.get_rect(), RING) > 20
    assert colour_count(plain, plain.get_rect(), RING) == 0


@pytest.fixture
def timed_server(tmp_path):
    with served(tmp_path / "t.db", test_timer=LONG_TURN) as thread:
        yield thread


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_acting_plate_shows_a_ring_that_runs_down(timed_server, tmp_path, language):
    ann, bob = NetClient(timed_server.url), NetClient(timed_server.url)
    ann.connect()
    bob.connect()
    app = new_app(tmp_path / "ann", language)
    try:
        seats = [{"kind": "you"}, {"kind": "open"}]
        assert ann.create("kaluki", seats, "Ann", timer=30).ok
        assert bob.join(ann.code, "Bob").ok
        assert ann.start().ok
        table = sit(app, ann)
        until([(app, table)], lambda: table.session.turn_time(table.session.to_act) is not None)
        seat = table.session.to_act
        info = table.seat_info(table.view, seat)
        assert info.clock is not None and info.clock[1] == LONG_TURN
        first = info.clock[0]
        assert 0 < first <= LONG_TURN and table.animating  # full frame rate: it runs smoothly
        # What is drawn: the ring's colour on the acting seat's plate, none on the other.
        run(app, table)
        shot = app.draw(pygame.Surface(app.size))
        plate = table.layout.seats[seat].plaque
        other = table.layout.seats[1 - seat].plaque
        assert colour_count(shot, plate, RING) > 20
        assert colour_count(shot, other, RING) == 0
        time.sleep(0.3)
        run(app, table)
        later = table.seat_info(table.view, seat).clock
        assert later is not None and later[0] < first  # by the app's own clock
        # The other seat's plate shows no clock.
        assert table.seat_info(table.view, 1 - seat).clock is None
    finally:
        ann.close()
        bob.close()
        close_app(app)


@pytest.fixture
def quick_server(tmp_path):
    with served(tmp_path / "q.db", test_timer=1.0, test_seeds=True) as thread:
        yield thread


@pytest.mark.parametrize("language", ["en", "ja"])
def test_an_away_seat_is_labelled_and_a_click_brings_its_player_back(
    quick_server, tmp_path, language
):
    ann, bob = NetClient(quick_server.url), NetClient(quick_server.url)
    ann.connect()
    bob.connect()
    app = new_app(tmp_path / "ann", language)
    try:
        seats = [{"kind": "you"}, {"kind": "open"}]
        assert ann.create("kaluki", seats, "Ann", timer=30, seed=SLOW_DEAL).ok
        assert bob.join(ann.code, "Bob").ok
        assert ann.start().ok
        table = sit(app, ann)
        label = i18n.tr("net_table.badge_idle")
        # Nobody moves: three timeouts each, and both seats are away.
        both = [(app, table)]

        def plates() -> list[str]:
            return [table.seat_info(table.view, n).kind for n in (0, 1)]

        def state() -> object:  # what a failure shows: the plates, the seats, the log's end
            lobby = table.session.seat.lobby
            seats = lobby.seats if lobby is not None else None
            return plates(), seats, app.stack.top, [line.text for line in table.log_lines][-8:]

        until(both, lambda: set(plates()) == {label}, 240, state)
        assert table.session.away
        i18n.set_language(language)
        lines = [line.text for line in table.log_lines]
        away = msg(m.PLAYER_AWAY, player=Seat(1))
        ran_out = msg(m.TIME_RAN_OUT, player=Seat(1))
        assert render(away, table.names()) in lines and render(ran_out, table.names()) in lines
        # A click: Ann is back (her plate drops the label); Bob stays away.
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(5, 5)))
        # (looked at frame by frame: three more timeouts later she is away again)
        back = render(msg(m.PLAYER_ACTIVE, player=Seat(0)), table.names())

        def ann_back() -> bool:
            logged = back in [line.text for line in table.log_lines]
            return logged and plates()[0] != label and plates()[1] == label

        until(both, ann_back, 120, state)
    finally:
        ann.close()
        bob.close()
        close_app(app)
