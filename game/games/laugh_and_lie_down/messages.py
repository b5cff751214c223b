"""What Laugh and Lie Down says: the keys of its log lines and refusals, their English
templates and the "You" forms of the log lines (the Japanese is in the app's
``laugh_and_lie_down.ja.json`` under ``msg``). Each refusal names the rule that stops the
move. A rank is a glossary term: ``rank_<n>`` ("king"), ``rank_plural_<n>`` ("kings")."""

from __future__ import annotations

from game.engine.messages import Term, templates

P = "laugh_and_lie_down."

# Log lines (Said): the predicate after the player's name.
DRAW_FOR_DEAL = P + "draw_for_deal"  # card
TIE = P + "tie"
FIRST_DEALER = P + "first_dealer"
ANTE = P + "ante"  # n
CAPTURE = P + "capture"  # cards (taken), card (played)
PLAYED_OUT = P + "played_out"
LIE_DOWN = P + "lie_down"  # cards
LIE_DOWN_EMPTY = P + "lie_down_empty"
DECLARE = P + "declare"  # cards
DECLARE_AUTO = P + "declare_auto"  # cards
NO_CARDS = P + "no_cards"
CLAIM = P + "claim"  # cards, player
PASS = P + "pass"
DEALER_SHARE = P + "dealer_share"  # n
# The settlement's note (DealScored).
POT_CARRIES = P + "pot_carries"  # n
POT_OWED = P + "pot_owed"  # n (what the pot is short)
POT_EMPTY = P + "pot_empty"

# Refusals (IllegalAction).
WAIT_WINDOW = P + "wait_window"
CLAIMS_LATER = P + "claims_later"
NO_PASS = P + "no_pass"
NOT_IN_HAND = P + "not_in_hand"  # card
NOT_ON_TABLE = P + "not_on_table"  # card
WRONG_RANK = P + "wrong_rank"  # card, ranks, target
NO_LIE_DOWN = P + "no_lie_down"  # card, target
CHOOSE_DEAD = P + "choose_dead"
LISTED_TWICE = P + "listed_twice"
ONE_RANK = P + "one_rank"
ALL_FOUR = P + "all_four"  # ranks
TWO_OF_THREE = P + "two_of_three"  # ranks
PAIR_ALIVE_ONE = P + "pair_alive_one"  # ranks, n (1)
PAIR_ALIVE = P + "pair_alive"  # ranks, n (2)
BOTH = P + "both"  # ranks
SINGLE = P + "single"  # rank
NO_PLAYER = P + "no_player"
NO_RANK = P + "no_rank"
OWN_CARDS = P + "own_cards"
TOO_FEW = P + "too_few"  # player
NO_PROOF = P + "no_proof"  # player, ranks
TOO_EARLY = P + "too_early"  # player, ranks
AUTO_ON = P + "auto_on"
NONE_DEAD = P + "none_dead"  # player, ranks


def rank(value: int) -> Term:
    """One card's rank as a message parameter ("a single king")."""
    return Term(f"rank_{value}")


def ranks(value: int) -> Term:
    """The cards of a rank as a message parameter ("four kings", "two 7s")."""
    return Term(f"rank_plural_{value}")


FACES = {1: "ace", 11: "jack", 12: "queen", 13: "king"}
TERMS = {f"rank_{value}": FACES.get(value, str(value)) for value in range(1, 14)}
TERMS |= {f"rank_plural_{value}": TERMS[f"rank_{value}"] + "s" for value in range(1, 14)}


templates(
    {
        DRAW_FOR_DEAL: "draws the {card} for the deal",
        TIE: "ties for the highest card and draws again",
        FIRST_DEALER: "draws the highest card and deals first",
        ANTE: "puts {n} chips in the pot",
        CAPTURE: "captures {cards} with the {card}",
        PLAYED_OUT: "has played out their hand",
        LIE_DOWN: "lies down: {cards}",
        LIE_DOWN_EMPTY: "lies down",
        DECLARE: "declares {cards} dead",
        DECLARE_AUTO: "declares {cards} dead (automatically)",
        NO_CARDS: "has no cards left",
        CLAIM: "claims {cards} from {player}: dead, undeclared",
        PASS: "passes",
        DEALER_SHARE: "takes the {n} cards left, as dealer",
        POT_CARRIES: "The pot carries {n} chips into the next deal.",
        POT_OWED: "The pot is {n} chips short: the debt carries into the next deal.",
        POT_EMPTY: "The pot is empty.",
        WAIT_WINDOW: (
            "Wait for your turn: after each turn the players are asked, in turn, to declare "
            "or claim dead cards."
        ),
        CLAIMS_LATER: "Claims are made after a turn, when you are asked.",
        NO_PASS: (
            "You may not pass your turn: capture with a card of a rank in the layout, or lie "
            "down when none matches."
        ),
        NOT_IN_HAND: "The {card} is not in your hand.",
        NOT_ON_TABLE: "The {card} is not on the table.",
        WRONG_RANK: (
            "A card captures only its own rank: the {card} takes {ranks}, not the {target}."
        ),
        NO_LIE_DOWN: (
            "You lie down only when no card of yours matches the layout: your {card} can "
            "capture the {target}."
        ),
        CHOOSE_DEAD: "Choose the dead cards to declare.",
        LISTED_TWICE: "A card is listed twice.",
        ONE_RANK: "Dead cards are declared one rank at a time.",
        ALL_FOUR: "Four {ranks} in one hand are all dead: declare the four together.",
        TWO_OF_THREE: (
            "With three {ranks} in hand two are dead (the third may still capture the "
            "fourth): declare two of them."
        ),
        PAIR_ALIVE_ONE: (
            "Two {ranks} are dead only once the other two are captured; "
            "{n} of them is still in play."
        ),
        PAIR_ALIVE: (
            "Two {ranks} are dead only once the other two are captured; "
            "{n} of them are still in play."
        ),
        BOTH: "Two {ranks} are dead together once the other two are captured: declare both.",
        SINGLE: "A single {rank} is never dead: it may still capture.",
        NO_PLAYER: "There is no such player.",
        NO_RANK: "There is no such rank.",
        OWN_CARDS: "These are your own cards: declare them instead of claiming.",
        TOO_FEW: "{player} holds fewer than two cards: there is nothing dead to claim.",
        NO_PROOF: (
            "You cannot show that {player} holds dead {ranks}: a claim needs proof from "
            "the cards on view and your own hand."
        ),
        TOO_EARLY: (
            "{player} has not yet had the chance to declare those {ranks}: the holder of dead "
            "cards gets the first chance."
        ),
        AUTO_ON: "With auto-declare on, nobody claims another's dead cards.",
        NONE_DEAD: "{player} holds no dead {ranks}.",
    },
    second_person={
        DRAW_FOR_DEAL: "draw the {card} for the deal",
        TIE: "tie for the highest card and draw again",
        FIRST_DEALER: "draw the highest card and deal first",
        ANTE: "put {n} chips in the pot",
        CAPTURE: "capture {cards} with the {card}",
        PLAYED_OUT: "have played out your hand",
        LIE_DOWN: "lie down: {cards}",
        LIE_DOWN_EMPTY: "lie down",
        DECLARE: "declare {cards} dead",
        DECLARE_AUTO: "declare {cards} dead (automatically)",
        NO_CARDS: "have no cards left",
        CLAIM: "claim {cards} from {player}: dead, undeclared",
        PASS: "pass",
        DEALER_SHARE: "take the {n} cards left, as dealer",
    },
    terms=TERMS,
)
