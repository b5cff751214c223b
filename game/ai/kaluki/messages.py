"""The English templates of Kaluki's hints (their Japanese: ``msg.hint.kaluki.`` in
kaluki.ja.json). Each says what to do and why."""

from __future__ import annotations

from game.engine.messages import templates

templates(
    {
        "hint.kaluki.go_out": "Discard the {card} and go out: it is your last card.",
        "hint.kaluki.discard_safe": (
            "Discard the {card}; keep the {risky}, the next player could lay it off."
        ),
        "hint.kaluki.discard": "Discard the {card}: it is your least useful card.",
        "hint.kaluki.take_to_open": "Take the {card}: with it you can open with {points} points.",
        "hint.kaluki.take_discard": "Take the {card}: it goes straight into a meld.",
        "hint.kaluki.pass": "Pass: the {card} does not help you.",
        "hint.kaluki.pass_none": "Pass: there is no card to take.",
        "hint.kaluki.draw_stock": "Draw from the stock: the {card} does not help your hand.",
        "hint.kaluki.draw_stock_plain": "Draw from the stock: there is no discard to take.",
        "hint.kaluki.swap": "Swap your {card} for the joker on the table: a joker fits anywhere.",
        "hint.kaluki.lay_down": "Lay down {meld}: cards on the table cannot cost you points.",
        "hint.kaluki.lay_off": "Add the {card} to {meld}: it no longer counts against you.",
        "hint.kaluki.open": "Lay down your first meld: {points} points ({need} needed).",
    }
)
