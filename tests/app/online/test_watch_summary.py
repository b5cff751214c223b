"""A spectator takes a seat from the deal's summary (issue 25 §3, "watch a table"): the
summary covers the table and its Take this seat buttons, so it offers the seats too,
by mouse and by keyboard, in English and Japanese, and taking one opens the player's
table at that seat as from the table. And a player's table shows how many watch
("1 watching" by the log's title), gone once nobody does. Real server and headless
apps on 127.0.0.1."""

from __future__ import annotations

import time

import pygame
import pytest

from game.app import i18n
from game.app.i18n import ui
from game.app.net_session import NetSession
from game.app.scenes.deal_summary import SummaryScene
from game.app.table import open_net_table
from game.app.table.table_scene import TableScene
from tests.app.conftest import frames
from tests.app.keys import key
from tests.app.online.screens import until
from tests.app.online.test_watch_table import hosted_kaluki, watch_by_code
from tests.net.test_spectators import spectator


def seated(app) -> TableScene | None:
    top = app.stack.top
    if isinstance(top, TableScene) and type(top.session) is NetSession:
        return top
    return None


@pytest.mark.parametrize("language, by", [("ja", "keyboard"), ("en", "mouse")])
def test_a_spectator_takes_the_offered_seat_from_the_deal_s_summary(app, server, language, by):
    i18n.set_language(language)
    server.server.spectators.window = 120.0  # a loaded machine still catches the break
    ann = hosted_kaluki(server.url)
    try:
        table = watch_by_code(app, server.url, ann.client.code or "")

        def summary_offers() -> bool:
            ann.step()
            top = app.stack.top
            return isinstance(top, SummaryScene) and bool(top.offer_buttons)

        until([app], summary_offers, seconds=240)
        summary = app.stack.top
        assert isinstance(summary, SummaryScene) and summary.seat_offers is table.watch
        assert list(summary.offer_buttons.values()) == [1]
        offer = next(iter(summary.offer_buttons))
        assert offer.text == ui("watch.take_seat") and offer.text_kwargs == {"name": "AI 2"}
        assert summary.box.contains(offer.rect)
        assert not offer.rect.colliderect(summary.button.rect)
        if by == "keyboard":
            assert summary.ring.name == "continue"  # Enter alone still closes it
            key(app, pygame.K_TAB)
            assert summary.ring.name == "take:1"
            key(app, pygame.K_RETURN)
        else:
            for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
                pygame.event.post(pygame.event.Event(kind, button=1, pos=offer.rect.center))
                frames(app, 1)
        frames(app, 1)
        assert table.session.sitting is not None or table.session.seated  # asked for it
        until([app], lambda: seated(app) is not None and seated(app).session.seat.seat == 1)
        mine = seated(app)
        assert mine.session.my_seat == 1 and mine.watch is None
        lobby = mine.session.seat.lobby
        assert lobby is not None and lobby.seats[1]["kind"] == "human"
        assert lobby.watching == 0  # it watches no more
    finally:
        ann.client.close()


@pytest.mark.parametrize("language", ["en", "ja"])
def test_a_player_s_table_shows_how_many_watch(app, server, language):
    i18n.set_language(language)
    ann = hosted_kaluki(server.url)
    try:
        deadline = time.monotonic() + 20
        while ann.view.n < 1:
            assert time.monotonic() < deadline
            ann.pump()
            time.sleep(0.02)
        table = open_net_table(app, NetSession(ann.client, ann.view))
        frames(app, 3)
        layout = table.layout
        corner = pygame.Rect(layout.log.centerx, layout.log.y, layout.log.w // 2 - 4, 30)

        def corner_now() -> bytes:
            surface = pygame.Surface(app.size)
            app.draw(surface)
            return pygame.image.tobytes(surface.subsurface(corner), "RGB")

        empty = corner_now()
        sam = spectator(server.url, ann.client.code or "", "Sam")
        until([app], lambda: table.session.watchers == 1)
        shown = corner_now()
        assert shown != empty, "the count shows by the log's title"
        kim = spectator(server.url, ann.client.code or "", "Kim")
        until([app], lambda: table.session.watchers == 2)
        assert corner_now() not in (empty, shown)  # "2 watching"
        sam.close()
        kim.close()
        until([app], lambda: table.session.watchers == 0)
        assert corner_now() == empty  # nobody watches: nothing shown
    finally:
        ann.client.close()
