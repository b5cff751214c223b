"""The Kaluki table's hooks (rules/kaluki.md) on the shared framework: ``KalukiHooks``.

What Kaluki adds to the defaults of a rummy table:

- The first meld (51 points, or the points to come down chosen) is staged: cards dragged
  to the table before a player has melded lie in a dashed frame in their area, the total
  shows live ("43 / 51") and Lay down (or L) puts them all down at once; Cancel (or
  Backspace, as in every game) takes them back. After the first meld, cards dragged to
  the table are laid down at once.
- When a joker's reading is ambiguous (a run that may grow at either end, a group's
  missing suit) a chooser asks, showing each reading as the meld would lie.
- The first-turn discard round shows a Pass button (P); the options in play are listed
  under the piles; plates show "Opened" once a player has melded, and "Out" once a
  player is out of the game (ending=last_standing).
- The deal summary lists each hand left and its penalty; the results chart the totals
  against the game's end (150 by default) and say how the game ended (ending.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import pygame

from game.app.i18n import tr
from game.app.scenes.deal_summary import DealSummary, penalty_summary
from game.app.scenes.game_over import FinalResult
from game.app.table.drag import Choice, Move, meld_faces
from game.app.table.hooks import ContextButton, GameHooks
from game.app.table.kaluki.ending import final_result
from game.app.table.keymap import job_of, keys_text
from game.app.table.panels import OUT, SeatInfo
from game.engine.actions import DISCARD, Draw, LayDown, LayOff, Pass
from game.engine.cards import Card
from game.engine.melds import Meld, arrangements, extensions, meld_problem
from game.games.kaluki.options import JOKERS, KEEP_TOP, LAST_STANDING
from game.games.kaluki.scoring import JOKER_PENALTY, OPENING_MINIMUM, POLICY, meld_total
from game.games.kaluki.state import DEAL_OVER, DRAW, FIRST_ROUND, GAME_OVER, PLAY

DEFAULT_JOKERS = JOKERS[0]
OPTION_NOTES = (
    "ace_eleven",
    "first_turn_discard_round",
    "open_discard",
    "last_discard_before_reshuffle",
    "kaluki_bonus",
    "go_out_by_discard",
    "swap_needs_own_meld",
    "chips",
    "low_ace_one",
)


class KalukiHooks(GameHooks):
    meld_policy = POLICY

    # --- the view's facts ----------------------------------------------------------------

    def opened(self, seat: int) -> bool:
        return bool(self.table.view.melded[seat])

    def between_deals(self, view: Any) -> bool:
        return bool(view.phase == DEAL_OVER)

    def score_text(self, view: Any, seat: int) -> str:
        points = tr("table.points", n=view.totals[seat])
        if view.options.chips:
            return tr("kaluki.points_chips", points=points, chips=view.chips[seat])
        return points

    def badges(self, view: Any, seat: int) -> tuple[str, ...]:
        return (tr("kaluki.opened"),) if view.melded[seat] else ()

    def seat_info(self, view: Any, seat: int) -> SeatInfo:
        """A seat out of the game (ending=last_standing) says so on its kind line, as a
        dropped online player's does; a dropped connection still tells first."""
        info = super().seat_info(view, seat)
        if seat in view.eliminated and not info.alert:
            return replace(info, kind=tr("kaluki.badge_out", target=view.options.target), alert=OUT)
        return info

    def cell_title(self, view: Any, seat: int) -> str:
        name = self.seat_name(seat)
        return tr("kaluki.cell_opened", name=name) if view.melded[seat] else name

    def score_title(self, view: Any) -> str:
        return tr("kaluki.scores_title", n=max(1, view.deal), target=view.options.target)

    def table_notes(self, view: Any) -> list[str]:
        options = view.options
        notes = [tr("kaluki.note_target", target=options.target)]
        if options.come_down != OPENING_MINIMUM:
            notes.append(tr("kaluki.note_come_down", need=options.come_down))
        if options.deal_size:
            notes.append(tr("kaluki.note_deal_size", n=options.deal_size))
        notes += [tr(f"kaluki.note_{name}") for name in OPTION_NOTES if getattr(options, name)]
        if options.joker_penalty != JOKER_PENALTY:
            notes.append(tr("kaluki.note_joker_penalty", n=options.joker_penalty))
        if options.reshuffle == KEEP_TOP:
            notes.append(tr("kaluki.note_keep_top"))
        if options.ending == LAST_STANDING:
            notes.append(tr("kaluki.note_last_standing", target=options.target))
        if options.jokers != DEFAULT_JOKERS:
            notes.append(tr("kaluki.note_jokers", n=options.jokers))
        return notes

    # --- what to do next ------------------------------------------------------------------

    def status_text(self, view: Any) -> str:
        if not self.table.my_turn:
            return super().status_text(view)
        top = view.discard[-1].pretty() if view.discard else ""
        if view.phase == FIRST_ROUND:
            return tr("kaluki.status_first_round", card=top)
        if view.phase == DRAW:
            if not view.stock_size:
                return tr("kaluki.status_stock_empty", card=top)
            if Draw(DISCARD) in self.table.session.legal_actions():
                return tr("kaluki.status_draw", card=top)
            if top:
                return tr("kaluki.status_draw_stock_only", card=top, need=view.options.come_down)
            return tr("kaluki.status_draw_stock")
        if view.phase == PLAY:
            if view.taken_discard is not None:
                card = view.taken_discard.pretty()
                return tr("kaluki.status_taken", card=card, need=view.options.come_down)
            if self.table.staged:
                progress = self.stage_progress()
                if progress and progress[1]:
                    return tr("kaluki.status_staged_ready")
                return tr("kaluki.status_staging", need=view.options.come_down)
            if not self.opened(self.table.view_seat):
                return tr("kaluki.status_open", need=view.options.come_down)
            return tr("kaluki.status_play")
        return super().status_text(view)

    def stage_progress(self) -> tuple[str, bool] | None:
        if not self.table.staged:
            return None
        total = meld_total(self.table.staged, self.table.view.options.values)
        need = self.table.view.options.come_down
        return f"{total} / {need}", total >= need

    def context_buttons(self, view: Any) -> list[ContextButton]:
        buttons = []
        if view.phase == FIRST_ROUND:
            buttons.append(ContextButton("pass", "kaluki.pass"))
        if self.table.staged:
            total = meld_total(self.table.staged, view.options.values)
            buttons.append(ContextButton("cancel_stage", "kaluki.cancel_stage"))
            buttons.append(
                ContextButton(
                    "lay_down",
                    "kaluki.lay_down",
                    (("total", str(total)),),
                    primary=True,
                    enabled=total >= view.options.come_down,
                )
            )
        return buttons

    def on_context(self, name: str) -> None:
        if name == "pass":
            self.table.play(Pass())
        elif name == "cancel_stage":
            self.cancel_stage()
        elif name == "lay_down":
            self.lay_down_staged()

    def on_game_key(self, event: pygame.event.Event) -> bool:
        job = job_of(event.key, self.key_jobs())
        if job is None:
            return False
        self.on_context(job)  # each job is the button of the same name
        return True

    def key_jobs(self) -> list[str]:
        """The key map's jobs (keymap.py) this table does now."""
        jobs = []
        if self.table.view.phase == FIRST_ROUND and self.table.my_turn:
            jobs.append("pass")
        if self.table.staged and self.table.my_turn:
            jobs.append("lay_down")
        if self.table.staged:
            jobs.append("cancel_stage")
        return jobs

    def help_lines(self) -> list[tuple[str, str]]:
        return [
            (keys_text("pass"), tr("kaluki.help_pass")),
            (keys_text("lay_down"), tr("kaluki.help_lay_down")),
            (keys_text("cancel_stage"), tr("kaluki.help_cancel")),
        ]

    # --- gestures --------------------------------------------------------------------------

    def meld_move(self, cards: Sequence[Card]) -> Move:
        """Cards dragged to the table: staged for a first meld, laid down after it."""
        readings = arrangements(list(cards), POLICY)
        if not readings:
            return Move.refused(meld_problem(list(cards), POLICY) or tr("table.cannot"))
        if self.opened(self.table.view_seat):
            return Move.one_of(
                [Choice(self.reading_label(m), LayDown((m,)), meld_faces(m)) for m in readings]
            )
        if not self.table.my_turn or self.table.view.phase != PLAY:
            return Move(LayDown(tuple(readings[:1])))  # the engine says why not
        return self.stage_move(readings)

    def lay_off_move(self, index: int, cards: Sequence[Card]) -> Move:
        melds = self.table.view.melds
        if not 0 <= index < len(melds):
            return Move.refused(tr("table.cannot"))
        options = extensions(melds[index], list(cards), POLICY)
        if len(options) <= 1:
            return Move(LayOff(index, tuple(cards)))
        return Move(
            choices=tuple(
                Choice(self.reading_label(m, cards), LayOff(index, tuple(cards), m), meld_faces(m))
                for m in options
            )
        )

    def reading_label(self, meld: Meld, added: Sequence[Card] | None = None) -> str:
        """ "Joker as 8♥ · 24 points": the reading and what the meld counts."""
        points = tr("kaluki.reading_points", n=meld_total((meld,), self.table.view.options.values))
        return f"{super().reading_label(meld, added)} · {points}"

    # --- the end of a deal and of the game ---------------------------------------------------

    def deal_summary(self, view: Any) -> DealSummary:
        chips = view.history[-1].chips

        def chips_note(seat: int) -> str:
            if not (view.options.chips and chips[seat]):
                return ""
            return tr("kaluki.chips_note", chips=f"{chips[seat]:+d}")

        return penalty_summary("kaluki", view, self.names(), chips_note, drawn_dash=True)

    def final_result(self, view: Any) -> FinalResult:
        return final_result(view, self.names())

    def deals_scored(self, view: Any) -> int:
        return len(view.history)

    @property
    def game_over(self) -> bool:
        return bool(self.table.view.phase == GAME_OVER)
