"""The discards seen this deal, by player (V at the table): every card each player threw
on the discard pile, in order, a card someone took back up dimmed with the taker's
name. Offered only where the game's rules let every player see the whole pile (the
view then holds it, as in Kaluki and Kalooki); in a game that shows only its top
discard (Indian Rummy) the key says so instead. Any key or click closes it."""

from __future__ import annotations

from typing import Any

import pygame

from game.app import fonts
from game.app.cards import card_size
from game.app.i18n import tr
from game.app.table.overlays import ReadOnlyOverlay
from game.app.table.panels import fit_line, seat_colour
from game.app.table.sprites import Place, draw_card
from game.app.ui.paint import text
from game.app.ui.theme import CREAM, GOLD, MUTED
from game.engine.discards import Thrown, by_seat, discards_this_deal
from game.engine.messages import card_text


def shows_whole_pile(view: Any) -> bool:
    """Whether the rules let this seat see every discard (its view holds the pile)."""
    return isinstance(getattr(view, "discard", None), tuple)


def open_discard_history(table: Any) -> bool:  # a TableScene (called from its key mixin)
    """Show the history over ``table``, or say why this game has none; True when the
    key was used."""
    if not shows_whole_pile(table.view):
        table.refuse(tr("discards.not_in_this_game"))
        return True
    thrown = discards_this_deal(table.session.moves)
    table.app.stack.push(DiscardHistory(table.app, table.hooks.names(), thrown))
    return True


class DiscardHistory(ReadOnlyOverlay):
    def __init__(self, app, names: list[str], thrown: list[Thrown]) -> None:
        super().__init__(app)
        self.names = names
        self.rows = by_seat(thrown, len(names))

    def build(self) -> None:
        w, h = self.size
        self.row_h = 78 if h >= 720 else 62
        height = min(h - 40, 96 + len(self.rows) * self.row_h + 44)
        self.box = pygame.Rect(0, 0, min(w - 60, 960), height)
        self.box.center = (w // 2, h // 2)

    def draw_scene(self, surface: pygame.Surface) -> None:
        super().draw_scene(surface)
        x, y = self.box.x + 32, self.box.y + 24
        text(surface, tr("discards.title"), (x, y), 26, GOLD, bold=True)
        y += 56
        card_w = max(30, round((self.row_h - 14) / 1.4))
        cw, _ = card_size(card_w)
        for seat, row in enumerate(self.rows):
            pygame.draw.circle(surface, seat_colour(seat), (x + 6, y + 12), 5)
            name = fit_line(self.names[seat], 16, 150, True)
            text(surface, name, (x + 18, y + 3), 16, CREAM, bold=True)
            if not row:
                text(surface, tr("discards.none"), (x + 180, y + 6), 15, MUTED)
            room = self.box.right - 32 - (x + 180) - cw
            step = min(round(cw * 0.62), max(10, room // max(1, len(row) - 1)))
            end = x + 180
            for number, item in enumerate(row):
                place = Place(x + 180 + number * step, y, card_w)
                draw_card(surface, self.app.cards, item.card, place, dim=item.taken_by is not None)
                end = place.rect.right
            taken = [
                tr("discards.taken", card=card_text(item.card), name=self.names[item.taken_by])
                for item in row
                if item.taken_by is not None and 0 <= item.taken_by < len(self.names)
            ]
            room = self.box.right - 32 - (end + 18)
            if taken and room > 60:  # beside the cards: the dimmed ones, and who took them
                lines = fonts.wrap(tr("load.list_sep").join(taken), 14, room)[:3]
                for number, line in enumerate(lines):
                    text(surface, line, (end + 18, y + 4 + number * 19), 14, MUTED)
            y += self.row_h
        text(
            surface,
            tr("discards.close"),
            (self.box.centerx, self.box.bottom - 30),
            14,
            MUTED,
            anchor="midtop",
        )
