"""The contract every game implements, so the table, bots, saves and tests treat the
four games alike."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from game.engine.actions import Action
from game.engine.cards import Card
from game.engine.errors import IllegalAction
from game.engine.events import Event
from game.engine.messages import Message
from game.engine.presets import Preset
from game.engine.worlds import Hidden

StateT = TypeVar("StateT")
ViewT = TypeVar("ViewT")
ActionT = TypeVar("ActionT", bound=Action)


class Rules(Protocol[StateT, ViewT, ActionT]):
    """One game's rules over its state, a seat's view of it and its actions. Every
    function is pure: inputs are never changed. Each game's rules class names its types
    by subclassing (``class KalukiRules(Rules[KalukiState, KalukiView, Action])``), so
    mypy checks every signature against this contract."""

    @property
    def state_type(self) -> type[StateT]: ...

    @property
    def view_type(self) -> type[ViewT]:
        """The class of ``view``'s result (the network client decodes views into it)."""

    @property
    def options_type(self) -> type: ...

    def new_game(self, options: Any, seed: int) -> StateT: ...

    def start(self, options: Any, seed: int) -> tuple[StateT, list[Event]]:
        """A new game and the events of its first deal (the table animates them)."""

    def legal_actions(self, state: StateT) -> list[ActionT]:
        """A bounded list for the seat to act: every kind of move it may make, with the
        solver's best melds; ``apply`` accepts other legal combinations too."""

    def apply(self, state: StateT, action: ActionT) -> tuple[StateT, list[Event]]: ...

    def to_act(self, state: StateT) -> int | None:
        """The seat whose move it is, or None when nobody may move (the game is over)."""

    def finished(self, state: StateT) -> bool:
        """Whether the game is over (its results are final)."""

    def view(self, state: StateT, seat: int) -> ViewT:
        """Everything ``seat`` may see, and nothing more."""

    def public_view(self, state: StateT) -> ViewT:
        """What anyone may see, seated or not (a spectator): the view from seat 0's
        chair with no hand in it (every hand only by its size in ``hand_sizes``) and
        nothing else a seat alone knows."""

    def world(self, view: ViewT, hidden: Hidden) -> StateT:
        """A full state consistent with ``view``, its hidden cards as ``hidden`` guesses."""

    def all_cards(self, state: StateT) -> list[Card]:
        """Every card of the game, wherever it lies (to check none is lost or made)."""

    def hidden_from(self, state: StateT, seat: int) -> set[Card]:
        """The cards ``seat`` may not see now."""

    def results(self, state: StateT) -> Results: ...


# Any game's rules, as the registry, the sessions, the bots and the server hold them:
# they serve every game, so they know its state and view only as the rules' own values.
AnyRules = Rules[Any, Any, Action]


def publicly_hidden(rules: AnyRules, state: Any, players: int) -> set[Card]:
    """The cards a spectator may not see now: those hidden from any seat (a card only
    one seat sees is still hidden from the room)."""
    hidden: set[Card] = set()
    for seat in range(players):
        hidden |= rules.hidden_from(state, seat)
    return hidden


@dataclass(frozen=True)
class Results:
    """Standing after the deals played so far."""

    scores: tuple[int, ...]  # penalty totals, balances or chips, per seat
    winners: tuple[int, ...]  # seats that share the win (empty until the game ends)
    lower_is_better: bool
    deals: int


def problem(rules: AnyRules, state: Any, action: Action) -> Message | None:
    """None if ``action`` applies now, else the message that says why not."""
    try:
        rules.apply(state, action)
    except IllegalAction as error:
        return error.message
    return None


def _length_unknown(options: Any) -> int | None:
    return None


def _nobody_leaves(action: Action) -> int | None:
    return None


@dataclass(frozen=True)
class TableSetting:
    """A player's preference for how one game's table behaves (not a rule: both players
    of a game may choose differently), offered in Settings as one of ``choices``. Its
    texts are ``settings.<name>``, ``settings.<name>_help`` and ``settings.<name>_<choice>``;
    the settings file keeps it under ``name``."""

    name: str
    choices: tuple[str, ...]
    default: str


@dataclass(frozen=True)
class GameInfo:
    """A game's manifest: everything the rest of the app needs, in one place.

    The games may not import the bots, the app or the tools, so the parts of the game
    that live there are named by module path and imported by the layer that needs them
    (``game.ai.registry``, ``game.app.table``, ``game.tools.showcase``). A new game
    writes its manifest and adds one line to ``game.games.registry``."""

    id: str
    title: str
    blurb: str  # one line for the title screen
    min_players: int
    max_players: int
    options_type: type
    rules: AnyRules
    order: int  # its place in the menus, the title's tiles and the tools (lowest first)
    fan: tuple[str, ...]  # the cards fanned on its title tile
    bots: str  # module exposing ``KIT`` (a ``game.ai.registry.BotKit``)
    table: str  # "module:Class" of its table scene (a ``TableScene``)
    showcase: str  # developer tools' module: ``catalogue``, ``render_screenshots``, ``frames``
    help: str  # its rules page under game/app/data, one per language: "<help>.<language>.md"
    presets: tuple[Preset, ...] = ()  # well-known rule sets, the first the default (presets.py)
    # the option whose choice names the game's variant in the Load list ("Pool 101"), for
    # a game without presets; its choices' names are "options.<id>.<option>.choice_<value>"
    variant_option: str = ""
    # how many deals a game with these options lasts ("deal 3 of 9" in the Load list);
    # None for a game played to a score, whose length nobody knows in advance
    planned_deals: Callable[[Any], int | None] = _length_unknown
    # the player's preferences for this game's table, offered in Settings
    settings: tuple[TableSetting, ...] = ()
    # whether a new player (a spectator at an online table) may take computer seat
    # ``seat`` of this state: between deals where the game's rules allow a new player
    # (each game's ``takes_new_player`` in its rules.py says when, and why); None: the
    # game takes no new player once the cards are dealt
    takes_new_player: Callable[[Any, int], bool] | None = None
    # the move an online table's timed-out turn may be played as, when its host chose
    # the sites' rule over the computer playing the turn (Indian Rummy's drop); None:
    # the computer always plays it
    timeout_drop: Action | None = None
    # the seat an action takes away from the table (Indian Rummy's LeaveTable between
    # rounds), so an online table lets only that seat's player or the host make it
    leaving_seat: Callable[[Action], int | None] = _nobody_leaves

    def options(self, **values: Any) -> Any:
        """Options from names and values, with a clear error for a bad one."""
        from game.engine.options import options_from_dict

        return options_from_dict(self.options_type, values)
