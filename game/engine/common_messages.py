"""The messages every game's engine shares (the game's own live in its ``messages.py``)."""

from __future__ import annotations

from game.engine.messages import templates

GAME_OVER = "common.game_over"
DEAL_ON = "common.deal_on"
DEAL_OVER = "common.deal_over"
NOT_A_MOVE = "common.not_a_move"  # params: move (the action's type name), game (its title)

# Melds and hands (game.engine.melds, game.engine.zones); ``name``, ``group`` and ``run``
# are the game's glossary words for its melds (a Term: "three", "sequence", "set").
MELD_TOO_SMALL = "common.meld_too_small"  # n, have
MELD_NEEDS_REAL = "common.meld_needs_real"
NOT_A_MELD = "common.not_a_meld"  # group, run
NOT_A_MELD_KIND = "common.not_a_meld_kind"  # name
RUN_TWIN = "common.run_twin"  # name, rank (its text: "Q")
NO_CORNER = "common.no_corner"  # name
KIND_TOO_SMALL = "common.kind_too_small"  # name, n
KIND_NEEDS_REAL = "common.kind_needs_real"  # name, n
JOKERS_SIDE = "common.jokers_side"  # name
TOO_FAR = "common.too_far"  # name (no joker among the cards)
TOO_FAR_JOKER = "common.too_far_joker"  # name (one joker)
TOO_FAR_JOKERS = "common.too_far_jokers"  # name, n (jokers, two or more)
GROUP_MAX = "common.group_max"  # name, n
GROUP_TWIN = "common.group_twin"  # card, name
JOKERS_CANNOT = "common.jokers_cannot"  # meld
NOT_IN_HAND = "common.not_in_hand"  # card
NO_SUCH_MELD = "common.no_such_meld"

templates(
    {
        GAME_OVER: "The game is over.",
        DEAL_ON: "The deal is still being played.",
        DEAL_OVER: "This deal is over: continue to the next deal.",
        NOT_A_MOVE: "{move} is not a move in {game}.",
        MELD_TOO_SMALL: "A meld needs at least {n} cards, not {have}.",
        MELD_NEEDS_REAL: "A meld needs real cards as well as jokers.",
        NOT_A_MELD: (
            "A meld is either a {group} (one rank) or a {run} (consecutive cards of one "
            "suit); these cards are neither."
        ),
        NOT_A_MELD_KIND: "These cards do not make a {name}.",
        RUN_TWIN: "A {name} cannot hold two {rank}s.",
        NO_CORNER: "A {name} does not turn the corner: K-A-2 is not allowed (ace low or high).",
        KIND_TOO_SMALL: "A {name} needs at least {n} cards.",
        KIND_NEEDS_REAL: "A {name} needs at least {n} real cards.",
        JOKERS_SIDE: (
            "These cards make a {name} only with two jokers side by side, which is not allowed."
        ),
        TOO_FAR: "These cards are too far apart for a {name}.",
        TOO_FAR_JOKER: "These cards are too far apart for a {name}, even with the joker.",
        TOO_FAR_JOKERS: "These cards are too far apart for a {name}, even with {n} jokers.",
        GROUP_MAX: "A {name} has at most {n} cards.",
        GROUP_TWIN: "Two {card} cannot be in one {name}: its cards must all be of different suits.",
        JOKERS_CANNOT: "The jokers cannot stand for those cards: {meld}.",
        NOT_IN_HAND: "The {card} is not in your hand.",
        NO_SUCH_MELD: "There is no such meld on the table.",
    }
)
