"""The action log (a part of the table): a line for every event the shown seat saw that
the game keeps in its log (``shows_in_log``), from the start of the deal being played,
rebuilt in the player's language after a change of it or a resize, and scrolled back
by the wheel and Page Up (0: the newest line at the bottom)."""

from __future__ import annotations

from collections.abc import Callable

from game.app.i18n import tr
from game.app.messages import render
from game.app.table.context import TableContext
from game.app.table.panels import LogLine
from game.engine.events import DealScored, DealStarted, Event, GameOver, Said, events_for

# The log keeps the whole deal being played; the cap only guards against a runaway deal.
LOG_KEEP = 1000


def _no_lines(index: int) -> list[LogLine]:
    return []


class TableLog:
    def __init__(
        self, ctx: TableContext, kept_lines: Callable[[int], list[LogLine]] = _no_lines
    ) -> None:
        """``kept_lines(n)``: the lines that came after ``n`` moves without a move of
        their own (a networked table's notices and chat), logged again on a rebuild."""
        self.ctx = ctx
        self.kept_lines = kept_lines
        self.lines: list[LogLine] = []
        self.scroll = 0  # lines hidden at the bottom while the player reads back

    def record(self, events: list[Event]) -> None:
        """Log what these events (already as the shown seat saw them) say."""
        hooks = self.ctx.hooks
        names = hooks.names()
        you = tr("new_game.you")
        for event in events:
            line = None
            if not hooks.shows_in_log(event):
                continue
            if isinstance(event, Said):
                seat = event.seat if 0 <= event.seat < len(names) else None
                text = render(event.message, names, seat is not None and names[seat] == you)
                if seat is not None and event.about_seat:
                    line = LogLine(seat, names[seat], text)
                else:
                    line = LogLine(None, "", text)
            elif isinstance(event, DealStarted):
                dealer = names[event.dealer] if 0 <= event.dealer < len(names) else ""
                line = LogLine(None, "", tr("table.log_deal", n=event.deal, dealer=dealer), True)
            elif isinstance(event, DealScored):
                line = LogLine(None, "", tr("table.log_scored", n=event.deal))
            elif isinstance(event, GameOver):
                line = LogLine(None, "", tr("table.log_over"))
            if line is not None:
                self.add(line)
        self._trim()

    def add(self, line: LogLine) -> None:
        self.lines.append(line)
        if self.scroll:  # reading back: the lines read stay put
            self.scroll += 1

    def _trim(self) -> None:
        starts = [i for i, line in enumerate(self.lines) if line.deal_start]
        keep = max(starts[-1] if starts else 0, len(self.lines) - LOG_KEEP)
        del self.lines[:keep]
        self.scroll = min(self.scroll, max(0, len(self.lines) - 1))

    def rebuild(self) -> None:
        """The log again from the session's record (the language may have changed)."""
        session = self.ctx.session
        self.lines = []
        seat = session.view_seat
        self.scroll = 0
        moves = session.moves
        # From the move that dealt the deal being played (the opening deals the first).
        first = next(
            (
                i
                for i in range(len(moves) - 1, -1, -1)
                if any(isinstance(e, DealStarted) for e in moves[i])
            ),
            None,
        )
        if first is None:
            self.record(events_for(session.opening, seat))
            first = 0
        for index in range(first, len(moves) + 1):
            for line in self.kept_lines(index):  # a networked table's notices and chat
                self.add(line)
            if index < len(moves):
                self.record(events_for(moves[index], seat))
        self._trim()

    def scroll_by(self, lines: int) -> None:
        """Read back (``lines`` > 0) or forward in the log; 0 is the newest line at the bottom."""
        self.scroll = max(0, min(self.scroll + lines, len(self.lines) - 1))
