"""Rule presets: well-known rule sets a game offers as one choice (issue 21).

A preset names option values; every option it does not name keeps its default, so a
preset is a whole rule set, not a change to the current one. The New game screen lists a
game's presets above its options and lights the one the options match (none: "Custom");
choosing one sets its options together, and each stays changeable. Presets are data in
the game's manifest (``GameInfo.presets``), so any game may offer them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Preset:
    key: str  # its name and help are "presets.<game>.<key>.name" / ".help" in translations
    title: str  # the English name, for a game not yet translated and for the tools
    help: str  # one line: what the rule set is
    values: tuple[tuple[str, Any], ...] = ()  # (option name, value); the rest: defaults

    def settings(self, defaults: Mapping[str, Any]) -> dict[str, Any]:
        """The options of this rule set: ``defaults`` (name to default) with its values."""
        return {**defaults, **{k: v for k, v in self.values if k in defaults}}


def matching(
    presets: Sequence[Preset], values: Mapping[str, Any], defaults: Mapping[str, Any]
) -> Preset | None:
    """The first preset whose rule set is exactly ``values`` (None: a custom set)."""
    wanted = {name: values.get(name, default) for name, default in defaults.items()}
    return next((p for p in presets if p.settings(defaults) == wanted), None)


def find(presets: Sequence[Preset], key: str) -> Preset:
    """The preset called ``key``; ValueError naming the ones there are."""
    for preset in presets:
        if preset.key == key:
            return preset
    names = ", ".join(p.key for p in presets) or "none"
    raise ValueError(f"unknown preset {key!r}; this game has: {names}")
