"""What a networked seat adds to the table (a mixin of ``TableScene``): the other seats'
moves, notices and chat lines taken from the session once a frame (animated and logged
as a local game's), the chat line, and the "Connection lost" banner while the client
reconnects. (A seat whose player dropped, or that the computer plays, says so on its name
plate: ``GameHooks.seat_info``.)

A local session's ``incoming`` returns None, so none of this does anything there.
"""

from __future__ import annotations

import time

import pygame

from game.app.i18n import tr
from game.app.messages import render
from game.app.table.panels import LogLine, fit_line
from game.app.ui.paint import panel, text
from game.app.ui.theme import CREAM, RED
from game.engine.messages import Message

BANNER_H = 40
BANNER_MIN_S = 1.5  # a drop mended at once still shows, long enough to be read
HAND_KEPT_EVERY_S = 1.0  # the arrangement goes into the rejoin record at most this often


class TableOnline:
    net_down = False  # the connection is lost; the client is reconnecting
    net_lost_at = -BANNER_MIN_S  # the table's clock when it was last lost
    hand_kept: list[list[str]] | None = None  # the arrangement last written to the record
    hand_kept_at = -HAND_KEPT_EVERY_S

    @property
    def banner_shown(self) -> bool:
        return self.net_down or self.clock - self.net_lost_at < BANNER_MIN_S

    def take_arrivals(self) -> None:
        """Everything the server sent since the last frame."""
        arrivals = self.session.incoming()
        if arrivals is None:
            return
        if arrivals.lost:
            self.net_lost_at = self.clock
        if arrivals.connected is not None:
            self.net_down = not arrivals.connected
        for refused in arrivals.refused:  # this seat's move or chat line, refused
            self.refuse(refused)
            self.refresh()
        for message in arrivals.notices:
            self.log_notice(message)
        for line in arrivals.chat:
            self.log_chat(line.seat, line.text)
        if arrivals.moves:
            old = self.picture
            self.animator.finish()
            self.after_move(old, [event for move in arrivals.moves for event in move])
        self.keep_hand()

    def keep_hand(self) -> None:
        """The player's arrangement of the hand goes into the seat's rejoin record (a
        table opened again on a rejoin lays it out so rather than sorting it afresh)."""
        if self.clock - self.hand_kept_at < HAND_KEPT_EVERY_S:
            return
        groups = [[str(card) for card in group] for group in self.seat_groups(self.view_seat)]
        if not groups or groups == self.hand_kept:
            return
        from game.app.table.rejoin import keep_arrangement

        self.hand_kept, self.hand_kept_at = groups, self.clock
        keep_arrangement(self.app.paths, self.session, groups)

    def lay_out_kept_hand(self, kept: tuple[tuple[str, ...], ...]) -> None:
        """Rejoined: the hand as its player had arranged it (cards since gone are left
        out, cards since drawn go where a card just arrived would)."""
        from game.engine import codec
        from game.engine.cards import Card

        held = set(getattr(self.view, "hand", ()))
        groups = []
        for group in kept:
            cards = []
            for shown in group:
                try:
                    card = codec.decode(Card, shown, "hand")
                except ValueError:
                    continue
                if card in held and card not in cards:
                    cards.append(card)
            if cards:
                groups.append(cards)
        if groups:
            self.set_seat_groups(self.view_seat, groups)
            self.refresh()

    def log_notice(self, message: Message) -> None:
        self._keep_line(message)

    def log_chat(self, seat: int | None, said: str) -> None:
        self._keep_line((seat, said))

    def _keep_line(self, item: Message | tuple[int | None, str]) -> None:
        """Log a notice or chat line, and keep it to log again when the log is rebuilt
        (a new language, a resize), after the move it came after."""
        self.net_lines.append((len(self.session.moves), item))
        self.add_log_line(self._net_line(item))

    def net_lines_at(self, index: int) -> list[LogLine]:
        """The kept notices and chat lines that arrived after ``index`` moves."""
        return [self._net_line(item) for at, item in self.net_lines if at == index]

    def _net_line(self, item: Message | tuple[int | None, str]) -> LogLine:
        names = self.names()
        if isinstance(item, Message):  # the table speaks (the sentence names the player)
            return LogLine(None, "", render(item, names))
        seat, said = item  # a chat line: its speaker's name, then the line as typed
        if seat is None or not 0 <= seat < len(names):
            return LogLine(None, "", tr("net_table.said", s=said))
        return LogLine(seat, names[seat], tr("net_table.said", s=said))

    def online_game_over(self) -> None:
        """The game ended: nothing left to rejoin."""
        from game.app.table.rejoin import forget

        forget(self.app.paths, self.session)

    def open_chat(self) -> None:
        if not self.session.online:
            return
        from game.app.table.chat import ChatEntry

        self.cancel_drag()
        self.app.stack.push(ChatEntry(self.app, self.send_chat))

    def send_chat(self, line: str) -> None:
        refused = self.session.say(line)
        if refused is not None:
            self.refuse(refused)

    # --- drawing ----------------------------------------------------------------------

    def draw_online(self, surface: pygame.Surface) -> None:
        if not self.session.online or self.layout is None:
            return
        if self.banner_shown:
            _banner(surface, self.layout.centre, self.banner_text())
        elif getattr(self.session, "pending", None) is not None:
            area = self.layout.centre
            at = (area.centerx, area.bottom - 18)
            text(surface, tr("net_table.sending"), at, 18, CREAM, bold=True, anchor="center")

    def banner_text(self) -> str:
        """What the banner says: the reconnection loop's attempt and wait, or that it
        gave up (Continue on the title rejoins later)."""
        attempt = getattr(self.session, "reconnecting", None)
        if not self.net_down or attempt is None:
            return tr("net_table.reconnecting")
        if attempt.gave_up:
            return tr("net_table.gave_up")
        since = time.monotonic() - getattr(self.session, "reconnecting_at", 0.0)
        seconds = max(1, round(attempt.retry_in - since))  # counts down to the attempt
        return tr("net_table.reconnecting_try", n=attempt.attempt, s=seconds)


def _banner(surface: pygame.Surface, area: pygame.Rect, label: str) -> None:
    """The lasting strip across the middle of the felt while the connection is down."""
    box = pygame.Rect(0, 0, min(area.w - 80, 640), BANNER_H + 16)
    box.center = area.center
    panel(surface, box, alpha=250, radius=12, border=RED)
    shown = fit_line(label, 22, box.w - 40, True)
    text(surface, shown, box.center, 22, CREAM, bold=True, anchor="center")
