"""Drawing the table scene: felt, meld cells, piles, name plates, cards, flights, the
sidebar and the status line, then (over the widgets) the dragged cards and focus rings.
It only reads the scene (``draw`` changes nothing)."""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.app import fonts
from game.app.cards import card_size
from game.app.i18n import tr
from game.app.messages import render
from game.app.table.compose import backs_centre
from game.app.table.felt_layer import FeltLayer
from game.app.table.panels import (
    SeatInfo,
    card_count_badge,
    draw_plaque,
    draw_status,
    fit_line,
    seat_colour,
)
from game.app.table.parts.pointer import key_of
from game.app.table.sprites import Token, draw_card, draw_picture
from game.app.ui.paint import felt_background, panel, text
from game.app.ui.theme import CREAM, GOLD, MUTED, RED
from game.engine.zone_names import Zone

CELL_FILL = (6, 30, 19)
TARGET = (250, 214, 120)


Plate = tuple[int, tuple[int, int, int, int], SeatInfo, int]  # seat, rect, shown, backs room


def _moves(info: SeatInfo) -> bool:
    """Whether a plate changes with the clock: the pulse of the player to act, a thinking
    AI's dots, a turn timer's ring."""
    return info.to_act or info.thinking or info.clock is not None


class TablePainter:
    def __init__(self, scene) -> None:
        self.scene = scene
        self.layer = FeltLayer()

    def draw(self, surface: pygame.Surface) -> None:
        s = self.scene
        layout = s.layout
        if layout is None:
            return
        art = s.app.cards
        plates = self._plates()
        # The plates that change with the clock are drawn each frame; the rest is one image
        # (felt_layer.py), redrawn only when something it shows changes.
        still = tuple(p for p in plates if not _moves(p[2]))
        felt = felt_background(surface.get_size(), art)
        key = (self._still_key(), still)
        self.layer.blit(surface, felt, key, lambda image: self._draw_still(image, still))
        for plate in plates:
            if plate not in still:
                self._plate(surface, plate)
        s.hooks.paint_felt(surface)
        self._targets(surface)
        skip = s.animator.keys()
        if s.drag is not None:
            skip |= set(s.drag.keys)
        draw_picture(surface, art, s.picture, skip)
        self._marks(surface, skip)
        self._staged(surface)
        self._counts(surface)
        s.animator.draw(surface, art)
        self._sidebar(surface)
        self._status(surface)

    # --- the felt ---------------------------------------------------------------------

    def _cells(self, surface: pygame.Surface) -> None:
        s = self.scene
        layout = s.layout
        owners = {getattr(m, "owner", -1) for m in getattr(s.view, "melds", ())}
        if s.staged:
            owners.add(s.view_seat)
        size = layout.font(13)
        for seat, rect in layout.cells.items():
            lit = s.session.to_act == seat
            panel(surface, rect, alpha=70 if not lit else 96, radius=12, border=(52, 118, 84))
            title = fit_line(s.hooks.cell_title(s.view, seat), size, rect.w - 30, True)
            pygame.draw.circle(surface, seat_colour(seat), (rect.x + 12, rect.y + 11), 4)
            text(
                surface, title, (rect.x + 22, rect.y + 3), size, CREAM if lit else MUTED, bold=True
            )
            if seat not in owners:
                text(
                    surface,
                    tr("table.no_melds"),
                    rect.center,
                    size,
                    (98, 140, 114),
                    anchor="center",
                )

    def _piles(self, surface: pygame.Surface) -> None:
        s = self.scene
        layout = s.layout
        size = layout.font(13)
        for rect, key in ((layout.stock, "table.stock"), (layout.discard, "table.discard_pile")):
            slot = rect.inflate(6, 6)
            pygame.draw.rect(surface, (20, 70, 46), slot, 0, 10)
            pygame.draw.rect(surface, (60, 128, 92), slot, 2, 10)
            text(surface, tr(key), (rect.centerx, rect.bottom + 8), size, MUTED, anchor="midtop")
        notes = s.hooks.table_notes(s.view)
        y = layout.stock.bottom + round(34 * layout.scale)
        width = layout.piles.w - 8
        for note in notes:
            if y + size > layout.piles.bottom:
                break
            text(surface, fit_line(note, size - 1, width), (layout.piles.x + 6, y), size - 1, GOLD)
            y += round(size * 1.35)

    def _marks(self, surface: pygame.Surface, skip: set) -> None:
        """A tag over each card the hand marks ("New", "Meld it"), on its visible strip."""
        s = self.scene
        marks = s.hooks.hand_marks(s.view)
        if not marks:
            return
        size = s.layout.font(12)
        for card, words in marks.items():
            token = s.picture.get(card)
            if token is None or token.key in skip or Zone.of(token.zone).kind != "hand":
                continue
            rect = token.hit or token.rect
            must = words == tr("table.mark_meld_it")
            image = _tag(words, size, must)
            x = max(
                rect.x, min(rect.centerx - image.get_width() // 2, rect.right - image.get_width())
            )
            surface.blit(image, (x, round(token.place.y) - image.get_height() + 3))

    def _plates(self) -> list[Plate]:
        """Each name plate: (seat, its rect, what it shows, room kept for the backs)."""
        s = self.scene
        layout = s.layout
        plates = []
        for seat, spot in layout.seats.items():
            info = s.hooks.seat_info(s.view, seat)
            room = 0 if seat == s.view_seat else round(card_size(layout.back_card_w)[0] * 1.9) + 8
            plates.append((seat, tuple(spot.plaque), info, room))
        return plates

    def _plate(self, surface: pygame.Surface, plate: Plate) -> None:
        _seat, rect, info, room = plate
        scene = self.scene
        draw_plaque(surface, pygame.Rect(rect), info, scene.clock, scene.layout.scale, room)

    def _draw_still(self, image: pygame.Surface, still: tuple[Plate, ...]) -> None:
        """Onto the felt, in the order the frame drew them: cells, piles, still plates."""
        if self.scene.hooks.rummy_felt:
            self._cells(image)
            self._piles(image)
        for plate in still:
            self._plate(image, plate)

    def _still_key(self) -> tuple:
        """Everything the cells and piles show (the plates are keyed by their SeatInfo)."""
        s = self.scene
        layout = s.layout
        if not s.hooks.rummy_felt:
            return (layout.scale,)
        owners = {getattr(m, "owner", -1) for m in getattr(s.view, "melds", ())}
        if s.staged:
            owners.add(s.view_seat)
        cells = tuple(
            (
                seat,
                tuple(rect),
                s.session.to_act == seat,
                s.hooks.cell_title(s.view, seat),
                seat in owners,
            )
            for seat, rect in layout.cells.items()
        )
        piles = (tuple(layout.stock), tuple(layout.discard), tuple(layout.piles))
        words = (tr("table.no_melds"), tr("table.stock"), tr("table.discard_pile"))
        return (
            layout.scale,
            layout.font(13),
            cells,
            piles,
            words,
            tuple(s.hooks.table_notes(s.view)),
        )

    def _counts(self, surface: pygame.Surface) -> None:
        """Card counts over the hidden hands and the stock."""
        s = self.scene
        layout = s.layout
        for seat, count in enumerate(getattr(s.view, "hand_sizes", ())):
            if seat == s.view_seat or seat not in layout.seats:
                continue
            cx, cy = backs_centre(layout, seat)
            cw, ch = card_size(layout.back_card_w)
            card_count_badge(
                surface, count, (cx + cw // 2 + 6, cy + ch // 2 - 2), layout.scale * 0.9
            )
        stock = getattr(s.view, "stock_size", None)
        if stock is not None:
            r = layout.stock
            card_count_badge(surface, stock, (r.right - 4, r.bottom - 6), layout.scale)

    def _staged(self, surface: pygame.Surface) -> None:
        s = self.scene
        c = s.composer
        if c is None:
            return
        for rect in c.staged_rects:
            _dashed(surface, rect, GOLD)

    def _targets(self, surface: pygame.Surface) -> None:
        """While dragging, the places the engine accepts glow; the one under the mouse more."""
        s = self.scene
        drag = s.drag
        if drag is None or s.composer is None:
            return
        for zone in s.composer.zones:
            key = key_of(zone.target)
            if key not in drag.legal:
                continue
            if key.kind == "hand" and drag.source.kind == "hand":
                continue
            if key.kind == "table" and zone.priority == 0:
                continue  # the whole table: only the own cell is shown
            hover = drag.hover == key
            surface.blit(_glow(zone.rect.size, hover), zone.rect.topleft)
            pygame.draw.rect(surface, TARGET, zone.rect, 3 if hover else 2, 12)

    # --- panels ---------------------------------------------------------------------------

    def _sidebar(self, surface: pygame.Surface) -> None:
        s = self.scene
        layout = s.layout
        view = s.view
        rows = []
        names = s.hooks.names()
        for seat in s.hooks.score_seats(view):
            score = s.hooks.score_text(view, seat)
            rows.append((seat, names[seat], score, s.session.to_act == seat, seat == s.view_seat))
        s.score_panel.draw(surface, layout.score, s.score_title(view), rows, layout.scale)
        s.log_panel.draw(
            surface, layout.log, tr("table.log"), s.log_lines, layout.scale, s.log_scroll
        )

    def _status(self, surface: pygame.Surface) -> None:
        s = self.scene
        layout = s.layout
        progress = s.hooks.stage_progress()
        message = s.current_status()
        colour = None
        if s.hint is not None:
            message = tr("table.hint_text", text=render(s.hint.message, s.hooks.names()))
            colour = GOLD
        draw_status(
            surface,
            layout.status,
            message,
            layout.scale,
            notice=s.notice,
            progress=progress[0] if progress else "",
            progress_ok=bool(progress and progress[1]),
            right_room=s.context_width,
            colour=colour,
        )

    # --- over the widgets ---------------------------------------------------------------------

    def draw_over(self, surface: pygame.Surface) -> None:
        s = self.scene
        if s.layout is None:
            return
        art = s.app.cards
        hint = s.hooks.hint_target() if s.hint is not None else None
        if hint is not None and s.composer is not None:
            for zone in s.composer.zones:
                if key_of(zone.target) == hint and zone.priority > 0:
                    pygame.draw.rect(surface, GOLD, zone.rect, 3, 12)
                    break
        rect = s.key_target_rect()
        if rect is not None:
            pygame.draw.rect(surface, TARGET, rect.inflate(6, 6), 4, 14)
        focused = None
        if s.keyboard_used and not s.covered:
            cards = s.hand_cards()
            if cards and s.drag is None:
                focused = s.picture.get(cards[max(0, min(s.focus, len(cards) - 1))])
        hovered = self.hovered_card()
        if hovered is not None and hovered is not focused:
            # the mouse: a thin soft outline of the card's visible part, never the ring
            area = visible_part(hovered)
            surface.blit(_hover_outline(area.inflate(4, 4).size), area.inflate(4, 4).topleft)
        if focused is not None:
            # the keyboard's ring goes round what is seen of a fanned card, not the part
            # under its neighbour (it seemed to hold two cards)
            pygame.draw.rect(surface, TARGET, visible_part(focused).inflate(8, 8), 3, 10)
        drag = s.drag
        if drag is not None:
            for key, place in drag.places().items():
                draw_card(surface, art, drag.cards.get(key), place)
            if (
                drag.hover is not None
                and drag.hover not in drag.legal
                and drag.hover.kind != "hand"
            ):
                move = drag.moves.get(drag.hover)
                if move is not None:
                    pygame.draw.rect(surface, RED, drag.bounds().inflate(10, 10), 3, 12)

    def hovered_card(self) -> Token | None:
        """The shown hand's card under the mouse (none while dragging or covered)."""
        s = self.scene
        if s.hover_at is None or s.drag is not None or s.covered:
            return None
        token: Token | None = s.picture.hit(s.hover_at)
        if token is None or token.zone != f"hand:{s.view_seat}" or token.card is None:
            return None
        return token


def visible_part(token: Token) -> pygame.Rect:
    """The part of a card that shows (a fanned hand card's strip beside the next card)."""
    return token.hit if token.hit is not None else token.rect


@lru_cache(maxsize=16)
def _hover_outline(size: tuple[int, int]) -> pygame.Surface:
    image = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(image, (*CREAM, 150), image.get_rect(), 2, 9)
    return image


def _dashed(surface: pygame.Surface, rect: pygame.Rect, colour, dash: int = 8) -> None:
    for x in range(rect.x, rect.right, dash * 2):
        end = min(x + dash, rect.right)
        pygame.draw.line(surface, colour, (x, rect.y), (end, rect.y), 2)
        pygame.draw.line(surface, colour, (x, rect.bottom), (end, rect.bottom), 2)
    for y in range(rect.y, rect.bottom, dash * 2):
        end = min(y + dash, rect.bottom)
        pygame.draw.line(surface, colour, (rect.x, y), (rect.x, end), 2)
        pygame.draw.line(surface, colour, (rect.right, y), (rect.right, end), 2)


@lru_cache(maxsize=64)
def _glow(size: tuple[int, int], hover: bool) -> pygame.Surface:
    image = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(image, (*TARGET, 70 if hover else 34), image.get_rect(), 0, 12)
    return image


@lru_cache(maxsize=32)
def _tag(words: str, size: int, must: bool) -> pygame.Surface:
    """A small rounded tag: gold for a fresh card, red for one the first meld must use."""

    label = fonts.render(words, size, (30, 20, 6) if not must else CREAM, True)
    image = pygame.Surface((label.get_width() + 10, label.get_height() + 2), pygame.SRCALPHA)
    pygame.draw.rect(image, GOLD if not must else RED, image.get_rect(), 0, 6)
    image.blit(label, (5, 1))
    return image
