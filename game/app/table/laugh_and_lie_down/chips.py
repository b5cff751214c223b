"""How Laugh and Lie Down writes chip amounts: a change with its sign, a balance with a
true minus sign (easier to read than a hyphen)."""

from __future__ import annotations

MINUS = "\u2212"


def signed(n: int) -> str:
    """A change of chips: "+3", "−2", "0"."""
    return f"+{n}" if n > 0 else f"{MINUS}{-n}" if n < 0 else "0"


def signed_plain(n: int) -> str:
    """A balance: "12", "−3"."""
    return f"{MINUS}{-n}" if n < 0 else str(n)
