"""No bot throws back the discard it took this turn (issue 27, section 5): taking a card
and discarding the same face at once only reads as broken play. A rule may force it (the
only card the rules let it discard); nothing else does. Every game's bots are wrapped in
:class:`KeepsTaken` by the registry, so the rule holds for every level and every game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.ai.base import Bot, StopCheck
from game.engine.actions import Action, Discard
from game.engine.cards import Card
from game.engine.events import CardMoved, DealStarted, Event, TurnStarted


def taken_this_turn(history: Sequence[Event], seat: int) -> Card | None:
    """The card ``seat`` took from the discard pile since its turn began (None if none)."""
    for event in reversed(history):
        if isinstance(event, TurnStarted | DealStarted):
            return None
        if isinstance(event, CardMoved) and event.src == "discard" and event.dst == f"hand:{seat}":
            return event.card
    return None


def is_throwback(action: Action, taken: Card | None) -> bool:
    return (
        taken is not None
        and isinstance(action, Discard)
        and action.card is not None
        and action.card.face == taken.face
    )


class KeepsTaken:
    """A bot that, when its bot would throw back the card just taken, asks it again
    without that discard, and takes the first other discard if it still insists."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.level = bot.level

    def __getattr__(self, name: str) -> Any:  # the wrapped bot's own helpers (explain...)
        if name == "bot":  # not set yet (a copy being built): never recurse
            raise AttributeError(name)
        return getattr(self.bot, name)

    def choose(
        self,
        view: Any,
        legal_actions: Sequence[Action],
        public_history: Sequence[Event],
        stop: StopCheck | None = None,
    ) -> Action:
        action = self.bot.choose(view, legal_actions, public_history, stop)
        taken = taken_this_turn(public_history, getattr(view, "seat", -1))
        if not is_throwback(action, taken):
            return action
        others = [a for a in legal_actions if not is_throwback(a, taken)]
        if not any(isinstance(a, Discard) for a in others):
            return action  # the rules leave no other discard
        again = self.bot.choose(view, others, public_history, stop)
        if not is_throwback(again, taken):
            return again
        return next(a for a in others if isinstance(a, Discard))
