"""Indian Rummy's turn: draw, then discard or declare; pack before drawing
(rules/indian_rummy.md). Table changes between rounds are in ``table``."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from game.engine.actions import DISCARD, STOCK, Action, Discard, Draw, NextDeal
from game.engine.cards import Card
from game.engine.common_messages import DEAL_ON, NOT_A_MOVE
from game.engine.common_messages import DEAL_OVER as DEAL_OVER_MESSAGE
from game.engine.errors import IllegalAction
from game.engine.events import CardMoved, Event, Said, Shuffled, TurnStarted
from game.engine.game import Results, Rules
from game.engine.messages import msg
from game.engine.rng import shuffled
from game.engine.worlds import Hidden
from game.engine.zones import replaced, take_from_hand
from game.games.indian_rummy import dealing, formats, seat_changes
from game.games.indian_rummy.actions import (
    AgreeSplit,
    Declare,
    DeclineSplit,
    JoinTable,
    LeaveTable,
    Pack,
    Rejoin,
    StayOut,
)
from game.games.indian_rummy.messages import cannot_declare, declared_wrongly, say
from game.games.indian_rummy.options import IndianRummyOptions
from game.games.indian_rummy.scoring import (
    HAND_SIZE,
    card_points,
    declaration,
    find_problem,
    is_wild,
    least_deadwood,
    most_placed,
)
from game.games.indian_rummy.seating import clockwise_after
from game.games.indian_rummy.state import (
    DEAL_OVER,
    DRAW,
    FIRST_DROP,
    GAME_OVER,
    IN_PLAY,
    MIDDLE_DROP,
    PLAY,
    REJOIN,
    ROUND_OVER,
    SPLIT,
    WRONG_SHOW,
    IndianRummyState,
    IndianRummyView,
)
from game.games.indian_rummy.world import world


def thrown_back(card: Card, taken: Card | None) -> bool:
    """Whether discarding ``card`` would throw the discard just taken straight back: the
    card itself or one identical to it (same rank and suit, from another deck), which
    would read as the same card returned and waste the turn."""
    return taken is not None and card.face == taken.face


def discard_order(hand: Sequence[Card], taken: Card | None, wild: int | None) -> list[Card]:
    """One card of each face that may be discarded (never the card just taken, nor a card
    identical to it), the most sensible first: unmatched cards by points, highest first,
    then the rest, wild cards last."""
    seen: dict[str, Card] = {}
    for card in hand:
        if not thrown_back(card, taken):
            seen.setdefault(card.face, card)
    loose = {card.face for card in least_deadwood(hand, wild).leftover}
    return sorted(
        seen.values(),
        key=lambda c: (is_wild(c, wild), c.face not in loose, -card_points(c, wild)),
    )


class IndianRummyRules(Rules[IndianRummyState, IndianRummyView, Action]):
    state_type = IndianRummyState
    view_type = IndianRummyView
    options_type = IndianRummyOptions

    def new_game(self, options: IndianRummyOptions, seed: int) -> IndianRummyState:
        return dealing.new_game(options, seed)[0]

    def start(self, options: IndianRummyOptions, seed: int) -> tuple[IndianRummyState, list]:
        return dealing.new_game(options, seed)

    # -- what may be done ---------------------------------------------------------------

    def legal_actions(self, state: IndianRummyState) -> list[Action]:
        if state.phase == GAME_OVER:
            return []
        if state.phase == DEAL_OVER:
            return [NextDeal()]
        if state.phase == REJOIN:
            return [Rejoin(), StayOut()]
        if state.phase == SPLIT:
            return [DeclineSplit(), AgreeSplit()]  # the question starts on No
        if state.phase == ROUND_OVER:
            actions: list[Action] = [NextDeal()]
            if len(state.order) > 2:
                actions.extend(LeaveTable(seat) for seat in state.order)
            actions.extend(JoinTable(name) for name in seat_changes.returning_names(state))
            return actions
        if state.phase == DRAW:
            actions = [Draw(STOCK)]
            if state.discard:
                actions.append(Draw(DISCARD))
            return [*actions, Pack()] if state.options.may_drop else actions
        hand = state.hands[state.seat]
        choices = discard_order(hand, state.taken, state.wild_rank)
        return [*self.declarations(state, choices), *(Discard(card) for card in choices)]

    def declarations(self, state: IndianRummyState, choices: list[Card]) -> list[Action]:
        """Every valid ``Declare``. One solver call on the 14 cards rules most turns out:
        a declaration needs 13 of them placed with a pure run and a second run."""
        hand = state.hands[state.seat]
        wild, pure = state.wild_rank, state.options.pure_run_minimum
        if most_placed(hand, wild, pure) < HAND_SIZE:
            return []
        return [
            Declare(card)
            for card in choices
            if declaration(take_from_hand(hand, [card]), wild, pure) is not None
        ]

    # -- applying a move ---------------------------------------------------------------

    def apply(
        self, state: IndianRummyState, action: Action
    ) -> tuple[IndianRummyState, list[Event]]:
        if state.phase == GAME_OVER:
            raise IllegalAction(say("session_over"))
        if isinstance(action, Rejoin | StayOut):
            formats.check_question(state, REJOIN)
            return formats.answer_rejoin(state, isinstance(action, Rejoin))
        if isinstance(action, AgreeSplit | DeclineSplit):
            formats.check_question(state, SPLIT)
            return formats.answer_split(state, isinstance(action, AgreeSplit))
        if state.phase in (REJOIN, SPLIT):
            raise IllegalAction(say("answer_rejoin" if state.phase == REJOIN else "answer_split"))
        if isinstance(action, NextDeal):
            if state.phase == DEAL_OVER:
                return dealing.start_deal(state)
            if state.phase == ROUND_OVER:
                return seat_changes.next_round(state)
            raise IllegalAction(msg(DEAL_ON))
        if isinstance(action, JoinTable | LeaveTable):
            if state.phase != ROUND_OVER:
                raise IllegalAction(say("between_rounds"))
            if isinstance(action, JoinTable):
                return seat_changes.join(state, action)
            return seat_changes.leave(state, action)
        if state.phase in (DEAL_OVER, ROUND_OVER):
            raise IllegalAction(msg(DEAL_OVER_MESSAGE))
        if isinstance(action, Draw):
            return self._draw(state, action)
        if isinstance(action, Pack):
            return self._pack(state)
        if isinstance(action, Discard | Declare):
            if state.phase != PLAY:
                raise IllegalAction(say("draw_first"))
            if isinstance(action, Discard):
                return self._discard(state, action.card)
            return self._declare(state, action.discard)
        raise IllegalAction(msg(NOT_A_MOVE, move=type(action).__name__, game="Indian Rummy"))

    def _draw(self, state: IndianRummyState, action: Draw) -> tuple[IndianRummyState, list]:
        if state.phase != DRAW:
            raise IllegalAction(say("already_taken"))
        seat = state.seat
        events: list[Event] = []
        taken = None
        if action.source == STOCK:
            card = state.stock[-1]
            state = replace(state, stock=state.stock[:-1])
            if state.stock:
                events.append(CardMoved(card, "stock", f"hand:{seat}", face_up=False))
                events.append(Said(seat, say("draw_stock")))
            else:
                events.append(CardMoved(card, dealing.INDICATOR_ZONE, f"hand:{seat}"))
                events.append(Said(seat, say("take_last", card=card)))
        elif action.source == DISCARD:
            if not state.discard:
                raise IllegalAction(say("discard_empty"))
            card = taken = state.discard[-1]
            state = replace(state, discard=state.discard[:-1])
            events.append(CardMoved(card, "discard", f"hand:{seat}"))
            events.append(Said(seat, say("take_discard", card=card)))
        else:
            raise IllegalAction(say("unknown_source", source=str(action.source)))
        state = replace(
            state,
            hands=replaced(state.hands, seat, (*state.hands[seat], card)),
            has_played=replaced(state.has_played, seat, True),
            phase=PLAY,
            taken=taken,
        )
        return state, events

    def _pack(self, state: IndianRummyState) -> tuple[IndianRummyState, list[Event]]:
        if state.phase != DRAW:
            raise IllegalAction(say("pack_late"))
        if not state.options.may_drop:
            raise IllegalAction(say("no_drop"))
        seat, hand = state.seat, state.hands[state.seat]
        if state.has_played[seat]:
            status, value = MIDDLE_DROP, state.options.middle_drop
            events: list[Event] = [
                CardMoved(card, f"hand:{seat}", f"set_aside:{seat}", face_up=False) for card in hand
            ]
            state = replace(state, set_aside=replaced(state.set_aside, seat, hand))
        else:
            # the first drop: the hand goes into the stock just above the indicator
            status, value = FIRST_DROP, state.options.first_drop
            mixed = shuffled(hand, state.seed, state.rng_counter)
            events = [CardMoved(card, f"hand:{seat}", "stock", face_up=False) for card in hand]
            events.append(Shuffled("stock", len(state.stock) + len(hand)))
            stock = (*state.stock[:1], *mixed, *state.stock[1:])
            state = replace(state, stock=stock, rng_counter=state.rng_counter + 1)
        state = replace(
            state,
            hands=replaced(state.hands, seat, ()),
            statuses=replaced(state.statuses, seat, status),
        )
        events.append(Said(seat, say("pack", points=value)))
        return self._next_turn(state, events)

    def _discard(self, state: IndianRummyState, card: Card) -> tuple[IndianRummyState, list]:
        seat = state.seat
        self._check_discard(state, card)
        hand = take_from_hand(state.hands[seat], [card])
        events: list[Event] = [
            CardMoved(card, f"hand:{seat}", "discard"),
            Said(seat, say("discard", card=card)),
        ]
        state = replace(
            state, hands=replaced(state.hands, seat, hand), discard=(*state.discard, card)
        )
        return self._next_turn(state, events)

    def _check_discard(self, state: IndianRummyState, card: Card) -> None:
        if thrown_back(card, state.taken):
            raise IllegalAction(say("taken_back", card=state.taken))
        if card not in state.hands[state.seat]:
            raise IllegalAction(say("not_in_hand", card=card))

    def _declare(self, state: IndianRummyState, card: Card) -> tuple[IndianRummyState, list]:
        seat = state.seat
        self._check_discard(state, card)
        hand = take_from_hand(state.hands[seat], [card])
        wild, pure = state.wild_rank, state.options.pure_run_minimum
        shown = declaration(hand, wild, pure)
        events: list[Event] = [CardMoved(card, f"hand:{seat}", "discard")]
        if shown is not None:
            state = replace(
                state, hands=replaced(state.hands, seat, hand), discard=(*state.discard, card)
            )
            events.append(Said(seat, say("declare", card=card)))
            settled, more = dealing.settle(state, seat, shown.melds)
            return settled, [*events, *more]
        problem = find_problem(hand, wild, pure)
        assert problem is not None  # no declaration was found
        if not state.options.penalises_wrong_declaration:
            raise IllegalAction(cannot_declare(problem))
        events.extend(
            CardMoved(c, f"hand:{seat}", f"set_aside:{seat}", face_up=False) for c in hand
        )
        events.append(Said(seat, declared_wrongly(problem, state.options.wrong_declaration)))
        state = replace(
            state,
            hands=replaced(state.hands, seat, ()),
            set_aside=replaced(state.set_aside, seat, hand),
            discard=(*state.discard, card),
            statuses=replaced(state.statuses, seat, WRONG_SHOW),
        )
        return self._next_turn(state, events)

    def _next_turn(
        self, state: IndianRummyState, events: list[Event]
    ) -> tuple[IndianRummyState, list[Event]]:
        """Pass the turn on, unless the deal is over: the indicator was taken without a
        declaration (void), or only one player is left in it (they win)."""
        if not state.stock:
            ended, more = dealing.void_deal(state)
            return ended, [*events, *more]
        playing = [seat for seat in state.order if state.statuses[seat] == IN_PLAY]
        if len(playing) == 1:
            ended, more = dealing.settle(state, playing[0])
            return ended, [*events, *more]
        seat = clockwise_after(state.order, state.seat)
        while state.statuses[seat] != IN_PLAY:
            seat = clockwise_after(state.order, seat)
        state = replace(state, seat=seat, phase=DRAW, taken=None)
        return state, [*events, TurnStarted(seat)]

    # -- what a seat sees ----------------------------------------------------------------

    def to_act(self, state: IndianRummyState) -> int | None:
        return state.to_act

    def finished(self, state: IndianRummyState) -> bool:
        return state.finished

    def view(self, state: IndianRummyState, seat: int) -> IndianRummyView:
        return IndianRummyView(
            seat=seat,
            options=state.options,
            names=state.names,
            order=state.order,
            seating=state.seating,
            deal=state.deal,
            round=state.round,
            dealer=state.dealer,
            next_dealer=state.next_dealer,
            phase=state.phase,
            to_act=state.to_act,
            statuses=state.statuses,
            hand=state.hands[seat],
            hand_sizes=tuple(len(hand) for hand in state.hands),
            stock_size=len(state.stock),
            indicator=state.indicator,
            wild_rank=state.wild_rank,
            discard_top=state.discard[-1] if state.discard else None,
            discard_size=len(state.discard),
            taken=state.taken if seat == state.seat else None,
            balances=state.balances,
            history=state.history,
            winners=state.winners,
            has_played=state.has_played,
            scores=state.scores,
            rejoins=state.rejoins,
            pending=state.pending,
            split=state.split,
        )

    def public_view(self, state: IndianRummyState) -> IndianRummyView:
        """What a spectator sees: seat 0's chair with no hand (the sizes only)."""
        return replace(self.view(state, 0), taken=None, hand=())

    def all_cards(self, state: IndianRummyState) -> list[Card]:
        cards = [card for hand in state.hands for card in hand]
        cards.extend(state.stock)
        cards.extend(state.discard)
        cards.extend(card for pile in state.set_aside for card in pile)
        cards.extend(state.box)
        return cards

    def world(self, view: IndianRummyView, hidden: Hidden) -> IndianRummyState:
        return world(view, hidden)

    def hidden_from(self, state: IndianRummyState, seat: int) -> set[Card]:
        """The stock under its top, the buried discards, packed hands, the box, and the
        other hands while the deal is played. The indicator is public wherever it is."""
        hidden = set(state.stock) | set(state.discard[:-1]) | set(state.box)
        for other, pile in enumerate(state.set_aside):
            if other != seat:
                hidden.update(pile)
        shown = state.phase != DRAW and state.phase != PLAY and _declared(state)
        if not shown:
            for other, hand in enumerate(state.hands):
                if other != seat:
                    hidden.update(hand)
        hidden.discard(state.indicator)
        return hidden

    def results(self, state: IndianRummyState) -> Results:
        if state.options.pool:
            return Results(state.scores, state.winners, True, len(state.history))
        if state.options.deals:
            return Results(formats.chips(state), state.winners, False, len(state.history))
        return Results(state.balances, state.winners, False, len(state.history))


def _declared(state: IndianRummyState) -> bool:
    """Whether the last deal ended with a declaration (then every hand in it was shown)."""
    if not state.history:
        return False
    last = state.history[-1]
    return last.winner is not None and bool(last.shown[last.winner].melds)


def takes_new_player(state: IndianRummyState, seat: int) -> bool:
    """Players may leave or join between rounds (rules/indian_rummy.md): then, and only
    then, a new player may take a computer's chair (and its balance)."""
    return state.phase == ROUND_OVER
