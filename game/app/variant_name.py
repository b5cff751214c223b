"""The rule set or format a game is played by, in the player's language ("Pool 101",
"Kalooki 40"), for the Load list and Continue. Read from the game's manifest: its rule
sets (``GameInfo.presets``) when it has them, else the option that names its variant
(``GameInfo.variant_option``, Indian Rummy's format)."""

from __future__ import annotations

from typing import Any

from game.app.i18n import tr_or
from game.app.scenes.preset_list import current, label
from game.engine.options import option_fields
from game.games.registry import GAMES


def variant_name(game_id: str, options: Any) -> str:
    """The rule set ("Kalooki 40", or Custom), the variant ("Pool 101"), or ""."""
    info = GAMES.get(game_id)
    if info is None or options is None or not isinstance(options, info.options_type):
        return ""
    fields = [f for f in option_fields(info.options_type) if f.name != "players"]
    if info.presets:
        values = {f.name: getattr(options, f.name) for f in fields}
        return label(game_id, current(info.presets, fields, values), info.presets)
    if info.variant_option:
        value = getattr(options, info.variant_option)
        key = f"options.{game_id}.{info.variant_option}.choice_{value}"
        return tr_or(key, str(value))
    return ""
