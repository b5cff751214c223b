"""No file can crash the app, and no failure is silent: hostile texts in saves and
statistics are refused where they are read, picture and window sizes are checked
before they cost anything, and a disk that refuses writes is shown at the table."""

from __future__ import annotations

import base64
import errno
import io
import json
import tempfile
import time
from datetime import datetime, timezone

import pygame
import pytest

from game.app.app import App
from game.app.scenes.load import LoadScene, _decode_thumbnail
from game.app.scenes.title import TitleScene
from game.app.table.autosave import DISK_FULL, READ_ONLY
from game.app.table.save_notice import draw_save_problem, save_problem_lines
from game.persist.autosaves import autosave_folder
from game.persist.cli import check_save_command, load_for_play
from game.persist.saveformat import save_to_dict
from game.persist.saves import load_save, read_summary
from game.persist.settings import Settings
from game.persist.stats import Statistics, load_stats, stats_from_dict
from tests.app.conftest import frames, headless_app
from tests.app.table.helpers import kaluki_table, until
from tests.persist.helpers import played, png

WHEN = datetime(2026, 11, 30, 20, 0, tzinfo=timezone.utc)
HOSTILE_NAMES = ["a\u0000b", "\ud800", "tab\there", "x" * 41, "   ", "\u202e\u0007"]


def save_with_name(name: str) -> bytes:
    """A good save whose first seat is called ``name`` (valid JSON, ASCII-escaped)."""
    data = save_to_dict(played("kaluki", seed=4, moves=20), WHEN)
    data["seats"][0]["name"] = name
    data["summary"]["players"][0] = name
    return json.dumps(data).encode("ascii")


@pytest.mark.parametrize("name", HOSTILE_NAMES)
def test_a_seat_name_that_cannot_be_drawn_is_a_damaged_file_everywhere(app, paths, name):
    games = autosave_folder(paths)
    games.mkdir(parents=True)
    (games / "kaluki-bad.json").write_bytes(save_with_name(name))
    (paths.saves / "Named.json").write_bytes(save_with_name(name))
    # --check-save agrees with --load: both refuse it
    out, err = io.StringIO(), io.StringIO()
    assert check_save_command(games / "kaluki-bad.json", out, err) == 2
    assert "seat 1 has no valid name" in err.getvalue()
    assert load_for_play(games / "kaluki-bad.json", io.StringIO()) is None
    # the title offers no Continue for it, the Load list moves both aside, nothing crashes
    title = TitleScene(app)
    app.start(title)
    frames(app, 3)
    assert title.latest is None and "continue" not in title.buttons.values()
    assert (games / "damaged" / "kaluki-bad.json").exists()
    load = LoadScene(app)
    app.stack.push(load)
    frames(app, 3)
    assert all(s.kind == "sample" for s in load.saves)
    assert (paths.saves / "damaged" / "Named.json").exists()


def test_a_slot_name_that_cannot_be_drawn_falls_back_to_the_file_name(tmp_path):
    data = save_to_dict(played("kaluki", seed=4, moves=20), WHEN)
    data["name"] = "bad\u0000name"
    (tmp_path / "Friday.json").write_text(json.dumps(data))
    assert read_summary(tmp_path / "Friday.json").name == "Friday"
    assert load_save(tmp_path / "Friday.json").name is None


def test_a_lone_surrogate_game_id_in_statistics_is_dropped_and_writing_goes_on(app, paths):
    good = {"game": "kaluki", "level": "easy", "played": 2, "won": 1, "best": 30, "total": 90}
    bad = {**good, "game": "\ud800"}
    paths.data.mkdir(parents=True)
    paths.statistics_file.write_text(json.dumps({"format": 1, "records": [bad, good]}))
    stats, messages = load_stats(paths)
    assert list(stats.records) == [("kaluki", "easy")] and "1 statistics record" in messages[0]
    assert stats_from_dict({"records": [{**good, "game": "a\u0000"}]})[0].records == {}
    # a record no file can hold (it never comes from a file now) fails the write cleanly
    hostile = Statistics({("\ud800", "easy"): stats.get("kaluki", "easy")})
    assert app.keep_stats(hostile) is False  # kept in memory, no crash
    assert app.keep_stats(stats) is True
    assert load_stats(paths)[0] == stats


