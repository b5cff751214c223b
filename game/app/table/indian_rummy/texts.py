"""Indian Rummy's small formatting helpers at the table (the engine's own sentences are
messages, rendered by ``game.app.messages``)."""

from __future__ import annotations

from game.app.i18n import tr
from game.games.indian_rummy.messages import rank_plural as rank_term


def signed(n: int) -> str:
    """A balance or payment with its sign: "+12", "−8" (a real minus), "0"."""
    if n > 0:
        return f"+{n}"
    if n < 0:
        return f"\u2212{-n}"
    return "0"


def rank_plural(rank: int) -> str:
    """Every card of a rank, for "Wild: the 8s": "8s", "aces", "kings" (in Japanese the
    rank itself), from the glossary the engine's messages use too."""
    return tr(f"term.{rank_term(rank).word}")
