"""What Kalooki's engine says: the English template of every ``kalooki.*`` key (the
Japanese is in the app's translation files). Log lines are predicates shown after the
player's name, with their "You ..." forms in ``SECOND_PERSON``."""

from __future__ import annotations

from game.engine import common_messages  # noqa: F401  (registers the shared keys)
from game.engine.messages import Term, templates
from game.games.kalooki.scoring import CONTRACTS, Contract

# -- log lines (Said) -------------------------------------------------------------------
DRAWS = "kalooki.draws"
TAKES = "kalooki.takes"  # card
PENALTY = "kalooki.penalty"
REACHES = "kalooki.reaches"  # card
NO_CALL = "kalooki.no_call"
CALLS = "kalooki.calls"  # card
MUST_ALLOW = "kalooki.must_allow"
ALLOWS = "kalooki.allows"
DENIES = "kalooki.denies"  # card
LAYS_DOWN_3 = "kalooki.lays_down_3"  # m1, m2, m3 (a contract has three or four melds)
LAYS_DOWN_4 = "kalooki.lays_down_4"  # m1 .. m4
ADDS = "kalooki.adds"  # meld
TACKS = "kalooki.tacks"  # card, meld
DISCARDS = "kalooki.discards"  # card
GOES_OUT = "kalooki.goes_out"
ONLY_JOKERS = "kalooki.only_jokers"
NOTHING_LEFT = "kalooki.nothing_left"
STUCK = "kalooki.stuck"
IDLE = "kalooki.idle"  # n (stocks rebuilt with no card put down)
RESHUFFLE = "kalooki.reshuffle"

# -- the deal's end (DealScored.note) -----------------------------------------------------
NOBODY_OUT = "kalooki.nobody_out"
DOWN_AND_OUT = "kalooki.down_and_out"

# -- refusals (IllegalAction) ---------------------------------------------------------------
DRAW_FIRST = "kalooki.draw_first"
WAIT_CALL = "kalooki.wait_call"
ANSWER_FIRST = "kalooki.answer_first"
ALREADY_DRAWN = "kalooki.already_drawn"
CALL_WHEN_ASKED = "kalooki.call_when_asked"
NOBODY_CALLED = "kalooki.nobody_called"
UNKNOWN_SOURCE = "kalooki.unknown_source"
DOWN_NO_DISCARD = "kalooki.down_no_discard"
DISCARD_EMPTY = "kalooki.discard_empty"
MUST_ALLOW_CALL = "kalooki.must_allow_call"
ALREADY_DOWN = "kalooki.already_down"
ADD_AFTER_DOWN = "kalooki.add_after_down"
TACK_AFTER_DOWN = "kalooki.tack_after_down"
NO_JOKER_DISCARD = "kalooki.no_joker_discard"
DISCARD_TO_END = "kalooki.discard_to_end"
PLAY_JOKER = "kalooki.play_joker"
CONTRACT = "kalooki.contract"  # contract (Term), threes, three (Term), fours, four (Term)
THREE_RANKS = "kalooki.three_ranks"  # rank (its text: "Q")
FOUR_SUITS = "kalooki.four_suits"  # suit (its symbol)
CHOOSE_CARDS = "kalooki.choose_cards"
JOKER_BY_JOKER = "kalooki.joker_by_joker"  # meld
GROWS_UP = "kalooki.grows_up"  # cards, meld
CANNOT_ADD_THREE = "kalooki.cannot_add_three"  # cards, meld
CANNOT_ADD_FOUR = "kalooki.cannot_add_four"  # cards, meld, next (the card the four takes)
CANNOT_ADD_FULL = "kalooki.cannot_add_full"  # meld
JOKERS_CANNOT = "kalooki.jokers_cannot"  # meld
THREE_JOKER = "kalooki.three_joker"
NO_JOKER_FOR = "kalooki.no_joker_for"  # meld, card
ACE_TO_ACE = "kalooki.ace_to_ace"  # meld
TACK_JOKERS = "kalooki.tack_jokers"  # card, meld


def contract_term(contract: Contract) -> Term:
    """The deal's contract as a glossary word ("2 threes and 1 four")."""
    return Term(f"contract_{contract.threes}_{contract.fours}")


def count_term(n: int, kind: str) -> Term:
    """The word after a count: "three" for 1, "threes" otherwise (``kind`` "three"/"four")."""
    return Term(kind if n == 1 else kind + "s")


TERMS = {
    "three": "three",
    "threes": "threes",
    "four": "four",
    "fours": "fours",
    **{contract_term(c).word: c.describe() for c in CONTRACTS},
}

