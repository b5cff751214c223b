"""Join sits a player who dropped out back at their seat: the app kept the seat's
record, so typing the table's address and code rejoins with the credential (joining a
game under way afresh would be refused)."""

from __future__ import annotations

from game.app.scenes.title import TitleScene
from game.app.table.table_scene import TableScene
from game.net.protocol import CODE_LENGTH
from tests.app.online.test_refusals import join_with, open_join
from tests.net.tablesetup import arrive, close_app, new_app, run, seat_clients, sit
from tests.net.test_net_table_rejoin import play_moves


def test_typing_the_code_of_a_table_we_sat_at_rejoins_our_seat(server, tmp_path):
    clients = seat_clients(server.url, "kaluki", ["you", "open"], seed=12)
    apps = [new_app(tmp_path / "ann"), new_app(tmp_path / "bob")]
    try:
        tables = [sit(app, client) for app, client in zip(apps, clients)]
        play_moves(list(zip(apps, tables)), 2)
        code = clients[1].code
        assert code is not None and len(code) == CODE_LENGTH
        close_app(apps[1])  # Bob's app closes; his record stays beside his saves
        clients[1].close()
        apps[1] = new_app(tmp_path / "bob")
        apps[1].start(TitleScene(apps[1]))
        run(apps[1], None)
        scene = open_join(apps[1])
        join_with(apps[1], scene, server.url.removeprefix("http://"), code.lower())
        back = arrive(apps[1], TableScene)
        assert back.view_seat == 1
        play_moves([(apps[0], tables[0]), (apps[1], back)], 2)
    finally:
        for client in clients:
            client.close()
        for app in apps:
            close_app(app)
