"""Tables at interesting moments, for the self-test, the snapshots, the screenshots and
the frame benchmark: a game played by bots (synchronously, seeded, so always the same)
until a late position with melds on the table and the human to play.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from game.ai.base import BotSettings
from game.ai.seat import Seat as AiSeat
from game.app.scenes.deal_summary import DealSummary, SummaryRow
from game.app.scenes.game_over import FinalResult, Standing
from game.app.session import GameSession
from game.app.setup import GameSetup, Seat
from game.engine.actions import Draw
from game.engine.cards import parse_cards
from game.games.kaluki import KalukiOptions

if TYPE_CHECKING:
    from game.app.app import App
    from game.app.table.table_scene import TableScene

NAMES = ("You", "Ada", "Bruno", "Clara", "Dev", "Elena", "Farid", "Greta", "Hugo", "Iris")
KINDS = ("human", "normal", "easy", "hard", "normal", "easy", "normal", "easy", "hard", "normal")
SHOT_WINDOWS = (((1280, 800), "en"), ((1024, 640), "en"), ((1024, 640), "ja"))


def showcase_seats(players: int, humans: int = 1) -> tuple[Seat, ...]:
    """You, Ada, Bruno ...: the first ``humans`` seats people, the others AIs of mixed
    levels."""
    return tuple(Seat(NAMES[i], "human" if i < humans else KINDS[i]) for i in range(players))


def kaluki_setup(players: int, seed: int = 1, humans: int = 1) -> GameSetup:
    return GameSetup(
        "kaluki", KalukiOptions(players=players), seed, showcase_seats(players, humans)
    )


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


class Screenshots:
    """Pictures of the app for docs/screenshots, written as ``<game>_<name>_<window>.png``
    into ``folder``: :meth:`windows` opens one still window (no motion, no sound, its
    files in a throwaway folder) per size and language in turn, and :meth:`save` draws
    ``frames`` frames and writes the picture. ``quantize`` makes small 256-colour PNGs
    with ImageMagick when it is installed."""

    def __init__(self, folder: str, game: str, quantize: bool = True, frames: int = 3) -> None:
        self.out = Path(folder)
        self.game = game
        self.quantize = quantize
        self.frames = frames
        self.tag = ""  # the window's: "1280x800", "1024x640_ja"
        self.written: list[str] = []

    def windows(self) -> Iterator[tuple[App, tuple[int, int], str]]:
        """(app, size, language) for 1280x800 and 1024x640 in English, 1024x640 in
        Japanese; each window is closed before the next opens."""
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        from game.app.app import App
        from game.app.i18n import set_language
        from game.persist.paths import Paths
        from game.persist.settings import Settings

        self.out.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(prefix="card-parlour-shots-") as home:
            root = Path(home)
            paths = Paths(saves=root / "saves", config=root, data=root)
            for size, language in SHOT_WINDOWS:
                settings = Settings(language=language, reduce_motion=True, sound=False)
                app = App(paths, settings, size=size)
                self.tag = f"{size[0]}x{size[1]}" + ("_ja" if language == "ja" else "")
                try:
                    yield app, size, language
                finally:
                    app.shutdown()
                    app.window.destroy()
                    set_language("en")

    def save(self, app: App, name: str) -> None:
        import pygame

        for _ in range(self.frames):
            app.frame(1 / 60)
        path = self.out / f"{self.game}_{name}_{self.tag}.png"
        pygame.image.save(app.draw(), str(path))
        convert = shutil.which("convert")
        if self.quantize and convert:
            quantized = [convert, str(path), "+dither", "-colors", "256", f"PNG8:{path}"]
            subprocess.run(quantized, check=True)
        self.written.append(str(path))


def still_table(app: App, session: GameSession) -> TableScene:
    """The session's table on screen, its AI seats waiting (a still picture)."""
    from game.app.table import open_table

    table = open_table(app, session)
    table.ai_pause = 1e9
    return table


def hold_drag(app: App, start: tuple[int, int], end: tuple[int, int], tenths: int = 8) -> None:
    """Press the mouse at ``start`` and move ``tenths`` tenths of the way to ``end``,
    the button held: a drag caught on its way."""
    import pygame

    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    app.frame(1 / 60)
    for i in range(1, tenths + 1):
        pos = (start[0] + (end[0] - start[0]) * i // 10, start[1] + (end[1] - start[1]) * i // 10)
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(1, 0, 0))
        )
        app.frame(1 / 60)


def render_screenshots(folder: str, quantize: bool = True) -> list[str]:
    """Draw the Kaluki table at 1280x800 and 1024x640 with 2, 4 and 6 players, and the
    end screens, into ``folder`` (``python -m game.app.table.showcase docs/screenshots``)."""
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
            hold_drag(app, table.picture.get(card).hit.center, table.layout.discard.center)
            shots.save(app, "drag")
            table.cancel_drag()
            app.stack.push(DealSummaryScene(app, sample_summary(), lambda: None))
            shots.save(app, "deal_summary")
            app.stack.reset(GameOverScene(app, sample_result(), lambda: None, lambda: None))
            shots.save(app, "game_over")
    return shots.written


if __name__ == "__main__":
    import sys

    for written_path in render_screenshots(sys.argv[1] if len(sys.argv) > 1 else "screenshots"):
        print(written_path)
