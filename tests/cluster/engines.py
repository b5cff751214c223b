"""The cluster tests' engines (game/tools/engines.py starts them). Where one is missing its
tests are skipped and say why, unless CARD_PARLOUR_ENGINES=required (CI): they fail."""

from __future__ import annotations

import os

import pytest

from game.tools.engines import Postgres, Redis, free_port, postgres_bin

__all__ = ["Postgres", "Redis", "free_port", "missing", "postgres_bin"]

REQUIRED = os.environ.get("CARD_PARLOUR_ENGINES") == "required"


def missing(what: str) -> None:
    """Skip the test that needs ``what`` (fail where the engines are required)."""
    why = f"{what} is not installed (make test installs it as root; see docs/NETWORK.md)"
    if REQUIRED:
        pytest.fail(why)
    pytest.skip(why)
