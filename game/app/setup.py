"""What the new-game screen hands to the table: a plain description of a game to start.

The types live in :mod:`game.persist.savedgame` (one ``Seat`` and one ``GameSetup`` for
the app, the saves and the tools, free of pygame); this module re-exports them for the
app, with the longest name the new-game screen lets a player type. A seat's name says its
kind (``Seat.default``): a default name (``DefaultName``: ``YOU``, "Player 2") or a typed one.
"""

from __future__ import annotations

from game.persist.savedgame import AI_LEVELS, SEAT_KINDS, YOU, DefaultName, GameSetup, Seat

MAX_NAME = 16  # what the new-game screen lets a player type (saves accept up to 40)

__all__ = ["AI_LEVELS", "MAX_NAME", "SEAT_KINDS", "YOU", "DefaultName", "GameSetup", "Seat"]
