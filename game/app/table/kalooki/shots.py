"""The Kalooki table's screenshots for docs/screenshots (``python -m
game.app.table.kalooki.showcase docs/screenshots``): tables of 3, 4 and 6 players at
1280x800 and 1024x640, the call and answer prompts, a contract being staged, in English
and Japanese, and the deal summary and results of games played by bots."""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path


def render(folder: str, quantize: bool = True) -> list[str]:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from game.app.app import App
    from game.app.i18n import set_language
    from game.app.scenes.deal_summary import DealSummaryScene
    from game.app.scenes.game_over import GameOverScene
    from game.app.table import open_table
    from game.app.table.kalooki import showcase
    from game.app.table.showcase import play_until
    from game.persist.paths import Paths
    from game.persist.settings import Settings

    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    written: list[str] = []

    def save(app: App, name: str) -> None:
        for _ in range(3):
            app.frame(1 / 60)
        path = out / f"kalooki_{name}.png"
        pygame.image.save(app.draw(), str(path))
        convert = shutil.which("convert")
        if quantize and convert:
            quantized = [convert, str(path), "+dither", "-colors", "256", f"PNG8:{path}"]
            subprocess.run(quantized, check=True)
        written.append(str(path))

    def still(app: App, session):
        table = open_table(app, session)
        table.ai_pause = 1e9
        return table

    def until_top(app: App, kind: type, limit: int = 600):
        for _ in range(limit):
            if isinstance(app.stack.top, kind):
                return app.stack.top
            app.frame(1 / 60)
        raise RuntimeError(f"no {kind.__name__} came up")

    with tempfile.TemporaryDirectory(prefix="card-parlour-shots-") as home:
        root = Path(home)
        paths = Paths(saves=root / "saves", config=root, data=root)
        for size, language in (((1280, 800), "en"), ((1024, 640), "en"), ((1024, 640), "ja")):
            settings = Settings(language=language, reduce_motion=True, sound=False)
            app = App(paths, settings, size=size)
            tag = f"{size[0]}x{size[1]}" + ("_ja" if language == "ja" else "")
            try:
                counts = (3, 4, 6) if language == "en" else (4,)
                for players in counts:
                    still(app, showcase.late_kalooki_session(players))
                    save(app, f"{players}p_{tag}")
                still(app, showcase.call_session(4 if language == "en" else 6))
                save(app, f"call_{tag}")
                if language == "ja":
                    continue
                still(app, showcase.answer_session(4))
                save(app, f"answer_{tag}")
                showcase.staged_table(app)
                save(app, f"staged_{tag}")
                if size != (1280, 800):
                    continue
                session = showcase.GameSession(showcase.kalooki_setup(4, seed=3))
                play_until(session, lambda s: s.state.deal == 6 and s.state.phase == "deal_over")
                still(app, session)
                until_top(app, DealSummaryScene)
                save(app, f"deal_summary_{tag}")
                session = showcase.GameSession(showcase.kalooki_setup(4, seed=3))
                play_until(session, lambda s: s.finished, limit=20_000)
                still(app, session)
                until_top(app, DealSummaryScene).done()
                until_top(app, GameOverScene)
                save(app, f"game_over_{tag}")
            finally:
                app.shutdown()
                app.window.destroy()
                set_language("en")
    return written
