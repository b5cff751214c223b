"""Shared helpers for the bot tests: play seeded games with AI seats, and re-deal the
cards a seat cannot see."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from game.ai.base import BotSettings
from game.ai.seat import Seat, TableHistory, seat_inputs
from game.engine.actions import Action
from game.engine.cards import Card
from game.games.registry import get_game

QUICK = BotSettings(budget_ms=50, rollouts=2)


def start(game_id: str, options: dict[str, Any], seed: int):
    info = get_game(game_id)
    opts = info.options(**options)
    begin = getattr(info.rules, "start", None)
    if begin is not None:
        return info, *begin(opts, seed)
    return info, info.rules.new_game(opts, seed), []


def play(
    game_id: str,
    options: dict[str, Any],
    seed: int,
    levels: list[str],
    settings: BotSettings = QUICK,
    max_steps: int = 20_000,
    until_deals: int | None = None,
):
    """Play a seeded game with one bot per seat; returns (final state, actions)."""
    info, state, events = start(game_id, options, seed)
    players = state.options.players
    seats = [Seat(game_id, p, levels[p % len(levels)], seed, settings) for p in range(players)]
    history = TableHistory(players)
    history.record(events)
    actions: list[Action] = []
    while not state.finished and len(actions) < max_steps:
        if until_deals is not None and getattr(state, "deal", 0) > until_deals:
            break
        seat = state.to_act
        view, legal, seen = seat_inputs(info.rules, state, seat, history)
        action = seats[seat].decide(view, legal, seen)
        state, events = info.rules.apply(state, action)  # raises on an illegal move
        history.record(events)
        actions.append(action)
    return state, actions


def _replace_cards(value: Any, mapping: dict[Card, Card]) -> Any:
    if isinstance(value, Card):
        return mapping.get(value, value)
    if isinstance(value, tuple):
        items = [_replace_cards(item, mapping) for item in value]
        return type(value)(*items) if hasattr(value, "_fields") else tuple(items)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        changes = {
            f.name: _replace_cards(getattr(value, f.name), mapping)
            for f in dataclasses.fields(value)
            if f.name != "history"  # finished deals are public and may name these cards
        }
        return dataclasses.replace(value, **changes)
    return value


def redeal_hidden(rules, state: Any, seat: int, rng: random.Random) -> Any:
    """``state`` with the cards ``seat`` cannot see (others' hands, the stock) shuffled
    among their places: a different deal that looks the same from ``seat``."""
    hidden = sorted(rules.hidden_from(state, seat))
    shuffled = list(hidden)
    rng.shuffle(shuffled)
    return _replace_cards(state, dict(zip(hidden, shuffled, strict=True)))


# Small, quick set-ups per game for whole-game bot tests (short targets, few players).
QUICK_GAMES: dict[str, dict[str, Any]] = {
    "kaluki": {"players": 3, "target": 60},
    "laugh_and_lie_down": {"players": 4, "rounds": 1, "auto_declare": False},
    "kalooki": {"players": 3},
    "indian_rummy": {"players": 3},
}


def quick_options(game_id: str) -> dict[str, Any]:
    from tests.conformance.configs import CONFIGS

    if game_id in QUICK_GAMES:
        return QUICK_GAMES[game_id]
    return (CONFIGS.get(game_id) or [{}])[0]
