"""The table's hint: what the Normal bot would do in this position, and why, as an engine
message (a key and typed parameters; the table renders it in the player's language)."""

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
    """Normal's choice for the seat of ``view`` and its reason (``message``; ``text`` is
    the English). Uses the same code as the Normal bot, so the advice matches its play."""
    if not legal_actions:
        raise ValueError("there is nothing to do: it is not this seat's turn")
    return kit_for(game_id).explain(view, list(legal_actions), list(public_history))
