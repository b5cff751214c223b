"""The whole game's log at the table (issue 29 §2): every deal is kept, each opened by a
separator line ("Deal 3" / "第3ディール"), after a save and resume too; Page Up stops with
the first deal's separator at the top; Save log writes every deal with its separators."""

from __future__ import annotations

import pygame

from game.app import i18n
from game.app.scenes.dialog import MessageDialog
from game.app.scenes.title import TitleScene
from game.app.table import resume_table
from game.persist.saves import load_save, write_save
from tests.app.conftest import headless_app
from tests.app.table.helpers import frames, key
from tests.persist.helpers import played

INTO_DEAL_3 = 200  # play-out moves of Kaluki seed 5 (deal 3 begins at move 188)


def separators(table) -> list[str]:
    return [line.text for line in table.log_lines if line.deal_start]


def open_at_deal_3(app, tmp_path):
    saved = played("kaluki", {"players": 2}, seed=5, moves=INTO_DEAL_3)
    assert saved.state.deal == 3 and not saved.state.finished
    path = tmp_path / "deal3.json"
    write_save(path, saved)
    app.start(TitleScene(app))
    table = resume_table(app, load_save(path))
    table.ai_pause = 60.0  # the computer waits: the log stays as loaded
    frames(app, 2)
    return table, saved


def test_the_log_keeps_every_deal_each_with_its_separator_in_both_languages(app, tmp_path):
    table, _saved = open_at_deal_3(app, tmp_path)
    assert separators(table) == ["Deal 1", "Deal 2", "Deal 3"]
    assert table.log_lines[0].deal_start  # from the first line of the game
    starts = [i for i, line in enumerate(table.log_lines) if line.deal_start]
    assert starts[1] - starts[0] > 40  # the first deal's moves are all there
    assert table.log_lines[1].text.startswith("Dealt by ")
    i18n.set_language("ja")
    try:
        table.action_log.rebuild()  # as a change of language does
        assert separators(table) == ["第1ディール", "第2ディール", "第3ディール"]
        assert table.log_lines[1].text.startswith("ディーラー：")
    finally:
        i18n.set_language("en")


def test_every_deal_is_still_in_the_log_after_a_save_and_a_resume(paths, tmp_path):
    with headless_app(paths, reduce_motion=True) as first:
        table, _saved = open_at_deal_3(first, tmp_path)
        before = [(line.seat, line.text, line.deal_start) for line in table.log_lines]
        saved_path = tmp_path / "again.json"
        write_save(saved_path, table.saved_game())
        first.stack.reset(TitleScene(first))
    with headless_app(paths, reduce_motion=True) as second:
        second.start(TitleScene(second))
        table = resume_table(second, load_save(saved_path))
        table.ai_pause = 60.0
        frames(second, 2)
        after = [(line.seat, line.text, line.deal_start) for line in table.log_lines]
        assert after == before and separators(table) == ["Deal 1", "Deal 2", "Deal 3"]


def test_page_up_stops_at_the_first_deals_separator_and_end_comes_back(app, tmp_path):
    table, _saved = open_at_deal_3(app, tmp_path)
    lines = len(table.log_lines)
    for _ in range(lines):  # far more presses than there are pages
        key(app, pygame.K_PAGEUP)
    frames(app)
    top = table.log_scroll
    assert 0 < top == table.log_panel.max_scroll(table.log_lines) < lines
    key(app, pygame.K_PAGEUP)
    assert table.log_scroll == top  # no further: the first line is at the top
    shown = table.log_lines[: lines - top]
    assert shown[0].deal_start and shown[0].text == "Deal 1"
    key(app, pygame.K_END)
    assert table.log_scroll == 0


def test_save_log_writes_every_deal_with_its_separators(app, tmp_path):
    table, _saved = open_at_deal_3(app, tmp_path)
    table.open_menu()
    frames(app)
    menu = app.stack.top
    assert "save_log" in menu.buttons.values()
    button = next(b for b, name in menu.buttons.items() if name == "save_log")
    menu.press(button)
    frames(app)
    assert isinstance(app.stack.top, MessageDialog)
    (written,) = (app.paths.data / "logs").glob("kaluki-*.txt")
    text = written.read_text(encoding="utf-8")
    assert [line for line in text.splitlines() if line.startswith("— ")] == [
        "— Deal 1 —",
        "— Deal 2 —",
        "— Deal 3 —",
    ]
    body = [line for line in text.splitlines() if line and not line.startswith("— ")]
    assert len(body) == len([line for line in table.log_lines if not line.deal_start])
    assert "\n\n— Deal 2 —\n" in text  # a blank line sets each deal apart
