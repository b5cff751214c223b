"""How likely a seat is to win a game decided by the lowest penalty total, from the
totals as they stand and how much play is left: what Hard's rollouts score, so that it
plays for the game, not just the deal (a seat about to pass the end mark sheds
penalties at any cost; the leader hurries the end).

Each seat's future penalties are taken as normal with the same spread, so seat ``s``
beats seat ``o`` with probability Phi((t_o - t_s) / (spread * sqrt(2 * deals_left))); the
chance of finishing lowest is the product over the others (independence is an
approximation; only differences between options matter to the search).
"""

from __future__ import annotations

import math
from collections.abc import Sequence


def _phi(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


def win_chance(totals: Sequence[float], seat: int, deals_left: float, spread: float) -> float:
    """Chance that ``seat`` ends with the lowest total (ties shared) after about
    ``deals_left`` more deals, each adding a penalty with standard deviation ``spread``."""
    mine = totals[seat]
    if deals_left <= 0:
        best = min(totals)
        return 1.0 / sum(t == best for t in totals) if mine == best else 0.0
    scale = spread * math.sqrt(2.0 * deals_left)
    chance = 1.0
    for other, theirs in enumerate(totals):
        if other != seat:
            chance *= _phi((theirs - mine) / scale)
    return chance
