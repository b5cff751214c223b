"""Everything Indian Rummy's engine says, as message keys with their English templates.

Log lines (``Said``) are predicates shown after the player's name ("draws from the
stock"), with their second-person forms for the player called "You". The Japanese of
every key is ``msg.indian_rummy.<name>`` in the app's translation files.

Why a hand cannot be declared is one of a few *problems*. Each problem reads alone (the
table's warning before a costly declaration), inside the refusal "You cannot declare
yet. ..." and inside the log line of a wrong declaration; the three keys of a problem
share its parameters, so one problem message gives the other two (:func:`cannot_declare`,
:func:`declared_wrongly`).
"""

from __future__ import annotations

from game.engine import common_messages  # noqa: F401  (registers the shared sentences)
from game.engine.cards import Card, rank_text
from game.engine.messages import ENGLISH, Message, Term, msg, templates
from game.games.indian_rummy.options import IndianRummyOptions

PREFIX = "indian_rummy."
CANNOT_DECLARE = "cannot_declare_"  # + a problem's name: the refusal
WRONG = "wrong_"  # + a problem's name: the log line of a wrong declaration

# Why 13 cards are no declaration (parameters in brackets).
PROBLEMS = {
    "size": "A declaration shows {need} cards; these are {count}.",
    "no_pure": (
        "There is no pure run: you need a run of 3 or more cards of one suit "
        "with no joker or wild card standing in."
    ),
    "first_life": "Your pure run must have 4 or more cards (first life rule).",
    "second_run": (
        "Besides the pure run you need a second run: sets alone do not complete the hand."
    ),
    "pure_needed": (
        "Your cards make runs and sets only without a pure run, and a pure run is required."
    ),
    "loose_one": "Every card must be in a run or set to declare; the {card} fits in none.",
    "loose": "Every card must be in a run or set to declare; these fit in none: {cards}.",
}

# Log lines: (third person, second person).
SAID = {
    "seat_draw": ("draws the {card} for seats", "draw the {card} for seats"),
    "wild": (
        "turns up the {card}: the {ranks} and the jokers are wild",
        "turn up the {card}: the {ranks} and the jokers are wild",
    ),
    "jokers_wild": (
        "turns up the {card}: only the printed jokers are wild",
        "turn up the {card}: only the printed jokers are wild",
    ),
    "draw_stock": ("draws from the stock", "draw from the stock"),
    "take_last": (
        "takes the {card}, the last card of the stock",
        "take the {card}, the last card of the stock",
    ),
    "take_discard": (
        "takes the {card} from the discard pile",
        "take the {card} from the discard pile",
    ),
    "pack": ("drops and will pay {points} points", "drop and will pay {points} points"),
    "discard": ("discards the {card}", "discard the {card}"),
    "declare": ("discards the {card} and declares rummy", "discard the {card} and declare rummy"),
    "leave": (
        "leaves the table with a balance of {balance}",
        "leave the table with a balance of {balance}",
    ),
    "back": (
        "comes back to the table with a balance of {balance}",
        "come back to the table with a balance of {balance}",
    ),
    "join": ("joins the table", "join the table"),
    "eliminated": (
        "reaches {score} and is out of the pool ({limit} is out)",
        "reach {score} and are out of the pool ({limit} is out)",
    ),
    "rejoin": (
        "rejoins the pool with a score of {score}",
        "rejoin the pool with a score of {score}",
    ),
    "stay_out": ("stays out of the pool", "stay out of the pool"),
    "split_yes": ("agrees to split the pool", "agree to split the pool"),
    "split_no": ("wants to play on", "want to play on"),
    "decider": (
        "Tied for the most chips ({chips}): a decider deal between the tied players.",
        "Tied for the most chips ({chips}): a decider deal between the tied players.",
    ),
    "pool_split": (
        "Everyone agrees: the pool is split by drops left.",
        "Everyone agrees: the pool is split by drops left.",
    ),
}
WRONG_LINE = (
    "declares wrongly ({problem}) and drops out: {points} points",
    "declare wrongly ({problem}) and drop out: {points} points",
)

# What the table says of a finished deal (``DealScored.note``).
NOTES = {
    "won_declared": "{winner} declares rummy.",
    "won_last_in": "Everyone else dropped out: {winner} wins.",
    "void": (
        "The indicator, the last card of the stock, was taken without a declaration: "
        "the deal is void and no points change hands."
    ),
}

