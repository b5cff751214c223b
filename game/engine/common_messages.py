"""The messages every game's engine shares (the game's own live in its ``messages.py``)."""

from __future__ import annotations

from game.engine.messages import templates

GAME_OVER = "common.game_over"
DEAL_ON = "common.deal_on"
DEAL_OVER = "common.deal_over"
NOT_A_MOVE = "common.not_a_move"  # params: move (the action's type name), game (its title)

templates(
    {
        GAME_OVER: "The game is over.",
        DEAL_ON: "The deal is still being played.",
        DEAL_OVER: "This deal is over: continue to the next deal.",
        NOT_A_MOVE: "{move} is not a move in {game}.",
    }
)
