"""Kalooki, the Caribbean contract rummy: nine deals, each with its contract
(rules/kalooki.md).

Decisions where the rules page is silent:
- The first lay-down is exactly the deal's contract (melds may be longer); no extra meld
  goes down with it, and no new meld later: after laying down, cards leave the hand only
  by adding to melds on the table, tacking, or discarding.
- Several cards added at once to a four follow the same growth rule: upwards to the ace,
  and below only if the four then reaches the ace. A joker added to a four goes on top
  (at the bottom once the four reaches the ace).
- A player holding only jokers that fit nowhere ends the turn without a discard.
- Calling: see calling.py for the order of asking. The discarder may not call back the
  card just thrown (so two players rarely call); a denied call is not counted; a player
  who has laid down must allow, so that answer is given for them; a call is offered only
  if the stock, reshuffled if need be, still holds the penalty card and the draw.
- When the stock must be rebuilt but no card outside the melds can ever be played again
  (nobody can add or tack one, nobody still to lay down could make the contract even
  from all of them), the deal ends like one with nothing left to draw: nobody is out and
  every hand is charged as it stands.
- ``legal_actions`` lists the discards most sensible first (discards.py).
"""

from game.engine.game import GameInfo, TableSetting
from game.games.kalooki import messages  # noqa: F401  (registers the English templates)
from game.games.kalooki.actions import AllowCall, Call, DeclineCall, DenyCall, Tack
from game.games.kalooki.options import KalookiOptions
from game.games.kalooki.rules import KalookiRules, takes_new_player
from game.games.kalooki.scoring import CONTRACTS, POLICY, contract_for, penalty, satisfies_contract
from game.games.kalooki.state import KalookiState, KalookiView

RULES = KalookiRules()
# Whether the table asks you each time you may call a discard, or you never call.
CALLS_SETTING = TableSetting("kalooki_calls", ("ask", "never"), "ask")
INFO = GameInfo(
    id="kalooki",
    title="Kalooki",
    blurb="Caribbean contract rummy: nine deals, each with its contract of threes and fours.",
    min_players=2,
    max_players=6,
    options_type=KalookiOptions,
    rules=RULES,
    order=2,
    fan=("5H", "5S", "5C", "JK2"),
    bots="game.ai.kalooki",
    table="game.app.table.kalooki:KalookiHooks",
    showcase="game.tools.showcase.kalooki",
    help="rules/kalooki",
    planned_deals=lambda options: len(CONTRACTS),  # one deal a contract
    takes_new_player=takes_new_player,
    settings=(CALLS_SETTING,),
)

__all__ = [
    "CALLS_SETTING",
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
