"""A server that stops cleanly (SIGTERM to ``python -m game serve``) tells its clients it
is going and when to come back, stops within its deadline, and every client comes back by
itself to the server restarted on the same store: the game goes on with no move lost or
played twice. (python-socketio never reconnects after a disconnect the server sent: the
clients' own reconnection loop does.)"""

from __future__ import annotations

import contextlib
import signal
import time

from game.engine import codec
from game.games.registry import get_game
from game.net import messages as m
from game.net.client import NetClient, Reconnecting
from game.net.protocol import GOING
from game.net.server import BACK_IN, STOP_DEADLINE, ServerThread
from tests.net.netplay import close, open_table, play, play_locally, replayed_states
from tests.net.test_resilience import start_server_process, wait_until


def test_sigterm_drains_and_three_clients_rejoin_the_restarted_server_by_themselves(tmp_path):
    db = tmp_path / "tables.db"
    process, port = start_server_process(0, db)
    url = f"http://127.0.0.1:{port}"
    players = []
    try:
        players, _code = open_table(url, "kaluki", 21, record=True, humans=3)
        play(players, until=lambda: min(p.view.n for p in players) >= 20)
        stopped = time.monotonic()
        process.send_signal(signal.SIGTERM)
        assert process.wait(STOP_DEADLINE + 5) == 0
        assert time.monotonic() - stopped < STOP_DEADLINE + 5
        for player in players:  # each heard when to come back, then saw the server go
            wait_until(lambda player=player: not player.client.connected, pump=players)
            assert (GOING, {"seconds": BACK_IN}) in player.client.frames
        stopped_at = max(p.view.n for p in players)
        process, _ = start_server_process(port, db)
        # Nobody does anything: each client's own loop finds the server and rejoins.
        play(players, until=lambda: min(p.view.n for p in players) >= stopped_at + 20)
    finally:
        close(players)
        process.kill()
        process.wait(10)
    _state, log = play_locally("kaluki", 21)
    states = replayed_states("kaluki", 21, log)
    rules = get_game("kaluki").rules
    for player in players:  # every seat sees exactly the game played without the stop
        seen = player.view
        assert codec.encode(seen.view) == codec.encode(rules.view(states[seen.n], seen.seat))
        assert all(r.message is None or r.message.key == m.STALE for r in player.refusals)


def test_a_stopping_server_takes_no_new_tables(tmp_path):
    server = ServerThread("127.0.0.1", 0, db=tmp_path / "tables.db")
    server.start()
    client = NetClient(server.url, reconnect=False)
    try:
        client.connect()
        server.call(lambda: setattr(server.server.lobby, "draining", True))
        reply = client.create("kaluki", [{"kind": "you"}, {"kind": "normal"}], "Ann")
        assert not reply.ok and reply.message.key == m.DRAINING
    finally:
        client.close()
        server.stop()


def test_the_reconnection_loop_is_bounded_and_says_each_attempt(tmp_path):
    from game.net.client import Reconnect

    server = ServerThread("127.0.0.1", 0, db=tmp_path / "tables.db")
    server.start()
    client = NetClient(server.url, retry=Reconnect(first=0.05, most=0.2, attempts=4))
    try:
        client.connect()
        server.stop()  # gone for good
        seen: list[Reconnecting] = []
        deadline = time.monotonic() + 10
        while not (seen and seen[-1].gave_up):
            assert time.monotonic() < deadline, seen
            seen += [item for item in client.poll() if isinstance(item, Reconnecting)]
            time.sleep(0.02)
        assert [item.attempt for item in seen] == [1, 2, 3, 4, 4]
        # The server's word (2 s) is the first wait; then doubled, capped, jittered.
        assert seen[0].retry_in == BACK_IN
        assert all(item.retry_in <= 0.2 for item in seen[1:])
    finally:
        client.close()


def test_sigterm_stops_within_its_deadline_with_an_idle_long_poll_open(tmp_path):
    import json
    import threading
    import urllib.request

    process, port = start_server_process(0, tmp_path / "tables.db")
    try:
        base = f"http://127.0.0.1:{port}/socket.io/?EIO=4&transport=polling"
        with urllib.request.urlopen(base, timeout=5) as opened:
            sid = json.loads(opened.read().decode()[1:])["sid"]
        polling = f"{base}&sid={sid}"
        connect = urllib.request.Request(polling, data=b"40", method="POST")
        urllib.request.urlopen(connect, timeout=5).read()
        urllib.request.urlopen(polling, timeout=5).read()  # the namespace's answer

        def long_poll() -> None:  # idle: the server holds it open, nothing to send
            with contextlib.suppress(Exception):
                urllib.request.urlopen(polling, timeout=60).read()

        threading.Thread(target=long_poll, daemon=True).start()
        time.sleep(0.3)
        stopped = time.monotonic()
        process.send_signal(signal.SIGTERM)
        assert process.wait(STOP_DEADLINE + 5) == 0
        assert time.monotonic() - stopped < STOP_DEADLINE + 2
    finally:
        process.kill()
        process.wait(10)
