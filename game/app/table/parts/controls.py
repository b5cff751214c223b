"""The buttons and the status line (a part of the table): the side buttons (sort, hint,
undo, menu ...), enabled while they can do something, and the game's buttons on the
status line for moves without a gesture (``context_buttons``, shown during the player's
turn); the status text, asked of the game only when something changed."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from game.app import i18n
from game.app.i18n import tr, ui
from game.app.table.context import TableContext
from game.app.table.hooks import ContextButton
from game.app.ui.widgets import button_width, fitted_button_id

SIDE_BUTTONS = ("sort_suit", "sort_rank", "hint", "undo", "menu", "help")
ONLINE_BUTTONS = ("sort_suit", "sort_rank", "hint", "undo", "chat", "menu", "help")
WATCH_BUTTONS = ("chat", "menu", "help")  # a spectator: no hand to sort, no hint, no undo


class Controls:
    def __init__(
        self,
        ctx: TableContext,
        manager: Callable[[], pygame_gui.UIManager | None],
        thinking_seat: Callable[[], int | None],
    ) -> None:
        """``manager``: the scene's widget manager (None while it is off screen);
        ``thinking_seat``: the AI seat working out its move (the status names it)."""
        self.ctx = ctx
        self._manager = manager
        self._thinking_seat = thinking_seat
        self.side_buttons: dict[pygame_gui.elements.UIButton, str] = {}
        self.context_widgets: dict[pygame_gui.elements.UIButton, ContextButton] = {}
        self._context_key: tuple[ContextButton, ...] = ()
        self._status_key: tuple[object, ...] = ()
        self._status_text = ""

    def build(self) -> None:
        """The side buttons for the layout now (after a resize, a change of language)."""
        manager, layout = self._manager(), self.ctx.layout
        assert manager is not None and layout is not None
        self.side_buttons = {}
        session = self.ctx.session
        names: tuple[str, ...] = ONLINE_BUTTONS if session.online else SIDE_BUTTONS
        if session.watching:
            names = WATCH_BUTTONS
        for rect, name in zip(layout.button_cells(len(names)), names):
            style = "#quiet" if name in ("menu", "help") else None
            label = f"table.{name}"
            button = pygame_gui.elements.UIButton(
                rect, ui(label), manager, object_id=fitted_button_id(tr(label), rect.w, style)
            )
            self.side_buttons[button] = name
        self.context_widgets = {}
        self._context_key = ()

    def status(self) -> str:
        """The status line's text, asked of the game table only when something changed
        (it may consult the engine's legal moves, which is too slow for every frame)."""
        ctx = self.ctx
        s = ctx.session
        key = (
            s.move_count,
            s.shown_seat,
            s.to_act,
            self._thinking_seat(),
            tuple(id(m) for m in ctx.staged),
            ctx.my_turn,
            i18n.language(),
        )
        if self._status_key != key:
            self._status_key = key
            self._status_text = ctx.hooks.status_text(ctx.view)
        return self._status_text

    def refresh(self, hand_shown: bool) -> None:
        """Buttons enabled as the game now allows; the game's buttons for this moment."""
        ctx = self.ctx
        manager, layout = self._manager(), ctx.layout
        if manager is None or layout is None:
            return
        # Where undo is never possible (online) the button looks so; Ctrl+Z says why.
        can_undo = ctx.session.can_undo and ctx.my_turn
        for button, name in self.side_buttons.items():
            enabled = {
                "undo": can_undo,
                "hint": ctx.my_turn,
                "sort_suit": hand_shown,
                "sort_rank": hand_shown,
            }.get(name, True)
            if enabled and not button.is_enabled:
                button.enable()
            elif not enabled and button.is_enabled:
                button.disable()
        wanted = tuple(ctx.hooks.context_buttons(ctx.view)) if ctx.my_turn else ()
        if wanted == self._context_key:
            return
        self._context_key = wanted
        for widget in self.context_widgets:
            widget.kill()
        self.context_widgets = {}
        x = layout.status.right - 8
        h = layout.status.h - 8
        for spec in reversed(wanted):
            label = tr(spec.key, **dict(spec.params))
            width = button_width(label)
            rect = pygame.Rect(x - width, layout.status.y + 4, width, h)
            widget = pygame_gui.elements.UIButton(
                rect,
                ui(spec.key),
                manager,
                text_kwargs=dict(spec.params),
                object_id=ObjectID(object_id="#primary" if spec.primary else None),
            )
            if not spec.enabled:
                widget.disable()
            self.context_widgets[widget] = spec
            x = rect.x - 8

    @property
    def context_width(self) -> int:
        """How much of the status line's right end the game's buttons take."""
        if not self.context_widgets or self.ctx.layout is None:
            return 0
        left: int = min(w.rect.x for w in self.context_widgets)
        return self.ctx.layout.status.right - left + 8
