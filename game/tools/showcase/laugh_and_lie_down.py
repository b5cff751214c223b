"""Laugh and Lie Down at interesting moments, for the self-test, the snapshots and the
screenshots: games played by Easy bots (synchronously, seeded, so always the same).

``python -m game.tools.showcase docs/screenshots laugh_and_lie_down`` writes the
screenshots ``laugh_and_lie_down_*.png``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from game.app.session import GameSession
from game.app.setup import GameSetup, Seat
from game.games.laugh_and_lie_down import LaughOptions
from game.games.laugh_and_lie_down.state import CLAIMS, DEAL_OVER, PLAY

if TYPE_CHECKING:
    from game.app.app import App
    from game.app.table.table_scene import TableScene

from game.tools.showcase import (
    KINDS,
    NAMES,
    Closes,
    Screenshots,
    card_at,
    game_hooks,
    hold_drag,
    play_until,
    still_table,
)


def laugh_setup(
    players: int,
    seed: int = 1,
    humans: int = 1,
    auto_declare: bool = True,
    rounds: int = 2,
    level: str | None = None,
) -> GameSetup:
    """The first ``humans`` seats are people (the options' ``humans`` says so too, as
    the new-game screen does); the others AIs of mixed levels, or all of ``level``."""
    kinds = [
        "human" if i < humans else level or (KINDS[i] if i else "normal") for i in range(players)
    ]
    seats = tuple(Seat(NAMES[i], kind) for i, kind in enumerate(kinds))
    options = LaughOptions(
        players=players,
        auto_declare=auto_declare,
        rounds=rounds,
        humans=tuple(range(humans)),
    )
    return GameSetup("laugh_and_lie_down", options, seed, seats)


def mid_deal_session(players: int, seed: int = 1, captures: int = 5) -> GameSession:
    """A game in its second deal or later, at the human's turn, with ``captures`` or
    more captures made this deal, a full layout with ranks doubled up, and a capture
    to make."""
    for attempt in range(60):
        session = GameSession(laugh_setup(players, seed + attempt))

        def ready(s: GameSession) -> bool:
            st = s.state
            ranks = [card.rank for card in st.layout]
            return (
                st.deal >= 2
                and st.phase == PLAY
                and st.to_act == 0
                and st.moment >= captures
                and len(ranks) >= 9
                and len(ranks) > len(set(ranks))
                and len(st.hands[0]) >= 3
                and any(card.rank in ranks for card in st.hands[0])
            )

        if play_until(session, ready):
            return session
    raise RuntimeError("no mid-deal position found")


def deal_over_session(players: int, seed: int = 1) -> GameSession:
    """A game whose second deal has just ended (the settlement is due)."""
    session = GameSession(laugh_setup(players, seed))
    if not play_until(session, lambda s: s.state.phase == DEAL_OVER and s.state.deal >= 2):
        raise RuntimeError("the deal never ended")
    return session


def finished_session(players: int, seed: int = 1, rounds: int = 2) -> GameSession:
    session = GameSession(laugh_setup(players, seed, rounds=rounds))
    if not play_until(session, lambda s: s.finished, limit=20_000):
        raise RuntimeError("the game never ended")
    return session


def claim_session(players: int = 4, seed: int = 1) -> GameSession:
    """Auto-declare off, the human asked in a claim window with something to do."""
    from game.games.laugh_and_lie_down.state import ClaimDead, DeclareDead

    for attempt in range(200):
        session = GameSession(laugh_setup(players, seed + attempt, auto_declare=False))

        def ready(s: GameSession) -> bool:
            st = s.state
            return (
                st.phase == CLAIMS
                and st.to_act == 0
                and any(isinstance(a, ClaimDead | DeclareDead) for a in s.legal_actions())
            )

        if play_until(session, ready, limit=400):
            return session
    raise RuntimeError("no claim window found")


def render_screenshots(folder: str, quantize: bool = True) -> list[str]:
    """The table with 4 and 5 players at 1280x800 and 1024x640 (and in Japanese), a
    capture being dragged, a captured pile shown in full, the claim prompt, the
    settlement (in both languages) and the final standings."""
    from game.app.table.laugh_and_lie_down import LaughHooks

    shots = Screenshots(folder, "laugh_and_lie_down", quantize)
    for app, size, language in shots.windows():
        for players in (5, 4) if language == "en" else (5,):
            still_table(app, mid_deal_session(players))
            shots.save(app, f"{players}p")
        still_table(app, deal_over_session(5))
        for _ in range(10):
            app.frame(1 / 60)
        shots.save(app, "settlement")
        if language != "en":  # the claim prompt's buttons in the other language
            still_table(app, claim_session())
            shots.save(app, "claim")
        if size == (1280, 800):
            table = still_table(app, mid_deal_session(5))
            hooks = game_hooks(LaughHooks, table)
            drag_to_capture(app, table)
            shots.save(app, "drag")
            table.cancel_drag()
            piles = table.view.captured
            hooks.inspecting = max(range(1, len(piles)), key=lambda s: len(piles[s]))
            shots.save(app, "pile")
            hooks.inspecting = None
            still_table(app, claim_session())
            shots.save(app, "claim")
            last = still_table(app, finished_session(5, rounds=2))
            for _ in range(40):
                app.frame(1 / 60)
                top = app.stack.top
                if isinstance(top, Closes) and top is not last:
                    top.done()
            shots.save(app, "game_over")
    return shots.written


def drag_to_capture(app: App, table: TableScene) -> None:
    """Pick up a hand card that can capture and hold it over its layout card."""
    from game.games.laugh_and_lie_down.state import Capture

    capture = next(a for a in table.session.legal_actions() if isinstance(a, Capture))
    target = table.picture.get(capture.target)
    if target is None:
        raise RuntimeError(f"{capture.target} is not drawn on the layout")
    hold_drag(app, card_at(table, capture.card), target.rect.center, tenths=10)


def catalogue(app) -> list[tuple[str, Callable[[], Any]]]:
    """Scenes for the self-test and the snapshots: a five-player table in mid-deal and
    a settlement."""
    from game.app.table.laugh_and_lie_down import LaughHooks
    from game.app.table.laugh_and_lie_down.ending import SettlementScene, deal_summary
    from game.app.table.table_scene import TableScene

    def table() -> TableScene:
        scene = TableScene(app, mid_deal_session(5), LaughHooks)
        scene.ai_pause = 1e9  # a still picture: the AI seats wait
        return scene

    def settlement() -> SettlementScene:
        session = deal_over_session(5)
        names = [seat.name for seat in session.setup.seats]
        return SettlementScene(app, deal_summary(session.view(), names), lambda: None)

    return [
        ("table_laugh_and_lie_down_5", table),
        ("settlement_laugh_and_lie_down", settlement),
    ]


def frames(seed: int) -> dict:
    """Laugh and Lie Down's entry of ``frame_ms``: the drag across a five-player table in
    mid-deal."""
    from game.tools.frame_bench import drag_scenario

    return {
        "laugh_and_lie_down_5p_drag_1280x800": drag_scenario(
            (1280, 800), mid_deal_session(5, seed=seed)
        )
    }
