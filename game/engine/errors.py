"""Errors the engine raises."""


class IllegalAction(Exception):
    """An action the rules do not allow now. The message is written for the player."""
