"""The Laugh and Lie Down table: ``hooks.py`` (the game's hooks: what the table shows
and what its gestures mean), ``felt.py`` (where the layout, piles and pot lie),
``paint.py`` (drawing them), ``ending.py`` (the settlement and the final standings),
``chips.py`` (chip amounts). Its positions for the screenshots and the self-test are in
``game/tools/showcase/laugh_and_lie_down.py``."""

from game.app.table.laugh_and_lie_down.hooks import LaughHooks

__all__ = ["LaughHooks"]
