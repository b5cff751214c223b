"""Kaluki at telling moments, for the self-test, the snapshots, the screenshots and the
frame benchmark: a game played by bots (synchronously, seeded, so always the same) until
a late position with melds on the table and the human to play.

Frame scenario ``kaluki_6p_drag_<size>``: a six-player table in a late deal (melds on the
table, a full hand), a hand card dragged back and forth for 600 frames while batches of
meld cards fly (``frame_bench.drag_scenario``). Scenario ``kaluki_6p_hard_thinking_1280x800``:
five Hard AI seats playing (each decision 400 ms of search on a worker thread) while
frames are drawn back to back: how much a thinking bot costs the window.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from game.app.scenes.deal_summary import DealSummary, SummaryRow
from game.app.scenes.game_over import FinalResult, Standing
from game.app.session import GameSession
from game.app.setup import GameSetup, Seat
from game.engine.actions import Draw
from game.engine.cards import parse_cards
from game.games.kaluki import KalukiOptions
from game.tools.showcase import (
    NAMES,
    Screenshots,
    card_at,
    hold_drag,
    laid_out,
    play_until,
    showcase_seats,
    still_table,
)


def kaluki_setup(players: int, seed: int = 1, humans: int = 1) -> GameSetup:
    return GameSetup(
        "kaluki", KalukiOptions(players=players), seed, showcase_seats(players, humans)
    )


def late_kaluki_session(players: int, melds: int = 6, seed: int = 1) -> GameSession:
    """A Kaluki game at the human's turn (card drawn) with ``melds`` or more on the table,
    in a deal after the first (so the scores are not all zero)."""
    for attempt in range(40):
        session = GameSession(kaluki_setup(players, seed + attempt))
        state = session.state

        def ready(s: GameSession) -> bool:
            st = s.state
            return (
                st.deal >= 2
                and len(st.melds) >= melds
                and st.to_act == 0
                and st.phase == "play"
                and not st.turn.taken_discard
            )

        def in_draw(s: GameSession) -> bool:
            st = s.state
            return st.deal >= 2 and len(st.melds) >= melds and st.to_act == 0 and st.phase == "draw"

        if play_until(session, in_draw):
            session.apply(Draw())
            if ready(session):
                return session
        del state
    raise RuntimeError("no late position found")


def sample_summary() -> DealSummary:
    """A deal summary with made-up figures (texts in the current language)."""
    from game.app.i18n import tr

    rows = (
        SummaryRow(0, "You", (), "0", "31", tr("kaluki.out_note"), True),
        SummaryRow(1, "Ada", tuple(parse_cards("KS QH 7D JK")), "+52", "87"),
        SummaryRow(2, "Bruno", tuple(parse_cards("3C 4C")), "+7", "64"),
        SummaryRow(3, "Clara", tuple(parse_cards("AS 9H 9D 2C 5S")), "+40", "118"),
    )
    return DealSummary(
        tr("kaluki.deal_over", n=3),
        tr("kaluki.went_out", name="You"),
        rows,
        ("You", "Ada", "Bruno", "Clara"),
        (("0", "20", "31", "45"), ("31", "15", "26", "33"), ("0", "52", "7", "40")),
        ("31", "87", "64", "118"),
        points_title=tr("kaluki.penalty"),
        total_title=tr("kaluki.total"),
    )


def sample_result() -> FinalResult:
    """Results with made-up figures (texts in the current language)."""
    from game.app.i18n import tr

    def pts(n: int) -> str:
        return tr("table.points", n=n)

    return FinalResult(
        tr("table.you_win"),
        tr("kaluki.final_subtitle", deals=5, target=150),
        (
            Standing(1, 0, "You", pts(61), True),
            Standing(2, 2, "Bruno", pts(98), False),
            Standing(3, 1, "Ada", pts(127), False),
            Standing(4, 3, "Clara", pts(163), False),
        ),
        (
            (0, 0, 31, 31, 45, 61),
            (0, 20, 35, 87, 110, 127),
            (0, 31, 57, 64, 80, 98),
            (0, 45, 78, 118, 140, 163),
        ),
        target=150,
        note=tr("table.stats_updated", name="You"),
    )


def catalogue(app) -> list[tuple[str, Callable[[], Any]]]:
    """The table (a late deal, two and six players), and the deal summary and results
    with made-up figures."""
    from game.app.scenes.deal_summary import DealSummaryScene
    from game.app.scenes.game_over import GameOverScene
    from game.app.table.kaluki import KalukiHooks
    from game.app.table.table_scene import TableScene

    def table(players: int) -> TableScene:
        scene = TableScene(app, late_kaluki_session(players), KalukiHooks)
        scene.ai_pause = 1e9  # a still picture: the AI seats wait
        return scene

    return [
        ("table_kaluki_2", lambda: table(2)),
        ("table_kaluki_6", lambda: table(6)),
        ("deal_summary", lambda: DealSummaryScene(app, sample_summary(), lambda: None)),
        ("game_over", lambda: GameOverScene(app, sample_result(), lambda: None, lambda: None)),
    ]


def render_screenshots(folder: str, quantize: bool = True) -> list[str]:
    """Draw the Kaluki table at 1280x800 and 1024x640 with 2, 4 and 6 players, and the
    end screens, into ``folder``."""
    from game.app.scenes.deal_summary import DealSummaryScene
    from game.app.scenes.game_over import GameOverScene

    shots = Screenshots(folder, "kaluki", quantize)
    for app, size, language in shots.windows():
        for players in (2, 4, 6) if language == "en" else (4,):
            still_table(app, late_kaluki_session(players))
            shots.save(app, f"{players}p")
        if language == "en" and size == (1280, 800):
            table = still_table(app, late_kaluki_session(4))
            card = table.hand_cards()[-1]  # held over the discard pile
            hold_drag(app, card_at(table, card), laid_out(table).discard.center)
            shots.save(app, "drag")
            table.cancel_drag()
            app.stack.push(DealSummaryScene(app, sample_summary(), lambda: None))
            shots.save(app, "deal_summary")
            app.stack.reset(GameOverScene(app, sample_result(), lambda: None, lambda: None))
            shots.save(app, "game_over")
    return shots.written


def frames(seed: int) -> dict:
    """Kaluki's entries of ``frame_ms``: the drag at both sizes, and Hard bots thinking."""
    from game.tools.frame_bench import SIZES, drag_scenario

    results = {
        f"kaluki_6p_drag_{w}x{h}": drag_scenario((w, h), late_kaluki_session(6, seed=seed))
        for w, h in SIZES
    }
    results["kaluki_6p_hard_thinking_1280x800"] = _hard_thinking((1280, 800), seed)
    return results


def _hard_thinking(size: tuple[int, int], seed: int) -> dict:
    """Frames drawn back to back while five Hard seats play (each decision searches on
    a worker thread); the human seat plays its first legal move."""
    from game.app.table import open_table
    from game.tools.bench import timings
    from game.tools.frame_bench import FRAMES, WARM_UP, bench_app, cpu_timings

    seats = (Seat(NAMES[0], "human"), *(Seat(NAMES[i], "hard") for i in range(1, 6)))
    setup = GameSetup("kaluki", KalukiOptions(players=6), seed, seats)
    with bench_app(size, animation_speed=3.0) as app:
        table = open_table(app, GameSession(setup))
        samples, cpu_samples, thinking = [], [], 0
        for frame in range(WARM_UP + FRAMES):
            began, cpu = time.perf_counter(), time.thread_time()
            app.frame(1 / 60)
            if frame >= WARM_UP:
                samples.append(time.perf_counter() - began)
                cpu_samples.append(time.thread_time() - cpu)
                thinking += table.driver.thinking_seat is not None
            if table.my_turn:
                table.play(table.session.legal_actions()[0])
    return {**timings(samples), **cpu_timings(cpu_samples), "thinking_frames": thinking}
