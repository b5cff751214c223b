"""The checks every game's message test makes (tests/app/table/test_<game>_messages.py):
each key has an English and a Japanese template with the same placeholders, and each
message reads in Japanese with no key fallback, no placeholder left and no English word
besides its parameters (a card's face, a player's name)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager

from game.app import i18n
from game.app.i18n import PLACEHOLDER
from game.app.messages import missing_keys, render, template, value_text
from game.engine.messages import ENGLISH, ENGLISH_YOU, Message, Value, msg

LATIN_WORD = re.compile(r"[A-Za-z]{3,}")
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
BRACES = re.compile(r"\{(\w+)\}")


@contextmanager
def in_japanese() -> Iterator[None]:
    i18n.set_language("ja")
    try:
        yield
    finally:
        i18n.set_language("en")


def check_reads_in_japanese(
    messages: Iterable[Message], names: Sequence[str], *, internal: Iterable[str] = ()
) -> None:
    """Each message in Japanese: a template of its own, some Japanese, nothing left in
    English. ``internal`` keys carry parameters that are program names (not checked for
    English words)."""
    skip = set(internal)
    with in_japanese():
        for message in set(messages):
            assert template(message.key) is not None, message.key
            text = render(message, names)
            assert message.key not in text and "%{" not in text and "term." not in text, text
            assert JAPANESE.search(text), text
            for value in message.values().values():
                text = text.replace(value_text(value, names), "")
            if message.key not in skip:
                assert LATIN_WORD.search(text) is None, f"{message.key}: {text}"


def check_keys_have_japanese(
    keys: Sequence[str], names: Sequence[str], sample: Mapping[str, Value] | None = None
) -> None:
    """Every key has both templates (and its second-person form, if any) with the same
    placeholders; with ``sample`` (a value per placeholder) each is rendered in Japanese."""
    assert keys
    assert missing_keys("en", keys) == [] and missing_keys("ja", keys) == []
    with in_japanese():
        for key in keys:
            english = set(BRACES.findall(ENGLISH[key]))
            assert set(PLACEHOLDER.findall(template(key) or "")) == english, key
            if key in ENGLISH_YOU:
                assert set(BRACES.findall(ENGLISH_YOU[key])) == english, key
    if sample is not None:
        rendered = [
            msg(key, **{n: sample[n] for n in BRACES.findall(ENGLISH[key])}) for key in keys
        ]
        check_reads_in_japanese(rendered, names)
