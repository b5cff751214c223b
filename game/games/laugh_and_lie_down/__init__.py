"""Laugh and Lie Down, the 17th-century fishing game (rules/laugh_and_lie_down.md)."""

from game.engine.game import GameInfo
from game.games.laugh_and_lie_down import messages  # noqa: F401  (registers the templates)
from game.games.laugh_and_lie_down.dead_cards import PublicTable, dead_sets, public_table
from game.games.laugh_and_lie_down.options import LaughOptions
from game.games.laugh_and_lie_down.rules import LaughRules
from game.games.laugh_and_lie_down.settlement import baseline, bonus, settle
from game.games.laugh_and_lie_down.state import (
    Capture,
    ClaimDead,
    DeclareDead,
    LaughState,
    LaughView,
    LieDown,
)

RULES = LaughRules()


def planned_deals(options: object) -> int | None:
    """Every seat deals ``rounds`` times (an old file's options may lack either)."""
    rounds, players = getattr(options, "rounds", None), getattr(options, "players", None)
    if isinstance(rounds, int) and isinstance(players, int):
        return rounds * players
    return None


INFO = GameInfo(
    id="laugh_and_lie_down",
    title="Laugh and Lie Down",
    blurb="A 17th-century fishing game: capture by rank, lie down when nothing matches.",
    min_players=4,
    max_players=5,
    options_type=LaughOptions,
    rules=RULES,
    order=4,
    fan=("QH", "QS", "QC"),
    bots="game.ai.laugh_and_lie_down",
    table="game.app.table.laugh_and_lie_down:LaughHooks",
    showcase="game.tools.showcase.laugh_and_lie_down",
    help="rules/laugh_and_lie_down",
    planned_deals=planned_deals,
    # No new player once dealt: each player's chips are their own stake from the start
    # (50 each) and the rules know no buying in, so nobody takes over another's chips.
    takes_new_player=None,
)

__all__ = [
    "INFO",
    "RULES",
    "Capture",
    "ClaimDead",
    "DeclareDead",
    "LaughOptions",
    "LaughRules",
    "LaughState",
    "LaughView",
    "LieDown",
    "PublicTable",
    "baseline",
    "bonus",
    "dead_sets",
    "public_table",
    "settle",
]
