"""Every failure on the Play online screens is a clear message, never a crash: a code
or address typed wrong, a code no table has, nobody listening at the address, a port
this computer cannot listen on. The Join list shows a table advertised on loopback, and
Enter on it joins it."""

from __future__ import annotations

import socket

import pygame

from game.app.i18n import tr
from game.app.scenes.online.host import HostScene
from game.app.scenes.online.join import GOOD, HINT, WRONG, JoinScene, code_feedback
from game.app.scenes.online.room import WaitingRoomScene
from game.net.discovery import Advertiser
from tests.app.conftest import frames
from tests.app.keys import key, tab_to
from tests.app.online.screens import retype, until


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def open_join(app, interfaces=("127.0.0.1",)) -> JoinScene:
    scene = JoinScene(app, list(interfaces))
    app.start(scene)
    frames(app, 2)
    return scene


def join_with(app, scene: JoinScene, address: str, code: str) -> None:
    retype(app, "address", address)
    retype(app, "code", code)
    tab_to(app, "join")
    key(app, pygame.K_RETURN)
    until([app], lambda: scene.task is None)


def test_the_code_is_checked_as_it_is_typed():
    assert code_feedback("")[0] == HINT
    assert code_feedback("abcd-ef")[0] == HINT  # on the way
    assert code_feedback("ABCD-EFGH-JKLM0")[0] == WRONG  # no 0 in a code
    assert code_feedback("ABCD-EFGH-JKLMNP")[0] == WRONG  # too long
    assert code_feedback("abcd efgh jklmn")[0] == GOOD  # an older table's long code
    assert code_feedback("abcd-efgh") == (GOOD, tr("online.code_ok"))  # today's short one
    assert code_feedback("abcd-efgh-j") == (HINT, tr("online.code_count", n=9, total=13))


def test_wrong_codes_and_addresses_are_refused_with_a_message(app, server):
    scene = open_join(app)
    join_with(app, scene, server.url.removeprefix("http://"), "ABCD")
    assert scene.status.bad and scene.status.line == "The code is not complete yet."
    join_with(app, scene, "no such place:99999", "ABCD-EFGH-JKLMN")
    assert scene.status.line == "Type an address like 192.168.1.20:41414."
    join_with(app, scene, server.url.removeprefix("http://"), "ABCD-EFGH-JKLMN")
    assert scene.status.bad and scene.status.line == "There is no table with that code."
    join_with(app, scene, f"127.0.0.1:{free_port()}", "ABCD-EFGH-JKLMN")
    assert scene.status.bad and scene.status.line.startswith("No table server answered")
    assert app.stack.top is scene  # still here, nothing broke


def test_a_full_table_refuses_a_seat_by_name(app, server):
    from game.net.client import NetClient

    host = NetClient(server.url)
    host.connect()
    try:
        code = host.create("kaluki", [{"kind": "you"}, {"kind": "normal"}], "Ann").data["code"]
        scene = open_join(app)
        join_with(app, scene, server.url.removeprefix("http://"), code)
        assert scene.status.bad and scene.status.line == "Every seat at this table is taken."
    finally:
        host.close()


def test_a_port_in_use_is_said_on_the_host_screen(app):  # (a server runs, unused)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        scene = HostScene(app)
        app.start(scene)
        frames(app, 2)
        scene.listen = "127.0.0.1"
        scene.rebuild()
        retype(app, "where", str(taken.getsockname()[1]))
        tab_to(app, "create")
        key(app, pygame.K_RETURN)
        until([app], lambda: scene.task is None)
    assert scene.status.bad and "cannot take friends" in scene.status.line
    assert app.stack.top is scene


def test_the_join_list_shows_a_table_on_this_network_and_enter_joins_it(app, server):
    from game.net.client import NetClient

    host = NetClient(server.url)
    host.connect()
    code = host.create("kalooki", [{"kind": "you"}, {"kind": "open"}, {"kind": "easy"}], "Ann")
    advert = Advertiser(
        "Ann's table", "127.0.0.1", server.server.port, "kalooki", host.code, ["127.0.0.1"]
    )
    try:
        assert code.ok
        scene = open_join(app)
        until([app], lambda: host.code in [t.code for t in scene.found])
        assert scene.ring.name == "table:0"
        if len(scene.found) > 1:  # another table on this machine: put ours first
            scene.found = [t for t in scene.found if t.code == host.code]
            scene.rebuild()
        (label,) = [b.text for b in scene.found_buttons]
        assert label.startswith("Ann's table") and "Kalooki" in label
        key(app, pygame.K_RETURN)  # Enter joins the table the ring is on
        until([app], lambda: isinstance(app.stack.top, WaitingRoomScene))
        room = app.stack.top
        until([app], lambda: room.lobby is not None)
        assert room.client.seat == 1 and room.code == host.code
    finally:
        advert.close()
        host.close()


def test_a_seat_chosen_by_keys_is_the_seat_taken(app, server):
    from game.net.client import NetClient

    host = NetClient(server.url)
    host.connect()
    try:
        seats = [{"kind": "you"}, {"kind": "open"}, {"kind": "open"}]
        code = host.create("kaluki", seats, "Ann").data["code"]
        scene = open_join(app)
        tab_to(app, "seat")
        for _ in range(3):
            key(app, pygame.K_PLUS)  # Any -> 1 -> 2 -> 3
        assert scene.seat == 3
        key(app, pygame.K_MINUS)
        key(app, pygame.K_PLUS)
        join_with(app, scene, server.url.removeprefix("http://"), code)
        until([app], lambda: isinstance(app.stack.top, WaitingRoomScene))
        assert app.stack.top.client.seat == 2
    finally:
        host.close()
