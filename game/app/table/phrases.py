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
        (r"adds to (?P<meld>.+)", "phrases.said_add"),
        (r"passes", "phrases.said_pass_plain"),
        (r"goes out", "phrases.said_out"),
    ],
    reasons=[
        (r"First draw a card, from the stock or the discard pile\.", "phrases.draw_first"),
        (r"You have already drawn this turn\.", "phrases.already_drawn"),
        (r"The deal is still being played\.", "phrases.deal_on"),
        (r"This deal is over: continue to the next deal\.", "phrases.deal_over"),
        (r"(?P<cards>.+) cannot be added to (?P<meld>.+)\.", "phrases.cannot_add"),
        (r"No joker in (?P<meld>.+) stands for the (?P<card>{CARD})\.", "phrases.no_joker_for"),
        (r"The (?P<card>{CARD}) is not in your hand\.", "phrases.not_in_hand"),
        (r"The jokers cannot stand for those cards.*", "phrases.jokers_cannot"),
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
