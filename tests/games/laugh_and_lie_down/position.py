"""Build Laugh and Lie Down positions from card strings for scenario tests."""

from __future__ import annotations

from dataclasses import replace

from game.engine.cards import make_deck, parse_card
from game.games.laugh_and_lie_down import RULES, LaughOptions
from game.games.laugh_and_lie_down.state import PLAY, LaughState
from tests.helpers import hand as cards_of


def position(
    hands: list[str],
    layout: str,
    captured: list[str] | None = None,
    *,
    seat: int = 0,
    dealer: int | None = None,
    lain_down: tuple[bool, ...] | None = None,
    pot: int = 11,
    chips: tuple[int, ...] | None = None,
    moment: int = 0,
    rank_moment: dict[str, int] | None = None,
    chance: tuple[int, ...] | None = None,
    rest: int | None = None,
    **options,
) -> LaughState:
    """A state mid-deal where ``seat`` is to play. By default every seat has already had
    a chance to declare (``chance`` 0) and no rank has been captured since (moment 0);
    ``rank_moment`` maps a rank text ("7") to the moment it was last captured. With
    ``rest``, every card not placed goes to that seat's captured pile, so that the whole
    pack is in play (what players can work out depends on it)."""
    players = len(hands)
    piles = [cards_of(c) for c in (captured or [""] * players)]
    placed = {c for h in hands for c in cards_of(h)} | set(cards_of(layout))
    placed |= {c for pile in piles for c in pile}
    if rest is not None:
        piles[rest] = (*piles[rest], *(c for c in make_deck() if c not in placed))
    opts = LaughOptions(players=players, **options)
    state = RULES.new_game(opts, seed=0)
    moments = [0] * 13
    for text, when in (rank_moment or {}).items():
        moments[parse_card(text + "S").rank - 1] = when
    return replace(
        state,
        phase=PLAY,
        seat=seat,
        mover=seat,
        dealer=(seat - 1) % players if dealer is None else dealer,
        hands=tuple(cards_of(h) for h in hands),
        layout=cards_of(layout),
        captured=tuple(piles),
        lain_down=lain_down or tuple(not h.strip() for h in hands),
        pot=pot,
        chips=chips or (50,) * players,
        asking=(),
        moment=moment,
        rank_moment=tuple(moments),
        chance=chance or (0,) * players,
        last_player=None,
    )
