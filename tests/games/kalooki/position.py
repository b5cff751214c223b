"""Build Kalooki positions from card strings for scenario tests."""

from __future__ import annotations

from dataclasses import replace

from game.engine.melds import RUN, Meld, Slot, loose_meld, read_meld
from game.games.kalooki import POLICY, RULES, KalookiOptions
from game.games.kalooki.options import CALLS_ALLOWED
from game.games.kalooki.state import PLAY, KalookiState, Turn
from tests.helpers import cards


def four(text: str, low: int, owner: int = 0) -> Meld:
    """A four laid from ``low`` upwards (14 is an ace above the king), jokers where written:
    ``four("JK 5H 6H 7H", 4)`` is a joker standing for the 4♥, then 5-6-7♥."""
    found = cards(text)
    suit = next(card.suit for card in found if not card.is_joker)
    slots = tuple(Slot(card, low + i, suit) for i, card in enumerate(found))
    return read_meld(Meld(RUN, slots, owner), POLICY)


def table_meld(text: str, owner: int = 0) -> Meld:
    """A three (or a four with no doubt where its jokers stand) read from text."""
    return replace(read_meld(loose_meld(cards(text)), POLICY), owner=owner)


def position(
    hands: list[str],
    *,
    stock: str = "2C 3C 4C 5C 6C 7C",
    discard: str = "9D",
    melds: tuple[Meld, ...] = (),
    laid_down: tuple[bool, ...] | None = None,
    calls_left: tuple[int, ...] | None = None,
    seat: int = 0,
    phase: str = PLAY,
    deal: int = 1,
    discarded_by: int | None = None,
    **options,
) -> KalookiState:
    """A Kalooki state in deal ``deal`` where ``seat`` is the active player."""
    players = len(hands)
    if players == 2:
        options.setdefault("two_players", True)
    opts = KalookiOptions(players=players, **options)
    state = RULES.new_game(opts, seed=0)
    return replace(
        state,
        deal=deal,
        dealer=(seat - 1) % players,
        phase=phase,
        seat=seat,
        asking=None,
        hands=tuple(tuple(cards(h)) for h in hands),
        stock=tuple(cards(stock)),
        discard=tuple(cards(discard)),
        discarded_by=discarded_by,
        melds=tuple(melds),
        laid_down=laid_down or (False,) * players,
        calls_left=calls_left or (CALLS_ALLOWED,) * players,
        turn=Turn(),
    )
