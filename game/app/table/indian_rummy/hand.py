"""The shown player's hand in groups, at the Indian Rummy table: :class:`GroupsAtHand`,
a part the table holds and asks from its hooks (the data and the solver's grouping are
in ``groups.py``).

The framework's ``GroupedHand`` (hand.py) keeps the groups beside the flat order, per
seat and per deal: a card dropped in the hand goes into the group or gap under the mouse,
a drawn card into the group it was dropped on (else a group of its own). What is Indian
Rummy's own is here: how a hand is first grouped and sorted (``IndianRummyGrouping``),
the Group and Auto-group buttons (G, A), each group's label and the hand's drawing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
import pygame_gui

from game.app import i18n
from game.app.i18n import tr, ui
from game.app.table.compose import Composer
from game.app.table.context import TableContext
from game.app.table.hand import GroupedHand, Groups, Land, move_cards
from game.app.table.indian_rummy.felt import compose_groups
from game.app.table.indian_rummy.groups import (
    rank_group,
    reading,
    solver_groups,
    suit_groups,
    unmatched_points,
)
from game.app.ui.widgets import button_width
from game.engine.cards import Card
from game.engine.zone_names import hand_zone
from game.games.indian_rummy import card_points
from game.games.indian_rummy.state import DRAW, PLAY

GROUP_BUTTONS = ("group", "auto_group")


def in_deal(view: Any) -> bool:
    """A deal is being played (not a showdown, a question or the seats between rounds)."""
    return view.phase in (DRAW, PLAY)


def pure_length(view: Any) -> int:
    """How many cards the pure run needs (the options in play)."""
    return int(view.options.pure_run_minimum)


class GroupsAtHand:
    """The groups of the shown hand, their buttons, labels and drawing. Built by the table
    with its context; it reads the shown view, the hand, the selection and the cover
    there, and is given the rest (the widgets' manager and place, the cards the hint
    lights) when asked."""

    def __init__(self, ctx: TableContext) -> None:
        self.ctx = ctx
        self.widgets: dict[pygame_gui.elements.UIButton, str] = {}  # button -> its name
        self._grouped: GroupedHand | None = None  # made when the table asks (hand_model)
        # (groups, wild rank, language) -> each group's (kind, words), unmatched points
        self._labels: tuple[tuple[object, ...], list[tuple[str, str]], int] = ((), [], 0)

    # --- the Group and Auto-group buttons ----------------------------------------------

    def forget_buttons(self) -> None:
        """The widgets went with the scene's interface (built anew)."""
        self.widgets = {}

    def place_buttons(self, manager: pygame_gui.UIManager | None, area: pygame.Rect | None) -> None:
        """Group and Auto-group in ``area`` (right of the centre above the status line),
        shown while the shown player holds a hand in a deal."""
        if manager is None or area is None:
            return
        ctx = self.ctx
        rects, x = {}, area.right
        for name in reversed(GROUP_BUTTONS):
            width = button_width(tr(f"indian_rummy.{name}"))
            rects[name] = pygame.Rect(x - width, area.y, width, area.h)
            x -= width + 8
        current = {name: button for button, name in self.widgets.items()}
        if any(button.relative_rect != rects[name] for name, button in current.items()) or (
            len(current) != len(GROUP_BUTTONS)
        ):
            for button in current.values():
                button.kill()
            self.widgets = {}
            for name in GROUP_BUTTONS:
                button = pygame_gui.elements.UIButton(
                    rects[name], ui(f"indian_rummy.{name}"), manager
                )
                self.widgets[button] = name
        showing = in_deal(ctx.view) and bool(ctx.hand_order) and not ctx.covered
        for button, name in self.widgets.items():
            if showing and not button.visible:
                button.show()
            elif not showing and button.visible:
                button.hide()
            wanted = name != "group" or bool(ctx.selected)
            if wanted and not button.is_enabled:
                button.enable()
            elif not wanted and button.is_enabled:
                button.disable()

    def on_button(self, element: Any) -> bool:
        name = self.widgets.get(element)
        if name == "group":
            self.group_selected()
            return True
        if name == "auto_group":
            self.auto_group()
            return True
        return False

    # --- the groups (kept by the framework's GroupedHand, hand.py) ---------------------

    def hand_model(self, land: Land, rearranged: Callable[[], None]) -> GroupedHand:
        self._grouped = GroupedHand(self.ctx, land, rearranged, IndianRummyGrouping(self.ctx))
        return self._grouped

    @property
    def grouped(self) -> GroupedHand:
        assert self._grouped is not None, "the table names its hand model when it is built"
        return self._grouped

    @property
    def groups(self) -> Groups:
        return self.grouped.groups

    def group_selected(self) -> None:
        ctx = self.ctx
        chosen = [card for card in ctx.hand_cards() if card in ctx.selected]
        if not chosen:
            ctx.refuse(tr("indian_rummy.select_to_group"))
            return
        first = next(i for i, group in enumerate(self.groups) if chosen[0] in group)
        ctx.selected.clear()
        self.grouped.rearrange(move_cards(self.groups, chosen, ("new", first)))

    def auto_group(self) -> None:
        ctx = self.ctx
        hand = ctx.hand_cards()
        if not hand:
            return
        ctx.selected.clear()
        self.grouped.rearrange(solver_groups(hand, ctx.view.wild_rank, pure_length(ctx.view)))
        ctx.play_sound("place")

    def group_labels(self) -> list[tuple[str, str]]:
        """(kind, words) per group, cached until the groups change."""
        return self._worked_out()[1]

    def _worked_out(self) -> tuple[tuple[object, ...], list[tuple[str, str]], int]:
        view = self.ctx.view
        wild, pure = view.wild_rank, pure_length(view)
        key = (tuple(tuple(g) for g in self.groups), wild, i18n.language())
        if self._labels[0] != key:
            labels = []
            for group in self.groups:
                kind = reading(tuple(group), wild, pure)
                if kind:
                    words = tr(f"indian_rummy.group_{kind}")
                else:
                    n = sum(card_points(c, wild) for c in group)
                    words = tr("indian_rummy.group_loose", n=n)
                labels.append((kind, words))
            self._labels = (key, labels, unmatched_points(self.groups, wild, pure))
        return self._labels

    # --- the picture ------------------------------------------------------------------

    def compose(self, c: Composer, view: Any, glow: frozenset[Card]) -> None:
        """The shown hand in its groups (``glow``: the cards the hint lights)."""
        ctx = self.ctx
        wild = view.wild_rank
        tag = tr("indian_rummy.wild_tag")
        labels = {card: tag for card in ctx.hand_order if card.rank == wild and not card.is_joker}
        # A covered hand is one row of backs: the shape of the groups would tell its suits.
        groups = [[card for group in self.groups for card in group]] if ctx.covered else self.groups
        compose_groups(
            c,
            groups,
            hand_zone(ctx.view_seat),
            selected=ctx.selected,
            face_up=not ctx.covered,
            glow=glow,
            labels=labels,
        )

    def progress(self) -> tuple[str, bool] | None:
        """The unmatched points of the player's own arrangement, left of the status."""
        ctx = self.ctx
        if ctx.covered or not in_deal(ctx.view) or not ctx.hand_cards():
            return None
        points = self._worked_out()[2]
        return tr("indian_rummy.unmatched", n=points), points == 0


class IndianRummyGrouping:
    """Indian Rummy's groups (hand.Grouping): by suit with the wild cards apart."""

    def __init__(self, ctx: TableContext) -> None:
        self.ctx = ctx

    def deal(self) -> int:
        return int(self.ctx.view.deal)

    def first(self, hand: list[Card]) -> Groups:
        return suit_groups(hand, self.ctx.view.wild_rank)

    def sorted(self, hand: list[Card], by_rank: bool) -> Groups:
        wild = self.ctx.view.wild_rank
        return rank_group(hand, wild) if by_rank else suit_groups(hand, wild)
