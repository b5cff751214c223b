"""Messages: what the engine says, as a stable key and typed parameters, never a sentence.

A refusal (``IllegalAction``), a log line (``Said``) and a bot's reason (``Decision``) each
carry one :class:`Message`. The app renders it in the player's language, with the players'
names and the card faces of its own settings; nothing ever parses a sentence back.

Each game keeps the English template of each of its keys beside its rules (a
``messages.py`` that calls :func:`templates`), so tests, the simulator and the command
line read English through :func:`english`. Templates use ``{name}`` placeholders; a
parameter is rendered by its type:

- ``int`` -> the number; ``Signed`` -> the number with its sign (``+12``);
- ``Card`` -> its face (``7♥``, ``Joker``); a tuple of cards -> the faces, space separated;
- ``Meld`` -> its slots, a joker as the card it stands for in brackets (``7♥ [8♥] 9♥``);
- ``Seat`` -> ``Player N`` in English (the app writes the player's name);
- ``Term`` -> a word from the game's glossary (``group``, ``sequence``): its own key;
- ``str`` -> the text itself (only for text a player typed, such as a name).

A message is a frozen value with a JSON form (``game.engine.codec``), so a table server
can send it to a client in any language.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.engine.cards import Card
from game.engine.melds import Meld, Slot


@dataclass(frozen=True)
class Seat:
    """A parameter naming a seat; rendered as that player's name."""

    seat: int


@dataclass(frozen=True)
class Term:
    """A parameter naming a word of the game's glossary (``"group"``, ``"run"``); the app
    looks it up as ``term.<word>`` in the player's language."""

    word: str


@dataclass(frozen=True)
class Signed:
    """A number shown with its sign (a balance change: ``+12``, ``-5``)."""

    value: int


@dataclass(frozen=True)
class MeldParam:
    """A meld as a message parameter: its kind and slots (the owner does not matter)."""

    kind: str
    slots: tuple[Slot, ...]


Value = int | str | Card | tuple[Card, ...] | Seat | Term | Signed | MeldParam


@dataclass(frozen=True)
class Param:
    """One named parameter. Exactly one of the fields holds the value, so the JSON form
    says its type without guessing."""

    name: str
    number: int | None = None
    text: str | None = None
    cards: tuple[Card, ...] | None = None  # one card is a tuple of one, with ``one`` set
    one: bool = False
    seat: int | None = None
    term: str | None = None
    signed: int | None = None
    meld: MeldParam | None = None

    @property
    def value(self) -> Value:
        if self.number is not None:
            return self.number
        if self.text is not None:
            return self.text
        if self.cards is not None:
            return self.cards[0] if self.one else self.cards
        if self.seat is not None:
            return Seat(self.seat)
        if self.term is not None:
            return Term(self.term)
        if self.signed is not None:
            return Signed(self.signed)
        if self.meld is not None:
            return self.meld
        raise ValueError(f"parameter {self.name!r} has no value")


def _param(name: str, value: object) -> Param:
    if isinstance(value, bool):
        raise TypeError(f"{name}: a message parameter is never a bool (use a Term)")
    if isinstance(value, int):
        return Param(name, number=value)
    if isinstance(value, str):
        return Param(name, text=value)
    if isinstance(value, Card):
        return Param(name, cards=(value,), one=True)
    if isinstance(value, tuple | list) and all(isinstance(c, Card) for c in value):
        return Param(name, cards=tuple(value))
    if isinstance(value, Seat):
        return Param(name, seat=value.seat)
    if isinstance(value, Term):
        return Param(name, term=value.word)
    if isinstance(value, Signed):
        return Param(name, signed=value.value)
    if isinstance(value, Meld):
        return Param(name, meld=MeldParam(value.kind, value.slots))
    if isinstance(value, MeldParam):
        return Param(name, meld=value)
    raise TypeError(f"{name}: cannot use a {type(value).__name__} in a message")


@dataclass(frozen=True)
class Message:
    """A stable key (``"kaluki.first_meld_total"``) and its typed parameters."""

    key: str
    params: tuple[Param, ...] = field(default=())

    def value(self, name: str) -> Value:
        for param in self.params:
            if param.name == name:
                return param.value
        raise KeyError(name)

    def values(self) -> dict[str, Value]:
        return {param.name: param.value for param in self.params}

    def __str__(self) -> str:
        return english(self)


def msg(key: str, **params: object) -> Message:
    """A message from a key and its parameters (``msg("x.total", need=51, have=43)``)."""
    return Message(key, tuple(_param(name, value) for name, value in params.items()))


# The English templates of every key, filled in by each game's ``messages.py`` on import.
ENGLISH: dict[str, str] = {}
# Second-person forms of log lines for the player called "You" ("draw", not "draws").
ENGLISH_YOU: dict[str, str] = {}
# English words of the glossary terms (``Term``).
TERMS: dict[str, str] = {}


def templates(
    english_templates: dict[str, str],
    second_person: dict[str, str] | None = None,
    terms: dict[str, str] | None = None,
) -> None:
    """Register a game's English templates, the second-person forms of its log lines and
    its glossary words. A key keeps one template: registering another is an error."""
    for table, new in ((ENGLISH, english_templates), (ENGLISH_YOU, second_person or {})):
        for key, template in new.items():
            if table.get(key, template) != template:
                raise ValueError(f"message key {key!r} has two different English templates")
            table[key] = template
    TERMS.update(terms or {})


def card_text(card: Card) -> str:
    return card.pretty()


def meld_text(meld: MeldParam) -> str:
    return Meld(meld.kind, meld.slots).describe()


def english_value(value: Value) -> str:
    """One parameter as English text (the app has its own renderer, with names)."""
    if isinstance(value, Card):
        return card_text(value)
    if isinstance(value, tuple):
        return " ".join(card_text(card) for card in value)
    if isinstance(value, Seat):
        return f"Player {value.seat + 1}"
    if isinstance(value, Term):
        return TERMS.get(value.word, value.word)
    if isinstance(value, Signed):
        return f"{value.value:+d}"
    if isinstance(value, MeldParam):
        return meld_text(value)
    return str(value)


def english(message: Message) -> str:
    """The message in English. A key without a template shows as the key and its
    parameters, so a missing template is visible (and the message tests fail)."""
    template = ENGLISH.get(message.key)
    values = {name: english_value(value) for name, value in message.values().items()}
    if template is None:
        inside = ", ".join(f"{name}={text}" for name, text in values.items())
        return f"{message.key}({inside})"
    return template.format(**values)
