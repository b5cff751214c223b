"""The table: one game in progress on the felt. A game gives its hooks, a subclass of
:class:`~game.app.table.hooks.GameHooks` (see docs/TABLE.md), which the scene builds with
itself as their table; everything else lives here.

The frame, in order: the pointer and the keys (``parts/pointer.py``, ``parts/keys.py``)
turn gestures into moves; a move
goes through the session (``play``), whose events feed the animator; ``update`` advances
the animations and, once they rest, moves the game on (``advance``): the deal summary,
the game-over screen, a hot-seat hand-off, or an AI seat's decision from its worker
thread. The picture is composed from the shown seat's view only, so nothing hidden can
leak, and it is composed again whenever anything changes.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Any, cast

import pygame
import pygame_gui

from game.ai.base import BotSettings
from game.app import i18n
from game.app.i18n import tr
from game.app.net_session import NetSession
from game.app.scenes.base import Scene
from game.app.session_like import SessionLike
from game.app.table.ai_driver import AiDriver
from game.app.table.animation import Animator
from game.app.table.autosave import Autosaver
from game.app.table.compose import Composer
from game.app.table.drag import Drag, Move, Source, Target
from game.app.table.hooks import ContextButton, GameHooks
from game.app.table.keymap import HELP_JOBS, keys_text
from game.app.table.layout import TableLayout
from game.app.table.moves import Moves
from game.app.table.painting import TablePainter
from game.app.table.panels import LogLine, LogPanel, ScorePanel, SeatInfo
from game.app.table.parts.controls import Controls
from game.app.table.parts.flow import Flow
from game.app.table.parts.hint import Hint, TableHint
from game.app.table.parts.keys import Keys
from game.app.table.parts.log import TableLog
from game.app.table.parts.online import TableOnline
from game.app.table.parts.pointer import Pointer
from game.app.table.parts.saving import Saving
from game.app.table.parts.watching import TableWatching
from game.app.table.save_notice import draw_save_problem
from game.app.table.sprites import Picture, Place
from game.app.watch_session import WatchSession
from game.engine.actions import Action
from game.engine.cards import Card
from game.engine.events import Event
from game.engine.messages import Message
from game.persist.autosaves import new_autosave_path
from game.persist.savedgame import HandGroups

if TYPE_CHECKING:
    from game.ai.base import Decision
    from game.app.scenes.deal_summary import DealSummary
    from game.app.scenes.game_over import FinalResult
    from game.app.session import GameSession

log = logging.getLogger(__name__)


class TableScene(Scene):
    """One game in progress: the parts, the game's ``hooks`` (its ``GameHooks``, built
    with the scene as their table) and the doors the tools and the tests use."""

    def __init__(self, app, session: SessionLike, hooks: type[GameHooks]) -> None:
        super().__init__(app)
        self.session = session
        self.hooks: GameHooks = hooks(self)
        # The game's own autosave file (a resumed game keeps its file: see open_table).
        self.autosaver = Autosaver(new_autosave_path(app.paths, session.setup.game_id))
        self.saving = Saving(self, self.autosaver, self._thumbnail_now, self._follow_view)
        session.on_change = self.saving.on_change
        # A networked table never asks its driver (its bots play on the server).
        self.driver = AiDriver(
            cast("GameSession", session), BotSettings(budget_ms=float(app.settings.hard_think_ms))
        )
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
        self.notice = ""
        self.notice_until = 0.0
        self.hints = TableHint(self)
        self.pointer = Pointer(self, self.hints)
        self.keys = Keys(self, self.pointer, self.command)
        self.action_log = TableLog(self)
        self.moves = Moves(self, self.hints, self.keys, self.action_log)
        self.net = (  # a networked seat's part (online.py): only at an online table
            TableOnline(self, session, self.action_log, self.pointer.cancel_drag)
            if isinstance(session, NetSession)
            else None
        )
        self.watch = (  # a spectator's part (watching.py): read-only, Take this seat, Leave
            TableWatching(self, session, lambda: self.ui, self._open_seat)
            if isinstance(session, WatchSession)
            else None
        )
        self.clock = 0.0
        self.controls = Controls(self, lambda: self.ui, lambda: self.thinking_seat)
        self.hand = self.hooks.hand_model(self.pointer.land_local, self.hand_rearranged)
        self._rebuild_log()
        self.hand.sync()
        online_over = self.net.game_over if self.net is not None else None
        online_replay = self.net.open_replay if self.net is not None else None
        self.flow = Flow(
            self,
            self.driver,
            self.saving,
            self._handoff_done,
            online_over,
            online_replay,
            self.watch,
        )

    # --- life cycle -------------------------------------------------------------------

    def enter(self) -> None:
        super().enter()
        self._apply_settings()
        if not self.session.move_count and self.session.opening:
            self.animate(Picture(), self.moves.visible(self.session.opening))
            self.app.audio.play("shuffle")

    def exit(self) -> None:
        self.driver.cancel()
        self.saving.leaving()  # Continue opens the game on screen when it closed
        self.autosaver.close()
        self.session.close()  # a networked seat leaves its connection (Continue rejoins)
        super().exit()

    def ask_before_leaving(self, leave) -> bool:
        """Ask first when the disk refuses this game's saves (see leave_unsaved); True
        when it asked."""
        from game.app.table.leave_unsaved import ask_before_leaving

        problem = None if self.session.online else self.autosaver.problem
        return ask_before_leaving(self.app, problem, self.saved_game, leave)

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
        """Full frame rate while cards move, an AI seat plays, the player drags or a
        message shows; while the table waits for a human the app may rest between
        frames (the to-act plate then pulses at a gentler rate)."""
        s = self.session
        ai_turn = s.to_act is not None and not s.is_human(s.to_act) and not s.finished
        others_turn = s.online and not s.finished and not self.my_turn  # moves arrive
        timed = s.to_act is not None and s.turn_time(s.to_act) is not None  # a ring runs
        return bool(
            self.animator.busy
            or ai_turn
            or others_turn
            or timed
            or self.drag is not None
            or self.pointer.press is not None
            or self.notice
            or self.hints.job is not None
        )

    def build(self) -> None:
        self.layout = self.hooks.make_layout()
        self.animator.finish()
        self.pointer.reset()  # a resize while dragging: the cards go home
        self.controls.build()
        if self.watch is not None:
            self.watch.build()
        self._rebuild_log()  # in the language now chosen
        self.refresh()
        self.hooks.after_build()

    # --- the pointer's and the keys' doors (for the game tables, the tools and the tests) --

    @property
    def drag(self) -> Drag | None:
        return self.pointer.drag

    @property
    def hover_at(self) -> tuple[int, int] | None:
        return self.pointer.hover_at

    @property
    def key_target(self) -> int | None:
        return self.keys.target

    @key_target.setter
    def key_target(self, number: int | None) -> None:
        self.keys.target = number

    def on_mouse(self, event: pygame.event.Event) -> bool:
        if self.watch is not None and self.watch.on_mouse(event):
            return True  # a spectator picks up no card
        return self.hooks.on_pointer(event) or self.pointer.on_mouse(event)

    def on_key(self, event: pygame.event.Event) -> bool:
        if self.watch is not None and self.watch.on_key(event):
            return True  # a spectator plays nothing: the key is ignored
        escape = event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE
        return (escape and self.hooks.on_escape()) or self.keys.on_key(event)

    def held(self) -> tuple[Card, ...]:
        return self.keys.held()

    def key_targets(self) -> list[tuple[Target, Move]]:
        return self.keys.find_targets()

    def key_target_rect(self) -> pygame.Rect | None:
        return self.keys.target_rect()

    def perform(self, move: Move | None, source: Source, places: dict[Hashable, Place]) -> bool:
        return self.pointer.perform(move, source, places)

    def resolve(self, source: Source, target: Target) -> Move | None:
        return self.pointer.resolve(source, target)

    def possible(self, move: Move) -> bool:
        return self.pointer.possible(move)

    def cancel_drag(self) -> None:
        self.pointer.cancel_drag()

    def command(self, name: str) -> bool:
        """What a key names beyond the hand and the pointer (parts/keys.py); False when
        it did nothing."""
        if name == "help":
            self.open_help()
        elif name == "chat":
            self.open_chat()
        elif name == "undo":
            self.undo()
        elif name == "redo":
            self.redo()
        elif name == "discards":
            from game.app.table.discard_history import open_discard_history

            return open_discard_history(self)
        elif name in ("log_back", "log_on", "log_end"):
            lines = {"log_back": 5, "log_on": -5}.get(name, -self.log_scroll)
            self.scroll_log(lines)
        else:
            self.side_action(name)
        return True

    # --- buttons -----------------------------------------------------------------------

    def on_ui_event(self, event: pygame.event.Event) -> bool:
        if self.watch is not None and self.watch.on_ui_event(event):
            return True
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return False
        if self.hooks.on_game_button(event.ui_element):
            return True
        name = self.side_buttons.get(event.ui_element)
        if name is not None:
            self.side_action(name)
            return True
        spec = self.context_widgets.get(event.ui_element)
        if spec is not None:
            if self.my_turn or spec.name in self._free_buttons():
                self.hooks.on_context(spec.name)
                self.refresh()
            return True
        return False

    def _free_buttons(self) -> tuple[str, ...]:
        return ("cancel_stage",)

    def side_action(self, name: str) -> None:
        if name == "sort_suit":
            self.hand.sort(by_rank=False)
        elif name == "sort_rank":
            self.hand.sort(by_rank=True)
        elif name == "hint":
            self.ask_hint()
        elif name == "undo":
            self.undo()
        elif name == "menu":
            self.open_menu()
        elif name == "chat":
            self.open_chat()
        elif name == "help":
            self.open_help()

    def open_menu(self) -> None:
        from game.app.scenes.rules import RulesScene
        from game.app.scenes.settings import SettingsScene
        from game.app.table.overlays import MenuOverlay, SaveDialog, default_slot_name

        app = self.app
        title = self.session.info.title

        def leave() -> None:
            if not self.ask_before_leaving(self.quit_to_title):
                self.quit_to_title()

        def opens(make: Callable[[], Scene]) -> Callable[[], None]:
            def push() -> None:
                app.stack.push(make())

            return push

        actions: dict[str, Callable[[], None]] = {
            "save": opens(lambda: SaveDialog(app, default_slot_name(title), self.saved_game)),
            "chat": self.open_chat,
            "save_log": self.save_log,  # the whole game's log as text, every deal
            "rules": opens(lambda: RulesScene(app, self.session.setup.game_id)),
            "settings": opens(lambda: SettingsScene(app)),
            "quit": leave,
        }
        # A networked game is kept by its server: Chat where a local game has Save.
        del actions["save" if self.session.online else "chat"]
        from game.app.table.host_menu import host_actions

        actions |= host_actions(app, self.session)  # the host's: Remove a player, Close
        self.cancel_drag()
        app.stack.push(MenuOverlay(app, actions))

    def open_help(self) -> None:
        from game.app.table.overlays import HelpOverlay

        game = self.session.setup.game_id
        lines = []
        topics = (*self.hooks.help_topics(), *(("chat",) if self.session.online else ()))
        for name in topics:  # a game's own wording of a line wins
            own = f"{game}.help_{name}"
            key = own if i18n.has(own) else f"table.help_{name}"
            jobs = HELP_JOBS.get(name)  # a key's line: its keys as the key map has them
            lines.append((keys_text(*jobs) if jobs else tr(f"{key}_keys"), tr(key)))
        self.app.stack.push(HelpOverlay(self.app, [*lines, *self.hooks.help_lines()]))

    # --- the hooks' doors (for the tools and the tests: what the game shows) -------------

    def names(self) -> list[str]:
        return self.hooks.names()

    def seat_name(self, seat: int) -> str:
        return self.hooks.seat_name(seat)

    def seat_info(self, view: Any, seat: int) -> SeatInfo:
        return self.hooks.seat_info(view, seat)

    def badges(self, view: Any, seat: int) -> tuple[str, ...]:
        return self.hooks.badges(view, seat)

    def score_title(self, view: Any) -> str:
        return self.hooks.score_title(view)

    def score_text(self, view: Any, seat: int) -> str:
        return self.hooks.score_text(view, seat)

    def score_seats(self, view: Any) -> list[int]:
        return self.hooks.score_seats(view)

    def cell_title(self, view: Any, seat: int) -> str:
        return self.hooks.cell_title(view, seat)

    def status_text(self, view: Any) -> str:
        return self.hooks.status_text(view)

    def stage_progress(self) -> tuple[str, bool] | None:
        return self.hooks.stage_progress()

    def table_notes(self, view: Any) -> list[str]:
        return self.hooks.table_notes(view)

    def hand_marks(self, view: Any) -> dict[Card, str]:
        return self.hooks.hand_marks(view)

    def zone_anchor(self, zone: str) -> Place:
        return self.hooks.zone_anchor(zone)

    def context_buttons(self, view: Any) -> list[ContextButton]:
        return self.hooks.context_buttons(view)

    def lay_down_staged(self) -> None:
        self.hooks.lay_down_staged()

    def help_topics(self) -> tuple[str, ...]:
        return self.hooks.help_topics()

    def help_lines(self) -> list[tuple[str, str]]:
        return self.hooks.help_lines()

    def hint_for(self, decision: Decision) -> Hint:
        return self.hooks.hint_for(decision)

    def hint_cards(self) -> list[Card]:
        return self.hooks.hint_cards()

    def hint_target(self) -> Target | None:
        return self.hooks.hint_target()

    def deal_summary(self, view: Any) -> DealSummary:
        return self.hooks.deal_summary(view)

    def final_result(self, view: Any) -> FinalResult:
        return self.hooks.final_result(view)

    # --- the parts' doors (for the game tables, the tools and the tests) -----------------

    @property
    def log_lines(self) -> list[LogLine]:
        return self.action_log.lines

    @property
    def log_scroll(self) -> int:
        return self.action_log.scroll

    def add_log_line(self, line: LogLine) -> None:
        self.action_log.add(line)

    def scroll_log(self, lines: int) -> None:
        self.action_log.scroll_by(lines)
        # Never past the first line: the oldest stays at the top of the panel.
        limit = self.log_panel.max_scroll(self.action_log.lines)
        self.action_log.scroll = min(self.action_log.scroll, limit)

    def _record(self, events: list[Event]) -> None:
        self.action_log.record(events)

    def save_log(self) -> None:
        """Save the whole game's log as text (every deal, each set apart)."""
        from game.app.table.parts.log import save_log_text

        save_log_text(self.app, self.session.setup.game_id, self.action_log.text())

    def _rebuild_log(self) -> None:
        self.action_log.rebuild()

    @property
    def net_down(self) -> bool:
        return self.net is not None and self.net.net_down

    @property
    def banner_shown(self) -> bool:
        return self.net is not None and self.net.banner_shown

    def banner_text(self) -> str:
        return self.net.banner_text() if self.net is not None else ""

    def open_chat(self) -> None:
        if self.net is not None:
            self.net.open_chat()

    def send_chat(self, line: str) -> None:
        if self.net is not None:
            self.net.send_chat(line)

    def lay_out_kept_hand(self, kept: tuple[tuple[str, ...], ...]) -> None:
        if self.net is not None:
            self.net.lay_out_kept_hand(kept)

    @property
    def hint(self) -> Hint | None:
        return self.hints.shown

    @hint.setter
    def hint(self, hint: Hint | None) -> None:
        self.hints.shown = hint

    def ask_hint(self) -> None:
        self.hints.ask()

    def drop_hint(self) -> None:
        self.hints.drop()

    @property
    def side_buttons(self) -> dict[pygame_gui.elements.UIButton, str]:
        return self.controls.side_buttons

    @property
    def context_widgets(self) -> dict[pygame_gui.elements.UIButton, ContextButton]:
        return self.controls.context_widgets

    @property
    def context_width(self) -> int:
        return self.controls.context_width

    def current_status(self) -> str:
        return self.controls.status()

    def _refresh_controls(self) -> None:
        self.controls.refresh(bool(self.hand_order))

    # --- the moves' doors (moves.py) ---------------------------------------------------

    def play(self, action: Action, overrides: dict[Hashable, Place] | None = None) -> bool:
        """Play a move of the shown human; False (and the reason shown) if refused."""
        return self.moves.play(action, overrides)

    def apply_move(self, action: Action, overrides: dict[Hashable, Place] | None = None) -> bool:
        """Play it now, without the end-of-turn question."""
        return self.moves.apply_move(action, overrides)

    def after_move(
        self, old: Picture, events: list[Event], overrides: dict[Hashable, Place] | None = None
    ) -> None:
        self.moves.after_move(old, events, overrides)

    def animate(
        self, old: Picture, events: list[Event], overrides: dict[Hashable, Place] | None = None
    ) -> None:
        self.moves.animate(old, events, overrides)

    def refuse(self, reason: str | Message) -> None:
        self.moves.refuse(reason)

    def play_sound(self, name: str) -> None:
        self.moves.play_sound(name)

    def undo(self) -> None:
        self.moves.undo()

    def redo(self) -> None:
        self.moves.redo()

    def undo_arrangements(self) -> tuple[tuple[int, HandGroups], ...]:
        return self.moves.undo_arrangements()

    def restore_undo_arrangements(
        self, seat: int, kept: tuple[tuple[int, HandGroups], ...]
    ) -> None:
        self.moves.restore_undo_arrangements(seat, kept)

    @property
    def ai_pause(self) -> float:
        """Seconds an AI move waits after the table comes to rest (speed 1)."""
        return self.flow.ai_pause

    @ai_pause.setter
    def ai_pause(self, seconds: float) -> None:
        self.flow.ai_pause = seconds

    @property
    def thinking_seat(self) -> int | None:
        return self.flow.thinking_seat

    def advance(self, dt: float) -> None:
        self.flow.advance(dt)

    def pace(self) -> float:
        return self.flow.pace()

    def next_deal(self) -> None:
        self.flow.next_deal()

    def play_again(self) -> None:
        self.flow.play_again()

    def quit_to_title(self) -> None:
        self.flow.quit_to_title()

    def saved_game(self):
        return self.saving.saved_game()

    def hand_rearranged(self) -> None:
        self.saving.hand_rearranged()

    def seat_groups(self, seat: int) -> list[list[Card]]:
        return self.hand.seat_groups(seat)

    def set_seat_groups(self, seat: int, groups: list[list[Card]]) -> None:
        self.hand.set_seat_groups(seat, groups)

    def restore_hands(self, hand_groups) -> None:
        """Lay out each seat's hand as a save had it; a card it does not mention goes
        where a card just arrived would."""
        for seat, groups in enumerate(hand_groups):
            if groups:
                self.set_seat_groups(seat, [list(group) for group in groups])
        self.refresh()

    def _handoff_done(self) -> None:
        old_seat = self.view_seat
        self.session.confirm_handoff()
        self.selected.clear()
        self.staged = []
        if self.view_seat != old_seat:
            self.layout = self.hooks.make_layout()
        self.animator.finish()
        self.refresh()

    def _open_seat(self, session: NetSession) -> None:
        """A spectator took a seat: the player's own table (parts/watching.py)."""
        from game.app.table import open_net_table

        open_net_table(self.app, session)

    def _follow_view(self) -> None:
        self.view = self.session.view()
        self.hand.sync()

    def _thumbnail_now(self) -> bytes | None:
        from game.app.table.thumbnail import table_thumbnail

        return table_thumbnail(self)

    # --- the view and the picture -----------------------------------------------------

    @property
    def view_seat(self) -> int:
        return self.session.view_seat

    @property
    def covered(self) -> bool:
        """Hot seat: the shown hand is face down (no hand-off confirmed since the turn
        left it: at the start, while AI seats play, at a new deal)."""
        return self.session.hand_covered or self.session.needs_handoff

    @property
    def my_turn(self) -> bool:
        """The shown human may play now."""
        s = self.session
        return s.human_to_act and s.to_act == s.shown_seat and not s.needs_handoff

    @property
    def hand_order(self) -> list[Card]:
        return self.hand.order

    def refresh(self) -> None:
        """Read the view again and compose the picture (after any change)."""
        self.view = self.session.view()
        self.hand.sync()
        if self.layout is None:
            self.hooks.after_refresh()
            return
        if self.hooks.layout_outdated():
            self.layout = self.hooks.make_layout()
        composer = Composer(self.layout)
        self.hooks.compose(composer, self.view)
        self.composer = composer
        self.picture = composer.picture
        self.focus = max(0, min(self.focus, len(self.hand_cards()) - 1))
        self._refresh_controls()
        self.hooks.after_refresh()

    def hand_cards(self) -> list[Card]:
        """The shown hand in the player's order, without cards staged on the table."""
        staged = {c for meld in self.staged for c in self.hooks.staged_cards(meld)}
        return [card for card in self.hand_order if card not in staged]

    # --- moves ------------------------------------------------------------------------

    # --- the game moves on --------------------------------------------------------------

    def update(self, dt: float) -> None:
        super().update(dt)
        self.clock += dt
        if self.net is not None:  # the other seats' moves, chat, notices
            self.net.take_arrivals()
        if self.watch is not None:  # the seats offered; seated: the player's table
            self.watch.update()
        was_busy = self.animator.busy
        for sound in self.animator.update(dt):
            self.play_sound(sound)
        if was_busy and not self.animator.busy:
            self.refresh()  # re-synchronise with the view once the queue drains
        if self.notice and self.clock > self.notice_until:
            self.notice = ""
        self.hints.poll()
        if self.app.stack.top is self and not self.animator.busy and self.drag is None:
            self.advance(dt)

    # --- autosave ------------------------------------------------------------------------

    # --- the log ------------------------------------------------------------------------

    # --- sounds -------------------------------------------------------------------------

    # --- the hint -----------------------------------------------------------------------

    # --- controls -----------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self._other_than_hint(event):
            self.drop_hint()
        if self.net is not None and event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self.net.player_present()  # an away player (the turn timer's) is back
        return super().handle_event(event)

    def _other_than_hint(self, event: pygame.event.Event) -> bool:
        """A click or a key other than the hint's own (H): the player is doing something
        else, so the hint's dimming must not linger (issue 19)."""
        if event.type == pygame.MOUSEBUTTONDOWN:
            return event.button in (1, 3)
        if event.type == pygame.KEYDOWN:
            return event.key != pygame.K_h and event.key not in _MODIFIER_KEYS
        return False

    def draw_scene(self, surface: pygame.Surface) -> None:
        self.painter.draw(surface)
        if self.watch is not None:  # under its buttons (the widgets are drawn next)
            self.watch.draw(surface)
        if self.layout is not None:
            self.hooks.paint_table(surface)

    def draw_over(self, surface: pygame.Surface) -> None:
        self.painter.draw_over(surface)
        status = self.layout.status if self.layout is not None else None
        draw_save_problem(surface, self.autosaver.problem, status)  # until a save succeeds
        if self.net is not None:
            self.net.draw(surface)
        if self.layout is not None:
            self.hooks.paint_over(surface)


_MODIFIER_KEYS = frozenset(
    (
        pygame.K_LSHIFT,
        pygame.K_RSHIFT,
        pygame.K_LCTRL,
        pygame.K_RCTRL,
        pygame.K_LALT,
        pygame.K_RALT,
        pygame.K_LMETA,
        pygame.K_RMETA,
    )
)
