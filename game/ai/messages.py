"""The English templates of the hints every game shares (their Japanese is under
``msg.hint.`` in card_parlour.ja.json). Each template says what to do and why."""

from __future__ import annotations

from game.engine.messages import templates

templates(
    {
        "hint.next_deal": "Continue to the next deal: this one is over.",
        "hint.search": "Searching {worlds} possible deals, this did best on average.",
        "hint.only.draw_stock": "Draw from the stock: the discard may not be taken now.",
        "hint.only.take_discard": "Take the discard: the rules leave no other move.",
        "hint.only.discard": "Discard the {card}: it is the only card you may discard.",
        "hint.only.lay_down": "Lay down {melds}: the rules leave no other move.",
        "hint.only.pass": "End the turn: there is nothing else you may do.",
        "hint.only.play_cards": "Play the {cards}: the rules leave no other move.",
        "hint.only.other": "Go on: the rules leave only this move.",
        "hint.discard_dead": (
            "Discard the {card}: no meld uses it, and no unseen card could join it."
        ),
        "hint.discard_loose_one": (
            "Discard the {card}: no meld uses it, and only 1 unseen card could join it."
        ),
        "hint.discard_loose": (
            "Discard the {card}: no meld uses it, and only {n} unseen cards could join it."
        ),
        "hint.discard_breaks": (
            "Discard the {card}: every card is in a meld, and breaking {meld} costs least."
        ),
    }
)
