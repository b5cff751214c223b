"""The application: the window, the main loop, the scene stack and the services scenes
share (settings, card pictures, sound, statistics, saves).

Scenes reach everything through the ``App`` they are given. Starting a game goes through
:meth:`App.start_game` and continuing a saved one through :meth:`App.resume_game`; both
call the table package (``game.app.table``: ``start_table(app, setup)`` and
``resume_table(app, saved)``) once it exists, and until then say so in a dialog.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Sequence
from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game.app import i18n
from game.app.assets import icon_path
from game.app.audio import Audio
from game.app.cards import CardArt
from game.app.disk import disk_reason
from game.app.i18n import tr
from game.app.scenes.base import Scene
from game.app.scenes.stack import SceneStack
from game.app.setup import GameSetup
from game.persist.autosaves import retire_finished, scan_autosaves, signature
from game.persist.paths import Paths
from game.persist.retire import with_finished_game
from game.persist.savedgame import SaveSummary
from game.persist.settings import Settings, save_settings
from game.persist.stats import Statistics, load_stats, save_stats

if TYPE_CHECKING:
    from game.app.scenes.new_game import Choices
    from game.app.scenes.online.hosted import HostedServer

log = logging.getLogger(__name__)

TITLE = "Card Parlour"
DEFAULT_SIZE = (1280, 800)
MIN_SIZE = (1024, 640)
FALLBACK_DESKTOP = (1920, 1080)  # when the system cannot tell the desktop's size
FPS = 60
TABLE_PACKAGE = "game.app.table"
HEADLESS_DRIVERS = ("dummy", "offscreen")
IDLE_AFTER = 1.5  # seconds without input before the loop rests between frames
IDLE_WAIT_MS = 100  # the longest rest: widgets (a text cursor) still update 10 times a second
PASSIVE_EVENTS = {pygame.WINDOWMOVED, pygame.ACTIVEEVENT, pygame.VIDEOEXPOSE}
# Every way pygame-ce tells of a new window size (a drag of the border, maximise,
# fullscreen on and off, a move to another display): each lays the scenes out again.
RESIZE_EVENTS = {
    pygame.WINDOWRESIZED,
    pygame.WINDOWSIZECHANGED,
    pygame.VIDEORESIZE,
    pygame.WINDOWMAXIMIZED,
    pygame.WINDOWRESTORED,
    pygame.WINDOWDISPLAYCHANGED,
}


class App:
    def __init__(
        self,
        paths: Paths,
        settings: Settings,
        *,
        messages: Sequence[str] = (),
        size: tuple[int, int] | None = None,
        hidden: bool = False,
    ) -> None:
        self.paths = paths
        self.settings = settings
        self.startup_messages = list(messages)
        pygame.display.init()
        pygame.font.init()
        i18n.configure(settings.language)
        self._windowed: tuple[int, int] | None = None  # the size to go back to from fullscreen
        self.window = self._open_window(size, hidden)
        self.surface = self.window.get_surface()
        self._laid_out = self.size
        self.cards = CardArt(settings.four_colour, settings.card_back)
        self.audio = Audio(settings.sound, settings.volume)
        self.stack = SceneStack()
        self._hosted: HostedServer | None = None  # the one table server of the tables hosted here
        # each game's New game choices this run (the file keeps them between runs)
        self.new_game_memory: dict[str, Choices] = {}
        # the Host screen's this run: where and how (game, address, grace ...), and the
        # choices of each game's table
        self.host_memory: dict[str, Any] = {}
        self.host_game_memory: dict[str, Choices] = {}
        self.clock = pygame.time.Clock()
        self.running = False
        self.frames = 0
        self._stats: Statistics | None = None
        self._stats_unsaved = False  # recorded but not yet written (the disk refused)
        self._later: list[str] = []
        self.last_game_id: str | None = None  # Statistics and Rules open on this game
        self._in_progress: tuple[tuple, list[SaveSummary]] | None = None  # the last scan
        self._settings_dirty_at: float | None = None
        self._settings_refused = False  # the player was told the disk refused the settings
        self._last_input = time.monotonic()

    # --- the window ---

    def _open_window(self, size: tuple[int, int] | None, hidden: bool) -> pygame.Window:
        wanted = size or tuple(self.settings.window_size) or DEFAULT_SIZE
        wanted = (max(MIN_SIZE[0], wanted[0]), max(MIN_SIZE[1], wanted[1]))
        desktop = _desktop_size()
        if size is None or pygame.display.get_driver() not in HEADLESS_DRIVERS:
            # Never larger than the screen: a settings file asking for 16384x16384 would
            # cost seconds and gigabytes. (Tests ask headless drivers for a given size.)
            wanted = clamp_to_desktop(wanted, desktop)
        position = self.settings.window_pos
        if position is not None and desktop and not _on_screen(position, wanted):
            position = None
        kwargs: dict[str, Any] = {"resizable": True, "hidden": hidden}
        if position is not None:
            kwargs["position"] = position
        window = pygame.Window(TITLE, wanted, **kwargs)
        window.minimum_size = MIN_SIZE
        try:
            window.set_icon(pygame.image.load(str(icon_path())))
        except (pygame.error, FileNotFoundError) as error:
            log.warning("no window icon: %s", error)
        if self.settings.fullscreen:
            self._windowed = wanted
            _fill_desktop(window)
            window.set_fullscreen(desktop=True)
        return window

    @property
    def size(self) -> tuple[int, int]:
        return self.surface.get_size()

    def toggle_fullscreen(self) -> None:
        self.set_fullscreen(not self.settings.fullscreen)

    def set_fullscreen(self, on: bool) -> None:
        """Fullscreen at the desktop's size, and back to the window as it was. The
        window is first given the desktop's size itself: where no window manager
        resizes it (seen under X without one), SDL would report the desktop's size
        while the window stayed small, and the layout would overflow the window."""
        self.update_settings(fullscreen=on)  # first: the size kept is the windowed one
        if on:
            if self._windowed is None:
                self._windowed = self.window.size
            _fill_desktop(self.window)
            self.window.set_fullscreen(desktop=True)
        else:
            self.window.set_windowed()
            if self._windowed is not None:
                self.window.size = self._windowed
            self._windowed = None
        self._on_resize()

    def _on_resize(self) -> None:
        """Lay the scenes out again when the window's size really changed (SDL may
        resize the window surface in place, so compare with the last layout)."""
        self.surface = self.window.get_surface()
        if self.size == self._laid_out:
            return
        self._laid_out = self.size
        if not self.settings.fullscreen:
            self.update_settings(window_size=self.size, save=False)
        self.stack.resize(self.size)

    # --- settings ---

    def update_settings(self, *, save: bool = True, **changes: Any) -> None:
        """Apply changed settings at once and keep them (sliders save after a pause)."""
        old = self.settings
        new = old.with_changes(**changes)
        if new == old:
            return
        self.settings = new
        if new.language != old.language:
            i18n.set_language(new.language)
            self.stack.rebuild()
        if (new.four_colour, new.card_back) != (old.four_colour, old.card_back):
            self.cards.four_colour = new.four_colour
            self.cards.back_design = new.card_back
        self.audio.set_enabled(new.sound)
        self.audio.set_volume(new.volume)
        if save:
            self.save_settings()
        else:
            self._settings_dirty_at = time.monotonic()

    def save_settings(self) -> None:
        self._settings_dirty_at = None
        try:
            save_settings(self.paths, self.settings)
        except (OSError, ValueError) as error:
            log.warning("settings not saved: %s", error)
            if not self._settings_refused:  # said once, not at every slider move
                self._settings_refused = True
                reason = disk_reason(error) if isinstance(error, OSError) else str(error)
                self.notify_later([tr("files.settings_not_saved", reason=reason)])
            return
        self._settings_refused = False

    # --- statistics ---

    @property
    def stats(self) -> Statistics:
        if self._stats is None:
            self._stats, messages = load_stats(self.paths)
            if messages:
                self.notify(messages)
        return self._stats

    def set_stats(self, stats: Statistics) -> None:
        self._stats = stats

    def keep_stats(self, stats: Statistics) -> bool:
        """Use ``stats`` and write them; False when the disk refused: they are kept in
        memory and written at the next chance (a later game, the title, quitting)."""
        self._stats = stats
        self._stats_unsaved = True
        return self.save_stats()

    def save_stats(self) -> bool:
        """Write statistics not yet on disk; True when nothing is left unwritten."""
        if not self._stats_unsaved or self._stats is None:
            return True
        try:
            save_stats(self.paths, self._stats)
        except Exception as error:  # a full disk, or a text no file can hold: keep them
            log.warning("statistics not saved (kept for later): %s", error)
            return False
        self._stats_unsaved = False
        return True

    # --- games in progress ---

    def games_in_progress(self) -> list[SaveSummary]:
        """Every unfinished game, newest first. A finished game's autosave left behind
        (the app closed at the last move) is counted in the statistics and removed; a
        damaged one is moved aside, with a message shown at the next frame."""
        seen = signature(self.paths)
        if self._in_progress is not None and self._in_progress[0] == seen:
            self.save_stats()
            return list(self._in_progress[1])  # nothing changed: no file read again
        scan = scan_autosaves(self.paths)
        self._in_progress = (signature(self.paths), scan.unfinished)
        if scan.finished:
            stats = self.stats
            for finished in scan.finished:
                stats = with_finished_game(stats, finished.saved, finished.name)
            if self.keep_stats(stats):  # on disk: the files may go (else tried again later)
                retire_finished(scan.finished)
        else:
            self.save_stats()
        self.notify_later(scan.messages)
        return scan.unfinished

    # --- games ---

    def start_game(self, setup: GameSetup) -> None:
        """Sit down at a new game (the table package builds the table scene)."""
        self.last_game_id = setup.game_id
        self._table_call("start_table", setup)

    def to_title(self) -> None:
        """Leave every screen for the title (Quit to title, Menu after the results)."""
        from game.app.scenes.title import TitleScene

        self.stack.reset(TitleScene(self))

    def resume_game(self, saved: Any, autosave: Path | None = None) -> None:
        """Continue a ``SavedGame`` (from Continue or Load); ``autosave`` is its file when
        it is a game in progress, which then goes on in the same file."""
        self.last_game_id = saved.setup.game_id
        self._table_call("resume_table", saved, autosave)

    def _table_call(self, name: str, *arguments: Any) -> None:
        table_hook(name)(self, *arguments)

    # --- dialogs ---

    def notify(
        self, lines: Sequence[str], title: str | None = None, on_close: Callable | None = None
    ) -> None:
        """A message for the player in a dialog over the current scene."""
        from game.app.scenes.dialog import MessageDialog

        self.stack.push(MessageDialog(self, title or tr("dialog.notice"), lines, on_close))

    def notify_later(self, lines: Sequence[str]) -> None:
        """A message shown at the start of the next frame (from inside a scene's build,
        where the stack must not change)."""
        self._later.extend(lines)

    def confirm(self, title: str, lines: Sequence[str], on_yes: Callable[[], None]) -> None:
        from game.app.scenes.dialog import ConfirmDialog

        self.stack.push(ConfirmDialog(self, title, lines, on_yes))

    # --- the loop ---

    def start(self, first: Scene) -> None:
        self.stack.reset(first)
        if self.startup_messages:
            self.notify(self.startup_messages, title=tr("dialog.repaired_title"))
            self.startup_messages = []

    def run(self, first: Scene, on_first_frame: Callable[[], None] | None = None) -> int:
        self.start(first)
        self.running = True
        dt = 0.0
        waiting: list[pygame.event.Event] = []
        while self.running and self.stack:
            self.frame(dt, waiting)
            if self.frames == 1:
                if on_first_frame is not None:
                    on_first_frame()
                self.audio.start()  # after the first frame: opening a device is slow
                _ = self.stats  # read now, so a repaired file is reported at startup
            waiting = self._rest()
            dt = self.clock.tick(FPS) / 1000.0
        self.shutdown()
        return 0

    def _rest(self) -> list[pygame.event.Event]:
        """While nothing moves and the player does nothing, sleep until the next event
        (at most ``IDLE_WAIT_MS``), so an idle menu costs almost no CPU."""
        now = time.monotonic()
        if now - self._last_input < IDLE_AFTER or any(s.animating for s in self.stack.scenes):
            return []
        event = pygame.event.wait(IDLE_WAIT_MS)
        return [] if event.type == pygame.NOEVENT else [event]

    def frame(self, dt: float, waiting: Sequence[pygame.event.Event] = ()) -> None:
        """One frame: events, update, draw, show."""
        if self._later:
            lines, self._later = self._later, []
            self.notify(lines)
        events = [*waiting, *pygame.event.get()]
        if any(event.type not in PASSIVE_EVENTS for event in events):
            self._last_input = time.monotonic()
        for event in events:
            self.handle_event(event)
        if self.window.get_surface().get_size() != self._laid_out:
            self._on_resize()  # a size change no event told of: follow it all the same
        self.stack.update(min(dt, 0.1))
        if self._settings_dirty_at and time.monotonic() - self._settings_dirty_at > 0.6:
            self.save_settings()
        self.draw()
        self.window.flip()
        self.frames += 1

    def draw(self, surface: pygame.Surface | None = None) -> pygame.Surface:
        target = surface or self.surface
        target.fill((8, 40, 26))
        self.stack.draw(target)
        return target

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.request_quit()
        elif event.type in RESIZE_EVENTS:
            self._on_resize()
        elif event.type == pygame.WINDOWMOVED:
            if not self.settings.fullscreen:
                self.update_settings(window_pos=(event.x, event.y), save=False)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
        else:
            self.stack.handle_event(event)

    def quit(self) -> None:
        self.running = False

    @property
    def hosted(self) -> HostedServer:
        """The one table server this app runs for the tables it hosts (imported when
        first asked: the network's packages are not loaded for a local game)."""
        if self._hosted is None:
            from game.app.scenes.online.hosted import HostedServer

            self._hosted = HostedServer()
        return self._hosted

    def request_quit(self) -> None:
        """The window's close button: quit, unless a scene must ask first (a table whose
        game the disk refuses to save). Closing again while it asks quits."""
        from game.app.table.leave_unsaved import LeaveUnsavedDialog

        if isinstance(self.stack.top, LeaveUnsavedDialog):
            self.quit()
            return
        for scene in reversed(self.stack.scenes):
            guard = getattr(scene, "ask_before_leaving", None)
            if guard is not None and guard(self.quit):
                return
        self.quit()

    def shutdown(self) -> None:
        # The hosted tables' server first, cleanly: the friends' apps hear when to come
        # back (not that the host "lost the connection", as its table closing would say).
        if self._hosted is not None:
            self._hosted.stop()
        while self.stack:
            self.stack.pop()
        self.save_settings()
        self.save_stats()
        self.audio.stop()


def table_hook(name: str) -> Callable[..., Any]:
    """``game.app.table.<name>``, imported when a game first opens (the tests replace it)."""
    hook: Callable[..., Any] = getattr(import_module(TABLE_PACKAGE), name)
    return hook


def clamp_to_desktop(wanted: tuple[int, int], desktop: tuple[int, int] | None) -> tuple[int, int]:
    """``wanted`` cut to the desktop (to a common screen's size when it is unknown), but
    never below the smallest window the layout supports."""
    limit = desktop if desktop and min(desktop) > 0 else FALLBACK_DESKTOP
    return (
        max(MIN_SIZE[0], min(wanted[0], limit[0])),
        max(MIN_SIZE[1], min(wanted[1], limit[1])),
    )


def _desktop_size() -> tuple[int, int] | None:
    try:
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        return None
    if not sizes:
        return None
    width, height = sizes[0]
    return (width, height)


def _fill_desktop(window: pygame.Window) -> None:
    """Give the window the (first) desktop's size before it goes fullscreen."""
    try:
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        return
    if not sizes:
        return
    window.size = tuple(sizes[0])
    if len(sizes) == 1:
        window.position = (0, 0)


def _on_screen(position: tuple[int, int], size: tuple[int, int]) -> bool:
    """Whether a window at ``position`` would show its title bar on some screen."""
    try:
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        return True
    x, y = position
    # Without per-monitor origins, accept positions within the union's plausible span.
    width = sum(w for w, _ in sizes)
    height = max(h for _, h in sizes)
    return -size[0] + 80 <= x <= width - 80 and 0 <= y <= height - 40
