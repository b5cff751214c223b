"""The Laugh and Lie Down table's hooks (rules/laugh_and_lie_down.md) on the shared framework.

A fishing game, not a rummy: no stock, discard or melds. What this table shows and does:

- The layout lies in thirteen fixed rank slots (felt.py). Drag a hand card onto a layout
  card of its rank to capture (with two of that rank, the card dropped on is the one
  taken; with three, all three go); double-click a hand card (or press C) to capture
  with it; Tab and Enter reach every capture from the keyboard.
- When nothing matches, the status line says so and Lie down (L, or dropping a card on
  the layout) lays the whole hand into the layout, the cards flying there.
- Captured piles are face up: the newest cards fanned, a count badge; hover over a pile,
  click it or press I to see all of it, sorted by rank.
- Dead cards: with auto-declare off, a Declare button (D, or dropping the cards on your
  own pile) for your dead cards, and in the claim window a prompt with Claim, Declare and
  Pass buttons (P, 1-9). With one human, a claim-window turn with nothing to do but pass
  passes by itself; in hot seat it is always asked (behind the hand-off screen), so the
  others cannot tell from the screen whether that player had something.
- Chips on the plates and the score panel, the pot (also a debt carried over) in the
  left column, the dealer's chip on the dealer's plate; the deal is dealt from the
  dealer and, at the end, the layout and the last player's hand fly to the dealer.
- The settlement screen (ending.py) and the final standings by chips with a chart.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import pygame

from game.app.i18n import tr
from game.app.table.compose import Composer, compose_hidden_hands
from game.app.table.drag import Move, Source, Target
from game.app.table.hooks import ContextButton, GameHooks
from game.app.table.keymap import NUMBER_KEYS, job_of, keys_text
from game.app.table.laugh_and_lie_down import ending, paint
from game.app.table.laugh_and_lie_down.chips import signed_plain
from game.app.table.laugh_and_lie_down.felt import (
    Felt,
    compose_layout,
    compose_piles,
    compute_felt,
)
from game.app.table.layout import TableLayout
from game.app.table.sprites import Picture, Place
from game.engine.actions import Action, NextDeal, Pass
from game.engine.cards import Card, rank_text, sort_by_rank
from game.engine.zone_names import Zone, hand_zone
from game.games.laugh_and_lie_down.state import (
    CLAIMS,
    DEAL_OVER,
    GAME_OVER,
    PLAY,
    Capture,
    ClaimDead,
    DeclareDead,
    LieDown,
)

if TYPE_CHECKING:
    from game.app.scenes.game_over import FinalResult
    from game.app.table.context import TableContext
    from game.app.table.panels import SeatInfo

# The table's own key help, less what this game has not (its undo never meets a stock).
HELP_TOPICS = ("arrows", "move_card", "space", "hint", "sort", "log", "menu")
HELP_LINES = (
    "drag",
    "drag_pile",
    "double",
    "tab",
    "lie_down",
    "declare",
    "claim",
    "pass",
    "inspect",
    "undo",
)
HELP_JOBS = ("lie_down", "declare", "claim", "pass")  # lines that are one job of the key map


class LaughHooks(GameHooks):
    """What Laugh and Lie Down's table shows and what its gestures mean; the table is
    read only through ``self.table`` (the ``TableContext``)."""

    rummy_felt = False

    def __init__(self, table: TableContext) -> None:
        super().__init__(table)
        self._felt: tuple[TableLayout, Felt] | None = None
        self.pile_rects: dict[int, pygame.Rect] = {}
        self.inspecting: int | None = None  # a captured pile shown in full (click, I)
        self.mouse_at: tuple[int, int] | None = None
        self._pass_rest = 0.0
        self._legal_cache: tuple[tuple[int, int | None] | None, list[Action]] = (None, [])

    # --- the view's facts ----------------------------------------------------------------

    @property
    def laid_out(self) -> TableLayout:
        """The table's layout (the felt and its drawing are asked only once laid out)."""
        layout = self.table.layout
        assert layout is not None, "the felt is asked only once the table is laid out"
        return layout

    @property
    def felt(self) -> Felt:
        # Kept with the layout object itself (not its id, which a new layout may reuse).
        layout = self.laid_out
        if self._felt is None or self._felt[0] is not layout:
            self._felt = (layout, compute_felt(layout, self.table.view_seat))
        return self._felt[1]

    def legal(self) -> list[Action]:
        """The engine's legal moves now (cached per move: asked on every frame by the
        automatic pass and on every change by the status line)."""
        session = self.table.session
        moment = (session.move_count, session.to_act)
        if self._legal_cache[0] != moment:
            self._legal_cache = (moment, session.legal_actions())
        return self._legal_cache[1]

    def between_deals(self, view: Any) -> bool:
        return bool(view.phase == DEAL_OVER)

    @property
    def game_over(self) -> bool:
        return bool(self.table.view.phase == GAME_OVER)

    def fresh_hand_order(self, cards: list[Card]) -> list[Card]:
        return sort_by_rank(cards)  # only ranks matter here: pairs and threes side by side

    # --- the picture ----------------------------------------------------------------------

    def compose(self, c: Composer, view: Any) -> None:
        felt = self.felt
        compose_layout(c, felt, view.layout)
        self.pile_rects = compose_piles(c, felt, view.captured, self.table.view_seat)
        shown = -1 if self.table.session.watching else self.table.view_seat
        compose_hidden_hands(c, view.hand_sizes, shown)
        self.compose_hand(c, view)

    def zone_anchor(self, zone: str) -> Place:
        felt = self.felt
        kind, index = Zone.of(zone)
        layout = self.table.layout
        if kind == "stock" and layout is not None:  # dealt (and gathered) by the dealer
            spot = layout.seats.get(self.table.view.dealer)
            if spot is not None:
                return Place(0, 0, felt.pile_w, False).centred_at(spot.plaque.center)
        if kind == "layout":
            return Place(0, 0, felt.card_w).centred_at(felt.area.center)
        if kind == "captured" and index is not None and index in felt.pile_at:
            x, y = felt.pile_at[index]
            return Place(x, y, felt.pile_w)
        return super().zone_anchor(zone)

    def before_next_deal(self) -> None:
        """The cards are gathered; the new deal flies out from the dealer's seat."""
        if NextDeal() in self.table.session.legal_actions():
            self.table.picture = Picture()

    def after_next_deal(self) -> None:
        self.table.refresh()

    def paint_felt(self, surface: pygame.Surface) -> None:
        paint.felt(self, surface)

    def paint_table(self, surface: pygame.Surface) -> None:
        paint.pile_counts(self, surface)

    def paint_over(self, surface: pygame.Surface) -> None:
        paint.inspected_pile(self, surface)

    def shown_pile(self) -> int | None:
        """The captured pile to show in full: the one pinned, else the one pointed at."""
        if self.table.covered or self.table.drag is not None:
            return None
        if self.inspecting is not None:
            return self.inspecting
        seat = self.pile_at(self.mouse_at) if self.mouse_at is not None else None
        return seat if seat is not None and self.table.view.captured[seat] else None

    # --- texts ----------------------------------------------------------------------------

    def score_text(self, view: Any, seat: int) -> str:
        return tr("laugh_and_lie_down.chips", n=signed_plain(view.chips[seat]))

    def score_title(self, view: Any) -> str:
        deal = max(1, view.deal)
        return tr(
            "laugh_and_lie_down.scores_title",
            n=deal,
            total=view.options.deal_count,
            pot=signed_plain(view.pot),
        )

    def badges(self, view: Any, seat: int) -> tuple[str, ...]:
        found = []
        if view.lain_down[seat]:
            found.append(tr("laugh_and_lie_down.badge_lain_down"))
        elif view.phase in (PLAY, CLAIMS) and not view.hand_sizes[seat]:
            found.append(tr("laugh_and_lie_down.badge_out"))
        if view.last_player == seat and view.phase != DEAL_OVER:
            found.append(tr("laugh_and_lie_down.badge_last"))
        return tuple(found)

    def seat_info(self, view: Any, seat: int) -> SeatInfo:
        info = super().seat_info(view, seat)
        if view.phase == DEAL_OVER:  # nobody is to play while the deal is settled
            info = replace(info, to_act=False)
        return info

    def status_text(self, view: Any) -> str:
        if view.phase == DEAL_OVER:
            return tr("laugh_and_lie_down.status_deal_over", n=view.deal)
        asked = self.table.session.to_act
        my_turn = self.table.my_turn
        if view.phase == CLAIMS and not my_turn and asked is not None and not self.table.covered:
            return tr("laugh_and_lie_down.status_window_other", name=self.names()[asked])
        if not my_turn:
            return super().status_text(view)
        legal = self.legal()
        if view.phase == CLAIMS:
            mover = self.names()[view.mover]
            if view.last_player == self.table.view_seat and _deal_done(view):
                return tr("laugh_and_lie_down.status_last_chance")
            if any(isinstance(a, ClaimDead) for a in legal):
                return tr("laugh_and_lie_down.status_window", name=mover)
            if any(isinstance(a, DeclareDead) for a in legal):
                return tr("laugh_and_lie_down.status_window_declare", name=mover)
            return tr("laugh_and_lie_down.status_window_nothing", name=mover)
        captures = [a for a in legal if isinstance(a, Capture)]
        dead = any(isinstance(a, DeclareDead) for a in legal)
        if not captures:
            if dead:
                return tr("laugh_and_lie_down.status_lie_down_dead")
            return tr("laugh_and_lie_down.status_lie_down")
        cards = " ".join(rank_text(r) for r in sorted({a.card.rank for a in captures}))
        if dead:
            return tr("laugh_and_lie_down.status_capture_dead", cards=cards)
        return tr("laugh_and_lie_down.status_capture", cards=cards)

    def help_topics(self) -> tuple[str, ...]:
        return HELP_TOPICS

    def help_lines(self) -> list[tuple[str, str]]:
        return [
            (self.help_keys(name), tr(f"laugh_and_lie_down.help_{name}")) for name in HELP_LINES
        ]

    def help_keys(self, name: str) -> str:
        """A help line's keys: the key map's (keymap.py), beside a gesture."""
        if name in HELP_JOBS:
            return keys_text(name)
        if name == "double":
            return f"{tr('table.help_double_keys')}  {keys_text('capture')}"
        if name == "inspect":
            return f"{keys_text('inspect')}  {tr('laugh_and_lie_down.help_inspect_keys')}"
        return tr(f"laugh_and_lie_down.help_{name}_keys")

    # --- gestures -> moves ------------------------------------------------------------------

    def move_for(self, source: Source, target: Target) -> Move | None:
        if source.kind != "hand" or not source.cards:
            return None
        cards = source.cards
        view = self.table.view
        if target.kind == "layout":
            if len(cards) != 1:
                return Move.refused(tr("laugh_and_lie_down.one_card"))
            if not 0 <= target.index < len(view.layout):
                return None
            return Move(Capture(cards[0], view.layout[target.index]))
        if target.kind == "layout_area":
            ranks = {card.rank for card in view.layout}
            if len(cards) == 1 and cards[0].rank in ranks:
                return None  # its rank's cards are the targets
            return Move(LieDown(), sound="place")
        if target.kind == "captured" and target.index == self.table.view_seat:
            return Move(self.declaration(cards))
        return None

    def declaration(self, cards: Sequence[Card]) -> DeclareDead:
        """The declaration these cards ask for: the engine's own legal one for their rank
        (with three of a rank any two will do), else exactly these cards (the engine then
        says why not)."""
        ranks = {card.rank for card in cards}
        if len(ranks) == 1:
            rank = ranks.pop()
            for action in self.legal():
                if isinstance(action, DeclareDead) and action.cards[0].rank == rank:
                    return action
        return DeclareDead(tuple(cards))

    def double_click(self, source: Source) -> Move | None:
        """A hand card: capture with it (the first layout card of its rank); nothing to
        capture with it: lie down when that is the move, else say why not."""
        if source.kind != "hand" or len(source.cards) != 1:
            return None
        card = source.cards[0]
        layout = self.table.view.layout
        target = next((index for index, t in enumerate(layout) if t.rank == card.rank), None)
        if target is not None:
            return self.move_for(source, Target("layout", target))
        if LieDown() in self.legal():
            return Move(LieDown())
        return Move.refused(
            tr("laugh_and_lie_down.no_match", card=card.pretty(), rank=rank_text(card.rank))
        )

    def ends_turn(self, action: Any) -> bool:
        return False  # the "confirm end of turn" setting is about discards: none here

    # --- buttons and keys -----------------------------------------------------------------

    def context_buttons(self, view: Any) -> list[ContextButton]:
        legal = self.legal()
        names = self.names()
        buttons = []
        for number, action in enumerate(legal):
            if isinstance(action, DeclareDead):  # "Declare four 7s" (or two)
                count = "four" if len(action.cards) == 4 else "two"
                buttons.append(
                    ContextButton(
                        f"declare:{number}",
                        f"laugh_and_lie_down.declare_{count}",
                        (("ranks", _ranks(action.cards[0].rank)),),
                    )
                )
            elif isinstance(action, ClaimDead):
                buttons.append(
                    ContextButton(
                        f"claim:{number}",
                        "laugh_and_lie_down.claim_button",
                        (("name", names[action.seat]), ("ranks", _ranks(action.rank))),
                        primary=True,
                    )
                )
        if LieDown() in legal:
            buttons.append(ContextButton("lie_down", "laugh_and_lie_down.lie_down", primary=True))
        if Pass() in legal:
            buttons.append(ContextButton("pass", "laugh_and_lie_down.pass"))
        return buttons

    def on_context(self, name: str) -> None:
        kind, _, number = name.partition(":")
        if kind in ("declare", "claim") and number.isdigit():
            legal = self.legal()
            if int(number) < len(legal):
                self.table.play(legal[int(number)])
        elif kind == "lie_down":
            self.table.play(LieDown())
        elif kind == "pass":
            self.table.play(Pass())

    def on_game_key(self, event: pygame.event.Event) -> bool:
        key = event.key
        if job_of(key, ("inspect",)):
            self.cycle_inspection()
            return True
        job = job_of(key, ("lie_down", "capture", "declare", "pass", "claim"))
        if not self.table.my_turn:
            if job is not None:
                self.table.refuse(tr("table.not_your_turn"))
                return True
            return False
        if job == "lie_down":
            self.table.play(LieDown())
        elif job == "capture":
            held = self.table.held()
            if held:
                source = Source("hand", held[:1])
                self.table.perform(self.double_click(source), source, {})
        elif job == "declare":
            held = self.table.held()
            declares = [a for a in self.legal() if isinstance(a, DeclareDead)]
            mine = [a for a in declares if held and a.cards[0].rank == held[0].rank]
            chosen = (mine or declares or [DeclareDead(held)])[0]
            self.table.play(chosen)
        elif job == "pass":
            self.table.play(Pass())
        elif job == "claim":
            claims = [a for a in self.legal() if isinstance(a, ClaimDead)]
            number = NUMBER_KEYS.index(key)
            if number < len(claims):
                self.table.play(claims[number])
            elif claims:
                self.table.refuse(tr("laugh_and_lie_down.no_claim_number", n=len(claims)))
            else:
                self.table.refuse(tr("laugh_and_lie_down.no_claim"))
        else:
            return False
        return True

    def cycle_inspection(self) -> None:
        """I: show each captured pile in full in turn (yours first), then none."""
        seat, count = self.table.view_seat, len(self.names())
        order = [(seat + i) % count for i in range(count)]
        if self.inspecting is None:
            self.inspecting = order[0]
        else:
            at = order.index(self.inspecting) + 1
            self.inspecting = order[at] if at < len(order) else None

    def on_pointer(self, event: pygame.event.Event) -> bool:
        """A click on a captured pile shows it in full (again: hides it); a click
        anywhere else hides it. Pointing at a pile shows it while the mouse stays."""
        if hasattr(event, "pos"):
            self.mouse_at = event.pos
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and not self.table.covered:
            seat = self.pile_at(event.pos)
            if seat is not None and not self._on_hand(event.pos):
                self.inspecting = None if self.inspecting == seat else seat
                return True
            self.inspecting = None
        return False

    def pile_at(self, pos: tuple[int, int]) -> int | None:
        return next((seat for seat, r in self.pile_rects.items() if r.collidepoint(pos)), None)

    def _on_hand(self, pos: tuple[int, int]) -> bool:
        token = self.table.picture.hit(pos)
        return token is not None and token.zone == hand_zone(self.table.view_seat)

    def on_escape(self) -> bool:
        if self.inspecting is not None:  # Esc hides the pile shown in full first
            self.inspecting = None
            return True
        return False

    # --- the hint ---------------------------------------------------------------------------

    def hint_target(self) -> Target | None:
        action = self.table.hint.action if self.table.hint else None
        if isinstance(action, Capture) and action.target in self.table.view.layout:
            return Target("layout", self.table.view.layout.index(action.target))
        if isinstance(action, DeclareDead):
            return Target("captured", self.table.view_seat)
        if isinstance(action, LieDown):
            return Target("layout_area")
        return None

    # --- the game moves on --------------------------------------------------------------------

    def before_advance(self, dt: float) -> bool:
        """With one human, a claim-window turn where passing is the only move passes by
        itself (after the AI's pause); in hot seat it is always asked."""
        if (
            self.table.my_turn
            and self.table.view.phase == CLAIMS
            and not self.table.session.hot_seat
            and self.legal() == [Pass()]
        ):
            self._pass_rest += dt
            if self._pass_rest >= self.table.pace():
                self._pass_rest = 0.0
                self.table.play(Pass())
            return True
        self._pass_rest = 0.0
        return False

    # --- the end of a deal and of the game ------------------------------------------------------

    def deal_summary(self, view: Any) -> ending.LaughSummary:
        return ending.deal_summary(view, self.names())

    def summary_scene(self, deal: Any, on_continue: Callable[[], None]) -> ending.SettlementScene:
        return ending.SettlementScene(self.table.app, deal, on_continue)

    def final_result(self, view: Any) -> FinalResult:
        return ending.final_result(view, self.names())


def _ranks(rank: int) -> str:
    """The cards of a rank in the glossary's words ("7s", "kings")."""
    return tr(f"term.rank_plural_{rank}")


def _deal_done(view: Any) -> bool:
    """Only one player is still playing (the last player's final chance to declare)."""
    playing = [
        s for s in range(len(view.hand_sizes)) if not view.lain_down[s] and view.hand_sizes[s]
    ]
    return len(playing) <= 1
