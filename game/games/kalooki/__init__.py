"""Kalooki, the Caribbean contract rummy: nine deals, each with its contract
(rules/kalooki.md)."""

from game.engine.game import GameInfo
from game.games.kalooki.actions import AllowCall, Call, DeclineCall, DenyCall, Tack
from game.games.kalooki.options import KalookiOptions
from game.games.kalooki.rules import KalookiRules
from game.games.kalooki.scoring import CONTRACTS, POLICY, contract_for, penalty, satisfies_contract
from game.games.kalooki.state import KalookiState, KalookiView

RULES = KalookiRules()
INFO = GameInfo(
    id="kalooki",
    title="Kalooki",
    blurb="Caribbean contract rummy: nine deals, each with its contract of threes and fours.",
    min_players=2,
    max_players=6,
    options_type=KalookiOptions,
    rules=RULES,
)

__all__ = [
    "CONTRACTS",
    "INFO",
    "POLICY",
    "RULES",
    "AllowCall",
    "Call",
    "DeclineCall",
    "DenyCall",
    "KalookiOptions",
    "KalookiRules",
    "KalookiState",
    "KalookiView",
    "Tack",
    "contract_for",
    "penalty",
    "satisfies_contract",
]