def test_a_png_bomb_thumbnail_is_never_decoded(app, tmp_path):
    bomb = png(8192, 8192)  # 65 KB on disk, 200+ MB decoded
    assert len(bomb) < 256 * 1024
    data = save_to_dict(played("kaluki", seed=4, moves=20), WHEN)
    data["thumbnail"] = base64.b64encode(bomb).decode("ascii")
    (tmp_path / "bomb.json").write_text(json.dumps(data))
    summary = read_summary(tmp_path / "bomb.json")
    assert summary.thumbnail is None  # refused on reading: the header says 8192x8192
    assert load_save(tmp_path / "bomb.json").thumbnail is None
    started = time.perf_counter()
    forced = _decode_thumbnail(summary.__class__(**{**summary.__dict__, "thumbnail": bomb}))
    assert forced is None and time.perf_counter() - started < 0.5  # the scene checks too
    small = summary.__class__(**{**summary.__dict__, "thumbnail": png(192, 120)})
    assert _decode_thumbnail(small).get_height() == 68


def test_a_huge_window_size_in_the_settings_is_cut_to_the_desktop(paths):
    started = time.perf_counter()
    app = App(paths, Settings(language="en", window_size=(16384, 16384)))
    try:
        desktop = pygame.display.get_desktop_sizes()[0]
        assert app.size[0] <= max(desktop[0], 1024) and app.size[1] <= max(desktop[1], 640)
        assert time.perf_counter() - started < 5
    finally:
        app.shutdown()
        app.window.destroy()


def refuse_writes(monkeypatch, number: int) -> None:
    def mkstemp(*args, **kwargs):
        raise OSError(number, "refused")

    monkeypatch.setattr(tempfile, "mkstemp", mkstemp)


def within(app, condition, seconds: float = 10.0) -> bool:
    """Frames until ``condition`` holds, for at most ``seconds`` of the clock: the saver
    works on its own thread, so a fast machine may draw hundreds of frames meanwhile."""
    deadline = time.monotonic() + seconds
    while not condition() and time.monotonic() < deadline:
        frames(app)
        time.sleep(0.005)
    return condition()


@pytest.mark.parametrize(
    ("number", "problem", "line"),
    [
        (errno.EROFS, READ_ONLY, "Your game is not being saved: the save folder is read-only"),
        (errno.ENOSPC, DISK_FULL, "Your game is not being saved: the disk is full"),
    ],
)
def test_a_refused_autosave_shows_a_lasting_notice_and_is_retried(
    paths, monkeypatch, number, problem, line
):
    with headless_app(paths, reduce_motion=True) as app:
        table = kaluki_table(app, ("human", "easy"), seed=9)
        assert until(app, lambda: table.my_turn)
        table.ai_pause = 60.0
        table.autosaver.retry_s = 0.05
        refuse_writes(monkeypatch, number)
        table.hand_rearranged()
        assert within(app, lambda: table.autosaver.problem is not None)
        assert table.autosaver.problem == problem
        assert save_problem_lines(problem)[0] == line
        frames(app, 3)  # drawn every frame until a save succeeds
        assert draw_save_problem(app.surface, table.autosaver.problem) is not None
        time.sleep(0.2)
        assert table.autosaver.problem == problem and table.autosaver.failures >= 2  # retried
        monkeypatch.undo()  # the disk has room again
        assert within(app, lambda: table.autosaver.problem is None)
        assert load_save(table.autosaver.path).log == tuple(table.session.log)


def test_the_notice_is_in_japanese_too(app):
    from game.app import i18n

    i18n.set_language("ja")
    assert save_problem_lines(DISK_FULL)[0] == "ゲームが保存されていません：ディスクがいっぱいです"


def test_statistics_that_could_not_be_written_are_kept_and_written_later(app, paths, monkeypatch):
    stats = app.stats.recorded("kaluki", "easy", True, 30, True)
    refuse_writes(monkeypatch, errno.ENOSPC)
    assert app.keep_stats(stats) is False
    assert app.stats == stats and not paths.statistics_file.exists()
    monkeypatch.undo()
    app.games_in_progress()  # the title asks, and the kept statistics go to disk
    assert load_stats(paths)[0] == stats


def test_a_file_name_with_undecodable_bytes_is_reported_not_drawn_raw(app, paths):
    import os

    paths.saves.mkdir(parents=True)
    weird = paths.saves / os.fsdecode(b"bad\xff\xfe.json")  # surrogates in the str name
    weird.write_text("{ not a save", encoding="utf-8")
    app.start(TitleScene(app))
    load = LoadScene(app)
    app.stack.push(load)
    frames(app, 3)  # the message about it is drawn
    dialog = app.stack.top
    assert "bad??.json" in " ".join(dialog.lines)
    assert not weird.exists()
