"""Watching a table from a headless app (issue 25 §3): Join's Watch opens the game's
table for a spectator, read-only (no hint, no undo, no card picked up, no move), every
hand drawn as backs; at the end of a deal the app offers "Take this seat" for the
computer's seat, and taking it opens the player's table at that seat. Real server and
clients on 127.0.0.1."""

from __future__ import annotations

import time

import pygame
import pytest

from game.app import i18n
from game.app.i18n import tr, ui
from game.app.net_session import NetSession
from game.app.table.table_scene import TableScene
from game.app.ui.form import press_event
from game.app.watch_session import WatchSession
from game.net.client import NetClient
from tests.app.conftest import frames
from tests.app.keys import key, tab_to
from tests.app.online.screens import retype, until
from tests.app.online.test_refusals import open_join
from tests.net.netplay import Player


def hosted_kaluki(url: str) -> Player:
    """Ann's Kaluki table, the second seat left open (the computer plays it), started."""
    client = NetClient(url)
    client.connect()
    assert client.create("kaluki", [{"kind": "you"}, {"kind": "open"}], "Ann", seed=11).ok
    assert client.start().ok
    return Player(client)


def watch_by_code(app, url: str, code: str) -> TableScene:
    """Join a table: the address and code typed, Watch chosen by keys; the table opened."""
    open_join(app)
    retype(app, "address", url.removeprefix("http://"))
    retype(app, "code", code)
    tab_to(app, "watch")
    key(app, pygame.K_RETURN)
    until([app], lambda: watching_table(app) is not None)
    table = watching_table(app)
    assert table is not None
    return table


def watching_table(app) -> TableScene | None:
    top = app.stack.top
    if isinstance(top, TableScene) and isinstance(top.session, WatchSession):
        return top
    return None


def only_backs_in_hands(table: TableScene) -> None:
    """No card of any hand is drawn face up: every hand is a fan of backs."""
    hands = [t for t in table.picture if t.zone.startswith("hand:")]
    assert hands, "each hand shows as backs at its name plate"
    assert all(t.card is None and not t.place.face_up for t in hands)
    seats = {t.zone for t in hands}
    assert seats == {"hand:0", "hand:1"}, seats  # the bottom seat's too


@pytest.mark.parametrize("language", ["en", "ja"])
def test_watch_opens_a_read_only_table_of_backs_and_takes_a_seat_between_deals(
    app, server, language
):
    i18n.set_language(language)
    server.server.spectators.window = 60.0  # a loaded machine still catches the break
    ann = hosted_kaluki(server.url)
    try:
        table = watch_by_code(app, server.url, ann.client.code or "")
        until([app], lambda: bool(table.picture.tokens))
        only_backs_in_hands(table)
        names = set(table.side_buttons.values())
        assert names == {"chat", "menu", "help"}, names  # no sort, hint or undo
        assert table.watch is not None and table.watch.leave_button is not None

        def ann_plays(n: int) -> None:
            deadline = time.monotonic() + 60
            while ann.view.n < n:
                assert time.monotonic() < deadline
                ann.step()
                frames(app, 1)
                time.sleep(0.005)

        ann_plays(3)
        until([app], lambda: table.session.move_count >= 3)
        only_backs_in_hands(table)
        moves = table.session.move_count
        for code in (pygame.K_h, pygame.K_z, pygame.K_RETURN, pygame.K_d):
            key(app, code)
        stock = table.layout.stock.center
        for event in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            pygame.event.post(pygame.event.Event(event, button=1, pos=stock))
        frames(app, 3)
        assert table.drag is None and table.session.pending is None
        assert table.hint is None and table.notice == ""  # nothing tried, nothing refused
        assert table.session.move_count >= moves
        assert table.session.problem(ann.view.legal[0] if ann.view.legal else None) is not None

        def offered() -> bool:
            ann.step()
            return bool(table.watch.offers) or ann.view.finished

        until([app], offered, seconds=240)
        assert list(table.watch.offers.values()) == [1]
        offer = next(iter(table.watch.offers))
        assert offer.text == ui("watch.take_seat") and offer.text_kwargs == {"name": "AI 2"}
        assert tr("watch.take_seat", name="AI 2") != "watch.take_seat"
        for _ in range(5):  # the deal's summary shows first: its Continue closes it
            if app.stack.top is table:
                break
            key(app, pygame.K_RETURN)
            frames(app, 2)
        assert app.stack.top is table and table.watch.offers, "still offered after the summary"
        assert table.on_ui_event(press_event(next(iter(table.watch.offers))))  # a click

        def seated() -> TableScene | None:
            top = app.stack.top
            if isinstance(top, TableScene) and type(top.session) is NetSession:
                return top
            return None

        until([app], lambda: seated() is not None and seated().session.seat.seat == 1)
        mine = seated()
        assert mine.session.my_seat == 1 and mine.watch is None
        assert mine.view.seat == 1  # the seat's own view now (its hand, once dealt)
        assert "hint" in set(mine.side_buttons.values())
        lobby = mine.session.seat.lobby
        assert lobby is not None and lobby.seats[1]["kind"] == "human"
    finally:
        ann.client.close()
