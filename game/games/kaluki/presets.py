"""Kaluki's rule sets on the New game screen (rules/kaluki.md, "Rule sets").

The seed's game is the default. Each rule set only names option values, so Custom can
mix any of them; docs/ARCHITECTURE.md ("Kaluki rule sets") gives the sources of each
value and the choices made where they disagree:
- Kalooki 51 online deals 13 each, comes down with 51 and counts aces 11 in hand and in
  the opening, as the online card rooms' rules do.
- Kalooki 40, the British club game: 13 cards, 40 to come down, aces 11 but 1 at the low
  end of a run in the opening, the last card discarded to go out, a joker left in hand
  costs 15, a reshuffle keeps the top discard, and a player above 150 is out of the game
  until one is left. (Earlier versions ended it at 101: no source we found plays
  Kalooki to 101, a number that belongs to Indian Rummy's Pool 101.)
"""

from __future__ import annotations

from game.engine.presets import Preset
from game.games.kaluki.options import KEEP_TOP, LAST_STANDING

PRESETS = (
    Preset(
        "seed",
        "Seed rules",
        "The rules of this table: 15, 13 or 11 cards by players, 51 to come down, 150 ends.",
    ),
    Preset(
        "online_51",
        "Kalooki 51 online",
        "As played online: 13 cards each, 51 to come down, aces 11, the game ends at 150.",
        (("deal_size", 13), ("come_down", 51), ("target", 150), ("ace_eleven", True)),
    ),
    Preset(
        "kalooki_40",
        "Kalooki 40",
        "The British club game: 13 cards, 40 to come down, aces 11 (1 low), last card"
        " discarded, jokers 15, a player over 150 is out.",
        (
            ("deal_size", 13),
            ("come_down", 40),
            ("ace_eleven", True),
            ("low_ace_one", True),
            ("go_out_by_discard", True),
            ("joker_penalty", 15),
            ("reshuffle", KEEP_TOP),
            ("ending", LAST_STANDING),
            ("target", 150),
        ),
    ),
)
