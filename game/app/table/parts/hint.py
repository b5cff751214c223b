"""The hint (a part of the table): the Normal bot's move for the shown human, worked out
on a thread and shown once ready (its cards stay bright, its target gets a ring), unless
the player moved on meanwhile; anything else the player does takes it away."""

from __future__ import annotations

import logging

from game.app.table.ai_driver import Job
from game.app.table.context import TableContext
from game.app.table.hint_value import Hint

__all__ = ["Hint", "TableHint"]  # Hint lives below the parts (hint_value.py), for the hooks

log = logging.getLogger(__name__)


class TableHint:
    def __init__(self, ctx: TableContext) -> None:
        self.ctx = ctx
        self.shown: Hint | None = None
        self.job: Job | None = None  # the hint being worked out
        self._moment = -1  # the move it is for (-1: not to be shown)

    def ask(self) -> None:
        ctx = self.ctx
        if not ctx.my_turn:
            return
        s = ctx.session
        if self.job is not None:  # asked again while it thinks: still show it
            self._moment = s.move_count
            return
        from game.ai.hint import hint

        view, legal = s.view(), s.legal_actions()
        history = list(s.public_history(s.view_seat))
        game_id = s.setup.game_id
        self.job = Job(lambda: hint(game_id, view, legal, history))
        self._moment = s.move_count

    def poll(self) -> None:
        job = self.job
        if job is None or not job.ready():
            return
        self.job = None
        if job.error is not None or self.ctx.session.move_count != self._moment:
            if job.error is not None:
                log.warning("hint failed: %s", job.error)
            return
        self.shown = self.ctx.hooks.hint_for(job.result)
        self.ctx.refresh()

    def drop(self) -> None:
        """The player did something else: the hint's dimming and ring go at once, and a
        hint still being worked out is not shown."""
        self._moment = -1
        if self.shown is not None:
            self.shown = None
            self.ctx.refresh()
