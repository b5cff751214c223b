"""Chips: antes before a deal and the settlement after it (rules/laugh_and_lie_down.md).

The pot is a running balance: antes go in, the settlement pays out in full even when the
pot cannot cover it, and what is left (positive or negative) carries over to the next
deal. So the players' chips plus the pot never change in total.
"""

from __future__ import annotations

from collections.abc import Sequence

ANTE = 2
DEALER_ANTE = 3
LAYOUT_SIZE = 12


def bonus(players: int) -> int:
    """What the last player still playing takes from the pot."""
    return 5 if players == 5 else 3


def baseline(players: int) -> int:
    """The captured-card count that neither pays nor takes."""
    return 8 if players == 5 else 10


def antes(players: int, dealer: int) -> list[int]:
    """What each seat pays into the pot before a deal: 2 chips, the dealer 3."""
    return [DEALER_ANTE if seat == dealer else ANTE for seat in range(players)]


def card_chips(count: int, players: int) -> int:
    """Chips taken from (positive) or paid into (negative) the pot for ``count`` captured
    cards: one per two cards away from the baseline, an odd card rounding toward it."""
    difference = count - baseline(players)
    return int(difference / 2)  # int() truncates toward zero, i.e. toward the baseline


def settle(captured_counts: Sequence[int], last_player: int, players: int) -> list[int]:
    """The chips each seat takes from the pot (negative: pays into it) after one deal,
    before the next antes. ``captured_counts`` already includes the dealer's share (the
    layout and the last player's hand)."""
    if players not in (4, 5):
        raise ValueError(f"Laugh and Lie Down is for 4 or 5 players, not {players}.")
    if len(captured_counts) != players:
        raise ValueError(f"Expected {players} captured counts, got {len(captured_counts)}.")
    if not 0 <= last_player < players:
        raise ValueError(f"The last player must be a seat from 0 to {players - 1}.")
    changes = [card_chips(count, players) for count in captured_counts]
    changes[last_player] += bonus(players)
    return changes
