"""Why cards cannot be laid off on a meld (:func:`game.engine.melds.extension_problem`).

Each names the rule that stops the card; ``group`` and ``run`` are the game's glossary
words for its melds (a ``Term``). The other meld refusals are in ``common_messages``.
"""

from __future__ import annotations

from game.engine.messages import templates

templates(
    {
        "meld.add_group_rank": "The {card} cannot join {meld}: a {group} holds cards of one rank.",
        "meld.add_group_suit": (
            "The {card} cannot join {meld}: the cards of a {group} are all of different suits."
        ),
        "meld.add_group_full": "{meld} is full: a {group} has at most {n} cards.",
        "meld.add_run_suit": "The {card} cannot join {meld}: a {run} is all one suit.",
        "meld.add_run_ends": (
            "{cards} cannot be added to {meld}: a {run} grows only at its ends, one rank at a time."
        ),
        "meld.cannot_add": "{cards} cannot be added to {meld}.",
    }
)
