"""Named save slots: safe file names from any text, the Load list, deleting."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from game.persist.saves import (
    delete_save,
    list_saves,
    load_save,
    save_named,
    slot_path,
)
from game.persist.slots import slot_stem
from tests.persist.helpers import paths_in, played, png


@pytest.mark.parametrize(
    ("text", "stem"),
    [
        ("Friday night", "Friday night"),
        ("金曜日の夜", "金曜日の夜"),
        ("ka\u0308luki", "käluki"),  # macOS decomposes: stored composed
        ("../../etc/passwd", "_.._etc_passwd"),
        ("C:\\Windows\\win.ini", "C__Windows_win.ini"),
        ('a<b>c:"d"|e?f*g', "a_b_c__d__e_f_g"),
        ("  lots   of\tspace\u3000here  ", "lots of space here"),
        ("tab\x00null\x1bescape", "tabnullescape"),
        ("...", "save"),
        ("", "save"),
        ("CON", "CON_"),
        ("nul.txt", "nul.txt_"),
        ("com1", "com1_"),
        ("autosave", "autosave_"),
        ("Settings", "Settings_"),
        (".hidden", "hidden"),
    ],
)
def test_slot_names_become_safe_file_names(text, stem):
    assert slot_stem(text) == stem


def test_long_names_fit_every_file_system():
    stem = slot_stem("長" * 500)
    assert len(stem) <= 60 and len(stem.encode("utf-8")) <= 180
    assert slot_stem("x" * 500) == "x" * 60


def test_a_slot_never_lands_outside_the_saves_folder(tmp_path):
    paths = paths_in(tmp_path)
    for text in ("../escape", "/abs/path", "..", "a/../../b", "\\\\server\\share"):
        assert slot_path(paths, text).parent == paths.saves


def test_a_japanese_slot_saves_and_lists_under_the_name_typed(tmp_path):
    paths = paths_in(tmp_path)
    game = played("kaluki", {"players": 3}, seed=4, moves=30)
    path = save_named(paths, "金曜日の夜 / 第2局", game)
    assert path.name == "金曜日の夜 _ 第2局.json"
    (summary,) = list_saves(paths)
    assert summary.name == "金曜日の夜 / 第2局"
    assert summary.players == ("You", "Ada", "花子")
    assert summary.game_title == "Kaluki"
    assert summary.deal == game.state.deal
    assert summary.to_act == game.seats[game.state.to_act].name
    assert not summary.is_autosave and not summary.has_thumbnail
    loaded = load_save(path)
    assert loaded.state == game.state and loaded.name == "金曜日の夜 / 第2局"


def test_saving_to_the_same_name_replaces_that_slot(tmp_path):
    paths = paths_in(tmp_path)
    save_named(paths, "slot", played("kaluki", seed=4, moves=10))
    later = played("kaluki", seed=4, moves=20)
    save_named(paths, "slot", later)
    assert [s.path.name for s in list_saves(paths)] == ["slot.json"]
    assert load_save(slot_path(paths, "slot")).log == later.log


def test_the_named_saves_are_listed_newest_first(tmp_path):
    paths = paths_in(tmp_path)
    game = played("kaluki", seed=4, moves=10)
    for day, name in ((1, "older"), (2, "newer")):
        path = save_named(paths, name, game)
        data = json.loads(path.read_text(encoding="utf-8"))
        data["saved_at"] = f"2025-01-0{day}T10:00:00+00:00"
        path.write_text(json.dumps(data), encoding="utf-8")
    save_named(paths, "newest", game)  # saved now
    (paths.saves / "settings.json").write_text("{}")  # portable mode shares the folder
    names = [s.name for s in list_saves(paths)]
    assert names == ["newest", "newer", "older"]
    assert not any(s.is_autosave for s in list_saves(paths))


def test_a_thumbnail_is_stored_and_listed_without_being_decoded(tmp_path):
    paths = paths_in(tmp_path)
    picture = png(192, 120)
    game = played("kaluki", seed=4, moves=10)
    save_named(paths, "pic", replace(game, thumbnail=picture))
    (summary,) = list_saves(paths)
    assert summary.has_thumbnail and summary.thumbnail == picture
    assert load_save(summary.path).thumbnail == picture


def test_a_thumbnail_too_large_or_not_png_is_refused_when_saving(tmp_path):
    paths = paths_in(tmp_path)
    game = played("kaluki", seed=4, moves=10)
    with pytest.raises(ValueError, match="larger than"):
        save_named(paths, "big", replace(game, thumbnail=b"\x89PNG\r\n\x1a\n" + bytes(300_000)))
    with pytest.raises(ValueError, match="not a PNG"):
        save_named(paths, "gif", replace(game, thumbnail=b"GIF89a"))
    assert list_saves(paths) == []


def test_deleting_removes_only_saves_inside_the_folder(tmp_path):
    paths = paths_in(tmp_path)
    path = save_named(paths, "gone soon", played("kaluki", seed=4, moves=10))
    outside = tmp_path / "precious.json"
    outside.write_text("{}")
    with pytest.raises(ValueError):
        delete_save(paths, outside)
    with pytest.raises(ValueError):
        delete_save(paths, paths.saves / ".." / "precious.json")
    delete_save(paths, path)
    assert not path.exists() and outside.exists()
    assert list_saves(paths) == []


def test_an_empty_or_missing_saves_folder_lists_nothing(tmp_path):
    assert list_saves(paths_in(tmp_path)) == []
