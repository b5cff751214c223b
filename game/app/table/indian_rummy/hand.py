"""The shown player's hand in groups, at the Indian Rummy table (its hooks, a mixin of
``IndianRummyTable``; the data and the solver's grouping are in ``groups.py``).

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

from game.app.i18n import tr, ui
from game.app.table.hand import FlatHand, GroupedHand, Land, move_cards
from game.app.table.indian_rummy.felt import compose_groups
from game.app.table.indian_rummy.groups import (
    rank_group,
    reading,
    solver_groups,
    suit_groups,
    unmatched_points,
)
from game.app.table.zones import hand_zone
from game.app.ui.widgets import button_width
from game.engine.cards import Card
from game.games.indian_rummy import card_points

GROUP_BUTTONS = ("group", "auto_group")


class GroupsAtHand:
    # --- the Group and Auto-group buttons ----------------------------------------------

    def _place_group_buttons(self) -> None:
        """Group and Auto-group, right of the centre above the status line, shown while
        the shown player holds a hand in a deal."""
        if self.ui is None or self.felt is None:
            return
        area = self.felt.buttons
        rects, x = {}, area.right
        for name in reversed(GROUP_BUTTONS):
            width = button_width(tr(f"indian_rummy.{name}"))
            rects[name] = pygame.Rect(x - width, area.y, width, area.h)
            x -= width + 8
        current = {name: button for button, name in self.group_widgets.items()}
        if any(button.relative_rect != rects[name] for name, button in current.items()) or (
            len(current) != len(GROUP_BUTTONS)
        ):
            for button in current.values():
                button.kill()
            self.group_widgets = {}
            for name in GROUP_BUTTONS:
                button = pygame_gui.elements.UIButton(
                    rects[name], ui(f"indian_rummy.{name}"), self.ui
                )
                self.group_widgets[button] = name
        showing = self.in_deal(self.view) and bool(self.hand_order) and not self.covered
        for button, name in self.group_widgets.items():
            if showing and not button.visible:
                button.show()
            elif not showing and button.visible:
                button.hide()
            wanted = name != "group" or bool(self.selected)
            if wanted and not button.is_enabled:
                button.enable()
            elif not wanted and button.is_enabled:
                button.disable()

    def on_game_button(self, element: Any) -> bool:
        name = self.group_widgets.get(element)
        if name == "group":
            self.group_selected()
            return True
        if name == "auto_group":
            self.auto_group()
            return True
        return False

    # --- the groups (kept by the framework's GroupedHand, hand.py) ---------------------

    def hand_model(self, land: Land, rearranged: Callable[[], None]) -> FlatHand:
        self.grouped = GroupedHand(self, land, rearranged, IndianRummyGrouping(self))
        return self.grouped

    @property
    def groups(self) -> list[list[Card]]:
        return self.grouped.groups

    def group_selected(self) -> None:
        chosen = [card for card in self.hand_cards() if card in self.selected]
        if not chosen:
            self.refuse(tr("indian_rummy.select_to_group"))
            return
        first = next(i for i, group in enumerate(self.groups) if chosen[0] in group)
        self.selected.clear()
        self.grouped.rearrange(move_cards(self.groups, chosen, ("new", first)))

    def auto_group(self) -> None:
        hand = self.hand_cards()
        if not hand:
            return
        self.selected.clear()
        self.grouped.rearrange(solver_groups(hand, self.view.wild_rank, self.pure_length))
        self.play_sound("place")

    def group_labels(self) -> list[tuple[str, str]]:
        """(kind, words) per group, cached until the groups change."""
        key = (tuple(tuple(g) for g in self.groups), self.view.wild_rank, self.language_key())
        if self._label_cache[0] != key:
            labels = []
            for group in self.groups:
                kind = reading(tuple(group), self.view.wild_rank, self.pure_length)
                if kind:
                    words = tr(f"indian_rummy.group_{kind}")
                else:
                    n = sum(card_points(c, self.view.wild_rank) for c in group)
                    words = tr("indian_rummy.group_loose", n=n)
                labels.append((kind, words))
            points = unmatched_points(self.groups, self.view.wild_rank, self.pure_length)
            self._label_cache = (key, labels, str(points))
        return self._label_cache[1]

    def language_key(self) -> str:
        from game.app import i18n

        return i18n.language()

    # --- the picture ------------------------------------------------------------------

    def compose_hand(self, c, view: Any) -> None:
        glow = frozenset(self.hint_cards()) if self.hint else frozenset()
        wild = view.wild_rank
        tag = tr("indian_rummy.wild_tag")
        labels = {card: tag for card in self.hand_order if card.rank == wild and not card.is_joker}
        # A covered hand is one row of backs: the shape of the groups would tell its suits.
        groups = (
            [[card for group in self.groups for card in group]] if self.covered else self.groups
        )
        compose_groups(
            c,
            groups,
            hand_zone(self.view_seat),
            selected=self.selected,
            face_up=not self.covered,
            glow=glow,
            labels=labels,
        )

    def stage_progress(self) -> tuple[str, bool] | None:
        """The unmatched points of the player's own arrangement, left of the status."""
        if self.covered or not self.in_deal(self.view) or not self.hand_cards():
            return None
        self.group_labels()
        points = int(self._label_cache[2])
        return tr("indian_rummy.unmatched", n=points), points == 0


class IndianRummyGrouping:
    """Indian Rummy's groups (hand.Grouping): by suit with the wild cards apart."""

    def __init__(self, table: Any) -> None:
        self.table = table

    def deal(self) -> int:
        return int(self.table.view.deal)

    def first(self, hand: list[Card]) -> list[list[Card]]:
        return suit_groups(hand, self.table.view.wild_rank)

    def sorted(self, hand: list[Card], by_rank: bool) -> list[list[Card]]:
        wild = self.table.view.wild_rank
        return rank_group(hand, wild) if by_rank else suit_groups(hand, wild)
