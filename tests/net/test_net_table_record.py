"""Looking back over an online game at the app (issue 29 §2): a real server on 127.0.0.1,
a real client at a headless app's table. No summary offers the replay before the game is
over; at the end the record is kept among the replays (once, surviving a restart), the
results and the last summary open it, and so does the Load list, as for a local game. A
record that does not replay is refused with the reason and kept aside, never a crash."""

from __future__ import annotations

import json

from game.ai.base import NORMAL
from game.ai.registry import make_bot
from game.app.scenes.deal_summary import DealSummaryScene
from game.app.scenes.dialog import MessageDialog
from game.app.scenes.game_over import GameOverScene
from game.app.scenes.load import LoadScene, _tags
from game.app.scenes.replay import ReplayScene
from game.app.scenes.title import TitleScene
from game.engine import codec
from game.net.client import NetClient
from game.net.record import RECORD, record_frame
from game.persist.replays import list_replays, replay_folder
from tests.net.tablesetup import close_app, new_app, run, seat_clients, sit, until

GAME = "kaluki"


def separators(table) -> list[str]:
    return [line.text for line in table.log_lines if line.deal_start]


def play_to_the_results(app, table, offered: list[bool]) -> GameOverScene:
    """Play the app's seat by Normal's moves until the results; ``offered`` gets, for each
    deal summary, whether it offered the replay."""
    bot = make_bot(GAME, NORMAL, 0, table.view_seat)

    def step() -> bool:
        top = app.stack.top
        if isinstance(top, DealSummaryScene):
            offered.append(top.replay_button is not None)
            top.done()
            run(app, table)
        elif top is table and table.my_turn and not table.session.finished:
            s = table.session
            action = bot.choose(s.view(), s.legal_actions(), s.public_history(s.view_seat))
            assert table.play(action), table.notice
        return isinstance(top, GameOverScene)

    until([(app, table)], step, seconds=150)
    return app.stack.top


def test_an_online_game_is_looked_back_over_from_the_results_and_the_load_list(server, tmp_path):
    (client,) = seat_clients(server.url, GAME, ["you", "normal"], seed=41)
    app = new_app(tmp_path / "ann")
    try:
        table = sit(app, client)
        code = client.code
        offered: list[bool] = []
        results = play_to_the_results(app, table, offered)
        assert offered and not any(offered[:-1])  # only the last summary: the game is over
        assert offered[-1]
        until([(app, table)], lambda: table.session.record is not None, seconds=20)
        assert results.replay_button is not None
        results.press(results.replay_button)
        run(app, table)
        replay = app.stack.top
        assert isinstance(replay, ReplayScene) and replay.replay.state.finished
        stored = server.server.store.load_one(code)
        assert list(replay.saved.log) == stored.log  # the server's moves, every one
        server_state = server.call(lambda: server.server.lobby.tables[code].state)
        assert codec.encode(replay.replay.state) == codec.encode(server_state)
        # The record again (asked, or with a rejoin) is not kept a second time.
        again = client.request(RECORD, {})
        assert again.ok
        table.net.keep_record(record_frame(again.data))
        assert len(list_replays(app.paths)) == 1
        # The table's log kept every deal, each with its separator, and so does the
        # table opened again on a rejoin (the seat's history is the whole game).
        deals = [f"Deal {deal}" for deal in replay.replay.deals]
        assert len(deals) > 1 and separators(table) == deals
        rejoined = NetClient(server.url)
        rejoined.code, rejoined.seat, rejoined.game_id = code, client.seat, GAME
        rejoined.connect()
        rejoined.credential = client.credential
        assert rejoined.rejoin().ok
        other = new_app(tmp_path / "ann-again")
        try:
            assert separators(sit(other, rejoined)) == deals
        finally:
            rejoined.close()
            close_app(other)
        replay.act("first")
        assert replay.replay.at == 0 and not replay.replay.state.finished
        (kept,) = list_replays(app.paths)
        assert kept.game_id == GAME and kept.finished and code in kept.path.name
        assert kept.online  # the Load list names it an online game's (its file says so)
    finally:
        client.close()
        close_app(app)
    again = new_app(tmp_path / "ann")  # the app started again: the Load list has it
    try:
        again.start(TitleScene(again))
        load = LoadScene(again)
        again.stack.push(load)
        again.frame(1 / 60)
        index = next(i for i, s in enumerate(load.saves) if s.kind == "replay")
        assert _tags(load.saves[index]) == ["Replay", "Online"]
        load.select(index)
        load.open_selected()
        again.frame(1 / 60)
        assert isinstance(again.stack.top, ReplayScene)
        assert again.stack.top.replay.state.finished is False  # a kept game opens at its start
    finally:
        close_app(again)


def test_a_record_that_does_not_replay_is_refused_and_kept_aside(server, tmp_path):
    (client,) = seat_clients(server.url, GAME, ["you", "normal"], seed=42)
    app = new_app(tmp_path / "bob")
    try:
        table = sit(app, client)
        play_to_the_results(app, table, [])
        until([(app, table)], lambda: table.session.record is not None, seconds=20)
        good = client.request(RECORD, {}).data
        bad = json.loads(json.dumps(good))
        bad["record"]["log"] = bad["record"]["log"][:-3]  # moves lost on the way
        for name in list(replay_folder(app.paths).glob("*.json")):
            name.unlink()  # as if the good one had never come
        table.session.record = None
        client.inbox.put(record_frame(bad))
        run(app, table, 3)
        notice = app.stack.top
        assert isinstance(notice, MessageDialog) and "does not replay" in notice.lines[0]
        assert "damaged" in notice.lines[0]  # and where it was kept
        aside = list((replay_folder(app.paths) / "damaged").glob("*.json"))
        assert len(aside) == 1 and json.loads(aside[0].read_text()) == bad["record"]
        assert list_replays(app.paths) == []  # never offered
        assert table.session.record is not None and table.session.record.saved is None
        table.net.open_replay()  # Look back says why, opens nothing
        assert not isinstance(app.stack.top, ReplayScene)
    finally:
        client.close()
        close_app(app)
