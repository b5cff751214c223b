"""Errors the engine raises."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # messages imports melds, which raises IllegalAction
    from game.engine.messages import Message


class IllegalAction(Exception):
    """An action the rules do not allow now, with the :class:`Message` that says why.

    ``str(error)`` is the English sentence (tests, the simulator, the command line); the
    app renders ``error.message`` in the player's language.
    """

    def __init__(self, message: Message) -> None:
        self.message = message
        super().__init__(str(message))
