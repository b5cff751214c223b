"""Play again at the results of an online game, in two real apps: each one click (the
results' Play again) sits its player at the same seat of the table's rematch, and the
new game opens at both tables by itself once both are back."""

from __future__ import annotations

import time

import pygame
import pytest

from game.app.net_session import NetSession
from game.app.scenes.game_over import GameOverScene
from game.app.table import open_net_table
from game.app.table.table_scene import TableScene
from tests.app.keys import key
from tests.net.netplay import close, open_table, play
from tests.net.tablesetup import arrive, close_app, new_app, run


def results(app, table) -> GameOverScene:
    """Frames (and Continue on the last deal's summary) until the results show."""
    deadline = time.monotonic() + 20
    while not isinstance(app.stack.top, GameOverScene):
        assert time.monotonic() < deadline, app.stack.top
        if app.stack.top is not table:  # a deal's summary or settlement: Continue
            key(app, pygame.K_RETURN)
        run(app, None)
    return app.stack.top


def test_play_again_at_the_results_opens_the_same_table_again_for_both(server, tmp_path):
    players, code = open_table(server.url, "laugh_and_lie_down", 5, humans=2)
    apps = [new_app(tmp_path / "ann"), new_app(tmp_path / "bob")]
    try:
        play(players)  # the clients' own bots play the whole game
        overs = []
        for app, player in zip(apps, players):
            table = open_net_table(app, NetSession(player.client, player.view))
            overs.append(results(app, table))
        for over in overs:
            over.on_again()  # one click each
        new = [arrive(app, TableScene) for app in apps]  # dealt once both were back
        assert [t.view_seat for t in new] == [0, 1]
        codes = {t.session.client.code for t in new}
        assert len(codes) == 1 and code not in codes
        assert not any(t.session.finished for t in new)
        assert [s.name for s in new[1].session.setup.seats[:2]] == ["Host", "Guest 1"]
    finally:
        close(players)
        for app in apps:
            close_app(app)


def test_a_rematch_seat_kept_for_its_player_says_so_in_both_languages():
    """Old: the rematch's room showed the seat kept for Bob as 'Player 2 · Open: waiting
    for a friend' (the server's flag 'kept' now tells the two apart)."""
    from game.app import i18n
    from game.app.i18n import tr
    from game.app.scenes.online.room import seat_state

    kept = {"name": "Bob", "kind": "human", "open": True, "kept": True}
    for language in ("en", "ja"):
        i18n.set_language(language)
        assert seat_state(kept, mine=False)[0] == tr("online.seat_kept")
        assert seat_state({**kept, "kept": False}, mine=False)[0] == tr("online.seat_open")
        assert tr("online.seat_kept") != tr("online.seat_open")
    i18n.set_language("en")


@pytest.mark.parametrize("way", ["continue", "join"])
def test_the_rematch_host_who_closed_the_app_in_its_room_comes_back_as_its_host(
    server, tmp_path, way
):
    """Old: the rematch's room kept no record (the finished table's was retired at its
    end), and a rejoin waited for a game's view that a waiting table never sends: Continue
    offered nothing, Join with the code sat the host down afresh (no Start)."""
    from game.app.scenes.online.room import WaitingRoomScene
    from game.app.scenes.title import TitleScene
    from tests.app.online.test_refusals import join_with, open_join

    players, code = open_table(server.url, "laugh_and_lie_down", 5, humans=2)
    folder = tmp_path / "ann"
    app = new_app(folder)
    try:
        play(players)
        table = open_net_table(app, NetSession(players[0].client, players[0].view))
        results(app, table).on_again()  # the host plays again; the guest has not yet
        room = arrive(app, WaitingRoomScene)
        assert room.host
        new_code = room.code
        assert new_code and new_code != code
        close_app(app)  # the host closes the app in the rematch's room
        app = new_app(folder)
        app.start(TitleScene(app))
        run(app, None)
        title = app.stack.top
        assert title.rejoin is not None and title.rejoin.code == new_code
        if way == "continue":
            title.choose("continue")
        else:  # Join, typing the new table's address and code (its record is found)
            join = open_join(app)
            join_with(app, join, server.url.removeprefix("http://"), new_code.lower())
        back = arrive(app, WaitingRoomScene)
        assert back.host and back.code == new_code and back.client.seat == 0
        deadline = time.monotonic() + 10
        while back.lobby is None:  # the seats, as the rejoin sent them
            assert time.monotonic() < deadline
            run(app, None)
        back.start_now()  # (the guest's seat is open: the computer plays it)
        dealt = arrive(app, TableScene)
        assert dealt.view_seat == 0 and dealt.session.client.code == new_code
        assert not dealt.session.finished
    finally:
        close(players)
        close_app(app)
