"""How the game moves on at the table (a part of the table): once the cards rest,
``advance`` shows the deal summary, the results, a hot-seat hand-off, or plays an AI
seat's decision at a readable pace (the flow owns that pacing); the end of the game is
counted by the saving part. Leaving the table is the app's business (``App.to_title``)."""

from __future__ import annotations

import logging
import random
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from game.app.table.ai_driver import AiDriver
from game.app.table.context import TableContext
from game.app.table.parts.pace import computer_flights, pause_share
from game.app.table.parts.saving import Saving
from game.engine.actions import Action, NextDeal
from game.engine.errors import IllegalAction

if TYPE_CHECKING:
    from game.app.scenes.deal_summary import SeatOffers

log = logging.getLogger(__name__)
AI_PAUSE = 0.55  # seconds an AI move waits after the table comes to rest (speed 1)


class Flow:
    def __init__(
        self,
        ctx: TableContext,
        driver: AiDriver,
        saving: Saving,
        handoff_done: Callable[[], None],
        game_over: Callable[[], None] | None = None,
        online_replay: Callable[[], None] | None = None,
        seat_offers: SeatOffers | None = None,
    ) -> None:
        """``handoff_done`` is called when the next player sat down; ``game_over`` (a
        networked table's) when the game ended; ``online_replay`` (a networked table's)
        looks back over the finished game from the record its server sent; ``seat_offers``
        (a spectator's table's) the seats it may take, offered on the summary too."""
        self.ctx = ctx
        self.driver = driver
        self.saving = saving
        self._handoff_done = handoff_done
        self._online_over = game_over
        self._online_replay = online_replay
        self.seat_offers = seat_offers
        self.ai_pause = AI_PAUSE
        self._rest = 0.0  # seconds the table has rested since the last move
        self._ai_action: Action | None = None  # an AI's decision, waiting for its moment
        self.deals_shown = self._deals_already_shown()
        self._over_shown = False

    def next_deal(self) -> None:
        """Leave the deal summary: deal the next hand (a formality whoever is to act)."""
        ctx = self.ctx
        ctx.hooks.before_next_deal()
        if NextDeal() not in ctx.session.legal_actions():
            return
        old = ctx.picture
        ctx.animator.finish()
        events = ctx.session.apply(NextDeal())
        ctx.hand_orders.clear()
        ctx.after_move(old, events)
        ctx.hooks.after_next_deal()

    def advance(self, dt: float) -> None:
        ctx = self.ctx
        s, hooks = ctx.session, ctx.hooks
        if hooks.before_advance(dt):  # the game moved on by itself (Kalooki's no-call)
            return
        if self._summary_due():
            self._show_summary()
            return
        if s.finished:
            self._show_game_over()
            return
        if s.needs_handoff:
            from game.app.table.handoff import HandoffScene

            seat = s.handoff_seat
            name = hooks.seat_name(seat) if seat is not None else ""
            ctx.app.stack.push(HandoffScene(ctx.app, name, self._handoff_done))
            return
        if hooks.between_deals(ctx.view) and not s.setup.humans:
            self._rest += dt
            if self._rest >= self.pace():
                self._rest = 0.0
                self.next_deal()
            return
        if s.to_act is None or s.is_human(s.to_act) or s.online:  # the server plays AI seats
            self._rest = 0.0  # (a networked table's AI seats play on the server)
            return
        self._rest += dt
        if self._ai_action is None:
            self._ai_action = self.driver.poll()
        if self._ai_action is not None and self._rest >= self.pace():
            action, self._ai_action = self._ai_action, None
            self._rest = 0.0
            old = ctx.picture
            try:
                events = s.apply(action)
            except IllegalAction as error:  # the driver checked it; never stall on a bug
                log.error("AI move refused: %s", error)
                return
            with computer_flights(ctx.animator, ctx.app.settings.computer_pace):
                ctx.after_move(old, events)

    def pace(self) -> float:
        """Seconds the waiting AI move rests first (the game may hurry some moves; the
        "Computer plays" setting shortens or skips the rest)."""
        settings = self.ctx.app.settings
        base = self.ai_pause / max(0.25, settings.animation_speed)
        return base * pause_share(settings.computer_pace) * self.ctx.hooks.ai_pace(self._ai_action)

    @property
    def thinking_seat(self) -> int | None:
        """The AI seat whose decision is under way (or made, waiting for its moment)."""
        if self._ai_action is not None:
            return self.ctx.session.to_act
        return self.driver.thinking_seat

    def _deals_already_shown(self) -> int:
        ctx = self.ctx
        count = ctx.hooks.deals_scored(ctx.view)
        if ctx.session.finished or ctx.hooks.between_deals(ctx.view):
            return count - 1  # resumed at a summary: show it again
        return count

    def _summary_due(self) -> bool:
        ctx = self.ctx
        s = ctx.session
        if not s.setup.humans:
            return False
        # Online, the server's AI may deal the next hand before the last one's summary
        # shows here: it is shown all the same (the summaries read the deal's record).
        return ctx.hooks.deals_scored(ctx.view) > self.deals_shown and (
            s.finished or ctx.hooks.between_deals(ctx.view) or s.online
        )

    def _show_summary(self) -> None:
        ctx = self.ctx
        self.deals_shown = ctx.hooks.deals_scored(ctx.view)
        summary = ctx.hooks.deal_summary(ctx.view)
        if ctx.session.finished:
            summary = replace(summary, button_key="table.see_results")
        scene = ctx.hooks.summary_scene(summary, self._after_summary)
        look_back = self._look_back()
        if look_back is not None:
            scene.on_replay = look_back  # the game so far, from its last move
        if self.seat_offers is not None:  # a spectator's table: its seats on the summary
            scene.offer_seats(self.seat_offers)
        ctx.app.stack.push(scene)

    def _after_summary(self) -> None:
        if not self.ctx.session.finished:
            self.next_deal()

    def _show_game_over(self) -> None:
        if self._over_shown:
            return
        self._over_shown = True
        from game.app.scenes.game_over import GameOverScene

        ctx = self.ctx
        note = self.saving.game_over()
        if self._online_over is not None:
            self._online_over()
        result = ctx.hooks.final_result(ctx.view)
        if note:
            result = replace(result, note=note)
        over = GameOverScene(ctx.app, result, self.play_again, self.quit_to_title)
        over.on_replay = self._look_back()
        if ctx.session.online:  # the table below still takes the server's frames (its
            over.pauses_below = False  # record of the game comes just after the last move)
        ctx.app.stack.push(over)

    def _look_back(self) -> Callable[[], None] | None:
        """How to look back over the game: a local game from its own log, at any time; an
        online one from its server's record, only once it is over (it shows every hand)."""
        if not self.ctx.session.online:
            return self.open_replay
        return self._online_replay if self.ctx.session.finished else None

    def open_replay(self) -> None:
        """Look back over the game so far (all hands open), from its last move."""
        from game.app.scenes.replay import ReplayScene

        app = self.ctx.app
        app.stack.push(ReplayScene(app, self.saving.game_so_far(), at_end=True))

    def play_again(self) -> None:
        ctx = self.ctx
        if ctx.session.online:  # the same table again, the same people (net/rematch.py):
            rematch = getattr(ctx.session, "play_again", None)  # the network session's
            if rematch is None:
                self.quit_to_title()
            else:
                rematch(ctx.app)
            return
        setup = ctx.hooks.again_setup(ctx.session.setup)
        seed = random.SystemRandom().randrange(1, 2**31)
        ctx.app.start_game(replace(setup, seed=seed))

    def quit_to_title(self) -> None:
        self.ctx.app.to_title()
