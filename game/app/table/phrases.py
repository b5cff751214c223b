"""The engine's sentences in the player's language.

The engine speaks English (its ``IllegalAction`` reasons and its ``Said`` log lines). In
English the table shows them as they are. In another language each sentence the table
knows is matched against a pattern and its parts (cards, numbers, melds) are put into
the translated sentence; a sentence it does not know keeps the engine's English text,
after a translated prefix ("できません：") for a refusal. Game tables add their own
patterns with :func:`add_patterns`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence

from game.app import i18n
from game.app.i18n import tr
from game.app.messages import render
from game.engine.messages import ENGLISH, Message

CARD = r"(?:\d+|[AJQK])[♠♥♦♣]|Joker"

# (pattern, translation key). The named groups fill the key's placeholders.
Phrase = str | Callable[..., str]  # a translation key, or a function building the sentence
SAID: list[tuple[re.Pattern, Phrase]] = []
REASONS: list[tuple[re.Pattern, Phrase]] = []
WORDS = {"sequence": "table.word_sequence", "group": "table.word_group", "run": "table.word_run"}


def add_patterns(
    said: Iterable[tuple[str, Phrase]] = (), reasons: Iterable[tuple[str, Phrase]] = ()
) -> None:
    """Teach the table more sentences: (regular expression, translation key) pairs;
    ``{CARD}`` in a pattern matches a card such as 7♥ or Joker. Instead of a key, a
    function of the named groups may build the translated sentence itself."""
    for pattern, key in said:
        SAID.append((re.compile(pattern.replace("{CARD}", CARD) + r"$"), key))
    for pattern, key in reasons:
        REASONS.append((re.compile(pattern.replace("{CARD}", CARD) + r"$"), key))


add_patterns(
    said=[
        (r"draws from the stock", "phrases.said_draw_stock"),
        (r"takes the (?P<card>{CARD}) from the discard pile", "phrases.said_take"),
        (r"discards the (?P<card>{CARD})", "phrases.said_discard"),
        (r"melds (?P<meld>.+)", "phrases.said_meld"),
        (r"adds to (?P<meld>.+)", "phrases.said_add"),
        (r"swaps the (?P<card>{CARD}) for a joker", "phrases.said_swap"),
        (r"passes the (?P<card>{CARD})", "phrases.said_pass"),
        (r"passes", "phrases.said_pass_plain"),
        (r"goes out", "phrases.said_out"),
        (
            r"The stock is empty: the discard pile is shuffled into a new stock\.",
            "phrases.said_reshuffle",
        ),
    ],
    reasons=[
        (
            r"Your first meld must total (?P<need>\d+); these cards make (?P<have>\d+)\.",
            "phrases.first_meld_total",
        ),
        (r"First draw a card, from the stock or the discard pile\.", "phrases.draw_first"),
        (r"You have already drawn this turn\.", "phrases.already_drawn"),
        (
            r"You may take the (?P<card>{CARD}) only to use it in a first meld of "
            r"(?P<need>\d+) or more this turn; with it your best is (?P<have>\d+)\.",
            "phrases.take_only_to_open",
        ),
        (r"The discard pile is empty\.", "phrases.discard_empty"),
        (r"The deal is still being played\.", "phrases.deal_on"),
        (r"This deal is over: continue to the next deal\.", "phrases.deal_over"),
        (r"Everyone passed the up-card: draw from the stock\.", "phrases.everyone_passed"),
        (r"Keep one card to discard: you go out only by discarding\.", "phrases.keep_one"),
        (
            r"You may add to melds on the table only after your first meld\.",
            "phrases.add_after_first",
        ),
        (r"(?P<cards>.+) cannot be added to (?P<meld>.+)\.", "phrases.cannot_add"),
        (r"No joker in (?P<meld>.+) stands for the (?P<card>{CARD})\.", "phrases.no_joker_for"),
        (
            r"You took the (?P<card>{CARD}) from the discard pile: first lay it in your first meld "
            r"\((?P<need>\d+)\+\)\.",
            "phrases.lay_taken_first",
        ),
        (
            r"The (?P<card>{CARD}) you took from the discard pile must be in this first meld\.",
            "phrases.taken_in_meld",
        ),
        (
            r"In the first-turn round you may only take the up-card or pass\.",
            "phrases.first_round_only",
        ),
        (r"Passing is only for the first-turn discard round\.", "phrases.pass_only_first_round"),
        (
            r"A meld needs at least (?P<n>\d+) cards; these are (?P<have>\d+)\.",
            "phrases.meld_too_small",
        ),
        (r"These cards do not make a (?P<name>\w+)\.", "phrases.not_a_meld_kind"),
        (
            r"A meld is either a (?P<group>\w+) \(one rank\) or a (?P<run>\w+) .*",
            "phrases.not_a_meld",
        ),
        (r"The (?P<card>{CARD}) is not in your hand\.", "phrases.not_in_hand"),
        (r"Nothing to undo in this turn\.", "phrases.nothing_to_undo"),
        (
            r"You may swap a joker only after your first meld \(table option\)\.",
            "phrases.swap_after_first",
        ),
        (r"The jokers cannot stand for those cards.*", "phrases.jokers_cannot"),
        (r"Two (?P<card>{CARD}) cannot be in one (?P<name>\w+).*", "phrases.group_twin"),
        (r"A (?P<name>\w+) cannot hold two (?P<rank>\w+)s\.", "phrases.run_twin"),
        (r"A (?P<name>\w+) does not turn the corner.*", "phrases.no_corner"),
        (
            r"These cards are too far apart for a (?P<name>\w+) with (?P<n>\d+) joker\(s\)\.",
            "phrases.too_far",
        ),
        (r"A (?P<name>\w+) has at most (?P<n>\d+) cards\.", "phrases.group_max"),
        (r"A meld needs real cards as well as jokers\.", "phrases.needs_real"),
        (r"There is no such meld on the table\.", "phrases.no_such_meld"),
        (r"Choose the cards of at least one meld\.", "phrases.choose_cards"),
        (r"The game is over\.", "phrases.game_over"),
    ],
)


def _translate(text: str, patterns: list[tuple[re.Pattern, Phrase]]) -> str | None:
    for pattern, key in patterns:
        match = pattern.match(text)
        if match is not None:
            values = {k: _word(v) for k, v in match.groupdict().items() if v is not None}
            return key(**values) if callable(key) else tr(key, **values)
    return None


def _word(value: str) -> str:
    key = WORDS.get(value)
    return tr(key) if key else value


def said(text: str | Message, second_person: bool = False, names: Sequence[str] = ()) -> str:
    """A log line (``Said``) in the player's language; ``second_person`` when the
    player's name is "You" ("You draw from the stock", not "You draws")."""
    if isinstance(text, Message):
        if text.key in ENGLISH or text.params:
            return render(text, names, second_person)
        text = text.key  # a game not yet moved to messages: the key is its sentence
    if i18n.language() == "en":
        return _second_person(text) if second_person else text
    return _translate(text, SAID) or text


