"""Each game's table reaches the framework only through its hooks (issue 28): a game
table overrides no name of the scene, its parts or Scene that the hooks base does not
declare, and calls none of their private names."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.app.table import table_class
from game.app.table.hooks import GameHooks
from game.app.table.table_scene import TableScene
from game.games.registry import GAMES

TABLE = Path(__file__).resolve().parents[3] / "game" / "app" / "table"


def framework_names() -> set[str]:
    """What the scene and Scene define beyond the hooks."""
    names: set[str] = set()
    for klass in TableScene.__mro__:
        if klass is not GameHooks and klass is not object:
            names |= set(vars(klass))
    return names - set(dir(GameHooks))


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_game_table_overrides_only_declared_hooks(game_id):
    table = table_class(game_id)
    own: set[str] = set()
    for klass in table.__mro__:
        if klass in TableScene.__mro__:
            break
        own |= set(vars(klass))
    overridden = sorted(n for n in own & framework_names() if not n.startswith("__"))
    assert overridden == [], f"{game_id} overrides framework names: {overridden}"


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_game_table_calls_no_private_name_of_the_framework(game_id):
    private = {n for n in framework_names() | set(dir(GameHooks)) if n.startswith("_")}
    private -= {n for n in private if n.startswith("__")}
    folder = TABLE / game_id
    used = {
        name
        for path in folder.glob("*.py")
        for name in re.findall(r"\bself\.(_[a-z]\w*)", path.read_text(encoding="utf-8"))
    }
    assert sorted(used & private) == [], game_id
