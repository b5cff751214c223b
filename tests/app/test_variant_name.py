"""The Load list and Continue name the format or rule set a game is played by (issue
27): "Indian Rummy, Pool 101, deal 4"; "Kaluki, Kalooki 40", read from each manifest."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

import pytest

from game.app import i18n
from game.app.scenes.load import _details
from game.app.scenes.title import continue_caption
from game.app.variant_name import variant_name
from game.engine.presets import find
from game.games.indian_rummy import IndianRummyOptions
from game.games.kaluki import INFO as KALUKI
from game.games.kaluki import KalukiOptions
from game.games.laugh_and_lie_down.options import LaughOptions
from game.persist.savedgame import AUTOSAVE, SaveSummary


def summary(game_id: str, title: str, options, deal: int = 4) -> SaveSummary:
    return SaveSummary(
        path=Path("game.json"),
        name="game",
        game_id=game_id,
        game_title=title,
        players=("You", "Ada", "Bruno", "Cleo"),
        deal=deal,
        to_act="You",
        saved_at=datetime(2026, 12, 1, tzinfo=UTC),
        thumbnail=None,
        kind=AUTOSAVE,
        options=options,
    )


@pytest.fixture
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def test_continue_names_indian_rummys_format(english):
    pool = summary("indian_rummy", "Indian Rummy", IndianRummyOptions(format="pool_101"))
    assert continue_caption(pool) == "Continue: Indian Rummy, Pool 101, deal 4, 4 players"
    points = summary("indian_rummy", "Indian Rummy", IndianRummyOptions())
    assert "Indian Rummy, Points, deal 4" in continue_caption(points)
    i18n.set_language("ja")
    assert "プール101" in continue_caption(pool)


def test_the_load_list_names_kalukis_rule_set_or_custom(english):
    forty = KalukiOptions(players=4, **dict(find(KALUKI.presets, "kalooki_40").values))
    row = summary("kaluki", "Kaluki", forty)
    assert _details(row)[0] == "Kalooki 40"
    assert continue_caption(row).startswith("Continue: Kaluki, Kalooki 40, deal 4")
    custom = summary("kaluki", "Kaluki", replace(forty, come_down=45))
    assert _details(custom)[0] == "Custom"
    assert _details(summary("kaluki", "Kaluki", KalukiOptions(players=4)))[0] == "Seed rules"


def test_a_game_without_variants_or_a_row_without_options_names_none(english):
    assert variant_name("laugh_and_lie_down", LaughOptions()) == ""
    bare = summary("indian_rummy", "Indian Rummy", None)
    assert continue_caption(bare) == "Continue: Indian Rummy, deal 4, 4 players"
