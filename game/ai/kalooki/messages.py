"""The English templates of Kalooki's hints (their Japanese: ``msg.hint.kalooki.`` in
kalooki.ja.json). Each says what to do and why."""

from __future__ import annotations

from game.engine.messages import templates

templates(
    {
        "hint.kalooki.take_discard": "Take the {card}: it brings your contract closer.",
        "hint.kalooki.draw_stock": (
            "Draw from the stock: the {card} does not bring your contract closer."
        ),
        "hint.kalooki.draw_stock_empty": "Draw from the stock: there is no discard to take.",
        "hint.kalooki.deny": "Deny the call: you want the {card} yourself.",
        "hint.kalooki.allow": "Allow the call: the caller also takes a penalty card.",
        "hint.kalooki.call": "Call the {card}: it brings your contract closer.",
        "hint.kalooki.decline": "Let the {card} go: it does not help your contract enough.",
        "hint.kalooki.decline_none": "Let it go: there is no card to call.",
        "hint.kalooki.call_close": (
            "Call the {card}: it leaves your contract one card short at most."
        ),
        "hint.kalooki.save_call": (
            "Let the {card} go: keep your calls for a card that nearly completes your contract."
        ),
        "hint.kalooki.lay_down": (
            "Lay down your contract ({contract}): cards on the table cannot cost you points."
        ),
        "hint.kalooki.add": "Add the {card} to {meld}: it no longer counts against you.",
        "hint.kalooki.tack": "Tack your {card} in place of the joker: one card fewer in hand.",
        "hint.kalooki.pass": "Only jokers that fit nowhere: end the turn.",
        "hint.kalooki.go_out": "Discard the {card} and go out: it is your last card.",
        "hint.kalooki.discard_high": "Discard the {card}: it costs the most.",
        "hint.kalooki.discard": "Discard the {card}: your contract needs it least.",
    }
)
