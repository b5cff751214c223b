"""Online games count in the statistics on each player's own computer, under the game
and format's "online" records, once per game however often its finished table is
opened again (a rejoin). A real server on 127.0.0.1, two real headless apps."""

from __future__ import annotations

import pytest

from game.ai.base import NORMAL
from game.ai.registry import make_bot
from game.app.i18n import tr
from game.app.scenes.deal_summary import DealSummaryScene
from game.app.scenes.game_over import GameOverScene
from game.app.table import open_net_table
from game.net.client import NetClient
from game.persist.stats import ONLINE, Statistics, load_stats, online_game_name
from tests.net.tablesetup import close_app, new_app, run, session_for, until


def seated(url: str) -> list[NetClient]:
    """Ann's and Bob's clients at a short Kaluki table (the game ends at 50), started."""
    clients = [NetClient(url), NetClient(url)]
    for client in clients:
        client.connect()
    seats = [{"kind": "you"}, {"kind": "open"}]
    reply = clients[0].create("kaluki", seats, "Ann", options={"target": 50}, seed=5)
    assert reply.ok, reply
    assert clients[1].join(reply.data["code"], "Bob").ok
    assert clients[0].start().ok
    return clients


def sit(app, client):
    table = open_net_table(app, session_for(client))
    table.ai_pause = 0.0
    run(app, table, 2)
    return table


def play_to_the_end(pairs) -> None:
    bots = [make_bot("kaluki", NORMAL, 0, table.view_seat) for _, table in pairs]
    over = [False] * len(pairs)

    def step() -> bool:
        for number, (app, table) in enumerate(pairs):
            top = app.stack.top
            if isinstance(top, DealSummaryScene):
                top.done()
                run(app, table)
            elif isinstance(top, GameOverScene):
                over[number] = True
            elif top is table and table.my_turn and not table.session.finished:
                s = table.session
                action = bots[number].choose(
                    s.view(), s.legal_actions(), s.public_history(s.my_seat)
                )
                assert table.play(action), table.notice
        return all(over)

    until(pairs, step, seconds=150)


@pytest.mark.parametrize("language", ["en"])
def test_an_online_game_counts_once_on_each_player_s_computer(server, tmp_path, language):
    clients = seated(server.url)
    apps = [new_app(tmp_path / name, language) for name in ("ann", "bob")]
    try:
        pairs = [(app, sit(app, client)) for app, client in zip(apps, clients, strict=True)]
        play_to_the_end(pairs)
        results = pairs[0][1].session.results()
        assert results is not None and results.winners
        assert pairs[1][1].session.results() == results  # both seats read the same standings
        for seat, (app, _table) in enumerate(pairs):
            over = app.stack.top
            assert isinstance(over, GameOverScene)
            assert over.result.note == tr("net_table.stats_online_counted")
            record = app.stats.get("kaluki", ONLINE)
            assert (record.played, record.won) == (1, int(seat in results.winners))
            assert record.best == record.total == results.scores[seat]
            assert app.stats.get("kaluki", "humans").played == 0  # online is kept apart
            on_disk, messages = load_stats(app.paths)
            assert messages == [] and on_disk.get("kaluki", ONLINE) == record
            code, moves = clients[seat].code or "", pairs[0][1].session.move_count
            assert on_disk.has_counted(online_game_name(code, seat, moves))

        # Bob opens the finished table again on a new connection (a rejoin): the
        # results show again and the game is not counted twice.
        bob, first = apps[1], clients[1]
        again = NetClient(server.url)
        again.game_id, again.code, again.seat = first.game_id, first.code, first.seat
        again.credential = first.credential
        clients.append(again)
        first.close()
        again.connect()
        assert again.rejoin().ok
        bob.to_title()
        table = sit(bob, again)

        def results_again() -> bool:
            top = bob.stack.top
            if isinstance(top, DealSummaryScene):  # the last deal's summary first
                top.done()
            return isinstance(bob.stack.top, GameOverScene)

        until([(bob, table)], results_again, seconds=20)
        assert bob.stack.top.result.note == tr("net_table.stats_online_counted")
        assert bob.stats.get("kaluki", ONLINE).played == 1
        assert load_stats(bob.paths)[0].get("kaluki", ONLINE).played == 1
    finally:
        for client in clients:
            client.close()
        for app in apps:
            close_app(app)


def test_a_result_not_finished_or_counted_changes_nothing():
    from game.engine.game import Results
    from game.persist.retire import with_online_game

    undecided = Results((10, 20), (), True, 1)
    assert with_online_game(Statistics(), "kaluki", None, 0, undecided, "g") == Statistics()
    won = Results((10, 20), (0,), True, 1)
    once = with_online_game(Statistics(), "kaluki", None, 0, won, "online-X-0-9")
    assert once.get("kaluki", ONLINE).won == 1
    assert with_online_game(once, "kaluki", None, 0, won, "online-X-0-9") is once
