"""Texts that come from a file and reach the screen: seat names, slot names, ids.

A JSON string may hold anything: a NUL, a lone surrogate (valid JSON, not encodable as
UTF-8), control characters, or a megabyte. The font renderer refuses the first two and
chokes on the last, so every such text is checked where it is read, like any other
field: :func:`is_shown_text` for fields (a bad one is a bad
field), :func:`shown` for texts we only quote in a message (file names from the
system, which may hold undecodable bytes as surrogates).
"""

from __future__ import annotations

import unicodedata
from typing import TypeGuard

# Besides what str.isprintable accepts: spaces of every script (the ideographic space
# of a Japanese name) and the joiners that build emoji and Indic ligatures.
_ALSO_SHOWN = frozenset("\u200c\u200d")
MAX_QUOTED = 120  # characters of a file name quoted in a message


def _shown_char(ch: str) -> bool:
    return ch.isprintable() or ch in _ALSO_SHOWN or unicodedata.category(ch) == "Zs"


def is_shown_text(value: object, most: int) -> TypeGuard[str]:
    """Whether ``value`` is a text we can draw: 1 to ``most`` characters, encodable as
    UTF-8 (no lone surrogate), every character printable (no NUL, no control), and not
    only spaces."""
    if not isinstance(value, str) or not 0 < len(value) <= most or not value.strip():
        return False
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return all(_shown_char(ch) for ch in value)


def shown(value: str, most: int = MAX_QUOTED) -> str:
    """Any text made safe to draw: what cannot be shown becomes "?", and a long text is
    cut with "…"."""
    safe = "".join(ch if _shown_char(ch) else "?" for ch in value)
    return safe if len(safe) <= most else safe[: most - 1] + "…"
