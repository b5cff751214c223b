"""What the player is told about rare file states: a notice too long for its box ends
with "and N more", a saves folder that is a link loop opens an empty Load list, a
refused write is told in the player's words (never "[Errno 30] ..."), and a start with
a year-0 display time opens the title."""

from __future__ import annotations

import errno
import os

import pytest

from game.app import i18n
from game.app.disk import disk_reason
from game.app.scenes.dialog import MessageDialog
from game.app.scenes.load import LoadScene
from game.app.scenes.title import TitleScene
from tests.app.conftest import frames


def test_a_notice_too_long_for_its_box_says_how_many_more(app):
    app.start(TitleScene(app))
    lines = [
        f"The saved game broken-{n}.json could not be used: it is cut short." for n in range(26)
    ]
    app.notify(lines)
    frames(app, 2)
    dialog = app.stack.top
    assert isinstance(dialog, MessageDialog)
    shown = sum(1 for line in dialog.wrapped if line.startswith("The saved game"))
    assert 0 < shown < 26
    assert dialog.wrapped[-1] == f"… and {26 - shown} more"
    last_line_y = dialog.box.y + 28 + 24 + 26 + (len(dialog.wrapped) - 1) * 25
    assert last_line_y + 17 <= dialog.box.bottom - 26 - 46 - 16  # drawn, not cut


@pytest.mark.skipif(os.name == "nt", reason="needs symbolic links")
def test_the_load_screen_opens_on_a_saves_folder_that_is_a_link_loop(app, paths):
    paths.saves.parent.mkdir(parents=True, exist_ok=True)
    paths.saves.symlink_to(paths.saves)
    app.start(TitleScene(app))
    app.stack.push(LoadScene(app))
    frames(app, 3)  # this raised RuntimeError from Path.resolve
    assert isinstance(app.stack.top, LoadScene | MessageDialog)


@pytest.mark.parametrize("language", ["en", "ja"])
def test_a_refused_write_is_told_in_the_players_words(app, language):
    i18n.set_language(language)
    error = OSError(errno.EROFS, "Read-only file system", "/media/stick/x.json")
    reason = disk_reason(error)
    assert "Errno" not in reason and "/media" not in reason
    assert reason == i18n.tr("files.disk_read_only") and reason
    assert disk_reason(OSError(errno.ENOSPC, "No space left")) == i18n.tr("files.disk_full")
