"""A Pool game saved before the split by drops (the legacy pool_split=points that save
format 2 gives it) says it splits by points left, at the question and at the results,
in English and Japanese: its shares are the old rule's, so its words must be too."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.app import i18n
from game.app.table.indian_rummy.formats_text import final_result
from game.app.table.indian_rummy.questions import split_lines
from game.games.indian_rummy.actions import AgreeSplit
from game.games.registry import get_game
from game.persist.saveformat import save_from_dict

OLD = Path(__file__).resolve().parents[2] / "persist" / "old_saves"
WORDS = {"en": "points left before 101", "ja": "101点までの残り点数"}


@pytest.fixture(params=sorted(WORDS))
def language(request):
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("en")


def test_an_old_pool_game_asks_and_ends_its_split_by_points_left(language):
    saved = save_from_dict(json.loads((OLD / "pool_101-joker-turned-up.json").read_text()))
    rules, state = get_game("indian_rummy").rules, saved.state
    names = [seat.name for seat in saved.seats]
    lines = split_lines(rules.view(state, state.seat), names)
    assert WORDS[language] in lines[0]
    assert "ドロップ数：" not in lines[1] and "Drops left:" not in lines[1]
    while not state.finished:
        state, _events = rules.apply(state, AgreeSplit())
    assert WORDS[language] in final_result(rules.view(state, 0), names).subtitle
