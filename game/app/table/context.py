"""What the table's parts share, and all they may touch of one another: the
:class:`TableContext` the scene gives each part (``game/app/table/parts/``).

The context is the game in progress (``session``, one :class:`SessionLike` whether local
or networked), the shown seat's ``view``, where things lie (``layout``, ``composer``,
``picture``), the hand as arranged (``hand_orders``, ``selected``, ``staged``), the
animations and the table's ``clock``; and three things any part may ask: ``play`` a move,
``refresh`` the picture after a change, ``refuse`` with a reason shown. ``hooks`` are the
game's answers (docs/TABLE.md, "The hooks"): a ``GameHooks`` built with the table, which
reads the table only through the members declared here. A part that needs another part is handed it
when it is built (the flow gets the saving), never through the context.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Any, Protocol

from game.app.session_like import SessionLike
from game.app.table.animation import Animator
from game.app.table.compose import Composer
from game.app.table.layout import TableLayout
from game.app.table.sprites import Picture, Place
from game.engine.actions import Action
from game.engine.cards import Card
from game.engine.events import Event
from game.engine.messages import Message
from game.persist.savedgame import HandGroups

if TYPE_CHECKING:
    import pygame_gui

    from game.app.app import App
    from game.app.table.drag import Drag, Move, Source, Target
    from game.app.table.hand import FlatHand
    from game.app.table.hint_value import Hint
    from game.app.table.hooks import GameHooks


class TableContext(Protocol):
    app: App
    size: tuple[int, int]  # the window's
    ui: pygame_gui.UIManager | None  # the table's widgets (None off the stack)
    session: SessionLike
    view: Any  # the shown seat's view: everything drawn comes from it
    layout: TableLayout | None  # None until the scene is on screen
    composer: Composer | None
    picture: Picture
    animator: Animator
    clock: float  # seconds the table has been up (notices and pacing count in it)
    hand_orders: dict[int, list[Card]]  # each seat's hand as arranged here
    selected: set[Card]
    staged: list[Any]  # table-only melds being put together
    focus: int  # the keyboard's card in the hand
    keyboard_used: bool  # the keyboard's card is ringed until the mouse is used
    notice: str  # a refusal shown on the status line, until ``notice_until``
    notice_until: float

    @property
    def hooks(self) -> GameHooks:
        """The game's answers (its table's hooks)."""

    @property
    def view_seat(self) -> int: ...

    @property
    def thinking_seat(self) -> int | None:
        """The AI seat whose move is being worked out (its plate says so)."""

    @property
    def hint(self) -> Hint | None:
        """The hint shown (parts/hint.py)."""

    @property
    def my_turn(self) -> bool:
        """The shown human may play now."""

    @property
    def covered(self) -> bool:
        """Hot seat: the shown hand is face down."""

    @property
    def hand(self) -> FlatHand:
        """The shown hand's arrangement (hand.py)."""

    @property
    def hand_order(self) -> list[Card]:
        """The shown hand as arranged (staged cards too)."""

    def hand_cards(self) -> list[Card]:
        """The shown hand in the player's order, without cards staged on the table."""

    def hand_rearranged(self) -> None:
        """The hand was arranged anew (saved like any move)."""

    def scroll_log(self, lines: int) -> None: ...

    def undo_arrangements(self) -> tuple[tuple[int, HandGroups], ...]:
        """The hand as arranged before each move undo may take back (kept in saves)."""

    def play(self, action: Action, overrides: dict[Hashable, Place] | None = None) -> bool:
        """Play a move of the shown human; False (and the reason shown) if refused."""

    def after_move(
        self, old: Picture, events: list[Event], overrides: dict[Hashable, Place] | None = None
    ) -> None:
        """A move was played (here, by a bot, or arrived): log, picture, flights, sounds."""

    def refresh(self) -> None:
        """Read the view again and compose the picture."""

    def refuse(self, reason: str | Message) -> None:
        """Show why something cannot be done."""

    def possible(self, move: Move) -> bool:
        """Whether the engine would take ``move`` now (a drop target lights up)."""

    def play_sound(self, name: str) -> None: ...

    # --- Laugh and Lie Down (its hooks: the pile shown in full hides while a card is
    # dragged; C captures with the card held; a pass-only claim window waits the AI's pace)

    @property
    def drag(self) -> Drag | None:
        """The cards being dragged, if any (parts/pointer.py)."""

    def held(self) -> tuple[Card, ...]:
        """The hand cards the keyboard holds: the selection, else the focused card."""

    def perform(self, move: Move | None, source: Source, places: dict[Hashable, Place]) -> bool:
        """Carry out ``move`` of ``source`` as a gesture would (the pointer's)."""

    def pace(self) -> float:
        """Seconds an AI seat's move waits now (the flow's pacing)."""

    # --- Indian Rummy (its Drop and Pool answers are played as asked; F declares the
    # held card as a drop on the Finish slot would: held and perform above)

    def apply_move(self, action: Action, overrides: dict[Hashable, Place] | None = None) -> bool:
        """Play a move of the shown human without asking first (a question answered)."""

    def resolve(self, source: Source, target: Target) -> Move | None:
        """What dropping ``source`` on ``target`` would do (the pointer's answer)."""
