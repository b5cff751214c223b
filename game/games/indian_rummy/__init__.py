"""Indian Rummy (Paplu, 13 cards): rules/indian_rummy.md.

Public rule helpers, for the table, the bots and tests:
``can_declare(cards, wild_rank)``, ``declaration_problem(cards, wild_rank)`` and
``loser_points(cards, wild_rank)``, where ``cards`` are 13 cards and ``wild_rank`` a rank
such as ``"8"``, or None when only the printed jokers are wild.
"""

from game.engine.game import GameInfo
from game.games.indian_rummy import messages  # noqa: F401  (registers the English templates)
from game.games.indian_rummy.actions import Declare, JoinTable, LeaveTable, Pack, leaving_seat
from game.games.indian_rummy.options import IndianRummyOptions
from game.games.indian_rummy.rules import IndianRummyRules, takes_new_player
from game.games.indian_rummy.scoring import (
    CAP,
    can_declare,
    card_points,
    count_hand,
    declaration_problem,
    loser_points,
    policy_for,
)
from game.games.indian_rummy.state import IndianRummyState, IndianRummyView

RULES = IndianRummyRules()
INFO = GameInfo(
    id="indian_rummy",
    title="Indian Rummy",
    blurb="Paplu: 13 cards, a turned-up wild card, a pure run to declare.",
    min_players=2,
    max_players=10,
    options_type=IndianRummyOptions,
    rules=RULES,
    order=3,
    fan=("6D", "7D", "8D", "9D"),
    bots="game.ai.indian_rummy",
    table="game.app.table.indian_rummy:IndianRummyHooks",
    showcase="game.tools.showcase.indian_rummy",
    help="rules/indian_rummy",
    variant_option="format",
    takes_new_player=takes_new_player,
    leaving_seat=leaving_seat,
    timeout_drop=Pack(),  # a drop at the cost in force, where a drop is legal
)

__all__ = [
    "CAP",
    "INFO",
    "RULES",
    "Declare",
    "IndianRummyOptions",
    "IndianRummyRules",
    "IndianRummyState",
    "IndianRummyView",
    "JoinTable",
    "LeaveTable",
    "Pack",
    "can_declare",
    "card_points",
    "count_hand",
    "declaration_problem",
    "loser_points",
    "policy_for",
]
