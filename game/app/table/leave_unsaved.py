"""Leaving a table whose game the disk refuses to save (full, read-only, unplugged):
quitting would lose every move since the last good save, so the player is asked first
(Keep playing is the default answer) and may save the game in another folder they
name (a USB stick, the home folder), from where ``--load`` or the Load screen's file
opens it again."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame
import pygame_gui

from game.app.disk import disk_reason
from game.app.i18n import tr
from game.app.scenes.dialog import Dialog
from game.app.table.overlays import Overlay, entry_dialog
from game.app.table.save_notice import save_problem_lines
from game.app.ui.focus import Focusable
from game.app.ui.form import button_item, entry_item
from game.app.ui.paint import text
from game.app.ui.theme import GOLD, MUTED, RED
from game.persist.savedgame import SavedGame
from game.persist.saves import write_save
from game.persist.slots import slot_stem
from game.persist.texts import shown

Leave = Callable[[], None]


def ask_before_leaving(
    app, problem: str | None, make_saved: Callable[[], SavedGame], leave: Leave
) -> bool:
    """Ask before ``leave`` when the game is not being saved (``problem`` set); True
    when the question was put (``leave`` then runs only if the player chooses so)."""
    if problem is None:
        return False
    app.stack.push(LeaveUnsavedDialog(app, problem, make_saved, leave))
    return True


class LeaveUnsavedDialog(Dialog):
    """Keep playing (the default) / Save elsewhere... / Quit anyway."""

    def __init__(
        self, app, problem: str, make_saved: Callable[[], SavedGame], leave: Leave
    ) -> None:
        self.leave = leave
        elsewhere = lambda: app.stack.push(SaveElsewhereDialog(app, make_saved, leave))  # noqa: E731
        super().__init__(
            app,
            tr("files.leave_title"),
            [save_problem_lines(problem)[0] + ".", tr("files.leave_body")],
            [
                ("files.keep_playing", "#primary", None),
                ("files.save_elsewhere", "#quiet", elsewhere),
                ("files.quit_anyway", "#quiet", leave),
            ],
            default=0,
        )


def suggested_folder() -> Path:
    home = Path.home()
    documents = home / "Documents"
    return documents if documents.is_dir() else home


def free_name(folder: Path, stem: str) -> Path:
    """``stem.json`` in ``folder``, or ``stem-2.json`` ... : never over another file."""
    for number in range(1, 1000):
        path = folder / (f"{stem}.json" if number == 1 else f"{stem}-{number}.json")
        if not path.exists():
            return path
    return folder / f"{stem}-{number + 1}.json"


class SaveElsewhereDialog(Overlay):
    """A folder to save the game in (typed; the home folder's Documents at first)."""

    def __init__(self, app, make_saved: Callable[[], SavedGame], leave: Leave) -> None:
        super().__init__(app)
        self.make_saved = make_saved
        self.leave = leave
        self.folder_text = str(suggested_folder())
        self.entry: pygame_gui.elements.UITextEntryLine | None = None
        self.save_button: pygame_gui.elements.UIButton | None = None
        self.back_button: pygame_gui.elements.UIButton | None = None
        self.problem = ""

    def build(self) -> None:
        self.entry, self.save_button, self.back_button = entry_dialog(
            self, 640, 270, 92, self.folder_text
        )

    def folder(self) -> Path:
        typed = self.entry.get_text().strip() if self.entry is not None else self.folder_text
        return Path(typed or self.folder_text).expanduser()

    def save(self) -> None:
        saved = self.make_saved()
        folder = self.folder()
        if not folder.is_dir():
            self.problem = tr("files.no_such_folder")
            return
        path = free_name(folder, slot_stem(f"{saved.game_id} {saved.seed}"))
        try:
            write_save(path, saved)
        except OSError as error:
            self.problem = tr("table.save_failed", reason=disk_reason(error))
            return
        self.close()
        self.app.notify([tr("files.saved_elsewhere", path=shown(str(path)))], on_close=self.leave)

    def on_ui_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.save_button:
                self.save()
                return True
            if event.ui_element is self.back_button:
                self.close()
                return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.entry:
            self.save()
            return True
        return False

    def focus_items(self) -> list[Focusable]:
        if self.entry is None or self.back_button is None or self.save_button is None:
            return []
        return [
            entry_item("folder", self.entry),
            button_item("back", self.back_button, self.press),
            button_item("save", self.save_button, self.press),
        ]

    def draw_scene(self, surface: pygame.Surface) -> None:
        super().draw_scene(surface)
        x = self.box.x + 32
        text(surface, tr("files.elsewhere_title"), (x, self.box.y + 26), 24, GOLD, bold=True)
        text(surface, tr("files.elsewhere_hint"), (x, self.box.y + 62), 15, MUTED)
        if self.problem:
            text(surface, self.problem, (x, self.box.y + 146), 15, RED)
