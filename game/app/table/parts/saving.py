"""Keeping the game (a part of the table): the autosave after every change (a move, or
the player rearranging their hand), a named save's ``SavedGame``, the thumbnail the Load
list shows, and the statistics of a finished game. A networked table keeps nothing: its
server keeps the game."""

from __future__ import annotations

import logging
from collections.abc import Callable

from game.app.i18n import tr
from game.app.messages import is_you
from game.app.net_session import NetSession
from game.app.session import GameSession
from game.app.table.autosave import Autosaver
from game.app.table.context import TableContext
from game.persist.replays import keep_for_replay
from game.persist.retire import with_finished_game, with_online_game
from game.persist.savedgame import HandGroups, SavedGame
from game.persist.stats import online_game_name

log = logging.getLogger(__name__)


class Saving:
    def __init__(
        self,
        ctx: TableContext,
        autosaver: Autosaver,
        thumbnail: Callable[[], bytes | None],
        follow_view: Callable[[], None],
    ) -> None:
        """``thumbnail`` draws the Load list's picture of the table now (None when it
        cannot be made: no layout yet); ``follow_view`` reads
        the view again and lays the hand out (before a save, so it holds the hand as the
        player will see it)."""
        self.ctx = ctx
        self.autosaver = autosaver
        self._draw = thumbnail
        self._follow_view = follow_view
        self.finished_here = False  # the game ended at this table (not resumed finished)
        self._thumb: bytes | None = None

    def _local(self) -> GameSession | None:
        session = self.ctx.session
        return session if isinstance(session, GameSession) else None

    def on_change(self, session: object) -> None:
        """The game changed (a move, an undo): save it."""
        s = self.ctx.session
        if s.online:  # a networked table: the server keeps the game
            self.finished_here = self.finished_here or s.finished
            self._follow_view()
            return
        if s.finished:
            # Saved too: should the app close before the results, the next start
            # counts the game in the statistics (and offers no Continue for it).
            self.finished_here = True
            self._request(self._thumb)
            return
        # The hand follows the new position before the save, so that the save holds it
        # as the player will see it (a drawn card where it was dropped).
        self._follow_view()
        self._request(self._thumbnail())

    def hand_rearranged(self) -> None:
        """The player rearranged their hand: no move, but kept like one."""
        s = self.ctx.session
        if not s.finished and not s.online:
            self._request(self._thumbnail())

    def leaving(self) -> None:
        """The table closes (quit to title, the window closed): save once more, so this
        game is the newest and Continue opens the game that was on screen, even one
        only opened and left without a move."""
        session = self._local()
        if session is None or session.finished or self.autosaver.path is None:
            return
        if session.log or self.autosaver.path.exists():
            self._request(self._thumbnail())

    def saved_game(self) -> SavedGame:
        """The game as a named save holds it (a fresh thumbnail)."""
        saved = self._saved(self._thumbnail(fresh=True))
        assert saved is not None, "a networked game is kept by its server"
        return saved

    def _request(self, thumbnail: bytes | None) -> None:
        saved = self._saved(thumbnail)
        if saved is not None:
            self.autosaver.request(saved)

    def _saved(self, thumbnail: bytes | None) -> SavedGame | None:
        session = self._local()
        if session is None:
            return None
        hand = self.ctx.hand
        seats = range(len(session.setup.seats))
        arranged = tuple(tuple(map(tuple, hand.seat_groups(seat))) for seat in seats)
        undo_hands: tuple[tuple[int, HandGroups], ...] = ()
        if session.free_undo:  # the hand before each move, for undo across quit and resume
            undo_hands = self.ctx.undo_arrangements()
        return session.to_saved(thumbnail, hand_groups=arranged, undo_hands=undo_hands)

    def _thumbnail(self, fresh: bool = False) -> bytes | None:
        """A small picture of the table for the Load list, drawn for this very save so
        it matches the entry beside it (see ``thumbnail``: a hot-seat hand face down).
        ``fresh`` is kept for the callers' sake: every picture is fresh now."""
        picture = self._draw()
        if picture is not None:
            self._thumb = picture
        return self._thumb

    # --- the end of the game ------------------------------------------------------------

    def game_over(self) -> str:
        """The game ended here: count it and let its autosave go. Returns a line for the
        results screen."""
        note = self.statistics_note()
        if not self.ctx.session.online:
            self.autosaver.clear()
            saved = self._saved(self._thumb)
            if saved is not None:
                keep_for_replay(self.ctx.app.paths, saved)
        return note

    def game_so_far(self) -> SavedGame:
        """The game as played so far, for a replay (a local game only)."""
        local = self._local()
        assert local is not None, "a networked game is replayed by its server"
        return local.to_saved()

    def statistics_note(self) -> str:
        """One finished game for the first human seat (the player who set the game up);
        nothing for a table of AIs. Returns a line for the results screen."""
        setup = self.ctx.session.setup
        local = self._local()
        if local is None:
            return self._online_statistics_note()
        if not setup.humans or not self.finished_here:
            return ""
        # Named by its autosave, so the same game found again at the next start (a kill
        # before its file was removed) is not counted twice.
        game = self.autosaver.path.name
        app = self.ctx.app
        stats = with_finished_game(app.stats, local.to_saved(), game)
        if not app.keep_stats(stats):  # kept in memory, written when the disk allows
            return tr("table.stats_not_saved")
        name = self.ctx.hooks.seat_name(setup.humans[0])
        if is_you(name):  # the default name: "Your statistics ..."
            return tr("table.stats_updated_you")
        return tr("table.stats_updated", name=name)

    def _online_statistics_note(self) -> str:
        """A finished networked game counted for this computer's seat, under the game
        and format's "online" records, once however often its table is opened again."""
        session = self.ctx.session
        if not isinstance(session, NetSession) or not session.finished:
            return ""
        results = session.results()
        code = session.client.code or ""
        if results is None or not code:
            return tr("net_table.stats_unknown")
        seat = session.my_seat
        game = online_game_name(code, seat, session.move_count)
        app = self.ctx.app
        stats = with_online_game(
            app.stats, session.info.id, session.setup.options, seat, results, game
        )
        if not app.keep_stats(stats):
            return tr("table.stats_not_saved")
        return tr("net_table.stats_online_counted")
