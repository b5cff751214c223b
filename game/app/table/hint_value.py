"""The hint shown (a value below the parts, so the hooks may name it): the Normal bot's
move and its reason. The part that works it out is ``parts/hint.py``."""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.actions import Action
from game.engine.messages import Message


@dataclass
class Hint:
    """The hint shown: the Normal bot's move and its reason (rendered by the painter in
    the player's language, see ``game.app.messages.render``)."""

    message: Message
    action: Action | None
