"""Kaluki, the British rummy with a 51-point first meld (rules/kaluki.md)."""

from game.engine.game import GameInfo
from game.games.kaluki import messages  # noqa: F401  (registers the English templates)
from game.games.kaluki.options import KalukiOptions
from game.games.kaluki.presets import PRESETS
from game.games.kaluki.rules import KalukiRules, takes_new_player
from game.games.kaluki.scoring import POLICY, best_opening, penalty
from game.games.kaluki.state import KalukiState, KalukiView

RULES = KalukiRules()
INFO = GameInfo(
    id="kaluki",
    title="Kaluki",
    blurb="British rummy: two decks, four jokers, a first meld of 51.",
    min_players=2,
    max_players=6,
    options_type=KalukiOptions,
    rules=RULES,
    order=1,
    fan=("9S", "10S", "JS", "JK"),
    bots="game.ai.kaluki",
    table="game.app.table.kaluki:KalukiHooks",
    showcase="game.tools.showcase.kaluki",
    help="rules/kaluki",
    presets=PRESETS,
    takes_new_player=takes_new_player,
)

__all__ = [
    "INFO",
    "POLICY",
    "RULES",
    "KalukiOptions",
    "KalukiRules",
    "KalukiState",
    "KalukiView",
    "best_opening",
    "penalty",
]
