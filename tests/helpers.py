"""Helpers that build positions from readable card strings."""

from __future__ import annotations

from game.engine.cards import Card, parse_cards


def hand(text: str) -> tuple[Card, ...]:
    """``hand("AS KS QS JK")``: the cards of a hand, in order."""
    return tuple(parse_cards(text))


def cards(text: str) -> list[Card]:
    return parse_cards(text)
