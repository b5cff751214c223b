"""Each game's table is its hooks (issue 28): a game's hooks object defines no name of the
scene or Scene beyond the hooks the base declares (it cannot patch the framework), and
reads the table only through what ``TableContext`` declares, never a private name."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.app.table import table_class
from game.app.table.context import TableContext
from game.app.table.hooks import GameHooks
from game.app.table.table_scene import TableScene
from game.games.registry import GAMES

TABLE = Path(__file__).resolve().parents[3] / "game" / "app" / "table"


def framework_names() -> set[str]:
    """What the scene and Scene define beyond the hooks."""
    names: set[str] = set()
    for klass in TableScene.__mro__:
        if klass is not object:
            names |= set(vars(klass))
    return names - set(dir(GameHooks))


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_games_hooks_define_only_declared_hooks(game_id):
    hooks = table_class(game_id)
    assert issubclass(hooks, GameHooks) and not issubclass(hooks, TableScene)
    own: set[str] = set()
    for klass in hooks.__mro__:
        if klass is GameHooks:
            break
        own |= set(vars(klass))
    clashes = sorted(n for n in own & framework_names() if not n.startswith("__"))
    assert clashes == [], f"{game_id} defines framework names: {clashes}"


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_games_table_code_reads_the_table_only_through_its_context(game_id):
    declared = {n for n in dir(TableContext) if not n.startswith("_")}
    declared |= set(TableContext.__annotations__)
    folder = TABLE / game_id
    read = {
        name
        for path in folder.glob("*.py")
        for name in re.findall(r"\bself\.table\.(\w+)", path.read_text(encoding="utf-8"))
    }
    assert sorted(read - declared) == [], game_id
