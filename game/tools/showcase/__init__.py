"""The developer tools' pictures of every game: what the self-test, the snapshots, the
screenshots and the frame benchmark show. Each game has a module here, named by its
manifest (``GameInfo.showcase``), with the same three functions:

- ``catalogue(app)``: (name, make scene) pairs for the self-test and the snapshots;
- ``render_screenshots(folder, quantize)``: its pictures for docs/screenshots;
- ``frames(seed)``: its entries of the frame benchmark (``game/tools/frame_bench.py``).

This module holds what they share: seats, a bot-played position (``play_until``), the
screenshot windows, a still table and a drag caught on its way.
``python -m game.tools.showcase docs/screenshots [game ...]`` draws the screenshots.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, TypeVar, runtime_checkable

from game.ai.base import BotSettings
from game.ai.seat import Seat as AiSeat
from game.app.scripted import move_held, press, save_picture
from game.app.session import GameSession
from game.app.setup import Seat

if TYPE_CHECKING:
    from game.app.app import App
    from game.app.table.hooks import GameHooks
    from game.app.table.layout import TableLayout
    from game.app.table.table_scene import TableScene
    from game.engine.cards import Card

TableT = TypeVar("TableT", bound="TableScene")
HooksT = TypeVar("HooksT", bound="GameHooks")

NAMES = ("You", "Ada", "Bruno", "Clara", "Dev", "Elena", "Farid", "Greta", "Hugo", "Iris")
KINDS = ("human", "normal", "easy", "hard", "normal", "easy", "normal", "easy", "hard", "normal")
SHOT_WINDOWS: tuple[tuple[tuple[int, int], str], ...] = (
    ((1280, 800), "en"),
    ((1024, 640), "en"),
    ((1024, 640), "ja"),
)


def showcase_seats(players: int, humans: int = 1) -> tuple[Seat, ...]:
    """You, Ada, Bruno ...: the first ``humans`` seats people, the others AIs of mixed
    levels."""
    return tuple(Seat(NAMES[i], "human" if i < humans else KINDS[i]) for i in range(players))


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
        if seat is None:  # nobody may move: the position cannot be reached
            return False
        bot = bots.get(seat)
        if bot is None:
            game_id, seed = session.setup.game_id, session.setup.seed
            bot = bots[seat] = AiSeat(game_id, seat, "easy", seed, settings)
        view = session.rules.view(session.state, seat)
        action = bot.decide(view, session.legal_actions(), session.public_history(seat))
        session.apply(action)
    return done(session)


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
        for _ in range(self.frames):
            app.frame(1 / 60)
        path = self.out / f"{self.game}_{name}_{self.tag}.png"
        save_picture(app.draw(), path)
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


def game_table(kind: type[TableT], table: TableScene) -> TableT:
    """``table`` as its game's table (a position made for that game opens it)."""
    if not isinstance(table, kind):
        raise TypeError(f"{type(table).__name__} is not a {kind.__name__}")
    return table


def game_hooks(kind: type[HooksT], table: TableScene) -> HooksT:
    """``table``'s hooks as its game's (a position made for that game opens it)."""
    hooks = table.hooks
    if not isinstance(hooks, kind):
        raise TypeError(f"{type(hooks).__name__} is not a {kind.__name__}")
    return hooks


def laid_out(table: TableScene) -> TableLayout:
    """The table's layout (an open table is laid out on its first frame)."""
    if table.layout is None:
        raise RuntimeError("the table is not laid out yet")
    return table.layout


def card_at(table: TableScene, card: Card) -> tuple[int, int]:
    """The middle of the part of ``card`` that answers the mouse, where a drag starts."""
    token = table.picture.get(card)
    if token is None or token.hit is None:
        raise RuntimeError(f"{card} is not drawn on the table")
    return token.hit.center


@runtime_checkable
class Closes(Protocol):
    """An end screen over the table that its Done button (or Enter) closes."""

    def done(self) -> None: ...


def close_top(app: App) -> None:
    """Close the end screen on top of the stack, as its Done button would."""
    top = app.stack.top
    if not isinstance(top, Closes):
        raise RuntimeError(f"{type(top).__name__} on top has no Done")
    top.done()


def hold_drag(app: App, start: tuple[int, int], end: tuple[int, int], tenths: int = 8) -> None:
    """Press the mouse at ``start`` and move ``tenths`` tenths of the way to ``end``,
    the button held: a drag caught on its way."""
    press(start)
    app.frame(1 / 60)
    for i in range(1, tenths + 1):
        pos = (start[0] + (end[0] - start[0]) * i // 10, start[1] + (end[1] - start[1]) * i // 10)
        move_held(pos)
        app.frame(1 / 60)
