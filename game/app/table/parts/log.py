"""The action log (a part of the table): a line for every event the shown seat saw that
the game keeps in its log (``shows_in_log``), the whole game from its first deal, each
deal opened by a separator line ("Deal 3"), rebuilt in the player's language after a
change of it, a resize or a resume, scrolled back by the wheel and Page Up (0: the
newest line at the bottom), and written out as text (:func:`log_text`)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from game.app.i18n import tr
from game.app.messages import is_you, render
from game.app.table.context import TableContext
from game.app.table.panels import LogLine
from game.engine.events import DealScored, DealStarted, Event, GameOver, Said, events_for

if TYPE_CHECKING:
    from game.app.app import App

# The log keeps the whole game; the cap only guards against a runaway one (a nine-deal
# game of six at Kalooki logs about 4,000 lines).
LOG_KEEP = 20_000


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
        for event in events:
            line = None
            if not hooks.shows_in_log(event):
                continue
            if isinstance(event, Said):
                seat = event.seat if 0 <= event.seat < len(names) else None
                text = render(event.message, names, seat is not None and is_you(names[seat]))
                if seat is not None and event.about_seat:
                    line = LogLine(seat, names[seat], text)
                else:
                    line = LogLine(None, "", text)
            elif isinstance(event, DealStarted):  # a separator, then who deals
                self.add(LogLine(None, "", tr("table.log_separator", n=event.deal), True))
                dealer = names[event.dealer] if 0 <= event.dealer < len(names) else ""
                line = LogLine(None, "", tr("table.log_deal", n=event.deal, dealer=dealer))
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
        del self.lines[: max(0, len(self.lines) - LOG_KEEP)]
        self.scroll = min(self.scroll, max(0, len(self.lines) - 1))

    def rebuild(self) -> None:
        """The log again from the session's record (the language may have changed): the
        whole game, from the opening that dealt the first hand."""
        session = self.ctx.session
        self.lines = []
        seat = session.view_seat
        self.scroll = 0
        moves = session.moves
        self.record(events_for(session.opening, seat))
        for index in range(len(moves) + 1):
            for line in self.kept_lines(index):  # a networked table's notices and chat
                self.add(line)
            if index < len(moves):
                self.record(events_for(moves[index], seat))
        self._trim()

    def text(self) -> str:
        """The whole log as plain text (Save log): each deal set apart by its separator."""
        return log_text([(line.deal_start, _plain(line)) for line in self.lines])

    def scroll_by(self, lines: int) -> None:
        """Read back (``lines`` > 0) or forward in the log; 0 is the newest line at the bottom."""
        self.scroll = max(0, min(self.scroll + lines, len(self.lines) - 1))


def _plain(line: LogLine) -> str:
    return f"{line.name}{tr('table.log_joiner')}{line.text}" if line.name else line.text


def log_text(lines: Iterable[tuple[bool, str]]) -> str:
    """(separator?, text) lines as plain text: a blank line before each separator after
    the first, and the separator set off ("— Deal 3 —")."""
    out: list[str] = []
    for separator, said in lines:
        if separator:
            out += ["", f"— {said} —"] if out else [f"— {said} —"]
        else:
            out.append(said)
    return "\n".join(out) + "\n"


def save_log_text(app: App, game_id: str, text: str) -> Path | None:
    """Write a log's text into the data folder's ``logs/`` and tell the player where (or
    why not, in their words); its place."""
    from datetime import datetime

    from game.app.disk import disk_reason
    from game.persist.store import write_bytes_atomic

    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    path = app.paths.data / "logs" / f"{game_id}-{stamp}.txt"
    try:
        write_bytes_atomic(path, text.encode("utf-8"))
    except OSError as error:
        app.notify([tr("replay.log_not_saved", reason=disk_reason(error))])
        return None
    app.notify([tr("replay.log_saved", path=str(path))])
    return path
