"""A finished game counted in the statistics: the same rule at the table's results
screen and for a finished game's autosave found at the next start (the app closed at
the last move), so a game counts once, whichever way it ended."""

from __future__ import annotations

from typing import Any

from game.engine.game import Results
from game.games.registry import GAMES
from game.persist.savedgame import SavedGame
from game.persist.stats import ONLINE, Statistics, stats_key, variant_of


def with_finished_game(stats: Statistics, saved: SavedGame, game: str = "") -> Statistics:
    """``stats`` with ``saved``'s result for its first human seat (the player who set the
    game up); unchanged for a table of AIs, a game not over, or one already counted
    under its name ``game`` (its autosave's file name)."""
    setup = saved.setup
    if not setup.humans or not saved.state.finished:
        return stats
    seat = setup.humans[0]
    results = GAMES[saved.game_id].rules.results(saved.state)
    return stats.recorded(
        stats_key(saved.game_id, variant_of(setup.options)),
        setup.stats_level,
        seat in results.winners,
        results.scores[seat],
        results.lower_is_better,
        game,
    )


def with_online_game(
    stats: Statistics, game_id: str, options: Any, seat: int, results: Results, game: str
) -> Statistics:
    """``stats`` with a finished online game for this computer's ``seat``, under the
    game and format's "online" records; unchanged when ``game`` (``online_game_name``)
    was counted already or nobody has won yet."""
    if not results.winners or not 0 <= seat < len(results.scores):
        return stats
    return stats.recorded(
        stats_key(game_id, variant_of(options)),
        ONLINE,
        seat in results.winners,
        results.scores[seat],
        results.lower_is_better,
        game,
    )
