"""The English templates of Indian Rummy's hints (their Japanese: ``msg.hint.indian.``
in indian_rummy.ja.json). Each says what to do and why."""

from __future__ import annotations

from game.engine.messages import templates

templates(
    {
        "hint.indian.declare": "Discard the {card} and declare: your hand is complete.",
        "hint.indian.pack": "Drop for {cost}: this hand would likely cost you more.",
        "hint.indian.take_discard": "Take the {card}: it fits your hand.",
        "hint.indian.draw_stock": "Draw from the stock: the {card} does not fit your hand.",
        "hint.indian.draw_stock_plain": "Draw from the stock: there is no discard to take.",
        "hint.indian.discard": "Discard the {card}: it is your least useful card.",
        "hint.indian.rejoin": "Rejoin: you come back with {score} and {drops} drops left.",
        "hint.indian.stay_out": (
            "Stay out: you would come back with {score} and only {drops} drops left."
        ),
        "hint.indian.split": (
            "Agree: the split secures {percent}% of the pool for your {drops} drops left."
        ),
        "hint.indian.play_on": (
            "Play on: you have {drops} drops left, {lead} more than anyone else: the best chance."
        ),
    }
)
