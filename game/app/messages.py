"""Engine messages in the player's language, with the players' names.

A message (``game.engine.messages``) is a key and typed parameters. English uses the
template the game keeps beside its rules; every other language looks the key up as
``msg.<key>`` in the translation files (a missing one is a bug the message tests catch,
never an English fallback). Parameters are rendered here: a seat becomes that player's
name, a glossary term its word in the language (``term.<word>``), cards their faces.

A log line about the player called "You" reads "You draw", not "You draws": the games
keep such second-person English forms beside their templates.
"""

from __future__ import annotations

import re
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

MSG = "msg."  # the translations of message keys: English lives beside each game


def seat_name(seat: int, names: Sequence[str]) -> str:
    return names[seat] if 0 <= seat < len(names) else tr("new_game.player_n", n=seat + 1)


def shown_name(name: str) -> str:
    """A player's name as this screen shows it: a default name ("You", "Player 2") given in
    any language reads in the current one, so a game begun in English and resumed in
    Japanese says あなた; a name the player typed is shown as typed."""
    return _shown_name(name, i18n.language())


@lru_cache(maxsize=512)
def _shown_name(name: str, current: str) -> str:
    """``shown_name`` in the ``current`` language. Cached: a table frame names every seat
    a few times over (plates, cells, scores, status), and the translations never change
    while the app runs (``i18n.table`` is read once)."""
    for language in i18n.LANGUAGES:
        words = i18n.table(language)
        if name == words.get("new_game.you"):
            return tr("new_game.you")
        numbered = words.get("new_game.player_n", "")
        pattern = re.escape(numbered).replace(re.escape("%{n}"), r"(\d{1,2})")
        found = re.fullmatch(pattern, name) if numbered else None
        if found:
            return tr("new_game.player_n", n=int(found.group(1)))
    return name


def shown_names(names: Sequence[str]) -> list[str]:
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
    """``message`` as the player reads it; ``names`` are the seats' names and
    ``second_person`` says the subject of a log line is the player called "You"."""
    text = template(message.key, second_person)
    values = {name: value_text(value, names) for name, value in message.values().items()}
    if text is None:
        inside = ", ".join(f"{name}={value}" for name, value in values.items())
        return f"{message.key}({inside})"
    if i18n.language() == "en":  # the player called "You" inside a sentence: "from you"
        for name, value in message.values().items():
            opens = text.startswith(f"%{{{name}}}")
            if isinstance(value, Seat) and values[name] == "You" and not opens:
                values[name] = "you"
    return PLACEHOLDER.sub(lambda m: values.get(m.group(1), m.group(0)), text)


def missing_keys(language: str, keys: Sequence[str]) -> list[str]:
    """The message keys with no template in ``language`` (for the message tests)."""
    if language == "en":
        return [key for key in keys if key not in ENGLISH]
    table = i18n.table(language)
    return [key for key in keys if MSG + key not in table]
