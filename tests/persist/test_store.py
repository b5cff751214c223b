"""Atomic writes and defensive reads."""

from __future__ import annotations

import json
import os
import time

import pytest

from game.persist import store
from game.persist.store import (
    DamagedFile,
    UnreadableFile,
    copy_aside,
    move_aside,
    read_json,
    write_json,
)


def test_written_json_reads_back_with_non_ascii_text_kept_readable(tmp_path):
    path = tmp_path / "deep" / "folder" / "file.json"
    write_json(path, {"name": "花子", "n": [1, 2]})
    assert read_json(path) == {"name": "花子", "n": [1, 2]}
    assert "花子" in path.read_text(encoding="utf-8")


def test_a_failed_replace_keeps_the_previous_file_and_leaves_no_temporary(tmp_path, monkeypatch):
    path = tmp_path / "save.json"
    write_json(path, {"version": "good"})

    def refuse(_src, _dst):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(OSError):
        write_json(path, {"version": "new"})
    assert read_json(path) == {"version": "good"}
    assert [p.name for p in tmp_path.iterdir()] == ["save.json"]


def test_a_file_held_briefly_by_windows_is_retried_until_it_is_free(tmp_path, monkeypatch):
    path = tmp_path / "save.json"
    real_replace = os.replace
    refusals = []

    def held_twice(src, dst):
        if len(refusals) < 2:
            refusals.append(dst)
            raise PermissionError("the file is in use")
        real_replace(src, dst)

    monkeypatch.setattr(os, "replace", held_twice)
    monkeypatch.setattr(store, "REPLACE_PAUSE", 0.001)
    write_json(path, {"ok": True})
    assert len(refusals) == 2
    assert read_json(path) == {"ok": True}


def test_a_file_held_for_good_gives_up_after_bounded_tries(tmp_path, monkeypatch):
    path = tmp_path / "save.json"
    write_json(path, {"version": "good"})
    tries = []

    def always_held(_src, dst):
        tries.append(dst)
        raise PermissionError("the file is in use")

    monkeypatch.setattr(os, "replace", always_held)
    monkeypatch.setattr(store, "REPLACE_PAUSE", 0.001)
    with pytest.raises(PermissionError):
        write_json(path, {"version": "new"})
    assert len(tries) == store.REPLACE_TRIES
    assert read_json(path) == {"version": "good"}
    assert [p.name for p in tmp_path.iterdir()] == ["save.json"]


def test_temporaries_left_by_a_crash_are_cleared_on_the_next_write(tmp_path):
    path = tmp_path / "save.json"
    stale = tmp_path / ".save.json.abc123.tmp"
    fresh = tmp_path / ".save.json.def456.tmp"  # perhaps another writer's, still busy
    stale.write_text("half")
    fresh.write_text("half")
    old = time.time() - store.STALE_TEMP_SECONDS - 5
    os.utime(stale, (old, old))
    write_json(path, [1])
    assert not stale.exists()
    assert fresh.exists()


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (b"", "empty"),
        (b'{"a": [1, 2', "cut short"),
        (b"\xff\xfe\x00garbage", "not text"),
        (b"{'a': 1}", "not valid JSON"),
        (b'{"a": NaN}', "NaN"),
        (b'{"a": Infinity}', "Infinity"),
        (b'{"a": 1e999}', "far too large"),
        (b'{"a": ' + b"9" * 5000 + b"}", "far too large"),
        (b"[" * 100_000 + b"]" * 100_000, "nested far too deeply"),
    ],
)
def test_hostile_content_is_reported_as_damaged_with_a_reason(tmp_path, content, reason):
    path = tmp_path / "file.json"
    path.write_bytes(content)
    with pytest.raises(DamagedFile) as caught:
        read_json(path)
    assert reason in caught.value.reason
    assert "file.json" in str(caught.value)


def test_a_file_beyond_the_size_cap_is_refused_without_reading_it_all(tmp_path):
    path = tmp_path / "huge.json"
    path.write_bytes(b'["' + b"x" * 2000 + b'"]')
    with pytest.raises(DamagedFile, match="larger than 1 KB"):
        read_json(path, max_bytes=1024)


def test_a_byte_order_mark_from_a_text_editor_is_accepted(tmp_path):
    path = tmp_path / "file.json"
    path.write_bytes("\ufeff".encode() + json.dumps({"a": 1}).encode())
    assert read_json(path) == {"a": 1}


def test_a_folder_in_place_of_the_file_is_unreadable_not_damaged(tmp_path):
    (tmp_path / "file.json").mkdir()
    with pytest.raises(UnreadableFile):
        read_json(tmp_path / "file.json")


def test_moving_aside_never_overwrites_an_earlier_damaged_file(tmp_path):
    for content in ("first", "second", "third"):
        path = tmp_path / "save.json"
        path.write_text(content)
        moved = move_aside(path)
        assert moved is not None and moved.read_text() == content
        assert not path.exists()
    names = sorted(p.name for p in (tmp_path / "damaged").iterdir())
    assert names == ["save-2.json", "save-3.json", "save.json"]
    assert (tmp_path / "damaged" / "save.json").read_text() == "first"


def test_a_copy_aside_keeps_the_original_bytes_under_a_fresh_name(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text("original")
    first = copy_aside(path, b"one")
    second = copy_aside(path, b"two")
    assert first is not None and second is not None and first != second
    assert first.read_bytes() == b"one" and second.read_bytes() == b"two"
    assert path.read_text() == "original"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_a_pipe_in_place_of_the_file_is_refused_without_waiting_on_it(tmp_path):
    os.mkfifo(tmp_path / "file.json")
    with pytest.raises(UnreadableFile, match="not an ordinary file"):
        read_json(tmp_path / "file.json")


def test_stale_temporaries_are_found_even_for_names_with_pattern_characters(tmp_path):
    path = tmp_path / "[round 1].json"
    stale = tmp_path / ".[round 1].json.abc.tmp"
    stale.write_text("half")
    old = time.time() - store.STALE_TEMP_SECONDS - 5
    os.utime(stale, (old, old))
    write_json(path, [1])
    assert not stale.exists() and read_json(path) == [1]
