"""The table's hint: what the Normal bot would do in this position, and why, in one
short sentence (with a translation key and its parameters for the table's languages)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.ai.base import Decision
from game.ai.registry import kit_for
from game.engine.actions import Action
from game.engine.events import Event


def hint(
    game_id: str, view: Any, legal_actions: Sequence[Action], public_history: Sequence[Event]
) -> Decision:
    """Normal's choice for the seat of ``view``, with ``key``, ``params`` and English
    ``text``. Uses the same code as the Normal bot, so the advice matches its play."""
    if not legal_actions:
        raise ValueError("there is nothing to do: it is not this seat's turn")
    return kit_for(game_id).explain(view, list(legal_actions), list(public_history))
