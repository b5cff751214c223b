"""The base table: one game in progress on the felt. A game table subclasses
:class:`TableScene` and fills in the hooks in :class:`~game.app.table.hooks.GameHooks`
(see docs/TABLE.md); everything else lives here.

The frame, in order: input (``game.app.table.input``) turns gestures into moves; a move
goes through the session (``play``), whose events feed the animator; ``update`` advances
the animations and, once they rest, moves the game on (``advance``): the deal summary,
the game-over screen, a hot-seat hand-off, or an AI seat's decision from its worker
thread. The picture is composed from the shown seat's view only, so nothing hidden can
leak, and it is composed again whenever anything changes.
"""

from __future__ import annotations

import io
import logging
import random
import time
from collections.abc import Hashable
from dataclasses import dataclass, replace

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from game.ai.base import BotSettings
from game.app.i18n import tr, ui
from game.app.scenes.base import Scene
from game.app.session import GameSession
from game.app.table import phrases
from game.app.table.ai_driver import AiDriver, Job
from game.app.table.animation import Animator, plan_flights
from game.app.table.autosave import Autosaver
from game.app.table.compose import Composer
from game.app.table.drag import Drag, Press
from game.app.table.hooks import ContextButton, GameHooks
from game.app.table.input import TableInput
from game.app.table.layout import TableLayout, compute_layout
from game.app.table.painting import TablePainter
from game.app.table.panels import LogLine, LogPanel, ScorePanel
from game.app.table.sprites import Picture, Place
from game.engine.actions import Action, NextDeal
from game.engine.cards import Card, sort_by_suit
from game.engine.errors import IllegalAction
from game.engine.events import CardMoved, DealScored, DealStarted, Event, GameOver, Said, events_for
from game.persist.stats import save_stats

log = logging.getLogger(__name__)
NOTICE_S = 4.5
SIDE_BUTTONS = ("sort_suit", "sort_rank", "hint", "undo", "menu", "help")
LOG_KEEP = 80
THUMB_SIZE = (192, 120)
THUMB_EVERY_S = 5.0


@dataclass
class Hint:
    text: str
    action: Action | None


