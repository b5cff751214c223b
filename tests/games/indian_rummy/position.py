"""Build Indian Rummy positions from card strings for scenario tests."""

from __future__ import annotations

from dataclasses import replace

from game.engine.cards import parse_cards
from game.games.indian_rummy import RULES, IndianRummyOptions
from game.games.indian_rummy.state import DRAW, IN_PLAY, IndianRummyState


def position(
    hands: list[str],
    *,
    indicator: str = "8C",
    stock: str = "2C 3D 4H 5S",
    discard: str = "9D",
    seat: int = 0,
    phase: str = DRAW,
    has_played: tuple[bool, ...] | None = None,
    **options,
) -> IndianRummyState:
    """A deal in progress where ``seat`` is to act. The stock is listed bottom to top
    above the indicator; identical faces across all the strings are distinct copies."""
    texts = [indicator, stock, discard, *hands]
    tokens = [t.split() for t in texts]
    every = parse_cards([tok for group in tokens for tok in group])
    groups, at = [], 0
    for group in tokens:
        groups.append(tuple(every[at : at + len(group)]))
        at += len(group)
    (shown,), stock_cards, discard_cards, *hand_cards = groups
    players = len(hands)
    state = RULES.new_game(IndianRummyOptions(players=players, **options), seed=0)
    order = tuple(range(players))
    return replace(
        state,
        order=order,
        dealer=(seat - 1) % players,
        next_dealer=(seat - 1) % players,
        seat=seat,
        phase=phase,
        statuses=(IN_PLAY,) * players,
        has_played=has_played or (False,) * players,
        hands=tuple(hand_cards),
        stock=(shown, *stock_cards),
        discard=discard_cards,
        set_aside=tuple(() for _ in range(players)),
        box=(),
        indicator=shown,
        taken=None,
    )
