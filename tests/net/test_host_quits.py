"""The host quits the app normally in the middle of a game (its table server stops
cleanly: it tells the friends when to come back) and opens it again: Continue serves the
hosted tables again on the same port, and the friend's app, which showed its reconnection
attempts meanwhile, comes back by itself; the game goes on with no move lost."""

from __future__ import annotations

from game.app.scenes.online.connect import HOSTED_DB
from game.app.scenes.title import TitleScene
from game.app.table.table_scene import TableScene
from game.net.client import NetClient
from tests.net.tablesetup import arrive, close_app, new_app, run, sit, until
from tests.net.test_host_rejoin import free_port
from tests.net.test_net_table_rejoin import play_moves


def test_the_host_quits_normally_and_reopens_and_the_friend_comes_back_by_itself(tmp_path):
    folder = tmp_path / "ann"
    ann, bob = new_app(folder), new_app(tmp_path / "bob")
    hosting = ann.hosted.serve("127.0.0.1", free_port(), ann.paths.data / HOSTED_DB)
    host, guest = NetClient(hosting.server.url), NetClient(hosting.server.url)
    try:
        for client in (host, guest):
            client.connect()
        reply = host.create("kaluki", [{"kind": "you"}, {"kind": "open"}], "Ann")
        assert reply.ok and guest.join(reply.data["code"], "Bob").ok and host.start().ok
        tables = [sit(ann, host), sit(bob, guest)]
        play_moves([(ann, tables[0]), (bob, tables[1])], 4)
        moves = tables[1].session.move_count
        close_app(ann)  # Quit: the app's server stops cleanly with it
        friend = tables[1]
        until([(bob, friend)], lambda: friend.net_down and friend.session.reconnecting)
        assert "reconnecting (try " in friend.banner_text()  # the attempts are shown

        ann = new_app(folder)
        ann.start(TitleScene(ann))
        run(ann, None)
        ann.stack.top.choose("continue")
        back = arrive(ann, TableScene)
        assert back.session.move_count >= moves
        pairs = [(ann, back), (bob, friend)]
        until(pairs, lambda: not friend.net_down, seconds=30)  # Bob's app came back
        assert friend.session.move_count == back.session.move_count >= moves
        play_moves(pairs, 4)  # and the game goes on
        # The server was going, not the players: no "has lost the connection" (Bob's
        # own drop had been in Bob's log); each return said once, never to oneself.
        for table, me, other in ((back, "Ann", "Bob"), (friend, "Bob", "Ann")):
            lines = [line.text for line in table.log_lines]
            assert not [line for line in lines if "lost the connection" in line], lines
            assert f"{me} is back at the table." not in lines
            assert lines.count(f"{other} is back at the table.") <= 1
        back.session.close()
    finally:
        guest.close()
        close_app(ann)
        close_app(bob)
