"""Older save formats are upgraded step by step; newer ones are refused clearly."""

from __future__ import annotations

import json
from datetime import datetime, timezone

import pytest

from game.engine import codec
from game.persist import migrations
from game.persist.migrations import CURRENT_FORMAT, format_of, upgrade
from game.persist.saves import load_save, read_summary
from game.persist.store import DamagedFile
from tests.persist.helpers import played


def _format_zero(saved) -> dict:
    """The same game as the pre-release format 0 wrote it."""
    return {
        "version": 0,
        "game_id": saved.game_id,
        "options": codec.encode(saved.options),
        "seed": saved.seed,
        "players": [seat.name for seat in saved.seats],
        "ai": [None if seat.kind == "human" else seat.kind for seat in saved.seats],
        "moves": [codec.encode(action) for action in saved.log],
        "state": codec.encode(saved.state),
        "saved": "2024-12-24T18:00:00+00:00",
    }


def test_a_format_zero_save_loads_as_the_same_game(tmp_path):
    saved = played("kaluki", {"players": 4}, seed=21, moves=90)
    path = tmp_path / "old.json"
    path.write_text(json.dumps(_format_zero(saved)))
    assert load_save(path) == saved


def test_a_format_zero_save_shows_in_the_load_list_with_its_date_and_deal(tmp_path):
    saved = played("kaluki", {"players": 4}, seed=21, moves=90)
    path = tmp_path / "old.json"
    path.write_text(json.dumps(_format_zero(saved)))
    summary = read_summary(path)
    assert summary.players == ("You", "Ada", "花子", "Bram")
    assert summary.deal == saved.state.deal
    assert summary.saved_at == datetime(2024, 12, 24, 18, tzinfo=timezone.utc)


def test_upgrading_reaches_the_current_format():
    saved = played("kaluki", seed=2, moves=5)
    assert format_of(upgrade(_format_zero(saved))) == CURRENT_FORMAT


def test_format_zero_with_players_and_levels_that_disagree_is_damaged(tmp_path):
    data = _format_zero(played("kaluki", seed=2, moves=5))
    data["ai"] = ["easy"]
    path = tmp_path / "old.json"
    path.write_text(json.dumps(data))
    with pytest.raises(DamagedFile, match="do not match up"):
        load_save(path)


def test_steps_run_in_order_through_every_version(monkeypatch):
    """With a made-up next format, a format-0 save passes through every step in turn."""
    seen = []
    made_up = CURRENT_FORMAT + 1

    def to_made_up(data):
        seen.append(data["format"])
        return {**data, "format": made_up, "renamed": True}

    monkeypatch.setattr(migrations, "CURRENT_FORMAT", made_up)
    monkeypatch.setitem(migrations.MIGRATIONS, CURRENT_FORMAT, to_made_up)
    result = upgrade(_format_zero(played("kaluki", seed=2, moves=5)))
    assert seen == [CURRENT_FORMAT]
    assert result["format"] == made_up and result["renamed"] is True


def test_a_step_that_goes_nowhere_is_caught_rather_than_looping(monkeypatch):
    monkeypatch.setattr(migrations, "CURRENT_FORMAT", CURRENT_FORMAT + 1)
    monkeypatch.setitem(migrations.MIGRATIONS, CURRENT_FORMAT, lambda data: data)
    with pytest.raises(ValueError, match="went wrong"):
        upgrade({"format": CURRENT_FORMAT})


def test_a_newer_format_is_refused_with_a_clear_message():
    with pytest.raises(ValueError, match=r"newer version of Card Parlour 9\.9") as caught:
        upgrade({"format": CURRENT_FORMAT + 1, "app_version": "9.9"})
    assert "update Card Parlour" in str(caught.value)


@pytest.mark.parametrize("data", [{}, {"format": -1}, {"format": True}, {"version": 3}])
def test_a_missing_or_nonsense_format_is_refused(data):
    with pytest.raises(ValueError, match="format"):
        upgrade(data)
