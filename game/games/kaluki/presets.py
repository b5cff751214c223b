"""Kaluki's rule sets on the New game screen (rules/kaluki.md, "Rule sets").

The seed's game is the default. Online Kalooki deals 13 each and keeps the 51 to come
down; the British club game deals 13, comes down with 40, counts aces 11 and usually
ends at 101 (some clubs play to 150: change "Game ends at" and the list shows Custom).
"""

from __future__ import annotations

from game.engine.presets import Preset

PRESETS = (
    Preset(
        "seed",
        "Seed rules",
        "The rules of this table: 15, 13 or 11 cards by players, 51 to come down, 150 ends.",
    ),
    Preset(
        "online_51",
        "Kalooki 51 online",
        "As played online: 13 cards each, 51 to come down, the game ends at 150.",
        (("deal_size", 13), ("come_down", 51), ("target", 150)),
    ),
    Preset(
        "kalooki_40",
        "Kalooki 40",
        "The British club game: 13 cards, 40 to come down, aces 11, the game ends at 101.",
        (("deal_size", 13), ("come_down", 40), ("ace_eleven", True), ("target", 101)),
    ),
)
