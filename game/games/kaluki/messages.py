"""Everything Kaluki's engine says: the English template of each ``kaluki.*`` key.

Log lines (``Said``) are predicates shown after the player's name, with their
second-person forms for the player called "You"; refusals name the rule that stops the
move. The app's Japanese lives under ``msg.kaluki`` in ``kaluki.ja.json``.
"""

from __future__ import annotations

from game.engine import common_messages, meld_messages  # noqa: F401  (shared templates)
from game.engine.messages import templates

LOG = {
    "kaluki.drew_stock": ("draws from the stock", "draw from the stock"),
    "kaluki.took_discard": (
        "takes the {card} from the discard pile",
        "take the {card} from the discard pile",
    ),
    "kaluki.passed": ("passes the {card}", "pass the {card}"),
    "kaluki.melded": ("melds {meld}", "meld {meld}"),
    "kaluki.added": ("adds to {meld}", "add to {meld}"),
    "kaluki.swapped": ("swaps the {card} for a joker", "swap the {card} for a joker"),
    "kaluki.discarded": ("discards the {card}", "discard the {card}"),
    "kaluki.went_out": ("goes out", "go out"),
    "kaluki.out_of_game": (
        "is out of the game: {total} is above {target}",
        "are out of the game: {total} is above {target}",
    ),
}

templates(
    {
        **{key: third for key, (third, _you) in LOG.items()},
        # Said by the table itself.
        "kaluki.reshuffled": "The stock is empty: the discard pile is shuffled into a new stock.",
        # Notes of a scored deal.
        "kaluki.drawn_no_cards": "Drawn deal: nobody went out and no cards are left to reshuffle.",
        "kaluki.drawn_stuck": (
            "Drawn deal: no card left in play can be melded, laid off or swapped any more,"
            " so nobody can ever go out."
        ),
        "kaluki.drawn_idle": (
            "Deal over: the stock ran out {n} times with nothing laid on the table, so each"
            " player pays the cards in hand."
        ),
        "kaluki.doubled": "Kaluki! Everything went down in one turn: this hand scores double.",
        # Refusals: each names the rule that stops the move.
        "kaluki.discard_empty": "The discard pile is empty: draw from the stock.",
        "kaluki.everyone_passed": "Everyone passed the up-card: draw from the stock.",
        "kaluki.take_only_to_open": (
            "You may take the {card} only to use it in a first meld of {need} or more this"
            " turn; with it your best is {have}."
        ),
        "kaluki.draw_first": "First draw a card, from the stock or the discard pile.",
        "kaluki.lay_taken_first": (
            "You took the {card} from the discard pile: first lay it in your first meld"
            " ({need}+); only a joker swap may come before it."
        ),
        "kaluki.swap_strands_taken": (
            "After this swap the {card} you took could not go into a first meld of {need}:"
            " lay your first meld first."
        ),
        "kaluki.already_drawn": (
            "You have already drawn this turn: one card a turn, then meld, lay off or discard."
        ),
        "kaluki.first_round_only": "In the first-turn round you may only take the up-card or pass.",
        "kaluki.unknown_source": "Draw from the stock or the discard pile: there is nowhere else.",
        "kaluki.pass_only_first_round": (
            "Passing is only for the first-turn discard round: now draw from the stock or the"
            " discard pile."
        ),
        "kaluki.choose_cards": "Choose the cards of at least one meld.",
        "kaluki.first_meld_total": "Your first meld must total {need}; these cards make {have}.",
        "kaluki.taken_in_meld": (
            "The {card} you took from the discard pile must be in this first meld: it is"
            " taken only to open with it."
        ),
        "kaluki.keep_one": "Keep one card to discard: you go out only by discarding.",
        "kaluki.add_after_first": "You may add to melds on the table only after your first meld.",
        "kaluki.jokers_cannot_there": (
            "The jokers cannot stand for those cards there: a joker already in the meld keeps"
            " the card it stands for."
        ),
        "kaluki.swap_after_first": (
            "You may swap a joker only after your first meld (table option)."
        ),
        "kaluki.no_joker_for": (
            "No joker in {meld} stands for the {card}: a joker is won back only with the very"
            " card it stands for."
        ),
    },
    second_person={key: you for key, (_third, you) in LOG.items()},
)
