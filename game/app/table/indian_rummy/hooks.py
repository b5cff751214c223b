"""The Indian Rummy table's hooks (rules/indian_rummy.md): ``IndianRummyHooks``, which the
game's manifest names; the table is ``TableScene(app, session, IndianRummyHooks)`` and
the hooks read it only through ``self.table`` (the ``TableContext``).

What Indian Rummy adds to a rummy table:

- The wild indicator lies face up and sideways under the stock; the notes under the
  piles say which rank is wild, what dropping costs and the options in play. Only the
  top discard shows.
- The hand lies in groups the player builds: drag cards into a group or into a gap
  (a new group), Group (G) makes the selected cards a group, Auto-group (A) asks the
  solver. Each group is labelled with what it makes; the status line shows the
  unmatched points of the arrangement. Wild cards carry a "Wild" tag.
- Declare: drop the 14th card on the Finish slot (or F). The engine checks the hand and
  its reason shows when it refuses. With the wrong-declaration penalty, a hand the
  engine would not accept asks first, naming the 80-point cost.
- Drop (pack): a button on the status line before drawing shows its cost (10/20 on the
  first turn, 40 later) and asks before dropping out (or P).
- The showdown shows every hand as the engine arranged it, with its points; between
  rounds players leave, come back or join (``showdown.py``, ``round_table.py``).

**Decisions**: seats sit in the engine's clockwise order from the seating draw; players
away from the table have no plate but keep their line in the score panel. A player who
joins is a new seat of the session (human or an AI level, chosen when joining); the
saved game lists them after the seats it began with. The last human at the table may
not leave it (the table would play on alone). The groups are the player's own: they
are kept per seat for the whole deal (hot-seat players each keep theirs) but not saved.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game.app.i18n import tr
from game.app.messages import render
from game.app.scenes.game_over import FinalResult
from game.app.table.compose import Composer, compose_discard, compose_stock
from game.app.table.drag import Move, Source, Target
from game.app.table.hand import FlatHand, GroupedHand, Groups, Land
from game.app.table.hint_value import Hint
from game.app.table.hooks import ContextButton, GameHooks
from game.app.table.indian_rummy import ending, formats_text, questions, texts
from game.app.table.indian_rummy.felt import (
    INDICATOR_ZONE,
    Felt,
    GroupGeometry,
    arrange_centre,
    compose_indicator,
    draw_finish,
    draw_group_labels,
    indicator_place,
    widen_top_row,
)
from game.app.table.indian_rummy.groups import spare_twin
from game.app.table.indian_rummy.hand import GroupsAtHand, in_deal, pure_length
from game.app.table.indian_rummy.round_table import RoundScene
from game.app.table.indian_rummy.showdown import ShowdownScene
from game.app.table.keymap import job_of, keys_text
from game.app.table.layout import TableLayout, compute_layout
from game.app.table.sprites import Place, Token
from game.engine.actions import DISCARD, STOCK, Action, Discard, Draw
from game.engine.cards import Card
from game.engine.messages import Message
from game.engine.zone_names import Zone, hand_zone
from game.games.indian_rummy import Declare, Pack
from game.games.indian_rummy.scoring import find_problem
from game.games.indian_rummy.state import (
    DEAL_OVER,
    DRAW,
    FIRST_DROP,
    IN_PLAY,
    MIDDLE_DROP,
    PLAY,
    REJOIN,
    ROUND_OVER,
    SPLIT,
    WRONG_SHOW,
)

if TYPE_CHECKING:
    from game.ai.base import Decision
    from game.app.setup import GameSetup
    from game.app.table.context import TableContext


class IndianRummyHooks(GameHooks):
    engine_targets = (*GameHooks.engine_targets, "finish")  # Finish too waits for the turn

    def __init__(self, table: TableContext) -> None:
        super().__init__(table)
        self.felt: Felt | None = None
        self.at_hand = GroupsAtHand(table)  # the groups (the scene asks for its hand model)
        self._layout_key: tuple = ()
        self._asked: tuple[int, str] | None = None  # the Pool question last asked

    # --- the view's facts -----------------------------------------------------------------

    def between_deals(self, view: Any) -> bool:
        return view.phase in (DEAL_OVER, ROUND_OVER)

    def deals_scored(self, view: Any) -> int:
        return len(view.history)

    def pack_cost(self, view: Any, seat: int) -> int:
        played = view.has_played[seat] if seat < len(view.has_played) else True
        return int(view.options.middle_drop if played else view.options.first_drop)

    # --- the layout: the engine's clockwise order, no meld cells --------------------------

    def score_seats(self, view: Any) -> list[int]:
        """The balances in the seating's clockwise order from the shown player (as the
        table is drawn); players who left, after."""
        order = [seat for seat in view.order if seat < len(self.table.session.setup.seats)]
        if self.table.view_seat in order:
            at = order.index(self.table.view_seat)
            order = order[at:] + order[:at]
        return order + [s for s in range(len(self.table.session.setup.seats)) if s not in order]

    def make_layout(self) -> TableLayout:
        order = tuple(self.table.view.order)
        players = len(self.table.session.setup.seats)
        layout = compute_layout(self.table.size, players, self.table.view_seat, order)
        widen_top_row(layout)
        self.felt = arrange_centre(layout)
        self._layout_key = (order, players, self.table.view_seat)
        return layout

    def layout_outdated(self) -> bool:
        key = (
            tuple(self.table.view.order),
            len(self.table.session.setup.seats),
            self.table.view_seat,
        )
        return key != self._layout_key or super().layout_outdated()

    def after_build(self) -> None:
        self.at_hand.forget_buttons()
        self.place_group_buttons()

    def after_refresh(self) -> None:
        self.place_group_buttons()

    # --- the groups (hand.py) -------------------------------------------------------------

    def hand_model(self, land: Land, rearranged: Callable[[], None]) -> FlatHand:
        return self.at_hand.hand_model(land, rearranged)

    @property
    def grouped(self) -> GroupedHand:
        return self.at_hand.grouped

    @property
    def groups(self) -> Groups:
        return self.at_hand.groups

    @property
    def group_widgets(self) -> dict[pygame_gui.elements.UIButton, str]:
        return self.at_hand.widgets

    def group_labels(self) -> list[tuple[str, str]]:
        return self.at_hand.group_labels()

    def place_group_buttons(self) -> None:
        self.at_hand.place_buttons(self.table.ui, self.felt.buttons if self.felt else None)

    def on_game_button(self, element: Any) -> bool:
        return self.at_hand.on_button(element)

    def compose_hand(self, c: Composer, view: Any) -> None:
        glow = frozenset(self.hint_cards()) if self.table.hint else frozenset()
        self.at_hand.compose(c, view, glow)

    def stage_progress(self) -> tuple[str, bool] | None:
        return self.at_hand.progress()

    # --- the picture ----------------------------------------------------------------------

    def compose_piles(self, c: Composer, view: Any) -> None:
        if view.stock_size >= 1:
            compose_indicator(c, view.indicator)  # the bottom card: drawn first, under the stock
        compose_stock(c, max(0, view.stock_size - 1))
        compose_discard(c, (view.discard_top,) if view.discard_top is not None else ())
        top = c.picture.get(view.discard_top) if view.discard_top is not None else None
        if top is not None and top.card is not None:  # a wild card keeps its ★ on the pile
            top.label = ending.wild_badge(top.card, view.wild_rank)

    def compose_melds(self, c: Composer, view: Any) -> None:
        """Nothing is laid on the table before the showdown."""

    def compose_extra(self, c: Composer, view: Any) -> None:
        if self.felt is not None:
            c.zone(Target("finish"), self.felt.finish.inflate(20, 20), 2)

    def zone_anchor(self, zone: str) -> Place:
        if zone == INDICATOR_ZONE and self.table.layout is not None:
            return indicator_place(self.table.layout)
        where = Zone.of(zone)
        if where.kind == "set_aside" and where.number is not None:  # beside its hand
            return super().zone_anchor(hand_zone(where.number))
        return super().zone_anchor(zone)

    def paint_felt(self, surface: pygame.Surface) -> None:
        felt = self.felt
        if felt is None or self.table.layout is None:
            return
        view = self.table.view
        lit = self.table.my_turn and view.phase == PLAY
        draw_finish(
            surface,
            felt.finish,
            tr("indian_rummy.finish"),
            tr("indian_rummy.finish_inside"),
            self.table.layout.scale,
            lit,
        )
        geometry = self.table.composer.hand if self.table.composer is not None else None
        spans = geometry.spans if isinstance(geometry, GroupGeometry) else None
        if spans and not self.table.covered and self.table.hand_cards():
            draw_group_labels(
                surface,
                spans,
                self.group_labels(),
                self.table.layout.hand.y,
                self.table.layout.scale,
            )

    def game_source(self, token: Token) -> tuple[Source, list[Hashable]] | None:
        """The indicator, once it is the stock's last card, is drawn like the stock."""
        if token.zone == INDICATOR_ZONE and self.table.view.stock_size == 1:
            return Source("stock"), [token.key]
        return None

    # --- texts ----------------------------------------------------------------------------

    def score_text(self, view: Any, seat: int) -> str:
        if view.options.pool or view.options.deals:
            return formats_text.seat_total(view, seat)
        balance = texts.signed(view.balances[seat]) if seat < len(view.balances) else "0"
        if seat not in view.order:
            return tr("indian_rummy.away_balance", balance=balance)
        return balance

    def badges(self, view: Any, seat: int) -> tuple[str, ...]:
        status = view.statuses[seat] if seat < len(view.statuses) else IN_PLAY
        if not in_deal(view):
            return ()
        if status in (FIRST_DROP, MIDDLE_DROP):
            cost = view.options.first_drop if status == FIRST_DROP else view.options.middle_drop
            return (tr("indian_rummy.badge_dropped", n=cost),)
        if status == WRONG_SHOW:
            return (tr("indian_rummy.badge_wrong", n=view.options.wrong_declaration),)
        return ()

    def score_title(self, view: Any) -> str:
        if view.options.pool or view.options.deals:
            return formats_text.table_title(view)
        return tr(
            "indian_rummy.scores_title",
            deal=max(1, view.deal),
            round=view.round,
            rounds=view.options.rounds,
        )

    def table_notes(self, view: Any) -> list[str]:
        options = view.options
        if view.wild_rank is None:
            notes = [tr("indian_rummy.note_jokers_only")]
        else:
            notes = [tr("indian_rummy.note_wild", rank=texts.rank_plural(view.wild_rank))]
        notes.append(
            tr("indian_rummy.note_drop", first=options.first_drop, middle=options.middle_drop)
        )
        if options.pool or options.deals:
            notes.insert(0, formats_text.format_note(options))
        if options.penalises_wrong_declaration:
            notes.append(tr("indian_rummy.note_penalty", n=options.wrong_declaration))
        if options.first_life_four:
            notes.append(tr("indian_rummy.note_first_life"))
        return notes

    def status_text(self, view: Any) -> str:
        if view.phase in (REJOIN, SPLIT):
            return tr("indian_rummy.status_question")
        if self.between_deals(view):
            return tr("indian_rummy.status_between")
        if not self.table.my_turn:
            return super().status_text(view)
        top = view.discard_top.pretty() if view.discard_top is not None else ""
        if view.phase == DRAW:
            cost = self.pack_cost(view, self.table.view_seat)
            if view.stock_size == 1:
                return tr("indian_rummy.status_last_card", card=top, cost=cost)
            if top:
                return tr("indian_rummy.status_draw", card=top, cost=cost)
            return tr("indian_rummy.status_draw_stock", cost=cost)
        if view.phase == PLAY:
            if view.taken is not None:
                return tr("indian_rummy.status_taken", card=view.taken.pretty())
            return tr("indian_rummy.status_play")
        return super().status_text(view)

    def help_topics(self) -> tuple[str, ...]:
        """The table's help without melding on the table (nothing is laid down here)."""
        return tuple(t for t in super().help_topics() if t not in ("select", "meld"))

    def help_lines(self) -> list[tuple[str, str]]:
        keys = {  # the key map's (keymap.py), beside a gesture
            "groups": tr("indian_rummy.help_groups_keys"),
            "group": keys_text("group"),
            "auto": keys_text("auto_group"),
            "finish": keys_text("finish"),
            "drop": keys_text("drop"),
        }
        return [(shown, tr(f"indian_rummy.help_{name}")) for name, shown in keys.items()]

    # --- buttons and keys -----------------------------------------------------------------

    def context_buttons(self, view: Any) -> list[ContextButton]:
        if view.phase == DRAW and Pack() in self.table.session.legal_actions():
            cost = self.pack_cost(view, self.table.view_seat)
            return [ContextButton("pack", "indian_rummy.drop_button", (("cost", str(cost)),))]
        return []

    def on_context(self, name: str) -> None:
        if name == "pack":
            self.ask_pack()

    def ask_pack(self) -> None:
        if not self.table.my_turn or self.table.view.phase != DRAW:
            self.table.refuse(self.table.session.problem(Pack()) or tr("table.not_your_turn"))
            return
        cost = self.pack_cost(self.table.view, self.table.view_seat)

        def drop() -> None:
            self.table.apply_move(Pack())

        self.table.app.confirm(
            tr("indian_rummy.drop_title"), formats_text.drop_lines(self.table.view, cost), drop
        )

    def on_game_key(self, event: pygame.event.Event) -> bool:
        job = job_of(event.key, ("auto_group", "group", "drop", "finish"))
        if job == "auto_group":
            self.at_hand.auto_group()
        elif job == "group":
            self.at_hand.group_selected()
        elif job == "drop":
            self.ask_pack()
        elif job == "finish":
            held = self.table.held()
            source = Source("hand", held)
            self.table.perform(self.table.resolve(source, Target("finish")), source, {})
        else:
            return False
        return True

    # --- gestures -> moves ----------------------------------------------------------------

    def move_for(self, source: Source, target: Target) -> Move | None:
        if source.kind in ("stock", "discard") and target.kind == "hand":
            return Move(Draw(STOCK if source.kind == "stock" else DISCARD), sound="draw")
        if source.kind != "hand" or not source.cards:
            return None
        cards = source.cards
        if target.kind == "finish":
            if len(cards) != 1:
                return Move.refused(tr("indian_rummy.finish_one"))
            return Move(Declare(cards[0]))
        if target.kind == "discard":
            if len(cards) != 1:
                return Move.refused(tr("table.discard_one"))
            return Move(Discard(cards[0]))
        return None  # nothing is laid on the table in Indian Rummy

    def ends_turn(self, action: Action) -> bool:
        return isinstance(action, Discard | Declare)

    def ask_before(self, action: Action) -> tuple[str, list[str]] | None:
        """A declaration the engine would count as wrong, under the penalty option, asks
        first: it costs the deal and 80 points (60 in Pool 61), said as the format counts it."""
        if isinstance(action, Declare) and self.table.view.options.penalises_wrong_declaration:
            problem = self._declaration_problem(action.discard)
            if problem is not None and self.table.session.problem(action) is None:
                lines = [render(problem, self.names()), *formats_text.wrong_lines(self.table.view)]
                return tr("indian_rummy.wrong_title"), lines
        return None

    def _declaration_problem(self, card: Card) -> Message | None:
        hand = list(self.table.view.hand)
        if card not in hand:
            return None
        hand.remove(card)
        return find_problem(hand, self.table.view.wild_rank, pure_length(self.table.view))

    # --- the hint -------------------------------------------------------------------------

    def hint_for(self, decision: Decision) -> Hint:
        """With two identical cards, the hint names (and lights) the one outside the
        player's formed groups: the bot cannot see how the hand is arranged."""
        action = decision.action
        if not isinstance(action, Discard | Declare):
            return super().hint_for(decision)
        card = action.card if isinstance(action, Discard) else action.discard
        twin = spare_twin(
            self.groups, card, self.table.view.wild_rank, pure_length(self.table.view)
        )
        if twin == card:
            return super().hint_for(decision)
        moved = (
            replace(action, card=twin)
            if isinstance(action, Discard)
            else replace(action, discard=twin)
        )
        return Hint(swap_card(decision.message, card, twin), moved)

    def hint_cards(self) -> list[Card]:
        action = self.table.hint.action if self.table.hint else None
        if isinstance(action, Declare):
            return [action.discard]
        return super().hint_cards()

    def hint_target(self) -> Target | None:
        action = self.table.hint.action if self.table.hint else None
        if isinstance(action, Declare):
            return Target("finish")
        if isinstance(action, Pack):
            return None
        return super().hint_target()

    # --- the end of a deal, a round and the session ---------------------------------------

    def before_next_deal(self) -> None:
        self.grouped.by_seat.clear()  # each new deal is grouped afresh

    def before_advance(self, dt: float) -> bool:
        """A Pool question for the human shown (rejoin, split) opens its dialog, once."""
        view = self.table.view
        if view.phase in (REJOIN, SPLIT) and self.table.my_turn and not self.table.animator.busy:
            key = (len(self.table.session.moves), view.phase)
            if self._asked != key:
                self._asked = key
                questions.ask(self.table, view, self.names(), self.table.apply_move)
            return True
        return False

    def deal_summary(self, view: Any) -> Any:  # a Showdown, for its own screen (showdown.py)
        return ending.showdown(view, self.names())

    def summary_scene(self, summary: Any, on_continue: Callable[[], None]) -> ShowdownScene:
        """The showdown; between rounds its Continue opens the seats for the next round."""

        def after() -> None:
            if self.table.view.phase == ROUND_OVER and not self.table.session.finished:
                self.table.app.stack.push(RoundScene(self.table.app, self.table, on_continue))
            else:
                on_continue()

        return ShowdownScene(self.table.app, summary, after)

    def final_result(self, view: Any) -> FinalResult:
        return ending.final_result(view, self.names())

    def again_setup(self, setup: GameSetup) -> GameSetup:
        """Play again with the players the session began with."""
        return replace(setup, seats=setup.seats[: setup.options.players])


def swap_card(message: Message, old: Card, new: Card) -> Message:
    """``message`` naming ``new`` wherever it named ``old`` (the same face, another id)."""
    params = tuple(
        replace(p, cards=tuple(new if c == old else c for c in p.cards)) if p.cards else p
        for p in message.params
    )
    return Message(message.key, params)
