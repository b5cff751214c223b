"""Tables at interesting moments, for the self-test, the snapshots, the screenshots and
the frame benchmark: a game played by bots (synchronously, seeded, so always the same)
until a late position with melds on the table and the human to play.
"""

from __future__ import annotations

from collections.abc import Callable

from game.ai.base import BotSettings
from game.ai.seat import Seat as AiSeat
from game.app.scenes.deal_summary import DealSummary, SummaryRow
from game.app.scenes.game_over import FinalResult, Standing
from game.app.session import GameSession
from game.app.setup import GameSetup, Seat
from game.engine.actions import Draw
from game.engine.cards import parse_cards
from game.games.kaluki import KalukiOptions

NAMES = ("You", "Ada", "Bruno", "Clara", "Dev", "Elena", "Farid", "Greta", "Hugo", "Iris")
KINDS = ("human", "normal", "easy", "hard", "normal", "easy", "normal", "easy", "hard", "normal")


def kaluki_setup(players: int, seed: int = 1, humans: int = 1) -> GameSetup:
    seats = tuple(Seat(NAMES[i], "human" if i < humans else KINDS[i]) for i in range(players))
    return GameSetup("kaluki", KalukiOptions(players=players), seed, seats)


def play_until(
    session: GameSession, done: Callable[[GameSession], bool], limit: int = 2000
) -> bool:
    """Let Easy bots play every seat (humans too) until ``done``; True when reached."""
    bots: dict[int, AiSeat] = {}
    settings = BotSettings(rollouts=1)
    for _ in range(limit):
        if done(session):
            return True
        if session.finished:
            return False
        seat = session.to_act
        bot = bots.get(seat)
        if bot is None:
            game_id, seed = session.setup.game_id, session.setup.seed
            bot = bots[seat] = AiSeat(game_id, seat, "easy", seed, settings)
        view = session.rules.view(session.state, seat)
        action = bot.decide(view, session.legal_actions(), session.public_history(seat))
        session.apply(action)
    return done(session)


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


def render_screenshots(folder: str, quantize: bool = True) -> list[str]:
    """Draw the Kaluki table at 1280x800 and 1024x640 with 2, 4 and 6 players, and the
    end screens, into ``folder`` (``python -m game.app.table.showcase docs/screenshots``).
    ``quantize`` makes small 256-colour PNGs with ImageMagick when it is installed."""
    import os
    import shutil
    import subprocess
    import tempfile
    from pathlib import Path

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from game.app.app import App
    from game.app.i18n import set_language
    from game.app.scenes.deal_summary import DealSummaryScene
    from game.app.scenes.game_over import GameOverScene
    from game.app.table import open_table
    from game.persist.paths import Paths
    from game.persist.settings import Settings

    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    with tempfile.TemporaryDirectory(prefix="card-parlour-shots-") as home:
        root = Path(home)
        paths = Paths(saves=root / "saves", config=root, data=root)

        def save(app: App, name: str) -> None:
            for _ in range(3):
                app.frame(1 / 60)
            path = out / f"kaluki_{name}.png"
            pygame.image.save(app.draw(), str(path))
            convert = shutil.which("convert")
            if quantize and convert:
                quantized = [convert, str(path), "+dither", "-colors", "256", f"PNG8:{path}"]
                subprocess.run(quantized, check=True)
            written.append(str(path))

        for size, language in (((1280, 800), "en"), ((1024, 640), "en"), ((1024, 640), "ja")):
            app = App(
                paths, Settings(language=language, reduce_motion=True, sound=False), size=size
            )
            tag = f"{size[0]}x{size[1]}" + ("_ja" if language == "ja" else "")
            try:
                counts = (2, 4, 6) if language == "en" else (4,)
                for players in counts:
                    table = open_table(app, late_kaluki_session(players))
                    table.ai_pause = 1e9
                    save(app, f"{players}p_{tag}")
                if language == "en" and size == (1280, 800):
                    table = open_table(app, late_kaluki_session(4))
                    table.ai_pause = 1e9
                    _drag_half_way(app, table)
                    save(app, f"drag_{tag}")
                    table.cancel_drag()
                    app.stack.push(DealSummaryScene(app, sample_summary(), lambda: None))
                    save(app, f"deal_summary_{tag}")
                    app.stack.reset(GameOverScene(app, sample_result(), lambda: None, lambda: None))
                    save(app, f"game_over_{tag}")
            finally:
                app.shutdown()
                app.window.destroy()
                set_language("en")
    return written


def _drag_half_way(app, table) -> None:
    """Pick up the selected first-meld candidates and hold them over the table."""
    import pygame

    cards = table.hand_cards()
    card = cards[-1]
    start = table.picture.get(card).hit.center
    end = table.layout.discard.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    app.frame(1 / 60)
    for i in range(1, 9):
        pos = (start[0] + (end[0] - start[0]) * i // 10, start[1] + (end[1] - start[1]) * i // 10)
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(1, 0, 0))
        )
        app.frame(1 / 60)


if __name__ == "__main__":
    import sys

    for written_path in render_screenshots(sys.argv[1] if len(sys.argv) > 1 else "screenshots"):
        print(written_path)