def _second_person(text: str) -> str:
    """The English verb that opens a log line, for "You": draws -> draw, passes -> pass;
    a second verb after "and" too ("discards the 7♥ and declares rummy")."""
    verb, space, rest = text.partition(" ")
    rest = AND_VERB.sub(lambda m: m.group(1) + _second_person(m.group(2)), rest)
    if verb in IRREGULAR:
        verb = IRREGULAR[verb]
    elif verb.endswith("ies"):
        verb = verb[:-3] + "y"  # denies -> deny
    elif verb.endswith(("ches", "shes", "sses", "xes")):
        verb = verb[:-2]  # reaches -> reach
    elif verb.endswith("s") and verb[:1].islower():
        verb = verb[:-1]
    return verb + space + rest


IRREGULAR = {"has": "have", "does": "do", "goes": "go", "passes": "pass"}
AND_VERB = re.compile(r"(\) and |\S and )(declares|drops|takes|discards|draws|goes)\b")


def reason(text: str | Message, names: Sequence[str] = ()) -> str:
    """Why a move was refused, in the player's language (the engine's English after a
    translated prefix when the sentence is unknown)."""
    if isinstance(text, Message):
        if text.key in ENGLISH or text.params:
            return render(text, names)
        text = text.key  # a game not yet moved to messages: the key is its sentence
    if i18n.language() == "en":
        return text
    return _translate(text, REASONS) or tr("table.refused", reason=text)
