"""How the game moves on at the table (a mixin of ``TableScene``): once the cards rest,
``advance`` shows the deal summary, the results, a hot-seat hand-off, or plays an AI
seat's decision at a readable pace; the end of the game records statistics and clears
the autosave."""

from __future__ import annotations

import logging
import random
from dataclasses import replace

from game.app.i18n import tr
from game.engine.actions import NextDeal
from game.engine.errors import IllegalAction
from game.persist.replays import keep_for_replay
from game.persist.retire import with_finished_game

log = logging.getLogger(__name__)


class TableFlow:
    def next_deal(self) -> None:
        """Leave the deal summary: deal the next hand (a formality whoever is to act)."""
        if NextDeal() not in self.session.legal_actions():
            return
        old = self.picture
        self.animator.finish()
        events = self.session.apply(NextDeal())
        self.hand_orders.clear()
        self.after_move(old, events)

    def advance(self, dt: float) -> None:
        s = self.session
        if self._summary_due():
            self._show_summary()
            return
        if s.finished:
            self._show_game_over()
            return
        if s.needs_handoff:
            from game.app.table.handoff import HandoffScene

            seat = s.handoff_seat
            name = self.seat_name(seat) if seat is not None else ""
            self.app.stack.push(HandoffScene(self.app, name, self._handoff_done))
            return
        if self.between_deals(self.view) and not s.setup.humans:
            self._ai_rest += dt
            if self._ai_rest >= self.pace():
                self._ai_rest = 0.0
                self.next_deal()
            return
        if s.to_act is None or s.is_human(s.to_act) or s.online:  # the server plays AI seats
            self._ai_rest = 0.0  # (a networked table's AI seats play on the server)
            return
        self._ai_rest += dt
        if self._ai_action is None:
            self._ai_action = self.driver.poll()
        if self._ai_action is not None and self._ai_rest >= self.pace():
            action, self._ai_action = self._ai_action, None
            self._ai_rest = 0.0
            old = self.picture
            try:
                events = s.apply(action)
            except IllegalAction as error:  # the driver checked it; never stall on a bug
                log.error("AI move refused: %s", error)
                return
            self.after_move(old, events)

    def pace(self) -> float:
        return self.ai_pause / max(0.25, self.app.settings.animation_speed)

    @property
    def thinking_seat(self) -> int | None:
        """The AI seat whose decision is under way (or made, waiting for its moment)."""
        if self._ai_action is not None:
            return self.session.to_act
        return self.driver.thinking_seat

    def _handoff_done(self) -> None:
        old_seat = self.view_seat
        self.session.confirm_handoff()
        self.selected.clear()
        self.staged = []
        if self.view_seat != old_seat:
            self.layout = self.make_layout()
        self.animator.finish()
        self.refresh()

    def _deals_already_shown(self) -> int:
        count = self.deals_scored(self.view)
        if self.session.finished or self.between_deals(self.view):
            return count - 1  # resumed at a summary: show it again
        return count

    def _summary_due(self) -> bool:
        if not self.session.setup.humans:
            return False
        # Online, the server's AI may deal the next hand before the last one's summary
        # shows here: it is shown all the same (the summaries read the deal's record).
        return self.deals_scored(self.view) > self._deals_shown and (
            self.session.finished or self.between_deals(self.view) or self.session.online
        )

    def _show_summary(self) -> None:
        self._deals_shown = self.deals_scored(self.view)
        summary = self.deal_summary(self.view)
        if self.session.finished:
            summary = replace(summary, button_key="table.see_results")
        scene = self.summary_scene(summary, self._after_summary)
        if not self.session.online and hasattr(scene, "on_replay"):
            scene.on_replay = self.open_replay  # the game so far, from its last move
        self.app.stack.push(scene)

    def _after_summary(self) -> None:
        if not self.session.finished:
            self.next_deal()

    def _show_game_over(self) -> None:
        if self._over_shown:
            return
        self._over_shown = True
        from game.app.scenes.game_over import GameOverScene

        note = self._record_statistics()
        if not self.session.online:
            self.autosaver.clear()
            keep_for_replay(self.app.paths, self._saved(self._thumb))
        else:
            self.online_game_over()
        result = self.final_result(self.view)
        if note:
            result = replace(result, note=note)
        over = GameOverScene(self.app, result, self.play_again, self.quit_to_title)
        if not self.session.online:
            over.on_replay = self.open_replay
        self.app.stack.push(over)

    def open_replay(self) -> None:
        """Look back over the game so far (all hands open), from its last move."""
        from game.app.scenes.replay import ReplayScene

        self.app.stack.push(ReplayScene(self.app, self.session.to_saved(), at_end=True))

    def _record_statistics(self) -> str:
        """One finished game for the first human seat (the player who set the game up);
        nothing for a table of AIs. Returns a line for the results screen."""
        setup = self.session.setup
        if self.session.online:  # the server's game: not this app's statistics
            return tr("net_table.stats_online")
        if not setup.humans or not self._finished_here:
            return ""
        # Named by its autosave, so the same game found again at the next start (a kill
        # before its file was removed) is not counted twice.
        game = self.autosaver.path.name
        stats = with_finished_game(self.app.stats, self.session.to_saved(), game)
        if not self.app.keep_stats(stats):  # kept in memory, written when the disk allows
            return tr("table.stats_not_saved")
        name = self.seat_name(setup.humans[0])
        if name == tr("new_game.you"):  # the default name: "Your statistics ..."
            return tr("table.stats_updated_you")
        return tr("table.stats_updated", name=name)

    def play_again(self) -> None:
        if self.session.online:  # a new networked table is the host's to set up
            self.quit_to_title()
            return
        setup = self.session.setup
        seed = random.SystemRandom().randrange(1, 2**31)
        self.app.start_game(replace(setup, seed=seed))

    def quit_to_title(self) -> None:
        from game.app.scenes.title import TitleScene

        self.app.stack.reset(TitleScene(self.app))
