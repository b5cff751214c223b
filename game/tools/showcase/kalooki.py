"""Kalooki tables at telling moments, for the screenshots, the self-test and the
snapshots: games played by Easy bots (seeded, so always the same) until the human seat
is asked to call, must answer a call, or plays late in the game with melds down.

``python -m game.tools.showcase docs/screenshots kalooki`` writes the pictures.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.app.session import GameSession
from game.app.setup import GameSetup
from game.engine.actions import Draw, LayDown
from game.games.kalooki import KalookiOptions
from game.games.kalooki.state import ANSWER, CALL, DRAW, PLAY
from game.tools.showcase import (
    Screenshots,
    play_until,
    showcase_seats,
    still_table,
)


def kalooki_setup(players: int, seed: int = 1, humans: int = 1) -> GameSetup:
    options = KalookiOptions(players=players, two_players=players == 2)
    return GameSetup("kalooki", options, seed, showcase_seats(players, humans))


def _find(
    players: int, done: Callable[[GameSession], bool], seed: int, tries: int = 30
) -> GameSession:
    for attempt in range(tries):
        session = GameSession(kalooki_setup(players, seed + attempt))
        if play_until(session, done, limit=4000):
            return session
    raise RuntimeError("no such Kalooki position found")


def late_kalooki_session(players: int, melds: int = 5, seed: int = 1) -> GameSession:
    """The human's turn (card drawn) in deal 3 or later, ``melds`` or more on the table,
    some with a joker, the human not yet down."""

    def ready(s: GameSession) -> bool:
        st = s.state
        return (
            st.deal >= 3
            and len(st.melds) >= melds
            and any(c.is_joker for m in st.melds for c in m.cards)
            and st.to_act == 0
            and st.phase == DRAW
            and not st.laid_down[0]
        )

    session = _find(players, ready, seed)
    session.apply(Draw())
    if session.state.phase != PLAY or session.state.to_act != 0:
        play_until(session, lambda s: s.state.to_act == 0 and s.state.phase == PLAY)
    return session


def call_session(players: int, seed: int = 1) -> GameSession:
    """The human asked whether to call the discard, in deal 2 or later."""
    return _find(
        players,
        lambda s: s.state.deal >= 2 and s.state.phase == CALL and s.state.asking == 0,
        seed,
    )


def answer_session(players: int, seed: int = 1) -> GameSession:
    """Someone has called while the human is the active player."""
    return _find(
        players,
        lambda s: s.state.phase == ANSWER and s.state.seat == 0,
        seed,
    )


def contract_session(players: int, seed: int = 1) -> GameSession:
    """The human's turn with a contract that can be laid down now (for staging)."""

    def ready(s: GameSession) -> bool:
        st = s.state
        if st.to_act != 0 or st.phase != PLAY or st.deal < 2:
            return False
        return any(isinstance(a, LayDown) for a in s.legal_actions())

    return _find(players, ready, seed)


def staged_table(app, players: int = 4):
    """A table on screen where the human has staged all but the last meld of the
    contract (the AI seats wait)."""
    session = contract_session(players)
    table = still_table(app, session)
    lay = next(a for a in session.legal_actions() if isinstance(a, LayDown))
    table.staged = list(lay.melds[:-1])
    table.refresh()
    return table


def catalogue(app) -> list[tuple[str, Callable[[], Any]]]:
    """Scenes for the self-test and the snapshots: the call prompt at four players and a
    late six-player table."""
    from game.app.table.kalooki import KalookiHooks
    from game.app.table.table_scene import TableScene

    def table(make: Callable[[int], GameSession], players: int) -> TableScene:
        scene = TableScene(app, make(players), KalookiHooks)
        scene.ai_pause = 1e9  # a still picture: the AI seats wait
        return scene

    return [
        ("table_kalooki_call_4", lambda: table(call_session, 4)),
        ("table_kalooki_6", lambda: table(late_kalooki_session, 6)),
    ]


def render_screenshots(folder: str, quantize: bool = True) -> list[str]:
    """The Kalooki table at 1280x800 and 1024x640 (3, 4 and 6 players), the call and
    answer prompts, a contract being staged, in English and Japanese, and the end
    screens of a whole game played by bots."""
    from game.app.scenes.deal_summary import DealSummaryScene
    from game.app.scenes.game_over import GameOverScene

    shots = Screenshots(folder, "kalooki", quantize)
    for app, size, language in shots.windows():
        for players in (3, 4, 6) if language == "en" else (4,):
            still_table(app, late_kalooki_session(players))
            shots.save(app, f"{players}p")
        still_table(app, call_session(4 if language == "en" else 6))
        shots.save(app, "call")
        if language == "ja":
            continue
        still_table(app, answer_session(4))
        shots.save(app, "answer")
        staged_table(app)
        shots.save(app, "staged")
        if size != (1280, 800):
            continue
        session = GameSession(kalooki_setup(4, seed=3))
        play_until(session, lambda s: s.state.deal == 6 and s.state.phase == "deal_over")
        still_table(app, session)
        _until_top(app, DealSummaryScene)
        shots.save(app, "deal_summary")
        session = GameSession(kalooki_setup(4, seed=3))
        play_until(session, lambda s: s.finished, limit=20_000)
        still_table(app, session)
        _until_top(app, DealSummaryScene).done()
        _until_top(app, GameOverScene)
        shots.save(app, "game_over")
    return shots.written


def _until_top(app, kind: type, limit: int = 600):
    """Run frames until a ``kind`` scene is on top (the table shows its summary)."""
    for _ in range(limit):
        if isinstance(app.stack.top, kind):
            return app.stack.top
        app.frame(1 / 60)
    raise RuntimeError(f"no {kind.__name__} came up")


def frames(seed: int) -> dict:
    """Kalooki's entry of ``frame_ms``: the drag across a late six-player table."""
    from game.tools.frame_bench import drag_scenario

    return {
        "kalooki_6p_drag_1280x800": drag_scenario((1280, 800), late_kalooki_session(6, seed=seed))
    }
