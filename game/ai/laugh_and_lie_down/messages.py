"""The English templates of Laugh and Lie Down's hints (their Japanese:
``msg.hint.laugh.`` in laugh_and_lie_down.ja.json). Each says what to do and why."""

from __future__ import annotations

from game.engine.messages import templates

templates(
    {
        "hint.laugh.declare": "Declare your {count} {rank}s dead: they count as captured cards.",
        "hint.laugh.claim": "Claim the dead {rank}s of {player}: they become your captured cards.",
        "hint.laugh.pass": "Nothing to declare or claim: pass.",
        "hint.laugh.lie_down": "No card matches the layout: lie down.",
        "hint.laugh.capture_three": (
            "Capture with your {card}: it takes all three {rank}s of the layout."
        ),
        "hint.laugh.capture_contested": "Capture with your {card} now: others hold {rank}s too.",
        "hint.laugh.capture": "Capture with your {card}: captured cards score at the end.",
    }
)
