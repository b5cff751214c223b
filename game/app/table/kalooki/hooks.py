"""The Kalooki table's hooks (rules/kalooki.md) on the shared framework:
``KalookiHooks``; see the package docstring for what it adds and the decisions behind it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import pygame

from game.app.i18n import tr
from game.app.messages import render
from game.app.scenes.deal_summary import DealSummary
from game.app.scenes.game_over import FinalResult
from game.app.table.drag import Choice, Move, Source, Target, meld_faces
from game.app.table.hooks import ContextButton, GameHooks
from game.app.table.kalooki import ending, felt
from game.app.table.kalooki.words import deal_contract, staged_progress
from game.app.table.keymap import job_of, keys_text
from game.engine.actions import Action, Discard, LayDown, LayOff, Pass
from game.engine.cards import Card
from game.engine.events import Said
from game.engine.melds import arrangements, extensions, meld_problem
from game.engine.messages import Message
from game.games.kalooki import CALLS_SETTING
from game.games.kalooki import messages as say
from game.games.kalooki.actions import AllowCall, Call, DeclineCall, DenyCall, Tack
from game.games.kalooki.scoring import POLICY, contract_for
from game.games.kalooki.state import ANSWER, CALL, DEAL_OVER, DRAW, PLAY

if TYPE_CHECKING:
    from game.app.table.context import TableContext

QUIET_SAID = (say.REACHES, say.NO_CALL)  # asking the seats that may call, and each "no"
DECLINE_PACE = 0.35  # an AI letting a card go waits this share of the usual pause
NEVER_CALL_PAUSE = 0.25  # seconds before the table lets a card go for a player who never calls


class KalookiHooks(GameHooks):
    meld_policy = POLICY

    # --- the view's facts ----------------------------------------------------------------

    def __init__(self, table: TableContext) -> None:
        super().__init__(table)
        self._never_call_rest = 0.0  # seconds waited before letting a card go for the player

    def laid_down(self, seat: int) -> bool:
        return bool(self.table.view.laid_down[seat])

    @property
    def top_card(self) -> Card | None:
        return self.table.view.discard[-1] if self.table.view.discard else None

    def name(self, seat: int | None) -> str:
        if seat is None:
            return ""
        return self.seat_name(seat)

    @property
    def never_calls(self) -> bool:
        """The player chose in Settings never to call: the table lets each card go."""
        return self.table.app.settings.table_setting(CALLS_SETTING.name) == "never"

    def asked_to_call(self) -> bool:
        return self.table.my_turn and self.top_card is not None and self.table.view.phase == CALL

    def prompt_kind(self) -> str | None:
        """ "call" or "answer" when the shown human must answer one now, else None (a
        call is never asked of a player who chose never to call)."""
        if not self.table.my_turn or self.top_card is None:
            return None
        if self.table.view.phase == CALL:
            return None if self.never_calls else "call"
        if self.table.view.phase == ANSWER:
            return "answer"
        return None

    def may_pass(self) -> bool:
        """Only jokers that fit nowhere are left: Pass ends the turn (asked of the engine
        only when the hand is all jokers)."""
        view = self.table.view
        if not self.table.my_turn or view.phase != PLAY or not view.hand:
            return False
        if not all(card.is_joker for card in view.hand):
            return False
        return self.table.session.problem(Pass()) is None

    def between_deals(self, view: Any) -> bool:
        return bool(view.phase == DEAL_OVER)

    # --- plates, cells, panels --------------------------------------------------------------

    def badges(self, view: Any, seat: int) -> tuple[str, ...]:
        if view.phase == ANSWER and view.asking == seat and view.discard:
            return (tr("kalooki.badge_calling", card=view.discard[-1].pretty()),)
        found = []
        if view.laid_down[seat]:
            found.append(tr("kalooki.badge_down"))
        left = view.calls_left[seat]
        if left == 0:
            found.append(tr("kalooki.badge_calls_none"))
        elif left == 1:
            found.append(tr("kalooki.badge_calls_one"))
        else:
            found.append(tr("kalooki.badge_calls", n=left))
        return tuple(found)

    def cell_title(self, view: Any, seat: int) -> str:
        name = self.name(seat)
        return tr("kalooki.cell_down", name=name) if view.laid_down[seat] else name

    def score_title(self, view: Any) -> str:
        return tr("kalooki.scores_title", n=view.deal, contract=deal_contract(view.deal))

    def shows_in_log(self, event: Any) -> bool:
        """Every stock draw asks the seats that may call: the log keeps the calls and
        leaves out the asking and each "does not call"."""
        if isinstance(event, Said):
            return not (isinstance(event.message, Message) and event.message.key in QUIET_SAID)
        return True

    def table_notes(self, view: Any) -> list[str]:
        options = view.options
        notes = [
            tr("kalooki.note_calls_deal" if options.calls_per_deal else "kalooki.note_calls_game")
        ]
        if options.down_and_out_doubles:
            notes.append(tr("kalooki.note_doubles"))
        if self.never_calls:
            notes.append(tr("kalooki.note_never_call"))
        notes.append(tr("kalooki.note_growth"))
        return notes

    # --- drawing on the felt -------------------------------------------------------------------

    def banner(self) -> felt.Banner:
        view = self.table.view
        contract = contract_for(max(1, view.deal))
        down = self.laid_down(self.table.view_seat)
        progress = staged_progress(self.table.staged, view.deal)
        pips = [("3", down or i < progress.threes) for i in range(contract.threes)]
        pips += [("4", down or i < progress.fours) for i in range(contract.fours)]
        note = tr("kalooki.banner_down") if down else ""
        return felt.Banner(
            tr("kalooki.deal_of", n=max(1, view.deal)),
            deal_contract(view.deal),
            tuple(pips),
            note,
        )

    def prompt(self) -> felt.Prompt | None:
        kind = self.prompt_kind()
        card = self.top_card
        if kind is None or card is None:
            return None
        view = self.table.view
        if kind == "call":
            key = "calls_left_deal" if view.options.calls_per_deal else "calls_left_game"
            return felt.Prompt(
                tr("kalooki.prompt_call_title", card=card.pretty()),
                (
                    tr("kalooki.prompt_call_body", card=card.pretty()),
                    tr(f"kalooki.prompt_{key}", n=view.calls_left[self.table.view_seat]),
                ),
                tr("kalooki.prompt_call_keys"),
            )
        caller = self.name(view.asking)
        return felt.Prompt(
            tr("kalooki.prompt_answer_title", name=caller, card=card.pretty()),
            (
                tr("kalooki.prompt_answer_allow", name=caller),
                tr("kalooki.prompt_answer_deny", card=card.pretty()),
            ),
            tr("kalooki.prompt_answer_keys"),
        )

    def paint_felt(self, surface: pygame.Surface) -> None:
        layout = self.table.layout
        if layout is None:
            return
        view = self.table.view
        felt.draw_banner(surface, layout, self.banner())
        if view.phase in (CALL, ANSWER) and view.discard:
            felt.draw_offer_ring(surface, layout, self.table.clock)
        prompt = self.prompt()
        if prompt is not None:
            avoid = self.meld_areas()
            rect = felt.prompt_rect(layout, self.table.view_seat, avoid)
            felt.draw_prompt(
                surface,
                self.table.app.cards,
                layout,
                rect,
                self.top_card,
                prompt,
                self.table.clock,
                avoid,
            )

    def meld_areas(self) -> list[pygame.Rect]:
        """Where melds lie on the table (a prompt never covers one)."""
        return list(self.table.composer.meld_rects.values()) if self.table.composer else []

    def prompt_area(self) -> pygame.Rect | None:
        """The rectangle the call prompt takes on the felt now, if one shows."""
        prompt = self.prompt()
        if prompt is None or self.table.layout is None:
            return None
        avoid = self.meld_areas()
        rect = felt.prompt_rect(self.table.layout, self.table.view_seat, avoid)
        return felt.prompt_panel(self.table.layout, rect, prompt, avoid)[0]

    # --- what to do next ------------------------------------------------------------------

    def status_text(self, view: Any) -> str:
        card = self.top_card.pretty() if self.top_card else ""
        if view.phase == CALL and view.discard and not self.table.my_turn:
            return tr("kalooki.status_call_wait", name=self.name(view.asking), card=card)
        if view.phase == ANSWER and view.discard and not self.table.my_turn:
            own = view.asking == self.table.view_seat
            return tr(
                "kalooki.status_answer_wait_own" if own else "kalooki.status_answer_wait",
                active=self.name(view.active),
                name=self.name(view.asking),
                card=card,
            )
        if not self.table.my_turn:
            return super().status_text(view)
        if view.phase == CALL:
            return tr("kalooki.status_call", name=self.name(view.active), card=card)
        if view.phase == ANSWER:
            return tr("kalooki.status_answer", name=self.name(view.asking), card=card)
        if view.phase == DRAW:
            if self.laid_down(self.table.view_seat):
                return tr("kalooki.status_draw_down")
            return tr("kalooki.status_draw", card=card) if card else tr("kalooki.status_draw_stock")
        if view.phase == PLAY:
            return self._play_status(view)
        return super().status_text(view)

    def _play_status(self, view: Any) -> str:
        contract = deal_contract(view.deal)
        if self.table.staged:
            progress = staged_progress(self.table.staged, view.deal)
            if progress.over:
                return tr("kalooki.status_staged_over", contract=contract)
            if not progress.complete:
                return tr("kalooki.status_staging", missing=progress.missing())
            problem = self.table.session.problem(LayDown(tuple(self.table.staged)))
            if problem is None:
                return tr("kalooki.status_staged_ready")
            return render(problem, self.names())
        if self.may_pass():
            return tr("kalooki.status_pass")
        if not self.laid_down(self.table.view_seat):
            return tr("kalooki.status_contract", contract=contract)
        return tr("kalooki.status_play")

    def stage_progress(self) -> tuple[str, bool] | None:
        if not self.table.staged:
            return None
        progress = staged_progress(self.table.staged, self.table.view.deal)
        ready = (
            progress.complete
            and self.table.session.problem(LayDown(tuple(self.table.staged))) is None
        )
        return progress.text(), ready

    def context_buttons(self, view: Any) -> list[ContextButton]:
        kind = self.prompt_kind()
        card = self.top_card.pretty() if self.top_card else ""
        if kind == "call":
            return [
                ContextButton("decline", "kalooki.pass"),
                ContextButton("call", "kalooki.call", (("card", card),), primary=True),
            ]
        if kind == "answer":
            buttons = [ContextButton("allow", "kalooki.allow")]
            if not self.laid_down(view.active):
                buttons.append(ContextButton("deny", "kalooki.deny"))
            return buttons
        buttons = []
        if self.may_pass():
            buttons.append(ContextButton("pass_turn", "kalooki.pass", primary=True))
        if self.table.staged:
            progress = staged_progress(self.table.staged, view.deal)
            buttons.append(ContextButton("cancel_stage", "kalooki.cancel_stage"))
            buttons.append(
                ContextButton(
                    "lay_down", "kalooki.lay_down", primary=True, enabled=progress.complete
                )
            )
        return buttons

    def on_context(self, name: str) -> None:
        actions: dict[str, Action] = {
            "call": Call(),
            "decline": DeclineCall(),
            "allow": AllowCall(),
            "deny": DenyCall(),
            "pass_turn": Pass(),
        }
        if name in actions:
            self.table.play(actions[name])
        elif name == "cancel_stage":
            self.cancel_stage()
        elif name == "lay_down":
            self.lay_down_staged()

    def on_game_key(self, event: pygame.event.Event) -> bool:
        jobs = self.key_jobs()
        job = job_of(event.key, jobs)
        if job is None:
            return False
        if jobs[job] == "lay_down" and not self.table.staged:
            return False
        self.on_context(jobs[job])
        return True

    def key_jobs(self) -> dict[str, str]:
        """The key map's jobs (keymap.py) this table does now, each with its button's
        name; the first wins a key two share (C calls before it takes staged melds back)."""
        kind = self.prompt_kind()
        jobs: dict[str, str] = {}
        if kind == "call":
            jobs = {"call": "call", "pass": "decline"}
        elif kind == "answer":
            jobs = {"allow": "allow", "deny": "deny"}
        elif self.table.my_turn and self.table.view.phase == PLAY:
            jobs = {"pass": "pass_turn", "lay_down": "lay_down"}
        if self.table.staged:
            jobs["cancel_stage"] = "cancel_stage"
        return jobs

    def help_lines(self) -> list[tuple[str, str]]:
        keys = {
            "call": keys_text("call", "pass"),
            "answer": keys_text("allow", "deny"),
            "stage": keys_text("lay_down", "cancel_stage"),
            "tack": tr("kalooki.help_tack_keys"),
        }
        return [(shown, tr(f"kalooki.help_{name}")) for name, shown in keys.items()]

    def ends_turn(self, action: Action) -> bool:
        return isinstance(action, Discard | Pass)

    def before_advance(self, dt: float) -> bool:
        """A player who never calls lets the card go at once (the AI seats keep their pace)."""
        if self.never_calls and self.asked_to_call() and not self.table.session.needs_handoff:
            self._never_call_rest += dt
            if self._never_call_rest >= NEVER_CALL_PAUSE:
                self._never_call_rest = 0.0
                self.table.play(DeclineCall())
            return True
        return False

    def ai_pace(self, action: Action | None) -> float:
        """An AI that lets a card go does so briskly: a stock draw may ask every seat."""
        return DECLINE_PACE if isinstance(action, DeclineCall) else 1.0

    # --- gestures --------------------------------------------------------------------------

    def move_for(self, source: Source, target: Target) -> Move | None:
        phase = self.table.view.phase
        if source.kind in ("stock", "discard") and target.kind == "hand":
            if phase == CALL:
                if source.kind == "discard":
                    return Move(Call(), sound="draw")
                card = self.top_card.pretty() if self.top_card else ""
                return Move.refused(
                    tr("kalooki.status_call", name=self.name(self.table.view.active), card=card)
                )
            if phase == ANSWER:
                return Move(DenyCall() if source.kind == "discard" else AllowCall(), sound="draw")
            return super().move_for(source, target)
        if source.kind == "hand" and target.kind == "joker" and len(source.cards) == 1:
            return self.joker_move(target.index, source.cards[0])
        return super().move_for(source, target)

    def joker_move(self, index: int, card: Card) -> Move:
        """A card let go on a joker: tack it if it is the joker's card, else add it to
        that meld; if neither may be done, the tack's refusal says why."""
        tack = Tack(index, card)
        if self.table.session.problem(tack) is None:
            return Move(tack)
        add = self.lay_off_move(index, (card,))
        if self.table.possible(add):
            return add
        return Move(tack)

    def meld_move(self, cards: Sequence[Card]) -> Move:
        """Cards dragged to the table: staged towards the contract before laying down
        (the engine refuses a new meld after it)."""
        readings = arrangements(list(cards), POLICY)
        if not readings:
            return Move.refused(meld_problem(list(cards), POLICY) or tr("table.cannot"))
        can_stage = (
            self.table.my_turn
            and self.table.view.phase == PLAY
            and not self.laid_down(self.table.view_seat)
        )
        if not can_stage:
            return Move(LayDown(tuple(readings[:1])))  # the engine says why not
        return self.stage_move(readings)

    def lay_off_move(self, index: int, cards: Sequence[Card]) -> Move:
        """Cards let go on a meld: the readings the engine accepts (a chooser when the
        jokers allow several); a single card that tacks a joker there is tacked."""
        melds = self.table.view.melds
        if not 0 <= index < len(melds):
            return Move.refused(tr("table.cannot"))
        cards = tuple(cards)
        legal = [
            (LayOff(index, cards, m), m)
            for m in extensions(melds[index], list(cards), POLICY)
            if self.table.session.problem(LayOff(index, cards, m)) is None
        ]
        if len(legal) > 1:
            return Move(
                choices=tuple(
                    Choice(self.reading_label(m, cards), a, meld_faces(m)) for a, m in legal
                )
            )
        if legal:
            return Move(legal[0][0])
        if len(cards) == 1 and self.table.session.problem(Tack(index, cards[0])) is None:
            return Move(Tack(index, cards[0]))
        return Move(LayOff(index, cards))  # the engine says why not

    def double_click(self, source: Source) -> Move | None:
        if source.kind in ("stock", "discard"):
            return self.move_for(source, Target("hand"))
        return super().double_click(source)

    # --- the hint -----------------------------------------------------------------------------

    def hint_target(self) -> Target | None:
        action = self.table.hint.action if self.table.hint else None
        if isinstance(action, Call | DenyCall):
            return Target("discard")
        if isinstance(action, AllowCall):
            return Target("stock")
        if isinstance(action, Tack):
            return Target("meld", action.target)
        return super().hint_target()

    # --- the end of a deal and of the game ---------------------------------------------------

    def deal_summary(self, view: Any) -> DealSummary:
        return ending.deal_summary(view, self.names())

    def final_result(self, view: Any) -> FinalResult:
        return ending.final_result(view, self.names())

    def deals_scored(self, view: Any) -> int:
        return len(view.history)
