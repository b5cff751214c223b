"""What a spectator's table adds (a part of the table, built only for a
:class:`~game.app.watch_session.WatchSession`): the "Watching" banner where a player's
hand would be, a Leave button, and "Take this seat" for each seat the server offers now
(an open one while the table waits, a computer's at a break between deals where the
game allows a new player). The table is read-only: no drag, no move, no hint, no undo;
the keys kept are the ones that only read (help, the log, the discards seen, the menu)
and the chat line. Once the server seats this spectator the player's table opens on
the same connection."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from game.app import fonts
from game.app.i18n import tr, ui
from game.app.table.context import TableContext
from game.app.table.layout import TableLayout
from game.app.table.panels import fit_line
from game.app.ui.paint import panel, text
from game.app.ui.theme import CREAM, GOLD, MUTED
from game.app.watch_session import WatchSession

if TYPE_CHECKING:
    from game.app.net_session import NetSession

MOST_OFFERS = 3  # "Take this seat" buttons shown at once
# Keys a spectator keeps: they read the table, or open the chat line or the menu.
READING_KEYS = (
    pygame.K_ESCAPE,
    pygame.K_F1,
    pygame.K_SLASH,
    pygame.K_PAGEUP,
    pygame.K_PAGEDOWN,
    pygame.K_END,
    pygame.K_v,
)


class TableWatching:
    def __init__(
        self,
        ctx: TableContext,
        session: WatchSession,
        manager: Callable[[], pygame_gui.UIManager | None],
        open_seat: Callable[[NetSession], object],
    ) -> None:
        """``open_seat``: open the player's own table once seated (the scene's door to
        ``open_net_table``: a part opens no scene itself)."""
        self.ctx, self.session, self._manager = ctx, session, manager
        self._open_seat = open_seat
        self.leave_button: pygame_gui.elements.UIButton | None = None
        self.offers: dict[pygame_gui.elements.UIButton, int] = {}
        self._offered: tuple[int, ...] | None = None
        self._opened = False  # the player's table is open (the client was handed on)

    # --- the banner's buttons ---------------------------------------------------------

    def build(self) -> None:
        """The Leave button and the seats offered, for the layout now."""
        manager, layout = self._manager(), self.ctx.layout
        if manager is None or layout is None:
            return
        if self.leave_button is not None:
            self.leave_button.kill()
        for button in self.offers:
            button.kill()
        self.offers = {}
        area = self.banner_rect()
        h = min(44, area.h - 20)
        y = area.centery - h // 2
        right = area.right - 14
        self.leave_button = pygame_gui.elements.UIButton(
            pygame.Rect(right - 130, y, 130, h),
            ui("watch.leave"),
            manager,
            object_id=ObjectID(object_id="#quiet"),
        )
        right -= 130 + 10
        names = self.ctx.hooks.names()
        self._offered = self.session.free[:MOST_OFFERS]
        for number in reversed(self._offered):
            name = names[number] if number < len(names) else str(number + 1)
            label = tr("watch.take_seat", name=name)
            width = max(170, min(260, 30 + 9 * len(label)))
            button = pygame_gui.elements.UIButton(
                pygame.Rect(right - width, y, width, h),
                ui("watch.take_seat"),
                manager,
                text_kwargs={"name": name},
                object_id=ObjectID(object_id="#primary"),
            )
            self.offers[button] = number
            right -= width + 10

    def banner_rect(self) -> pygame.Rect:
        """Where a player's hand would be: the banner and its buttons."""
        layout = self.ctx.layout
        assert layout is not None
        hand = layout.hand
        return pygame.Rect(hand.x, hand.y + 8, hand.w, hand.h - 16)

    def on_ui_event(self, event: pygame.event.Event) -> bool:
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return False
        if event.ui_element is self.leave_button:
            self.ctx.app.to_title()
            return True
        number = self.offers.get(event.ui_element)
        if number is None:
            return False
        self.take(number)
        return True

    def take(self, number: int) -> None:
        """Ask for seat ``number`` (from its button here or on the deal's summary)."""
        name = self.ctx.app.settings.online_name or tr("online.default_name")
        self.session.take_seat(number, name)
        self.build()  # the offers go while the server answers

    def offered(self) -> Sequence[tuple[int, str]]:
        """The seats offered now with their names (the summary shows them too)."""
        names = self.ctx.hooks.names()
        return [
            (number, names[number] if number < len(names) else str(number + 1))
            for number in self.session.free[:MOST_OFFERS]
        ]

    # --- every frame ------------------------------------------------------------------

    def update(self) -> None:
        """The offers follow the server's; once seated, the player's table opens."""
        if self.session.seated and not self._opened:
            self._opened = True
            self._open_players_table()
            return
        if self.session.free[:MOST_OFFERS] != self._offered:
            self.build()

    def _open_players_table(self) -> None:
        from game.app.net_session import NetSession

        self._open_seat(NetSession(self.session.client))

    # --- input: read-only -------------------------------------------------------------

    def on_key(self, event: pygame.event.Event) -> bool:
        """True when a key is a spectator's to ignore (it would play, hint or undo)."""
        if event.type != pygame.KEYDOWN:
            return False
        reads = event.key in READING_KEYS or getattr(event, "unicode", "") in ("?", "/")
        return not reads

    def on_mouse(self, event: pygame.event.Event) -> bool:
        """True when a mouse event is a spectator's to ignore (no card is picked up);
        the wheel still scrolls the log."""
        return event.type != pygame.MOUSEWHEEL

    # --- drawing ----------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        if self.ctx.layout is None:
            return
        area = self.banner_rect()
        panel(surface, area, alpha=200, radius=12, border=GOLD)
        buttons = [self.leave_button, *self.offers]
        left_of_buttons = min((b.rect.x for b in buttons if b is not None), default=area.right)
        width = max(60, left_of_buttons - area.x - 40)
        x = area.x + 20
        title = fit_line(tr("watch.banner"), 24, width, True)
        text(surface, title, (x, area.centery - 14), 24, CREAM, bold=True, anchor="midleft")
        if self.session.sitting is not None:
            line = tr("watch.taking_seat")
        elif self.offers:
            line = tr("watch.seat_offered")
        else:
            line = tr("watch.banner_hint")
        shown = fit_line(line, 15, width, False)
        colour = GOLD if self.offers else MUTED
        text(surface, shown, (x, area.centery + 16), 15, colour, anchor="midleft")


def draw_watching_count(surface: pygame.Surface, layout: TableLayout, count: int) -> None:
    """ "2 watching", small and muted at the right of the log's title (every seat's and
    spectator's table of an online game; nothing while nobody watches)."""
    if count <= 0:
        return
    area, scale = layout.log, layout.scale
    pad = round(12 * scale)
    head = max(12, round(15 * scale))
    size = max(11, round(13 * scale))
    title_w = fonts.font(head, True).size(tr("table.log"))[0]
    room = area.w - 2 * pad - title_w - round(12 * scale)
    if room < 30:
        return
    line = fit_line(tr("watch.count", n=count), size, room, False)
    drop = (fonts.font(head, True).get_height() - fonts.font(size).get_height()) // 2
    top = area.y + round(9 * scale) + drop  # on the title's line
    text(surface, line, (area.right - pad, top), size, MUTED, anchor="topright")
