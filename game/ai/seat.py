"""AI seats for the table and the simulator: a :class:`Seat` wraps a bot and times its
decisions; :class:`TableHistory` keeps each seat's public history as the game goes;
:func:`seat_inputs` is the only place that turns a state into what a bot may see."""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from game.ai.base import Bot, BotSettings, StopCheck
from game.ai.registry import make_bot
from game.engine.actions import Action
from game.engine.events import Event, events_for
from game.engine.game import AnyRules


class TableHistory:
    """The events of a game as each seat may see them (hidden cards of others blanked)."""

    def __init__(self, players: int) -> None:
        self.seats: list[list[Event]] = [[] for _ in range(players)]

    def record(self, events: Sequence[Event]) -> None:
        events = list(events)
        for seat, seen in enumerate(self.seats):
            seen.extend(events_for(events, seat))

    def for_seat(self, seat: int) -> list[Event]:
        return self.seats[seat]


def seat_inputs(
    rules: AnyRules, state: Any, seat: int, history: TableHistory
) -> tuple[Any, list[Action], list[Event]]:
    """What the bot of ``seat`` is given: its view, the engine's legal actions (asked only
    when that seat is to act) and its public history. Never the state itself."""
    legal = rules.legal_actions(state) if rules.to_act(state) == seat else []
    return rules.view(state, seat), legal, history.for_seat(seat)


class Seat:
    """An AI seat: its bot and how long each decision took (milliseconds)."""

    def __init__(
        self,
        game_id: str,
        seat: int,
        level: str,
        seed: int,
        settings: BotSettings | None = None,
    ) -> None:
        self.game_id, self.seat, self.level = game_id, seat, level
        self.bot: Bot = make_bot(game_id, level, seed, seat, settings)
        self.latencies_ms: list[float] = []  # wall clock, what the player waits
        self.cpu_ms: list[float] = []  # this thread's processor time (load-independent)

    def decide(
        self,
        view: Any,
        legal_actions: Sequence[Action],
        public_history: Sequence[Event],
        stop: StopCheck | None = None,
    ) -> Action:
        start, cpu = time.perf_counter(), time.thread_time()
        action = self.bot.choose(view, legal_actions, public_history, stop)
        self.latencies_ms.append((time.perf_counter() - start) * 1000)
        self.cpu_ms.append((time.thread_time() - cpu) * 1000)
        return action

    def worker(self):
        """A :class:`~game.ai.worker.BotWorker` thinking for this seat off the UI thread."""
        from game.ai.worker import BotWorker

        return BotWorker(self.bot)
