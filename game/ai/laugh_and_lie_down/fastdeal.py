"""A rank-only simulation of the rest of a Laugh and Lie Down deal, for Hard's rollouts.

Suits never matter in this game, so a hand is 13 counts and a deal plays out in a few
dozen integer operations instead of full engine states (about a hundred times faster).
It follows the rules page exactly except claims: every player declares its own dead
cards at the start of its turn, as the bots do. The capture choice mirrors Normal's.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.engine.cards import Card
from game.games.laugh_and_lie_down.settlement import baseline, bonus

RANKS = range(1, 14)


def counts(cards: Sequence[Card]) -> list[int]:
    found = [0] * 14
    for card in cards:
        found[card.rank] += 1
    return found


def _declare(hand: list[int], taken: list[int]) -> int:
    """Move dead cards out of ``hand``; returns how many (they count as captured)."""
    moved = 0
    for rank in RANKS:
        held = hand[rank]
        dead = 4 if held == 4 else 2 if held == 3 else 2 if held == 2 and taken[rank] == 2 else 0
        if dead:
            hand[rank] -= dead
            taken[rank] += dead
            moved += dead
    return moved


def _choose(hand: list[int], layout: list[int], taken: list[int]) -> int:
    best, best_value = 0, -1.0
    for rank in RANKS:
        if not hand[rank] or not layout[rank]:
            continue
        in_layout = layout[rank]
        value = 1.0 + (in_layout if in_layout >= 3 else 1)
        hidden = 4 - hand[rank] - in_layout - taken[rank]
        if hidden > 0:
            value += 1.5
            if in_layout == 2:
                value -= 0.5
        elif hand[rank] >= 2 and in_layout == 1:
            value -= 0.5
        if value > best_value:
            best, best_value = rank, value
    return best


def play_out(
    hands: list[list[int]],
    layout: list[int],
    taken: list[int],
    captured: list[int],
    out: list[bool],
    mover: int,
    to_move: int | None,
    dealer: int,
) -> list[int]:
    """Finish the deal (the lists are changed in place) and return each seat's chips
    from the settlement. ``out``: lain down or played out. ``to_move``: the seat whose
    turn it is now (None: the one after ``mover``)."""
    players = len(hands)
    seat = to_move
    last = mover
    while True:
        active = [s for s in range(players) if not out[s]]
        if len(active) <= 1:
            last = active[0] if active else last
            break
        if seat is None or out[seat]:
            seat = next(
                (mover + k) % players
                for k in range(1, players + 1)
                if not out[(mover + k) % players]
            )
        mover = seat
        hand = hands[seat]
        captured[seat] += _declare(hand, taken)
        if sum(hand) == 0:
            out[seat] = True
        else:
            rank = _choose(hand, layout, taken)
            if rank:
                grab = layout[rank] if layout[rank] >= 3 else 1
                hand[rank] -= 1
                layout[rank] -= grab
                taken[rank] += grab + 1
                captured[seat] += grab + 1
                if sum(hand) == 0:
                    out[seat] = True
            else:  # lie down: the hand joins the layout
                for r in RANKS:
                    layout[r] += hand[r]
                    hand[r] = 0
                out[seat] = True
        seat = None
    captured[last] += _declare(hands[last], taken)  # the last player's final chance
    captured[dealer] += sum(layout[1:]) + sum(hands[last][1:])
    base = baseline(players)
    changes = [int((count - base) / 2) for count in captured]
    changes[last] += bonus(players)
    return changes
