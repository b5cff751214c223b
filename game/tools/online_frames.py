"""The frame benchmark's online scenario: the app's table at a networked seat while the
other seats' moves arrive from a real server on 127.0.0.1 (three Normal AIs played by the
server at 20 moves a second), the app's own turns played by Normal as a quick player
would. Frames are timed whole, as the other scenarios' (events, the network poll, the
animations of the arriving moves, drawing). Aim: 60 frames/s (p99 <= 16.7 ms)."""

from __future__ import annotations

import time

from game.tools.bench import timings

FRAMES = 900
BOT_DELAY = 0.05  # seconds between the server's AI moves: a steady stream of frames


def online_frames(seed: int, size: tuple[int, int] = (1280, 800)) -> dict:
    from game.ai.base import NORMAL
    from game.ai.registry import make_bot
    from game.app.net_session import NetSession
    from game.app.table import open_net_table
    from game.net.client import NetClient
    from game.net.seatview import SeatView
    from game.net.server import ServerThread
    from game.tools.frame_bench import bench_app, cpu_timings

    game_id = "kalooki"
    server = ServerThread("127.0.0.1", 0, bot_delay=BOT_DELAY, tick=0.1, test_seeds=True)
    server.start()
    client = NetClient(server.url)
    try:
        client.connect()
        seats = [{"kind": "you"}] + [{"kind": NORMAL}] * 3
        assert client.create(game_id, seats, "Bench", seed=seed).ok
        assert client.start().ok
        seat = SeatView()
        while seat.view is None:
            seat.feed(client.inbox.get(timeout=10))
        with bench_app(size, reduce_motion=False) as app:
            table = open_net_table(app, NetSession(client, seat))
            bot = make_bot(game_id, NORMAL, seed, table.view_seat)
            samples, cpu_samples, arrived = [], [], 0
            for _ in range(FRAMES):
                s = table.session
                if table.my_turn and not table.animator.busy and not s.finished:
                    action = bot.choose(s.view(), s.legal_actions(), s.public_history(0))
                    table.play(action)  # (outside the timed frame: the player's own move)
                before = s.move_count
                began, cpu = time.perf_counter(), time.thread_time()
                app.frame(1 / 60)
                samples.append(time.perf_counter() - began)
                cpu_samples.append(time.thread_time() - cpu)
                arrived += s.move_count - before
            figures = {**timings(samples), **cpu_timings(cpu_samples)}
            figures["fps"] = round(len(samples) / max(sum(samples), 1e-9), 1)  # as drawn
            figures["moves_arrived"] = arrived
            return {f"{game_id}_online_4p_{size[0]}x{size[1]}": figures}
    finally:
        client.close()
        server.stop()
