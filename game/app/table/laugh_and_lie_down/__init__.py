"""The Laugh and Lie Down table: ``table.py`` (the scene and its gestures), ``felt.py``
(where the layout, piles and pot lie), ``paint.py`` (drawing them), ``summary.py`` (the
settlement and the final standings), ``chips.py`` (chip amounts), ``showcase.py``
(positions for screenshots and the self-test)."""

from game.app.table.laugh_and_lie_down.table import LaughTable

__all__ = ["LaughTable"]
