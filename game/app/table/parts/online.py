"""What a networked seat adds to the table (a part of the table, built only online):
the other seats' moves, notices and chat lines taken from the session once a frame
(animated and logged as a local game's), the chat line, the "Connection lost" banner
while the client reconnects, "Sending your move..." while a move is pending, and the
hand's arrangement kept in the seat's rejoin record. (A seat whose player dropped, or
that the computer plays, says so on its name plate: ``GameHooks.seat_info``.)
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import pygame

from game.app.i18n import tr
from game.app.messages import render
from game.app.net_session import NetSession
from game.app.table.context import TableContext
from game.app.table.panels import LogLine, fit_line
from game.app.table.parts.log import TableLog
from game.app.table.parts.pace import computer_flights
from game.app.table.parts.watching import draw_watching_count
from game.app.ui.paint import panel, text
from game.app.ui.theme import CREAM, GOLD, RED
from game.engine.events import Event, Said
from game.engine.messages import Message
from game.net import messages as m
from game.net import watch_messages as w
from game.net.record import GameRecord

BANNER_H = 40
BANNER_MIN_S = 1.5  # a drop mended at once still shows, long enough to be read
HAND_KEPT_EVERY_S = 1.0  # the arrangement goes into the rejoin record at most this often
BACK_EVERY_S = 1.0  # an away player's "I'm back" goes at most this often

# this seat's table is gone (a spectator's: the table it watched): say so, leave
TABLE_ENDED = (m.TABLE_CLOSED, m.YOU_WERE_REMOVED, w.WATCH_ENDED)
KeptLine = Message | tuple[int | None, str, str]  # a notice, or a chat line (seat, text, watcher)


class TableOnline:
    def __init__(
        self,
        ctx: TableContext,
        session: NetSession,
        log: TableLog,
        cancel_drag: Callable[[], None],
    ) -> None:
        self.ctx = ctx
        self.session = session
        self.log = log
        self._cancel_drag = cancel_drag
        self.net_down = False  # the connection is lost; the client is reconnecting
        self.net_lost_at = -BANNER_MIN_S  # the table's clock when it was last lost
        self.hand_kept: list[list[str]] | None = None  # the arrangement last recorded
        self.hand_kept_at = -HAND_KEPT_EVERY_S
        self.kept: list[tuple[int, KeptLine]] = []  # notices and chat, after n moves
        self.back_sent_at = -BACK_EVERY_S
        log.kept_lines = self.kept_lines
        # A record that comes after the table has gone is kept too (net_session.close).
        session.keep_late_record = lambda record: self.keep_record(record, tell=False)

    @property
    def banner_shown(self) -> bool:
        return self.net_down or self.ctx.clock - self.net_lost_at < BANNER_MIN_S

    def take_arrivals(self) -> None:
        """Everything the server sent since the last frame."""
        ctx = self.ctx
        arrivals = self.session.incoming()
        if arrivals.lost:
            self.net_lost_at = ctx.clock
        if arrivals.connected is not None:
            self.net_down = not arrivals.connected
        for refused in arrivals.refused:  # this seat's move or chat line, refused
            ctx.refuse(refused)
            ctx.refresh()
        for message in arrivals.notices:
            self.log_notice(message)
            if message.key in TABLE_ENDED:  # the host closed it, or removed this player
                self.game_over()
                ctx.app.notify([render(message, ctx.hooks.names())], on_close=ctx.app.to_title)
        for line in arrivals.chat:
            self.log_chat(line.seat, line.text, line.watcher)
        if arrivals.record is not None:
            self.keep_record(arrivals.record)
        if arrivals.moves:
            old = ctx.picture
            ctx.animator.finish()
            events = [event for move in arrivals.moves for event in move]
            if self._by_computer(arrivals.moves):  # shown at the "Computer plays" pace
                with computer_flights(ctx.animator, ctx.app.settings.computer_pace):
                    ctx.after_move(old, events)
            else:
                ctx.after_move(old, events)
        self.keep_hand()

    def player_present(self) -> None:
        """A click or a key: a player the turn timer made away is back (the server
        hears it; every plate then drops "Away")."""
        if self.session.away and self.ctx.clock - self.back_sent_at >= BACK_EVERY_S:
            self.back_sent_at = self.ctx.clock
            self.session.come_back()

    def _by_computer(self, moves: list[list[Event]]) -> bool:
        """Whether every move came from a computer seat (the seat its log line names)."""
        seats = [next((e.seat for e in move if isinstance(e, Said)), None) for move in moves]
        return all(seat is not None and not self.session.is_human(seat) for seat in seats)

    def keep_hand(self) -> None:
        """The player's arrangement of the hand goes into the seat's rejoin record (a
        table opened again on a rejoin lays it out so rather than sorting it afresh)."""
        ctx = self.ctx
        if ctx.clock - self.hand_kept_at < HAND_KEPT_EVERY_S:
            return
        arranged = ctx.hand.seat_groups(ctx.view_seat)
        groups = [[str(card) for card in group] for group in arranged]
        if not groups or groups == self.hand_kept:
            return
        from game.app.table.rejoin import keep_arrangement

        self.hand_kept, self.hand_kept_at = groups, ctx.clock
        keep_arrangement(ctx.app.paths, self.session, groups)

    def lay_out_kept_hand(self, kept: tuple[tuple[str, ...], ...]) -> None:
        """Rejoined: the hand as its player had arranged it (cards since gone are left
        out, cards since drawn go where a card just arrived would)."""
        from game.engine import codec
        from game.engine.cards import Card

        ctx = self.ctx
        held = set(getattr(ctx.view, "hand", ()))
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
            ctx.hand.set_seat_groups(ctx.view_seat, groups)
            ctx.refresh()

    def log_notice(self, message: Message) -> None:
        self._keep_line(message)

    def log_chat(self, seat: int | None, said: str, watcher: str = "") -> None:
        """A chat line: a seat's, or a spectator's (``watcher``, its name: marked so)."""
        self._keep_line((seat, said, watcher))

    def _keep_line(self, item: KeptLine) -> None:
        """Log a notice or chat line, and keep it to log again when the log is rebuilt
        (a new language, a resize), after the move it came after."""
        self.kept.append((len(self.session.moves), item))
        self.log.add(self._net_line(item))

    def kept_lines(self, index: int) -> list[LogLine]:
        """The kept notices and chat lines that arrived after ``index`` moves."""
        return [self._net_line(item) for at, item in self.kept if at == index]

    def _net_line(self, item: KeptLine) -> LogLine:
        names = self.ctx.hooks.names()
        if isinstance(item, Message):  # the table speaks (the sentence names the player)
            return LogLine(None, "", render(item, names))
        seat, said, watcher = item  # a chat line: its speaker's name, then the line as typed
        if watcher:
            return LogLine(None, tr("watch.spectator", name=watcher), tr("net_table.said", s=said))
        if seat is None or not 0 <= seat < len(names):
            return LogLine(None, "", tr("net_table.said", s=said))
        return LogLine(seat, names[seat], tr("net_table.said", s=said))

    def game_over(self) -> None:
        """The game ended: nothing left to rejoin."""
        from game.app.table.rejoin import forget

        forget(self.ctx.app.paths, self.session)

    def keep_record(self, record: GameRecord, tell: bool = True) -> None:
        """The finished game's record came: kept among the replays (once, under the
        table's code), or, if it does not replay, kept aside and the player told why
        (not ``tell``: it came after the table closed, on the session's worker thread,
        and nobody is left to tell)."""
        from game.persist.replays import keep_damaged_record, keep_for_replay

        paths = self.ctx.app.paths
        if record.saved is not None:
            keep_for_replay(paths, record.saved, key=record.code, online=True)
            return
        aside = keep_damaged_record(paths, record.game, record.code, record.raw)
        if tell:
            self.ctx.app.notify([self.record_refusal(aside)])

    @staticmethod
    def record_refusal(aside: Path | None = None) -> str:
        refused = tr("replay.record_refused")
        return refused if aside is None else f"{refused} {tr('replay.kept_aside', path=aside)}"

    def open_replay(self) -> None:
        """Look back over the finished game from its record (all hands open, from the
        end); while it has not come, ask the server again and say so."""
        if self.session.record is None:
            self.take_arrivals()  # it may be in since the last frame the table had
        record = self.session.record
        app = self.ctx.app
        if record is None or (record.saved is None and record.problem is None):
            self.session.ask_record()
            app.notify([tr("replay.record_coming")])
        elif record.saved is None:
            app.notify([self.record_refusal()])
        else:
            from game.app.scenes.replay import ReplayScene

            app.stack.push(ReplayScene(app, record.saved, at_end=True))

    def open_chat(self) -> None:
        from game.app.table.chat import ChatEntry

        self._cancel_drag()
        app = self.ctx.app
        app.stack.push(ChatEntry(app, self.send_chat))

    def send_chat(self, line: str) -> None:
        refused = self.session.say(line)
        if refused is not None:
            self.ctx.refuse(refused)

    # --- drawing ----------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        layout = self.ctx.layout
        if layout is None:
            return
        draw_watching_count(surface, layout, self.session.watchers)  # "2 watching"
        if self.banner_shown:
            _banner(surface, layout.centre, self.banner_text())
        elif self.session.away:  # the turn timer made this player away
            _banner(surface, layout.centre, tr("net_table.away_strip"), GOLD)
        elif self.session.pending is not None:
            area = layout.centre
            at = (area.centerx, area.bottom - 18)
            text(surface, tr("net_table.sending"), at, 18, CREAM, bold=True, anchor="center")

    def banner_text(self) -> str:
        """What the banner says: the reconnection loop's attempt and wait, or that it
        gave up (Continue on the title rejoins later)."""
        attempt = self.session.reconnecting
        if not self.net_down or attempt is None:
            return tr("net_table.reconnecting")
        if attempt.gave_up:
            return tr("net_table.gave_up")
        since = time.monotonic() - self.session.reconnecting_at
        seconds = max(1, round(attempt.retry_in - since))  # counts down to the attempt
        return tr("net_table.reconnecting_try", n=attempt.attempt, s=seconds)


def _banner(
    surface: pygame.Surface, area: pygame.Rect, label: str, border: tuple[int, int, int] = RED
) -> None:
    """The lasting strip across the middle of the felt while the connection is down (or
    while the turn timer has this player away: then in gold)."""
    box = pygame.Rect(0, 0, min(area.w - 80, 640), BANNER_H + 16)
    box.center = area.center
    panel(surface, box, alpha=250, radius=12, border=border)
    shown = fit_line(label, 22, box.w - 40, True)
    text(surface, shown, box.center, 22, CREAM, bold=True, anchor="center")
