"""The frame benchmark's online scenario runs: a networked seat's table draws frames
while the server's AIs' moves arrive (a short run; the figures are the benchmark's)."""

from __future__ import annotations

from game.tools import online_frames


def test_the_online_frame_scenario_draws_while_moves_arrive(monkeypatch):
    monkeypatch.setattr(online_frames, "FRAMES", 240)
    figures = online_frames.online_frames(2)["kalooki_online_4p_1280x800"]
    assert figures["n"] == 240 and figures["fps"] > 0
    assert figures["moves_arrived"] > 0  # the other seats' moves came in meanwhile
