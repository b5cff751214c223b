"""Engine messages in the player's language, with the players' names.

A message (``game.engine.messages``) is a key and typed parameters. English uses the
template the game keeps beside its rules; every other language looks the key up as
``msg.<key>`` in the translation files (a missing one is a bug the message tests catch,
never an English fallback). Parameters are rendered here: a seat becomes that player's
name, a glossary term its word in the language (``term.<word>``), cards their faces.

A seat's name is kept by kind (``game.persist.savedgame.Seat.default``): a default name
("You", "Player 2") is worded here in the screen's language, a typed one shown as typed.
The names the table hands to :func:`render` are :class:`ShownName`: the one that is the
player's own default name ("You") says so, and English then reads "You draw", not "You
draws" (the games keep such second-person forms beside their templates), and "from you"
inside a sentence. Nothing compares a name's words with "You".
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from game.app import i18n
from game.app.i18n import PLACEHOLDER, tr
from game.engine.cards import Card
from game.engine.messages import (
    ENGLISH,
    ENGLISH_YOU,
    MeldParam,
    Message,
    Seat,
    Signed,
    Term,
    Value,
    card_text,
    meld_text,
)
from game.persist.savedgame import DefaultName, read_default
from game.persist.savedgame import Seat as TableSeat

MSG = "msg."  # the translations of message keys: English lives beside each game


class ShownName(str):
    """A seat's name as this screen shows it; ``you`` says it is the default name of the
    player at this screen ("You", あなた), which English words in the second person."""

    you: bool

    def __new__(cls, text: str, you: bool = False) -> ShownName:
        name = super().__new__(cls, text)
        name.you = you
        return name


def is_you(name: str) -> bool:
    """Whether ``name`` (as :func:`shown_name` gave it) is the player's own default name."""
    return isinstance(name, ShownName) and name.you


def seat_name(seat: int, names: Sequence[str]) -> str:
    return names[seat] if 0 <= seat < len(names) else tr("new_game.player_n", n=seat + 1)


def shown_name(name: TableSeat | str) -> ShownName:
    """A player's name as this screen shows it: a default name in the current language,
    so a game begun in English and resumed in Japanese says あなた; a name the player typed
    as typed. ``name`` is a seat (its kind read once, when it was made), or the words of
    a name kept elsewhere, such as a save's summary for the Load list (read by
    ``read_default``, the one reading of a name's words)."""
    if isinstance(name, TableSeat):
        return _shown_name(name.name, name.default, i18n.language())
    return _shown_name(name, read_default(name), i18n.language())


@lru_cache(maxsize=512)
def _shown_name(text: str, default: DefaultName | None, current: str) -> ShownName:
    """A name of kind ``default`` in the ``current`` language. Cached: a table frame names
    every seat a few times over (plates, cells, scores, status), and the translations
    never change while the app runs (``i18n.table`` is read once)."""
    return ShownName(text) if default is None else default_text(default)


def default_text(default: DefaultName) -> ShownName:
    """A default name in the player's language: "You" (あなた), "Player 2" (プレイヤー2)."""
    if default.number is None:
        return ShownName(tr("new_game.you"), you=True)
    return ShownName(tr("new_game.player_n", n=default.number))


def shown_names(names: Sequence[TableSeat | str]) -> list[str]:
    """Every name as :func:`shown_name` shows it (each a ``ShownName``)."""
    return [shown_name(name) for name in names]


def value_text(value: Value, names: Sequence[str] = ()) -> str:
    """One parameter in the player's language."""
    if isinstance(value, Card):
        return card_text(value)
    if isinstance(value, tuple):
        return " ".join(card_text(card) for card in value)
    if isinstance(value, Seat):
        return seat_name(value.seat, names)
    if isinstance(value, Term):
        return tr(f"term.{value.word}")
    if isinstance(value, Signed):
        return f"{value.value:+d}"
    if isinstance(value, MeldParam):
        return meld_text(value)
    return str(value)


def template(key: str, second_person: bool = False) -> str | None:
    """The template of ``key`` in the current language, in the app's ``%{name}`` form."""
    if i18n.language() == "en":
        english = ENGLISH_YOU.get(key) if second_person else None
        english = english or ENGLISH.get(key)
        return None if english is None else english.replace("{", "%{")
    return i18n.table(i18n.language()).get(MSG + key)


def render(message: Message, names: Sequence[str] = (), second_person: bool = False) -> str:
    """``message`` as the player reads it; ``names`` are the seats' names as shown
    (:func:`shown_names`) and ``second_person`` says the subject of a log line is the
    player called "You" (``is_you`` of its name)."""
    text = template(message.key, second_person)
    values = {name: value_text(value, names) for name, value in message.values().items()}
    if text is None:
        inside = ", ".join(f"{name}={value}" for name, value in values.items())
        return f"{message.key}({inside})"
    if i18n.language() == "en":  # the player called "You" inside a sentence: "from you"
        for name, value in message.values().items():
            opens = text.startswith(f"%{{{name}}}")
            if isinstance(value, Seat) and is_you(values[name]) and not opens:
                values[name] = "you"
    return PLACEHOLDER.sub(lambda m: values.get(m.group(1), m.group(0)), text)


def missing_keys(language: str, keys: Sequence[str]) -> list[str]:
    """The message keys with no template in ``language`` (for the message tests)."""
    if language == "en":
        return [key for key in keys if key not in ENGLISH]
    table = i18n.table(language)
    return [key for key in keys if MSG + key not in table]