templates(
    {
        DRAWS: "draws from the stock",
        TAKES: "takes the {card} from the discard pile",
        PENALTY: "takes a penalty card",
        REACHES: "reaches for the stock: the {card} may be called",
        NO_CALL: "does not call",
        CALLS: "calls the {card}",
        MUST_ALLOW: "has laid down, so must allow the call",
        ALLOWS: "allows the call",
        DENIES: "denies the call and takes the {card}",
        LAYS_DOWN_3: "lays down {m1}, {m2}, {m3}",
        LAYS_DOWN_4: "lays down {m1}, {m2}, {m3}, {m4}",
        ADDS: "adds to {meld}",
        TACKS: "tacks the {card}: {meld}",
        DISCARDS: "discards the {card}",
        GOES_OUT: "goes out",
        ONLY_JOKERS: "holds only jokers that fit nowhere: ends the turn",
        NOTHING_LEFT: "finds nothing left to draw",
        STUCK: "finds the stock empty and no card left to play",
        IDLE: "finds the stock empty again: {n} new stocks and no card put down, so the deal ends",
        RESHUFFLE: "finds the stock empty: the discards under the top card are reshuffled",
        NOBODY_OUT: "Nobody can go out: the deal ends and every hand is scored as it stands.",
        DOWN_AND_OUT: (
            "Down and out: laid down and went out in one turn, so the others score double."
        ),
        DRAW_FIRST: "First draw a card, from the stock or the discard pile.",
        WAIT_CALL: (
            "You are asked about the {card} first: call it (it comes with a penalty card "
            "from the stock) or pass."
        ),
        ANSWER_FIRST: "A player has called the discard: allow or deny the call first.",
        ALREADY_DRAWN: (
            "You have already drawn this turn: one draw a turn, then lay down, add, tack or "
            "discard."
        ),
        CALL_WHEN_ASKED: (
            "You may call only when asked, after the player to draw reaches for the stock."
        ),
        NOBODY_CALLED: "Nobody has called the discard, so there is no call to allow or deny.",
        UNKNOWN_SOURCE: "A card is drawn from the stock or the discard pile, nowhere else.",
        DOWN_NO_DISCARD: (
            "Once you have laid down you draw only from the stock, not the discard pile."
        ),
        DISCARD_EMPTY: "The discard pile is empty: draw from the stock.",
        MUST_ALLOW_CALL: "You have laid down, so you must allow the call.",
        ALREADY_DOWN: (
            "You have laid down your contract, and no new meld goes down after it: now add "
            "cards to melds on the table."
        ),
        ADD_AFTER_DOWN: "You may add to melds on the table only after laying down your contract.",
        TACK_AFTER_DOWN: "Only a player who has laid down may tack a joker.",
        NO_JOKER_DISCARD: "A joker may not be discarded: a joker leaves the hand only onto a meld.",
        DISCARD_TO_END: (
            "Only a hand of jokers that fit nowhere may pass: end your turn by discarding a card."
        ),
        PLAY_JOKER: "A joker cannot be discarded: play it on a meld where it fits.",
        CONTRACT: (
            "This deal's contract is {contract}, laid down all at once (melds may be "
            "longer); these cards make {threes} {three} and {fours} {four}."
        ),
        THREE_RANKS: (
            "Your threes must be of different ranks: two are threes of {rank}s (put them "
            "together in one three)."
        ),
        FOUR_SUITS: "Your fours must be of different suits: two are in {suit}.",
        CHOOSE_CARDS: "Choose the cards to add.",
        JOKER_BY_JOKER: (
            "A joker added to {meld} would sit next to its joker; two jokers may never be "
            "side by side in a four."
        ),
        GROWS_UP: (
            "A four grows only upwards until it reaches the ace, and only then at the "
            "bottom: {cards} cannot go below {meld}."
        ),
        CANNOT_ADD_THREE: (
            "{cards} cannot be added to {meld}: a three takes only cards of its rank."
        ),
        CANNOT_ADD_FOUR: (
            "{cards} cannot be added to {meld}: a four grows one card at a time in its suit, "
            "and the next card it takes is the {next}."
        ),
        CANNOT_ADD_FULL: "Nothing can be added to {meld}: it runs from ace to ace.",
        JOKERS_CANNOT: (
            "The jokers cannot stand for those cards on {meld}: each joker keeps the place "
            "it holds, so choose a reading the meld allows."
        ),
        THREE_JOKER: "A joker in a three never moves: only a joker in a four is tacked.",
        NO_JOKER_FOR: (
            "No joker in {meld} stands for the {card}: a joker is tacked only with the very "
            "card it stands for."
        ),
        ACE_TO_ACE: "{meld} runs from ace to ace: the joker has nowhere to go.",
        TACK_JOKERS: (
            "Tacking the {card} would move the joker next to another joker in {meld}; two "
            "jokers may never sit side by side in a four."
        ),
    },
    second_person={
        DRAWS: "draw from the stock",
        TAKES: "take the {card} from the discard pile",
        PENALTY: "take a penalty card",
        REACHES: "reach for the stock: the {card} may be called",
        NO_CALL: "do not call",
        CALLS: "call the {card}",
        MUST_ALLOW: "have laid down, so must allow the call",
        ALLOWS: "allow the call",
        DENIES: "deny the call and take the {card}",
        LAYS_DOWN_3: "lay down {m1}, {m2}, {m3}",
        LAYS_DOWN_4: "lay down {m1}, {m2}, {m3}, {m4}",
        ADDS: "add to {meld}",
        TACKS: "tack the {card}: {meld}",
        DISCARDS: "discard the {card}",
        GOES_OUT: "go out",
        ONLY_JOKERS: "hold only jokers that fit nowhere: end the turn",
        NOTHING_LEFT: "find nothing left to draw",
        STUCK: "find the stock empty and no card left to play",
        IDLE: "find the stock empty again: {n} new stocks and no card put down, so the deal ends",
        RESHUFFLE: "find the stock empty: the discards under the top card are reshuffled",
    },
    terms=TERMS,
)
