"""What the table keeps up beside the game (a mixin of ``TableScene``): the action log,
sounds, the hint, and the buttons' states. (Saving is ``parts/saving.py``.)"""

from __future__ import annotations

import logging
from dataclasses import dataclass

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from game.app.i18n import tr, ui
from game.app.messages import render
from game.app.table.ai_driver import Job
from game.app.table.panels import LogLine
from game.app.ui.widgets import text_width
from game.engine.actions import Action
from game.engine.events import DealScored, DealStarted, Event, GameOver, Said, events_for
from game.engine.messages import Message

log = logging.getLogger(__name__)
# The log keeps the whole deal being played; the cap only guards against a runaway deal.
LOG_KEEP = 1000


@dataclass
class Hint:
    """The hint shown: the Normal bot's move and its reason (rendered by the painter in
    the player's language, see ``game.app.messages.render``)."""

    message: Message
    action: Action | None


class TableServices:
    def current_status(self) -> str:
        """The status line's text, asked of the game table only when something changed
        (it may consult the engine's legal moves, which is too slow for every frame)."""
        from game.app import i18n

        key = (
            self.session.move_count,
            self.session.shown_seat,
            self.session.to_act,
            self.thinking_seat,
            tuple(id(m) for m in self.staged),
            self.my_turn,
            i18n.language(),
        )
        if getattr(self, "_status_key", None) != key:
            self._status_key = key
            self._status_text = self.status_text(self.view)
        return self._status_text

    def _record(self, events: list[Event]) -> None:
        names = self.names()
        you = tr("new_game.you")
        for event in events:
            line = None
            if not self.shows_in_log(event):
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
                self.add_log_line(line)
        self._trim_log()

    def add_log_line(self, line: LogLine) -> None:
        self.log_lines.append(line)
        if self.log_scroll:  # reading back: the lines read stay put
            self.log_scroll += 1

    def _trim_log(self) -> None:
        starts = [i for i, line in enumerate(self.log_lines) if line.deal_start]
        keep = max(starts[-1] if starts else 0, len(self.log_lines) - LOG_KEEP)
        del self.log_lines[:keep]
        self.log_scroll = min(self.log_scroll, max(0, len(self.log_lines) - 1))

    def _rebuild_log(self) -> None:
        self.log_lines = []
        seat = self.session.view_seat
        self.log_scroll = 0
        moves = self.session.moves
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
            self._record(events_for(self.session.opening, seat))
            first = 0
        for index in range(first, len(moves) + 1):
            for line in self.net_lines_at(index):  # a networked table's notices and chat
                self.add_log_line(line)
            if index < len(moves):
                self._record(events_for(moves[index], seat))
        self._trim_log()

    def scroll_log(self, lines: int) -> None:
        """Read back (``lines`` > 0) or forward in the log; 0 is the newest line at the bottom."""
        self.log_scroll = max(0, min(self.log_scroll + lines, len(self.log_lines) - 1))

    def play_sound(self, name: str) -> None:
        last = self._last_sound.get(name, -1.0)
        if self.clock - last < 0.06:
            return
        self._last_sound[name] = self.clock
        self.app.audio.play(name)

    def _sounds_for(self, events: list[Event]) -> None:
        for event in events:
            if isinstance(event, DealStarted):
                self.play_sound("shuffle")
            elif isinstance(event, GameOver):
                humans = self.session.setup.humans
                if any(seat in event.winners for seat in humans) or not humans:
                    self.play_sound("win")

    def ask_hint(self) -> None:
        if not self.my_turn:
            return
        if self._hint_job is not None:  # asked again while it thinks: still show it
            self._hint_moment = self.session.move_count
            return
        from game.ai.hint import hint

        s = self.session
        view, legal = s.view(), s.legal_actions()
        history = list(s.public_history(s.view_seat))
        game_id = s.setup.game_id
        self._hint_job = Job(lambda: hint(game_id, view, legal, history))
        self._hint_moment = s.move_count

    def _poll_hint(self) -> None:
        job = self._hint_job
        if job is None or not job.ready():
            return
        self._hint_job = None
        if job.error is not None or self.session.move_count != self._hint_moment:
            if job.error is not None:
                log.warning("hint failed: %s", job.error)
            return
        self.hint = self.hint_for(job.result)
        self.refresh()

    def drop_hint(self) -> None:
        """The player did something else: the hint's dimming and ring go at once, and a
        hint still being worked out is not shown."""
        self._hint_moment = -1
        if self.hint is not None:
            self.hint = None
            self.refresh()

    def _refresh_controls(self) -> None:
        if self.ui is None:
            return
        # Where undo is never possible (online) the button looks so; Ctrl+Z says why.
        can_undo = self.session.can_undo and self.my_turn
        for button, name in self.side_buttons.items():
            enabled = {
                "undo": can_undo,
                "hint": self.my_turn,
                "sort_suit": bool(self.hand_order),
                "sort_rank": bool(self.hand_order),
            }.get(name, True)
            if enabled and not button.is_enabled:
                button.enable()
            elif not enabled and button.is_enabled:
                button.disable()
        wanted = tuple(self.context_buttons(self.view)) if self.my_turn else ()
        if wanted == self._context_key:
            return
        self._context_key = wanted
        for widget in self.context_widgets:
            widget.kill()
        self.context_widgets = {}
        x = self.layout.status.right - 8
        h = self.layout.status.h - 8
        for spec in reversed(wanted):
            label = tr(spec.key, **dict(spec.params))
            width = max(96, text_width(label, 15) + 34)
            rect = pygame.Rect(x - width, self.layout.status.y + 4, width, h)
            widget = pygame_gui.elements.UIButton(
                rect,
                ui(spec.key),
                self.ui,
                text_kwargs=dict(spec.params),
                object_id=ObjectID(object_id="#primary" if spec.primary else None),
            )
            if not spec.enabled:
                widget.disable()
            self.context_widgets[widget] = spec
            x = rect.x - 8

    @property
    def context_width(self) -> int:
        if not self.context_widgets:
            return 0
        return self.layout.status.right - min(w.rect.x for w in self.context_widgets) + 8
