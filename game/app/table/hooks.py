"""What a game table provides: the hooks of :class:`GameHooks`, with defaults that fit a
rummy (stock, discard pile, melds on the table, one hand per player). A game's hooks
subclass :class:`GameHooks` and override what its game does differently; the table scene
builds them with itself as their ``table`` (docs/TABLE.md walks through them).

Every hook reads the shown seat's ``view`` (never the state), and answers with plain data
(tokens, texts, :class:`~game.app.table.drag.Move`\\ s); the table scene does the rest.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

from game.app.i18n import tr
from game.app.messages import shown_name, shown_names
from game.app.table.compose import (
    Composer,
    MeldCard,
    MeldDraw,
    compose_discard,
    compose_hand,
    compose_hidden_hands,
    compose_stock,
    flow_melds,
)
from game.app.table.drag import Choice, Move, Source, Target, meld_faces
from game.app.table.hand import FlatHand, Land
from game.app.table.hint_value import Hint
from game.app.table.layout import TableLayout, compute_layout
from game.app.table.panels import SeatInfo
from game.app.table.sprites import Place, Token
from game.engine.actions import (
    DISCARD,
    STOCK,
    Action,
    Discard,
    Draw,
    LayDown,
    LayOff,
    NextDeal,
    SwapJoker,
)
from game.engine.cards import Card, sort_by_suit
from game.engine.melds import Meld, MeldPolicy, extension_problem, extensions
from game.engine.zone_names import Zone, hand_zone

if TYPE_CHECKING:
    from game.ai.base import Decision
    from game.app.scenes.deal_summary import DealSummary, SummaryScene
    from game.app.scenes.game_over import FinalResult
    from game.app.setup import GameSetup
    from game.app.table.context import TableContext


@dataclass(frozen=True)
class ContextButton:
    """A button on the status line for a move with no natural gesture (Pass, Lay down,
    Cancel): ``name`` is passed to ``on_context``; ``key`` a translation key filled with
    ``params`` (strings)."""

    name: str
    key: str
    params: tuple[tuple[str, str], ...] = ()
    primary: bool = False
    enabled: bool = True


class GameHooks:
    """Defaults for a rummy table. A game's hooks subclass it (``KalukiHooks``) and read
    the table only through ``self.table`` (the :class:`TableContext`: session, view,
    layout ...); the hooks call each other on ``self``."""

    meld_policy: MeldPolicy | None = None  # a game that stages melds: how they may grow
    # hand_marks' answer and what it was worked out for
    _marks_key: tuple[object, ...] | None
    _marks: dict[Card, str]

    def __init__(self, table: TableContext) -> None:
        self.table = table
        self._marks_key = None
        self._marks = {}

    # --- the players -----------------------------------------------------------------

    def names(self) -> list[str]:
        """Every seat's name as shown here (default names in the player's language)."""
        return shown_names(self.table.session.setup.seats)

    def seat_name(self, seat: int) -> str:
        return shown_name(self.table.session.setup.seats[seat])

    # --- the picture -----------------------------------------------------------------

    def compose(self, c: Composer, view: Any) -> None:
        """Everything on the felt, in drawing order."""
        self.compose_piles(c, view)
        self.compose_melds(c, view)
        self.compose_others(c, view)
        self.compose_extra(c, view)
        self.compose_hand(c, view)

    def make_layout(self) -> TableLayout:
        """Where everything sits, for this window and the seats at the table."""
        return compute_layout(
            self.table.size, len(self.table.session.setup.seats), self.table.view_seat
        )

    def layout_outdated(self) -> bool:
        """Whether the layout no longer fits the table (another seat is shown at the bottom,
        or, for a game whose players come and go, the seats changed)."""
        layout = self.table.layout
        assert layout is not None  # (asked by refresh, once the table is laid out)
        spot = layout.seats.get(self.table.view_seat)
        return spot is None or spot.side != "bottom"

    def compose_piles(self, c: Composer, view: Any) -> None:
        compose_stock(c, view.stock_size)
        compose_discard(c, view.discard)

    def compose_melds(self, c: Composer, view: Any) -> None:
        groups: dict[int, list[MeldDraw]] = {seat: [] for seat in c.layout.cells}
        for index, meld in enumerate(getattr(view, "melds", ())):
            cards = [MeldCard(card, label) for card, label in meld_faces(meld)]
            owner = meld.owner if meld.owner in groups else self.table.view_seat
            groups[owner].append(
                MeldDraw(f"meld:{index}", cards, Target("meld", index), index=index)
            )
        for number, meld in enumerate(self.table.staged):
            cards = [MeldCard(card, label) for card, label in self.staged_faces(meld)]
            groups[self.table.view_seat].append(
                MeldDraw(f"stage:{number}", cards, Target("stage", number), staged=True)
            )
        c.zone(Target("table"), c.layout.table, 0)
        c.zone(Target("table"), c.layout.cells[self.table.view_seat], 1)
        flow_melds(c, c.layout.cells, groups, c.layout.meld_card_w)

    def compose_others(self, c: Composer, view: Any) -> None:
        # a spectator holds no hand: every seat's cards, the bottom one's too, are backs
        shown = -1 if self.table.session.watching else self.table.view_seat
        compose_hidden_hands(c, view.hand_sizes, shown)

    def compose_extra(self, c: Composer, view: Any) -> None:
        """A game's own parts (a wild-card indicator, a layout, a pot)."""

    # A rummy's felt: meld cells and the stock and discard slots. A game without them
    # (Laugh and Lie Down) sets this False and draws its own furniture in ``paint_felt``.
    rummy_felt = True

    def fresh_hand_order(self, cards: list[Card]) -> list[Card]:
        """How a newly dealt hand is first arranged."""
        return sort_by_suit(cards)

    def zone_anchor(self, zone: str) -> Place:
        """Where a card flies to or from when its zone shows no card for it (a game
        whose zones have no card to aim at says where they lie)."""
        layout = self.table.layout
        assert layout is not None  # (cards fly only on a table laid out)
        w = layout.pile_card_w
        where = Zone.of(zone)
        if where.kind == "stock":
            return Place(layout.stock.x, layout.stock.y, w, False)
        if where.kind == "discard":
            return Place(layout.discard.x, layout.discard.y, w)
        if where.kind == "hand" and where.number is not None:
            seat = where.number
            watching = self.table.session.watching  # (a spectator: its plate)
            if seat == self.table.view_seat and not watching:
                return Place(layout.hand.centerx - w / 2, layout.hand.y + 10, layout.hand_card_w)
            if seat in layout.seats:
                from game.app.table.compose import backs_centre

                return Place(0, 0, layout.back_card_w, False).centred_at(backs_centre(layout, seat))
        rect = self.table.composer.meld_rects.get(zone) if self.table.composer else None
        if rect is not None:
            return Place(rect.right - layout.meld_card_w, rect.y, layout.meld_card_w)
        return Place(0, 0, w).centred_at(layout.table.center)

    def paint_table(self, surface: Any) -> None:
        """A game's own drawing over the whole table, under the overlays (Laugh and Lie
        Down's pile counts)."""

    def paint_over(self, surface: Any) -> None:
        """A game's own drawing over everything of the table (a captured pile shown in
        full)."""

    def paint_felt(self, surface: Any) -> None:
        """A game's own drawing on the felt, over the plates and under the cards (a
        contract banner, a prompt in the player's empty meld area). Read ``self.view``."""

    def compose_hand(self, c: Composer, view: Any) -> None:
        glow = frozenset(self.hint_cards()) if self.table.hint else frozenset()
        compose_hand(
            c,
            self.table.hand_cards(),
            hand_zone(self.table.view_seat),
            selected=self.table.selected,
            face_up=not self.table.covered,
            glow=glow,
        )

    # --- texts -------------------------------------------------------------------------

    def seat_info(self, view: Any, seat: int) -> SeatInfo:
        setup = self.table.session.setup
        player = setup.seats[seat]
        kind = tr("table.kind_human") if player.is_human else tr(f"table.kind_{player.kind}")
        status = self.table.session.seat_status(seat) or ""  # a networked player dropped
        if status:
            kind = tr(f"net_table.badge_{status}")
        return SeatInfo(
            seat=seat,
            name=self.seat_name(seat),
            kind=kind,
            cards=view.hand_sizes[seat],
            score=self.score_text(view, seat),
            dealer=getattr(view, "dealer", -1) == seat,
            to_act=self.table.session.to_act == seat,
            thinking=self.table.thinking_seat == seat,
            badges=self.badges(view, seat),
            alert=status,
            clock=self.table.session.turn_time(seat),  # an online turn timer's ring
        )

    def score_text(self, view: Any, seat: int) -> str:
        return tr("table.points", n=view.totals[seat])

    def badges(self, view: Any, seat: int) -> tuple[str, ...]:
        return ()

    def cell_title(self, view: Any, seat: int) -> str:
        """The heading of a player's meld area."""
        return self.seat_name(seat)

    def score_title(self, view: Any) -> str:
        return tr("table.scores")

    def status_text(self, view: Any) -> str:
        """What to do next, always."""
        seat = self.table.session.to_act
        if seat is None:
            return tr("table.status_over")
        name = self.seat_name(seat)
        if self.table.my_turn:
            return tr("table.status_your_turn")
        if self.table.thinking_seat == seat:
            return tr("table.status_thinking", name=name)
        return tr("table.status_waiting", name=name)

    def shows_in_log(self, event: Any) -> bool:
        """Whether an engine event earns a line in the action log (a game may leave out
        chatter, such as every seat letting a card go)."""
        return True

    def score_seats(self, view: Any) -> list[int]:
        """The score panel's rows, in the order the players sit at the table."""
        return list(range(len(self.table.session.setup.seats)))

    def table_notes(self, view: Any) -> list[str]:
        """Short lines under the piles: the game's options in play."""
        return []

    def help_lines(self) -> list[tuple[str, str]]:
        """The game's own keys and gestures for the help overlay."""
        return []

    def help_topics(self) -> tuple[str, ...]:
        """Which of the table's own help lines apply (``table.help_<name>``)."""
        from game.app.table.keymap import HELP_ORDER

        return HELP_ORDER

    # --- gestures -> moves ---------------------------------------------------------------

    def move_for(self, source: Source, target: Target) -> Move | None:
        """What letting ``source`` go on ``target`` would do (None: nothing at all, the
        cards just go back). The defaults cover drawing, discarding, melding, laying off
        and swapping a joker; each is checked by the engine before it lights up."""
        if source.kind in ("stock", "discard") and target.kind == "hand":
            return Move(Draw(STOCK if source.kind == "stock" else DISCARD), sound="draw")
        if source.kind != "hand" or not source.cards:
            return None
        cards = source.cards
        if target.kind == "discard":
            if len(cards) != 1:
                return Move.refused(tr("table.discard_one"))
            return Move(Discard(cards[0]))
        if target.kind == "joker" and len(cards) == 1:
            swap = SwapJoker(target.index, cards[0])
            if self.table.session.problem(swap) is None:
                return Move(swap)
            return self.lay_off_move(target.index, cards)
        if target.kind == "meld":
            return self.lay_off_move(target.index, cards)
        if target.kind == "table":
            return self.meld_move(cards)
        if target.kind == "stage":
            return self.extend_stage_move(target.index, cards)
        return None

    def game_source(self, token: Token) -> tuple[Source, list[Hashable]] | None:
        """A game's own things to pick up (a captured pile, a layout card), with the
        tokens that move with it."""
        return None

    def meld_move(self, cards: Sequence[Card]) -> Move:
        from game.engine.melds import loose_meld

        return Move(LayDown((loose_meld(cards),)))

    def lay_off_move(self, index: int, cards: Sequence[Card]) -> Move:
        return Move(LayOff(index, tuple(cards)))

    def double_click(self, source: Source) -> Move | None:
        """Stock or discard: draw it; a hand card: discard it."""
        if source.kind in ("stock", "discard"):
            return self.move_for(source, Target("hand"))
        if source.kind == "hand" and len(source.cards) == 1:
            return self.move_for(source, Target("discard"))
        return None

    def ends_turn(self, action: Action) -> bool:
        return isinstance(action, Discard)

    # --- staging (a first meld or a contract built from several melds) ------------------

    def staged_cards(self, meld: Any) -> Sequence[Card]:
        cards: Sequence[Card] = meld.cards
        return cards

    def staged_faces(self, meld: Any) -> list[tuple[Card, str]]:
        return list(meld_faces(meld))

    def stage_progress(self) -> tuple[str, bool] | None:
        """("43 / 51", reached) while melds are staged, else None."""
        return None

    def reading_label(self, meld: Meld, added: Sequence[Card] | None = None) -> str:
        """A reading in the chooser: "Joker as 8♥" (only the jokers among ``added``, for
        an addition), or the meld itself when no joker stands in."""
        jokers = [s for s in meld.substitutes if added is None or s.card in added]
        return " · ".join(tr("table.joker_as", card=s.label()) for s in jokers) or meld.describe()

    def stage_move(self, readings: Sequence[Meld]) -> Move:
        """Stage one of ``readings`` of the cards (a chooser asks when there are several)."""
        return Move.one_of(
            [
                Choice(self.reading_label(m), None, meld_faces(m), local=partial(self.stage, m))
                for m in readings
            ]
        )

    def extend_stage_move(self, number: int, cards: Sequence[Card]) -> Move:
        """Cards let go on staged meld ``number``: it grows by them, in the reading chosen."""
        if not 0 <= number < len(self.table.staged):
            return Move.refused(tr("table.cannot"))
        meld, policy = self.table.staged[number], self.meld_policy
        if policy is None:  # (only a game with a meld policy stages melds)
            return Move.refused(tr("table.cannot"))
        grown = extensions(meld, list(cards), policy)
        if not grown:
            return Move.refused(extension_problem(meld, list(cards), policy))
        return Move.one_of(
            [
                Choice(
                    self.reading_label(m),
                    None,
                    meld_faces(m),
                    local=partial(self.replace_staged, number, m),
                )
                for m in grown
            ]
        )

    def stage(self, meld: Meld) -> None:
        self.table.staged.append(meld)
        self.table.selected.clear()

    def replace_staged(self, number: int, meld: Meld) -> None:
        self.table.staged[number] = meld
        self.table.selected.clear()

    def cancel_stage(self) -> None:
        """Every staged card back to the hand, sliding there."""
        old = self.table.picture
        self.table.staged = []
        self.table.refresh()
        self.table.animator.settle(old, self.table.picture, set())

    def lay_down_staged(self) -> None:
        """Play the staged melds as one ``LayDown``; they stay staged if it is refused."""
        melds = tuple(self.table.staged)
        if melds and self.table.play(LayDown(melds)):
            self.table.staged = []
            self.table.refresh()

    # --- buttons -------------------------------------------------------------------------

    def context_buttons(self, view: Any) -> list[ContextButton]:
        return []

    def on_context(self, name: str) -> None:
        pass

    def on_game_key(self, event: Any) -> bool:
        """A game's own key (return True when used)."""
        return False

    def on_escape(self) -> bool:
        """Esc, before anything of the table: True when it closed the game's own thing (a
        captured pile shown in full)."""
        return False

    def on_pointer(self, event: Any) -> bool:
        """A mouse event, before the table's pointer (True: used, the pointer skips it)."""
        return False

    def on_game_button(self, element: Any) -> bool:
        """A press on one of the game's own buttons (Indian Rummy's Group): True when used."""
        return False

    def ask_before(self, action: Action) -> tuple[str, list[str]] | None:
        """A question the player confirms before ``action`` is played (title, lines), or
        None (Indian Rummy asks before a declaration that would cost the deal)."""
        return None

    # Targets whose moves go to the engine: refused outside the player's turn.
    engine_targets: tuple[str, ...] = ("discard", "meld", "joker", "table", "stage")

    def after_refresh(self) -> None:
        """The picture was composed again (a game's own widgets follow it)."""

    def after_build(self) -> None:
        """The table was laid out anew in a new window (the game's own widgets with it)."""

    # --- the game moves on ---------------------------------------------------------------

    def before_advance(self, dt: float) -> bool:
        """Called once a frame while the table rests, before anything else moves the game
        on (a summary, a hand-off, an AI seat): True when the game moved on by itself
        (Kalooki lets a card go for a player who never calls; Laugh and Lie Down passes a
        pass-only claim window)."""
        return False

    def ai_pace(self, action: Action | None) -> float:
        """How much of the usual pause the AI's waiting ``action`` rests first."""
        return 1.0

    def before_next_deal(self) -> None:
        """The deal summary is left (or an AI table deals again): the next deal comes."""

    def after_next_deal(self) -> None:
        """The next deal was dealt (its cards are flying)."""

    def again_setup(self, setup: GameSetup) -> GameSetup:
        """The setup Play again starts from (with a new seed)."""
        return setup

    # --- the hand as arranged ---------------------------------------------------------

    def hand_model(self, land: Land, rearranged: Callable[[], None]) -> FlatHand:
        """How the shown hand is arranged (hand.py): one flat order by default; a game
        that keeps groups (Indian Rummy) returns a ``GroupedHand``."""
        return FlatHand(self.table, land, rearranged)

    # --- deals and the end -------------------------------------------------------------

    def between_deals(self, view: Any) -> bool:
        """The deal is over and the summary is due (the engine waits for NextDeal)."""
        return self.table.session.legal_actions() == [NextDeal()]

    def deals_scored(self, view: Any) -> int:
        return len(getattr(view, "history", ()))

    def deal_summary(self, view: Any) -> DealSummary:
        raise NotImplementedError

    def final_result(self, view: Any) -> FinalResult:
        raise NotImplementedError

    def summary_scene(self, summary: Any, on_continue: Callable[[], None]) -> SummaryScene[Any]:
        """The scene showing ``summary`` (from ``deal_summary``); Continue calls
        ``on_continue``. A game with its own end-of-deal screen returns it here."""
        from game.app.scenes.deal_summary import DealSummaryScene

        return DealSummaryScene(self.table.app, summary, on_continue)

    # --- what just happened --------------------------------------------------------------

    def hand_marks(self, view: Any) -> dict[Card, str]:
        """Tags over cards of the shown hand: the card just drawn or taken (until the turn
        that brought it ends), and a taken discard the first meld must use."""
        from game.app.i18n import language
        from game.app.table.fresh import fresh_cards

        if self.table.covered:
            return {}
        cards = self.table.hand_cards()
        key = (len(self.table.session.moves), self.table.view_seat, tuple(cards), language())
        if self._marks_key != key:
            fresh = fresh_cards(self.table.session.moves, self.table.view_seat, cards)
            must = getattr(view, "taken_discard", None)
            marks = {
                card: tr("table.mark_drawn" if src == "stock" else "table.mark_taken")
                for card, src in fresh.items()
            }
            if must is not None and must in cards:
                marks[must] = tr("table.mark_meld_it")
            self._marks_key, self._marks = key, marks
        return self._marks

    # --- the hint ------------------------------------------------------------------------

    def hint_for(self, decision: Decision) -> Hint:
        """The hint the table shows for Normal's ``decision`` (a game may name another
        of two identical cards, the one its player would expect)."""
        return Hint(decision.message, decision.action)

    def hint_cards(self) -> list[Card]:
        """The hand cards the hint's move uses (they stay bright, the rest dims)."""
        action = self.table.hint.action if self.table.hint else None
        if action is None:
            return []
        cards: list[Card] = []
        for name in ("card",):
            value = getattr(action, name, None)
            if isinstance(value, Card):
                cards.append(value)
        cards.extend(getattr(action, "cards", ()) or ())
        for meld in getattr(action, "melds", ()) or ():
            cards.extend(meld.cards)
        return [card for card in cards if card in set(self.table.hand_order)]

    def hint_target(self) -> Target | None:
        """Where the hint's move goes (drawn with a ring)."""
        action = self.table.hint.action if self.table.hint else None
        if isinstance(action, Draw):
            return Target(action.source)
        if isinstance(action, Discard):
            return Target("discard")
        if isinstance(action, LayOff | SwapJoker):
            return Target("meld", action.target)
        if isinstance(action, LayDown):
            return Target("table")
        return None