REFUSALS = {
    "session_over": "The session is over: all its rounds have been played.",
    "between_rounds": "Players may join or leave only between rounds.",
    "draw_first": (
        "A turn starts by taking a card: first take one from the stock or the discard pile."
    ),
    "already_taken": "You take one card a turn and have taken it: now discard or declare.",
    "discard_empty": "The discard pile is empty: draw from the stock.",
    "unknown_source": "There is no {source} to draw from: draw from the stock or the discard pile.",
    "pack_late": "You may drop only at the start of your turn, before drawing.",
    "no_drop": "Deals for two are played out: dropping is off at this table.",
    "taken_back": (
        "You took the {card} from the discard pile: neither it nor a card identical to it "
        "may be thrown back in the same turn."
    ),
    "not_in_hand": "The {card} is not in your hand.",
    "not_at_table": "That player is not at the table.",
    "two_stay": "At least two players must stay at the table.",
    "name_needed": "Give the new player a name.",
    "name_long": "A name has at most {most} letters.",
    "name_unprintable": "A name is made of letters, digits, signs and spaces only.",
    "already_seated": "{player} is already at the table.",
    "table_full": "The table is full: at most {most} players.",
    "no_rejoin": "Rejoining is offered only to an eliminated player, between deals.",
    "no_split": "Splitting the pool is asked only when 2 or 3 players are left.",
    "answer_rejoin": "First answer the offer to rejoin the pool.",
    "answer_split": "First answer whether to split the pool.",
    "sheet_full": (
        "This session's score sheet already holds {most} players; "
        "start a new session to seat someone new."
    ),
}


def _plural(rank: int) -> str:
    named = {1: "aces", 11: "jacks", 12: "queens", 13: "kings"}
    return named.get(rank, f"{rank_text(rank)}s")


# Glossary: every card of a rank ("the aces", "the 8s"), for the wild card.
TERMS = {f"rank_plural_{rank}": _plural(rank) for rank in range(1, 14)}


def _english() -> tuple[dict[str, str], dict[str, str]]:
    english = {PREFIX + name: text for name, text in (*REFUSALS.items(), *NOTES.items())}
    you: dict[str, str] = {}
    for name, (third, second) in SAID.items():
        english[PREFIX + name], you[PREFIX + name] = third, second
    for name, problem in PROBLEMS.items():
        english[PREFIX + name] = problem
        english[PREFIX + CANNOT_DECLARE + name] = "You cannot declare yet. " + problem
        english[PREFIX + WRONG + name] = WRONG_LINE[0].replace("{problem}", problem)
        you[PREFIX + WRONG + name] = WRONG_LINE[1].replace("{problem}", problem)
    return english, you


_ENGLISH, _YOU = _english()
templates(_ENGLISH, second_person=_YOU, terms=TERMS)
KEYS = tuple(_ENGLISH)  # every key of the game, for the message tests


def say(name: str, /, **params: object) -> Message:
    """The message ``indian_rummy.<name>``; an unknown name fails at once, in any test."""
    key = PREFIX + name
    if key not in ENGLISH:
        raise KeyError(f"no English template for {key!r}")
    return msg(key, **params)


def problem_name(problem: Message) -> str:
    return problem.key.removeprefix(PREFIX)


def cannot_declare(problem: Message) -> Message:
    """The refusal of a declaration that has ``problem``."""
    return Message(PREFIX + CANNOT_DECLARE + problem_name(problem), problem.params)


def declared_wrongly(problem: Message, points: int) -> Message:
    """The log line of a wrong declaration (under the penalty option) that has ``problem``."""
    return say(WRONG + problem_name(problem), **problem.values(), points=points)


def turned_up(indicator: Card, options: IndianRummyOptions | None = None) -> Message:
    """The log line of the turned-up wild card (a joker makes the aces wild by option)."""
    if indicator.is_joker:
        if options is not None and options.aces_wild_under_joker:
            return say("wild", card=indicator, ranks=rank_plural(1))
        return say("jokers_wild", card=indicator)
    return say("wild", card=indicator, ranks=rank_plural(indicator.rank))


def rank_plural(rank: int) -> Term:
    """Every card of ``rank`` ("the aces", "the 8s") as a glossary term."""
    return Term(f"rank_plural_{rank}")
