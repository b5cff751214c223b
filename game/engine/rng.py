"""Deterministic randomness that travels inside the game state.

The state keeps a seed and a counter; each random event builds a fresh ``random.Random``
from both, so a state can be saved as two integers and replayed exactly. The global
``random`` module is never used by the engine.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

_MIX = 0x9E3779B97F4A7C15  # golden-ratio constant: spreads nearby counters apart


def rng_for(seed: int, counter: int) -> random.Random:
    """The generator for the ``counter``-th random event of a game seeded with ``seed``."""
    return random.Random((seed * _MIX + counter) & ((1 << 128) - 1))


def shuffled(items: Sequence[T], seed: int, counter: int) -> tuple[T, ...]:
    pool = list(items)
    rng_for(seed, counter).shuffle(pool)
    return tuple(pool)
