"""Build Kaluki positions from card strings for scenario tests."""

from __future__ import annotations

from dataclasses import replace

from game.engine.melds import loose_meld, read_meld
from game.games.kaluki import POLICY, RULES, KalukiOptions
from game.games.kaluki.state import DRAW, KalukiState, Turn
from tests.helpers import hand as cards_of


def position(
    hands: list[str],
    *,
    stock: str = "2C 3C 4C 5C 6C",
    discard: str = "9D",
    melds: list[tuple[int, str]] = (),
    melded: tuple[bool, ...] | None = None,
    seat: int = 0,
    phase: str = DRAW,
    **options,
) -> KalukiState:
    """A Kaluki state where ``seat`` is to act; ``melds`` are (owner, "cards")."""
    opts = KalukiOptions(players=len(hands), **options)
    state = RULES.new_game(opts, seed=0)
    table = tuple(replace(read_meld(loose_meld(cards_of(t)), POLICY), owner=o) for o, t in melds)
    melded = melded or (False,) * len(hands)
    return replace(
        state,
        turn=Turn(melded_at_start=melded[seat]),
        hands=tuple(cards_of(h) for h in hands),
        stock=cards_of(stock),
        discard=cards_of(discard),
        melds=table,
        melded=melded,
        seat=seat,
        phase=phase,
        dealer=(seat - 1) % len(hands),
    )
