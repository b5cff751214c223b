"""Seeded games with a hard cap on the actions of one deal, so a deal that goes round for
ever fails a test instead of hanging it (issue 17)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.ai.base import BotSettings
from game.ai.playout import PlayoutBot
from game.ai.seat import Seat, TableHistory, seat_inputs
from game.engine.events import DealStarted
from game.games.registry import get_game

PLAYOUT = "playout"
# The longest deal seen over every combination takes about 450 actions (Kalooki).
DEAL_CAP = 5_000


@dataclass
class Outcome:
    deals: int = 0
    actions: int = 0
    longest_deal: int = 0
    stuck: str | None = None  # what went wrong, for the failure message


def play_capped(
    game_id: str,
    options: dict[str, Any],
    seed: int,
    levels: list[str] | None = None,
    max_deals: int | None = None,
    deal_cap: int = DEAL_CAP,
) -> Outcome:
    """Play one game (at most ``max_deals`` deals) with the seeded play-out bot, or the
    named AI levels seat by seat; stop at the cap and say where the deal stood."""
    info = get_game(game_id)
    rules = info.rules
    start = getattr(rules, "start", None)
    opts = info.options(**options)
    state, events = start(opts, seed) if start else (rules.new_game(opts, seed), [])
    players = state.options.players
    levels = levels or [PLAYOUT] * players
    playout = PlayoutBot(seed)
    settings = BotSettings(rollouts=2)  # Hard, if asked for, thinks by a fixed count
    seats = [
        None if level == PLAYOUT else Seat(game_id, seat, level, seed, settings)
        for seat, level in enumerate(levels)
    ]
    history = TableHistory(players)
    history.record(events)
    outcome = Outcome(deals=1)
    in_deal = 0
    while not state.finished:
        seat = state.to_act
        if seats[seat] is None:
            action = playout.choose(rules.legal_actions(state))
        else:
            action = seats[seat].decide(*seat_inputs(rules, state, seat, history))
        state, events = rules.apply(state, action)
        history.record(events)
        outcome.actions += 1
        in_deal += 1
        if any(isinstance(event, DealStarted) for event in events):
            outcome.longest_deal = max(outcome.longest_deal, in_deal)
            in_deal = 0
            if max_deals is not None and outcome.deals >= max_deals:
                break
            outcome.deals += 1
        if in_deal > deal_cap:
            phase = getattr(state, "phase", "?")
            hands = " | ".join(" ".join(str(c) for c in h) for h in getattr(state, "hands", ()))
            outcome.stuck = (
                f"seed {seed}, deal {outcome.deals}: no end after {deal_cap} actions "
                f"(phase {phase}; hands {hands})"
            )
            break
    outcome.longest_deal = max(outcome.longest_deal, in_deal)
    return outcome
