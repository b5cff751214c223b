"""The shown player's hand in groups, at the Indian Rummy table (a mixin of
``IndianRummyTable``; the data and the solver's grouping are in ``groups.py``).

The framework keeps a flat order of the hand (``hand_order``: sorting, focus, keys); this
mixin keeps the groups beside it, per seat and per deal, and makes the flat order follow
them: a card dropped in the hand goes into the group or gap under the mouse, a drawn card
into the group it was dropped on (else a group of its own), and the Group and Auto-group
buttons (G, A) rearrange the groups. The groups are never sent to the engine; saves keep
them (``seat_groups``, ``set_seat_groups``), and every rearrangement is autosaved.
"""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from game.app.i18n import tr, ui
from game.app.table.indian_rummy.felt import compose_groups
from game.app.table.indian_rummy.groups import (
    flatten,
    move_cards,
    rank_group,
    reading,
    shift,
    solver_groups,
    suit_groups,
    synced,
    unmatched_points,
)
from game.app.ui.widgets import button_width
from game.engine.cards import Card, sort_by_rank
from game.games.indian_rummy import card_points

GROUP_BUTTONS = ("group", "auto_group")


class GroupedHand:
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

    def on_ui_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            name = self.group_widgets.get(event.ui_element)
            if name == "group":
                self.group_selected()
                return True
            if name == "auto_group":
                self.auto_group()
                return True
        return super().on_ui_event(event)

    # --- the groups -----------------------------------------------------------------------

    @property
    def groups(self) -> list[list[Card]]:
        return self.hand_groups.get(self.view_seat, (0, []))[1]

    def set_groups(self, groups: list[list[Card]]) -> None:
        self.set_seat_groups(self.view_seat, groups)

    def seat_groups(self, seat: int) -> list[list[Card]]:
        """``seat``'s groups in this deal (for the save)."""
        deal, groups = self.hand_groups.get(seat, (None, []))
        return groups if deal == self.view.deal else []

    def set_seat_groups(self, seat: int, groups: list[list[Card]]) -> None:
        self.hand_groups[seat] = (self.view.deal, groups)
        self.hand_orders.setdefault(seat, [])[:] = flatten(groups)

    def _sync_hand(self) -> None:
        """The framework keeps the flat order; the groups follow the hand: cards gone leave
        their group, a card drawn goes where it was dropped, or into a group of its own."""
        insert = self.pending_insert
        self.pending_insert = None
        super()._sync_hand()
        hand = list(getattr(self.view, "hand", ()))
        deal, groups = self.hand_groups.get(self.view_seat, (None, []))
        geometry = self.composer.hand if self.composer is not None else None
        slots = getattr(geometry, "slots", [])
        slot = slots[insert] if insert is not None and 0 <= insert < len(slots) else None
        held = set(hand)
        if deal != self.view.deal or not any(card in held for card in flatten(groups)):
            groups = suit_groups(hand, self.view.wild_rank)
        else:
            groups = synced(groups, hand, slot)
        self.set_groups(groups)

    def _rearrange(self, groups: list[list[Card]], places: dict | None = None) -> None:
        old = self.picture
        self.set_groups(groups)
        self.refresh()
        if places:
            self.pointer.land_local(old, places)
        else:
            self.animator.settle(old, self.picture, set())
        self.hand_rearranged()

    def reorder(self, cards: list[Card], index: int, places: dict) -> None:
        """A drag within the hand: into a group, or into a gap (a new group)."""
        slots = getattr(self.composer.hand, "slots", [])
        slot = slots[index] if 0 <= index < len(slots) else ("new", len(self.groups))
        self._rearrange(move_cards(self.groups, cards, slot), places)

    def shift_focused(self, step: int) -> None:
        cards = self.hand_cards()
        if not cards:
            return
        card = cards[max(0, min(self.focus, len(cards) - 1))]
        self._rearrange(shift(self.groups, card, step))
        self.focus = self.hand_cards().index(card)

    def sort_hand(self, order) -> None:
        hand = self.hand_cards()
        wild = self.view.wild_rank
        self._rearrange(
            rank_group(hand, wild) if order is sort_by_rank else suit_groups(hand, wild)
        )

    def group_selected(self) -> None:
        chosen = [card for card in self.hand_cards() if card in self.selected]
        if not chosen:
            self.refuse(tr("indian_rummy.select_to_group"))
            return
        first = next(i for i, group in enumerate(self.groups) if chosen[0] in group)
        self.selected.clear()
        self._rearrange(move_cards(self.groups, chosen, ("new", first)))

    def auto_group(self) -> None:
        hand = self.hand_cards()
        if not hand:
            return
        self.selected.clear()
        self._rearrange(solver_groups(hand, self.view.wild_rank, self.pure_length))
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
            f"hand:{self.view_seat}",
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
