"""Play online by keys alone, with a real table server on 127.0.0.1: the host makes a
table, its waiting room shows the code, a second app joins by the typed address and
code, both rooms show the two seats, the host starts and both reach the table."""

from __future__ import annotations

import pygame
import pytest

from game.app.scenes.online import join as join_screen
from game.app.scenes.online.host import HostScene
from game.app.scenes.online.join import JoinScene
from game.app.scenes.online.menu import PlayOnlineScene
from game.app.scenes.online.room import WaitingRoomScene
from game.app.scenes.title import TitleScene
from game.app.table.table_scene import TableScene
from game.net.protocol import show_code
from tests.app.conftest import frames, headless_app, paths_in
from tests.app.keys import key, tab_to
from tests.app.online.screens import press_until, retype, until


@pytest.fixture
def tables(monkeypatch):
    """The Join screen looks for tables on the loopback interface only."""
    monkeypatch.setattr(join_screen, "DISCOVERY_INTERFACES", ["127.0.0.1"])


# Zeroconf's browser asks again after 1, 2, 4, 8, 16, 32 s: on a loaded machine (an answer
# late or lost) finding the advert can take a minute, and hosting starts a server thread
# in the app. The bound only stops a hang: the waits are on what is meant (the table
# found, both seated, both at the table).
NETWORK_WAIT_S = 120.0


def open_online(app) -> PlayOnlineScene:
    app.start(TitleScene(app))
    frames(app, 2)
    tab_to(app, "online")
    key(app, pygame.K_RETURN)
    frames(app, 1)
    assert isinstance(app.stack.top, PlayOnlineScene)
    return app.stack.top


def host_by_keys(app, port: str = "0") -> WaitingRoomScene:
    menu = open_online(app)
    assert menu.ring.name == "host"
    key(app, pygame.K_RETURN)
    host = app.stack.top
    assert isinstance(host, HostScene) and host.ring.name == "create"
    press_until(app, "game", pygame.K_LEFT, lambda: host.game_id == "kaluki")
    press_until(app, "players", pygame.K_LEFT, lambda: host.choices.players == 2)
    press_until(app, "listen", pygame.K_RIGHT, lambda: host.listen == "127.0.0.1")
    retype(app, "where", port)  # port 0: any free port
    retype(app, "name", "Ann")
    tab_to(app, "create")
    key(app, pygame.K_RETURN)
    until(
        [app],
        lambda: isinstance(app.stack.top, WaitingRoomScene) and app.stack.top.lobby,
        NETWORK_WAIT_S,
    )
    return app.stack.top


def test_host_and_join_by_keys_then_start_reaches_both_tables(tmp_path, tables):
    with (
        headless_app(paths_in(tmp_path / "ann")) as ann,
        headless_app(paths_in(tmp_path / "bob")) as bob,
    ):
        room = host_by_keys(ann)
        assert room.host and room.ring.name == "start"
        assert room.joined.address.startswith("127.0.0.1:")
        code = room.code
        assert len(code) == 8 and show_code(code).count("-") == 1  # ABCD-EFGH, read aloud
        assert room.lobby.seats[0]["name"] == "Ann" and room.lobby.seats[1]["open"]
        assert ann.settings.online_name == "Ann"  # remembered for the next table

        open_online(bob)  # it checks the menu opened
        tab_to(bob, "join")
        key(bob, pygame.K_RETURN)
        joining = bob.stack.top
        assert isinstance(joining, JoinScene)
        # Ann's table, advertised (other tables on this machine may show as well)
        until([ann, bob], lambda: code in [t.code for t in joining.found], NETWORK_WAIT_S)
        assert joining.ring.name == "table:0"
        retype(bob, "address", room.joined.address)
        retype(bob, "code", show_code(code).lower())  # any case, dashes or not
        retype(bob, "name", "Bob")
        key(bob, pygame.K_RETURN)  # Enter in the name field joins
        frames(bob, 1)  # (its widget's event, before the other app's frame takes it)
        until([ann, bob], lambda: isinstance(bob.stack.top, WaitingRoomScene), NETWORK_WAIT_S)
        guest = bob.stack.top
        both = (room, guest)

        def two_seated() -> bool:
            return all(
                r.lobby is not None
                and [s["name"] for s in r.lobby.seats] == ["Ann", "Bob"]
                and all(s["connected"] for s in r.lobby.seats)
                for r in both
            )

        until([ann, bob], two_seated, NETWORK_WAIT_S)
        assert not guest.host and "start" not in guest.buttons  # Start is the host's
        assert guest.client.seat == 1

        key(ann, pygame.K_RETURN)  # the ring is on Start
        apps = (ann, bob)
        until(
            apps, lambda: all(isinstance(app.stack.top, TableScene) for app in apps), NETWORK_WAIT_S
        )
        assert room.synced is not None and guest.synced is not None
        sessions = [app.stack.top.session for app in apps]
        assert [s.my_seat for s in sessions] == [0, 1]
        assert [s.name for s in sessions[1].setup.seats] == ["Ann", "Bob"]
        assert sessions[0].client is room.client and sessions[1].client is guest.client
        hosting = room.joined.hosting
        assert hosting is not None and not hosting.stopped  # the game goes on
        for session in sessions:
            session.client.close()
        hosting.stop()


def test_leaving_the_room_stops_the_table_server(tmp_path, tables):
    with headless_app(paths_in(tmp_path / "ann")) as ann:
        room = host_by_keys(ann)
        url = room.client.url
        tab_to(ann, "leave")
        key(ann, pygame.K_RETURN)
        assert isinstance(ann.stack.top, HostScene)  # back to the table's choices
        assert room.closing is not None and room.closing.wait(15)
        assert room.joined.hosting.stopped and not room.client.connected
        from game.app.scenes.online.connect import Failed, _connect

        with pytest.raises(Failed):
            _connect(url)  # nobody listens there any more
