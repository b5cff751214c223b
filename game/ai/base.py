"""What every bot shares: levels, settings, the bot protocol, decisions with reasons, and
the per-decision random generator that makes bots replay identically.

A bot is a pure function of what its seat may know: ``choose(view, legal_actions,
public_history)``. It keeps no hidden memory between calls (caches only), so a saved game
reloaded in the middle continues with the same decisions, and the no-peeking test can call
it on any position.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import game.ai.messages  # noqa: F401  (registers the shared hints' English templates)
from game.ai.knowledge import HistoryReader
from game.engine.actions import DISCARD, Action, Discard, Draw, LayDown, NextDeal, Pass
from game.engine.cards import Card
from game.engine.events import Event
from game.engine.messages import Message, english, msg

EASY = "easy"
NORMAL = "normal"
HARD = "hard"
LEVELS = (EASY, NORMAL, HARD)

DEFAULT_BUDGET_MS = 400.0

StopCheck = Callable[[], bool]
"""Asked between units of work; True means "answer now" (the table cancelled or the
budget ran out)."""


@dataclass(frozen=True)
class BotSettings:
    """How hard a Hard bot thinks. ``rollouts`` > 0 fixes the number of sampled worlds per
    decision (reproducible tournaments); 0 uses the wall-clock ``budget_ms`` (the table)."""

    budget_ms: float = DEFAULT_BUDGET_MS
    rollouts: int = 0

    def __post_init__(self) -> None:
        if not 0 < self.budget_ms < float("inf"):  # nan and inf would never answer
            raise ValueError("the thinking budget must be a positive number of milliseconds")
        if self.rollouts < 0:
            raise ValueError("the rollout count cannot be negative")


@dataclass(frozen=True)
class Decision:
    """An action with the reason behind it, as an engine :class:`Message` (the same shape
    as a refusal or a log line: the table renders it in the player's language). Its
    English templates live beside each game's bots (``game/ai/<game>/messages.py``)."""

    action: Action
    message: Message

    @property
    def text(self) -> str:
        """The reason in English (tests, the simulator, the command line)."""
        return english(self.message)


def decision(action: Action, key: str, **params: object) -> Decision:
    """A Decision whose reason is the message ``key`` with ``params`` (cards as cards, so
    the table can tell which of two identical cards the hint means)."""
    return Decision(action, msg(key, **params))


def only_move(action: Action) -> Decision:
    """The reason for the one move the rules leave: it still says what to do."""
    if isinstance(action, Draw):
        key = "hint.only.take_discard" if action.source == DISCARD else "hint.only.draw_stock"
        return decision(action, key)
    if isinstance(action, Discard):
        return decision(action, "hint.only.discard", card=action.card)
    if isinstance(action, Pass):
        return decision(action, "hint.only.pass")
    if isinstance(action, NextDeal):
        return decision(action, "hint.next_deal")
    if isinstance(action, LayDown):
        melds = ", ".join(meld.describe() for meld in action.melds)
        return decision(action, "hint.only.lay_down", melds=melds)
    cards = tuple(getattr(action, "cards", ()) or ())
    card = getattr(action, "card", None)
    if isinstance(card, Card):
        cards = (card, *cards)
    if cards:
        return decision(action, "hint.only.play_cards", cards=cards)
    return decision(action, "hint.only.other")


class Bot(Protocol):
    level: str

    def choose(
        self,
        view: Any,
        legal_actions: Sequence[Action],
        public_history: Sequence[Event],
        stop: StopCheck | None = None,
    ) -> Action: ...


_MIX = 0x9E3779B97F4A7C15


def decision_rng(seed: int, seat: int, moment: int, salt: int = 0) -> random.Random:
    """The generator for one decision: a function of the game's seed, the seat and how far
    the game has gone (the length of the public history), never of hidden cards."""
    value = seed
    for part in (seat, moment, salt):
        value = (value * _MIX + part + 1) & ((1 << 96) - 1)
    return random.Random(value)


class SeededBot:
    """What every level's bot starts from: the game's seed and its seat (its decisions'
    randomness comes from both, see :func:`decision_rng`)."""

    level = EASY

    def __init__(self, seed: int, seat: int, settings: BotSettings | None = None) -> None:
        self.seed, self.seat = seed, seat


class ExplainingBot(SeededBot):
    """A bot whose every move comes with its reason (the Normal bots): ``choose`` is the
    action of ``explain``, which subclasses write. ``reader`` keeps the public history
    read so far, so each decision reads only what is new."""

    level = NORMAL

    def __init__(self, seed: int, seat: int, settings: BotSettings | None = None) -> None:
        super().__init__(seed, seat, settings)
        self.reader = HistoryReader()

    def explain(
        self, view: Any, legal_actions: Sequence[Action], public_history: Sequence[Event]
    ) -> Decision:
        raise NotImplementedError

    def choose(
        self,
        view: Any,
        legal_actions: Sequence[Action],
        public_history: Sequence[Event],
        stop: StopCheck | None = None,
    ) -> Action:
        return self.explain(view, legal_actions, public_history).action
