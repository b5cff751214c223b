"""A deal always ends (issue 17): every option combination of every game (enumerated from
its Options dataclass, see option_space.py) plays seeded games under a hard cap on the
actions of one deal, by the play-out bot and by tables of AI seats, in turn.

By default each combination plays at least one deal (small games play several games
each, about 32 a game), taking turns between the play-out bot and a table of Normal and
Easy seats. ``CARD_PARLOUR_SOAK=N`` crosses every combination with every player count
and plays N whole games of each, taking turns between play-out, mixed, Easy and Normal
tables: ``CARD_PARLOUR_SOAK=1 pytest -s tests/conformance/test_deals_end.py``. ``-s``
shows how many games and deals each game played.
"""

from __future__ import annotations

import os

import pytest

from game.games.registry import GAMES
from tests.conformance.capped import PLAYOUT, play_capped
from tests.conformance.option_space import combination_id, combinations

SOAK = int(os.environ.get("CARD_PARLOUR_SOAK", "0"))
LINEUPS = ("playout", "mixed", "easy", "normal") if SOAK else ("playout", "mixed")
GAMES_PER_GAME = 32  # by default, spread over a game's combinations (at least one each)


def _levels(lineup: str, players: int, seed: int) -> list[str]:
    if lineup == "mixed":  # Normal and Easy side by side, shifted by the seed
        return ["normal" if (seat + seed) % 2 else "easy" for seat in range(players)]
    return [PLAYOUT if lineup == "playout" else lineup] * players


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_option_combination_ends_every_deal(game_id):
    every = combinations(game_id, every_player_count=bool(SOAK))
    each = SOAK or max(1, GAMES_PER_GAME // len(every))
    deals_at_most = None if SOAK else 1
    stuck, games, deals, longest = [], 0, 0, 0
    for number, options in enumerate(every):
        for game in range(each):
            lineup = LINEUPS[(number + game) % len(LINEUPS)]
            seed = 1000 * number + game
            levels = _levels(lineup, options["players"], seed)
            outcome = play_capped(game_id, options, seed, levels, deals_at_most)
            games += 1
            deals += outcome.deals
            longest = max(longest, outcome.longest_deal)
            if outcome.stuck:
                stuck.append(f"{combination_id(game_id, options)} {lineup}: {outcome.stuck}")
    print(
        f"\n{game_id}: {len(every)} combinations, {games} games, {deals} deals, "
        f"longest deal {longest} actions"
    )
    assert not stuck, "\n".join(stuck[:10])