class TableScene(TableInput, GameHooks, Scene):
    ai_pause = 0.55  # seconds an AI move waits after the table comes to rest (speed 1)

    def __init__(self, app, session: GameSession) -> None:
        super().__init__(app)
        self.session = session
        session.on_change = self._on_change
        self.autosaver = Autosaver(app.paths)
        self.driver = AiDriver(session, BotSettings(budget_ms=float(app.settings.hard_think_ms)))
        self.animator = Animator()
        self.painter = TablePainter(self)
        self.score_panel = ScorePanel()
        self.log_panel = LogPanel()
        self.keyboard_used = False
        self.layout: TableLayout | None = None
        self.composer: Composer | None = None
        self.picture = Picture()
        self.view = session.view()
        self.hand_orders: dict[int, list[Card]] = {}
        self.selected: set[Card] = set()
        self.staged: list = []  # table-only melds being put together (a first meld of 51)
        self.focus = 0  # keyboard focus in the hand
        self.key_target: int | None = None  # keyboard: the chosen drop target
        self.press: Press | None = None
        self.drag: Drag | None = None
        self.notice = ""
        self.notice_until = 0.0
        self.hint: Hint | None = None
        self._hint_job: Job | None = None
        self.log_lines: list[LogLine] = []
        self.clock = 0.0
        self._ai_rest = 0.0
        self._ai_action: Action | None = None
        self._last_sound: dict[str, float] = {}
        self._deals_shown = self._deals_already_shown()
        self._finished_here = False
        self._over_shown = False
        self.side_buttons: dict[object, str] = {}
        self.context_widgets: dict[object, ContextButton] = {}
        self._context_key: tuple = ()
        self._thumb: bytes | None = None
        self._thumb_at = -THUMB_EVERY_S
        self._pending_insert: int | None = None
        self._rebuild_log()
        self._sync_hand()

    # --- life cycle -------------------------------------------------------------------

    def enter(self) -> None:
        super().enter()
        self._apply_settings()
        if not self.session.log and self.session.opening:
            self.animate(Picture(), self._visible(self.session.opening))
            self.app.audio.play("shuffle")

    def exit(self) -> None:
        self.driver.cancel()
        self.autosaver.close()
        super().exit()

    def resume(self) -> None:
        super().resume()
        self._apply_settings()
        self.refresh()

    def _apply_settings(self) -> None:
        settings = self.app.settings
        self.animator.speed = settings.animation_speed
        self.animator.instant = settings.reduce_motion
        self.driver.settings = BotSettings(budget_ms=float(settings.hard_think_ms))

    @property
    def animating(self) -> bool:
        return True  # cards settle, the to-act plate pulses, AI seats think

    def build(self) -> None:
        self.layout = compute_layout(
            self.size, self.session.setup.options.players, self.session.view_seat
        )
        self.animator.finish()
        self.side_buttons = {}
        for rect, name in zip(self.layout.button_cells(len(SIDE_BUTTONS)), SIDE_BUTTONS):
            style = "#quiet" if name in ("menu", "help") else None
            button = pygame_gui.elements.UIButton(
                rect, ui(f"table.{name}"), self.ui, object_id=ObjectID(object_id=style)
            )
            self.side_buttons[button] = name
        self.context_widgets = {}
        self._context_key = ()
        self.refresh()

    # --- the view and the picture -----------------------------------------------------

    @property
    def view_seat(self) -> int:
        return self.session.view_seat

    @property
    def covered(self) -> bool:
        """Hot seat: nobody's hand may show (a hand-off is due)."""
        return self.session.needs_handoff

    @property
    def my_turn(self) -> bool:
        """The shown human may play now."""
        s = self.session
        return s.human_to_act and s.to_act == s.shown_seat and not s.needs_handoff

    @property
    def hand_order(self) -> list[Card]:
        return self.hand_orders.setdefault(self.view_seat, [])

    def refresh(self) -> None:
        """Read the view again and compose the picture (after any change)."""
        self.view = self.session.view()
        self._sync_hand()
        if self.layout is None:
            return
        if self.layout.seats[self.view_seat].side != "bottom":
            self.layout = compute_layout(
                self.size, self.session.setup.options.players, self.view_seat
            )
        composer = Composer(self.layout)
        self.compose(composer, self.view)
        self.composer = composer
        self.picture = composer.picture
        self.focus = max(0, min(self.focus, len(self.hand_cards()) - 1))
        self._refresh_controls()

    def _sync_hand(self) -> None:
        hand = list(getattr(self.view, "hand", ()))
        order = self.hand_order
        held = set(hand)
        kept = [card for card in order if card in held]
        new = [card for card in hand if card not in set(kept)]
        if not kept and new:
            new = sort_by_suit(new)  # a fresh deal arrives sorted
        if self._pending_insert is not None:
            at = max(0, min(len(kept), self._pending_insert))
            kept[at:at] = new
            self._pending_insert = None
        else:
            kept.extend(new)
        order[:] = kept
        self.selected &= held
        staged_cards = [c for meld in self.staged for c in self.staged_cards(meld)]
        if any(card not in held for card in staged_cards) or not self.my_turn:
            self.staged = []

    def hand_cards(self) -> list[Card]:
        """The shown hand in the player's order, without cards staged on the table."""
        staged = {c for meld in self.staged for c in self.staged_cards(meld)}
        return [card for card in self.hand_order if card not in staged]

    def zone_anchor(self, zone: str) -> Place:
        """Where a card flies to or from when its zone shows no card for it."""
        layout = self.layout
        w = layout.pile_card_w
        kind, _, rest = zone.partition(":")
        if kind == "stock":
            return Place(layout.stock.x, layout.stock.y, w, False)
        if kind == "discard":
            return Place(layout.discard.x, layout.discard.y, w)
        if kind == "hand" and rest.isdigit():
            seat = int(rest)
            if seat == self.view_seat:
                return Place(layout.hand.centerx - w / 2, layout.hand.y + 10, layout.hand_card_w)
            if seat in layout.seats:
                from game.app.table.compose import backs_centre

                return Place(0, 0, layout.back_card_w, False).centred_at(backs_centre(layout, seat))
        rect = self.composer.meld_rects.get(zone) if self.composer else None
        if rect is not None:
            return Place(rect.right - layout.meld_card_w, rect.y, layout.meld_card_w)
        return Place(0, 0, w).centred_at(layout.table.center)

    # --- moves ------------------------------------------------------------------------

    def play(self, action: Action, overrides: dict[Hashable, Place] | None = None) -> bool:
        """Play a move of the shown human; False (and the reason shown) if refused."""
        if self.app.settings.confirm_end_turn and self.ends_turn(action):
            self.app.confirm(
                tr("table.confirm_end_title"),
                [tr("table.confirm_end_body")],
                lambda: self._apply(action, overrides),
            )
            return True
        return self._apply(action, overrides)

    def _apply(self, action: Action, overrides: dict[Hashable, Place] | None = None) -> bool:
        old = self.picture
        self.animator.finish()
        try:
            events = self.session.apply(action)
        except IllegalAction as error:
            self.refuse(str(error))
            return False
        self.after_move(old, events, overrides)
        return True

    def after_move(
        self, old: Picture, events: list[Event], overrides: dict[Hashable, Place] | None = None
    ) -> None:
        self.hint = None
        self.key_target = None
        visible = self._visible(events)
        self._record(visible)
        self.refresh()
        self.animate(old, visible, overrides)
        self._sounds_for(visible)

    def _visible(self, events: list[Event]) -> list[Event]:
        return events_for(list(events), self.view_seat)

    def animate(
        self, old: Picture, events: list[Event], overrides: dict[Hashable, Place] | None = None
    ) -> None:
        moves = [e for e in events if isinstance(e, CardMoved)]
        flights = plan_flights(
            old, self.picture, moves, self.zone_anchor, overrides, _landing_sound
        )
        for flight in flights:
            self.animator.add(flight)
        self.animator.settle(old, self.picture, {f.key for f in flights})

    def refuse(self, reason: str) -> None:
        self.notice = phrases.reason(reason)
        self.notice_until = self.clock + NOTICE_S
        self.play_sound("invalid")

    def undo(self) -> None:
        if not self.session.can_undo:
            return
        old = self.picture
        self.animator.finish()
        self.session.undo()
        self.hint = None
        self._rebuild_log()
        self.refresh()
        self.animator.settle(old, self.picture, set())

    def next_deal(self) -> None:
        """Leave the deal summary: deal the next hand (a formality whoever is to act)."""
        if NextDeal() not in self.session.legal_actions():
            return
        old = self.picture
        self.animator.finish()
        events = self.session.apply(NextDeal())
        self.hand_orders.clear()
        self.after_move(old, events)

    # --- the game moves on --------------------------------------------------------------

    def update(self, dt: float) -> None:
        super().update(dt)
        self.clock += dt
        was_busy = self.animator.busy
        for sound in self.animator.update(dt):
            self.play_sound(sound)
        if was_busy and not self.animator.busy:
            self.refresh()  # re-synchronise with the view once the queue drains
        if self.notice and self.clock > self.notice_until:
            self.notice = ""
        self._poll_hint()
        if self.app.stack.top is self and not self.animator.busy and self.drag is None:
            self.advance(dt)

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
            name = s.setup.seats[seat].name if seat is not None else ""
            self.app.stack.push(HandoffScene(self.app, name, self._handoff_done))
            return
        if self.between_deals(self.view) and not s.setup.humans:
            self._ai_rest += dt
            if self._ai_rest >= self.pace():
                self._ai_rest = 0.0
                self.next_deal()
            return
        if s.to_act is None or s.is_human(s.to_act):
            self._ai_rest = 0.0
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

    def current_status(self) -> str:
        """The status line's text, asked of the game table only when something changed
        (it may consult the engine's legal moves, which is too slow for every frame)."""
        from game.app import i18n

        key = (
            len(self.session.log),
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
            self.layout = compute_layout(
                self.size, self.session.setup.options.players, self.view_seat
            )
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
        return self.deals_scored(self.view) > self._deals_shown and (
            self.session.finished or self.between_deals(self.view)
        )

    def _show_summary(self) -> None:
        from game.app.scenes.deal_summary import DealSummaryScene

        self._deals_shown = self.deals_scored(self.view)
        summary = self.deal_summary(self.view)
        if self.session.finished:
            summary = replace(summary, button_key="table.see_results")
        self.app.stack.push(DealSummaryScene(self.app, summary, self._after_summary))

    def _after_summary(self) -> None:
        if not self.session.finished:
            self.next_deal()

    def _show_game_over(self) -> None:
        if self._over_shown:
            return
        self._over_shown = True
        from game.app.scenes.game_over import GameOverScene

        note = self._record_statistics()
        self.autosaver.clear()
        result = self.final_result(self.view)
        if note:
            result = replace(result, note=note)
        self.app.stack.push(GameOverScene(self.app, result, self.play_again, self.quit_to_title))

    def _record_statistics(self) -> str:
        """One finished game for the first human seat (the player who set the game up);
        nothing for a table of AIs. Returns a line for the results screen."""
        setup = self.session.setup
        if not setup.humans or not self._finished_here:
            return ""
        seat = setup.humans[0]
        results = self.session.rules.results(self.session.state)
        stats = self.app.stats.recorded(
            setup.game_id,
            setup.stats_level,
            seat in results.winners,
            results.scores[seat],
            results.lower_is_better,
        )
        self.app.set_stats(stats)
        try:
            save_stats(self.app.paths, stats)
        except OSError as error:
            log.warning("statistics not saved: %s", error)
            return ""
        return tr("table.stats_updated", name=setup.seats[seat].name)

    def play_again(self) -> None:
        setup = self.session.setup
        seed = random.SystemRandom().randrange(1, 2**31)
        self.app.start_game(replace(setup, seed=seed))

    def quit_to_title(self) -> None:
        from game.app.scenes.title import TitleScene

        self.app.stack.reset(TitleScene(self.app))

    # --- autosave ------------------------------------------------------------------------

    def _on_change(self, session: GameSession) -> None:
        if session.finished:
            self._finished_here = True
            return
        self.autosaver.request(session.to_saved(self._thumbnail()))

    def _thumbnail(self, fresh: bool = False) -> bytes | None:
        """A small picture of the table for the Load list (the last frame, refreshed every
        few seconds; ``fresh`` draws the table now, for a named save)."""
        now = time.monotonic()
        if not fresh and self._thumb is not None and now - self._thumb_at < THUMB_EVERY_S:
            return self._thumb
        try:
            if fresh:
                frame = pygame.Surface(self.size)
                self.draw(frame)
            else:
                frame = self.app.surface
            small = pygame.transform.smoothscale(frame, THUMB_SIZE)
            buffer = io.BytesIO()
            pygame.image.save(small, buffer, "thumb.png")
            self._thumb, self._thumb_at = buffer.getvalue(), now
        except (pygame.error, ValueError) as error:
            log.info("no thumbnail: %s", error)
        return self._thumb

    def saved_game(self):
        return self.session.to_saved(self._thumbnail(fresh=True))

    # --- the log ------------------------------------------------------------------------

    def _record(self, events: list[Event]) -> None:
        names = [seat.name for seat in self.session.setup.seats]
        you = tr("new_game.you")
        for event in events:
            line = None
            if isinstance(event, Said):
                seat = event.seat if 0 <= event.seat < len(names) else None
                text = phrases.said(event.text, seat is not None and names[seat] == you)
                if seat is not None and event.text[:1].islower():  # "draws ...": about the seat
                    line = LogLine(seat, names[seat], text)
                else:
                    line = LogLine(None, "", text)
            elif isinstance(event, DealStarted):
                dealer = names[event.dealer] if 0 <= event.dealer < len(names) else ""
                line = LogLine(None, "", tr("table.log_deal", n=event.deal, dealer=dealer))
            elif isinstance(event, DealScored):
                line = LogLine(None, "", tr("table.log_scored", n=event.deal))
            elif isinstance(event, GameOver):
                line = LogLine(None, "", tr("table.log_over"))
            if line is not None:
                self.log_lines.append(line)
        del self.log_lines[:-LOG_KEEP]

    def _rebuild_log(self) -> None:
        self.log_lines = []
        seat = self.session.view_seat
        self._record(events_for(self.session.opening, seat))
        for events in self.session.moves[-60:]:
            self._record(events_for(events, seat))

    # --- sounds -------------------------------------------------------------------------

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

    # --- the hint -----------------------------------------------------------------------

    def ask_hint(self) -> None:
        if not self.my_turn or self._hint_job is not None:
            return
        from game.ai.hint import hint

        s = self.session
        view, legal = s.view(), s.legal_actions()
        history = list(s.public_history(s.view_seat))
        game_id = s.setup.game_id
        self._hint_job = Job(lambda: hint(game_id, view, legal, history))
        self._hint_moment = len(s.log)

    def _poll_hint(self) -> None:
        job = self._hint_job
        if job is None or not job.ready():
            return
        self._hint_job = None
        if job.error is not None or len(self.session.log) != self._hint_moment:
            if job.error is not None:
                log.warning("hint failed: %s", job.error)
            return
        decision = job.result
        params = dict(decision.params)
        text = tr(decision.key, **params) if _has(decision.key) else decision.text
        self.hint = Hint(text, decision.action)
        self.refresh()

    # --- controls -----------------------------------------------------------------------

    def _refresh_controls(self) -> None:
        if self.ui is None:
            return
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
        wanted = (
            tuple(self.context_buttons(self.view))
            if self.my_turn or self._any_turn_buttons()
            else ()
        )
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
            from game.app.ui.widgets import text_width

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

    def _any_turn_buttons(self) -> bool:
        return False

    @property
    def context_width(self) -> int:
        if not self.context_widgets:
            return 0
        return self.layout.status.right - min(w.rect.x for w in self.context_widgets) + 8

    def draw_scene(self, surface: pygame.Surface) -> None:
        self.painter.draw(surface)

    def draw_over(self, surface: pygame.Surface) -> None:
        self.painter.draw_over(surface)


def _landing_sound(move: CardMoved) -> str | None:
    if move.src == "stock" and move.dst.startswith("hand"):
        return "deal" if not move.face_up else "draw"
    if move.dst.startswith("hand"):
        return "draw"
    if move.dst == "stock":
        return None
    return "place"


def _has(key: str) -> bool:
    from game.app.i18n import has

    return has(key)
