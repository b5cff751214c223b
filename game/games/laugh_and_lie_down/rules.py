"""Laugh and Lie Down's moves: capture, lie down, declare and claim dead cards
(rules/laugh_and_lie_down.md)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from game.engine import common_messages as common
from game.engine.actions import Action, NextDeal, Pass
from game.engine.cards import Card
from game.engine.errors import IllegalAction
from game.engine.events import CardMoved, Event, Said
from game.engine.game import Results, Rules
from game.engine.messages import Seat, msg
from game.engine.worlds import Hidden
from game.games.laugh_and_lie_down import dealing, flow
from game.games.laugh_and_lie_down import messages as m
from game.games.laugh_and_lie_down.dead_cards import (
    all_captured,
    dead_set,
    dead_sets,
    declaration_problem,
    public_table,
    rank_counts,
)
from game.games.laugh_and_lie_down.options import LaughOptions
from game.games.laugh_and_lie_down.state import (
    CLAIMS,
    DEAL_OVER,
    GAME_OVER,
    PLAY,
    Capture,
    ClaimDead,
    DeclareDead,
    LaughState,
    LaughView,
    LieDown,
)
from game.games.laugh_and_lie_down.world import world


def _matches(hand: Sequence[Card], layout: Sequence[Card]) -> list[Card]:
    """Hand cards that could capture something in the layout."""
    ranks = {card.rank for card in layout}
    return [card for card in hand if card.rank in ranks]


class LaughRules(Rules[LaughState, LaughView, Action]):
    state_type = LaughState
    view_type = LaughView
    options_type = LaughOptions

    def new_game(self, options: LaughOptions, seed: int) -> LaughState:
        return self.start(options, seed)[0]

    def start(self, options: LaughOptions, seed: int) -> tuple[LaughState, list[Event]]:
        state, events = dealing.new_game(options, seed)
        state, more = flow.after_deal(state)
        return state, [*events, *more]

    # -- what may be done ---------------------------------------------------------------

    def legal_actions(self, state: LaughState) -> list[Action]:
        if state.phase == GAME_OVER:
            return []
        if state.phase == DEAL_OVER:
            return [NextDeal()]
        seat = state.seat
        hand = state.hands[seat]
        actions: list[Action] = [DeclareDead(c) for c in dead_sets(hand, state.captured)]
        if state.phase == CLAIMS:
            if not state.options.auto_declare:
                claims = public_table(state).claims(seat, known=hand)
                actions.extend(ClaimDead(target, rank) for target, rank in claims)
            actions.append(Pass())
            return actions
        captures = self.captures(hand, state.layout)
        actions.extend(captures if captures else [LieDown()])
        return actions

    @staticmethod
    def captures(hand: Sequence[Card], layout: Sequence[Card]) -> list[Capture]:
        """Every capture ``hand`` can make: with two layout cards of a rank, one per
        target; with three (all taken), one."""
        found: list[Capture] = []
        for card in _matches(hand, layout):
            targets = [t for t in layout if t.rank == card.rank]
            found.extend(Capture(card, t) for t in (targets if len(targets) < 3 else targets[:1]))
        return found

    # -- applying a move ---------------------------------------------------------------

    def apply(self, state: LaughState, action: Action) -> tuple[LaughState, list[Event]]:
        if state.phase == GAME_OVER:
            raise IllegalAction(msg(common.GAME_OVER))
        if isinstance(action, NextDeal):
            if state.phase != DEAL_OVER:
                raise IllegalAction(msg(common.DEAL_ON))
            state, events = dealing.start_deal(state)
            state, more = flow.after_deal(state)
            return state, [*events, *more]
        if state.phase == DEAL_OVER:
            raise IllegalAction(msg(common.DEAL_OVER))
        if isinstance(action, DeclareDead):
            return self._declare(state, action)
        if isinstance(action, Capture | LieDown) and state.phase != PLAY:
            raise IllegalAction(msg(m.WAIT_WINDOW))
        if isinstance(action, Pass) and state.phase != CLAIMS:
            raise IllegalAction(msg(m.NO_PASS))
        if isinstance(action, ClaimDead) and state.phase != CLAIMS:
            raise IllegalAction(msg(m.CLAIMS_LATER))
        if isinstance(action, Capture):
            return self._capture(state, action)
        if isinstance(action, LieDown):
            return self._lie_down(state)
        if isinstance(action, ClaimDead):
            return self._claim(state, action)
        if isinstance(action, Pass):
            return flow.end_slot(state, [Said(state.seat, msg(m.PASS))])
        raise IllegalAction(
            msg(common.NOT_A_MOVE, move=type(action).__name__, game="Laugh and Lie Down")
        )

    def _capture(self, state: LaughState, action: Capture) -> tuple[LaughState, list[Event]]:
        seat, card, target = state.seat, action.card, action.target
        hand = list(state.hands[seat])
        if card not in hand:
            raise IllegalAction(msg(m.NOT_IN_HAND, card=card))
        if target not in state.layout:
            raise IllegalAction(msg(m.NOT_ON_TABLE, card=target))
        if target.rank != card.rank:
            raise IllegalAction(
                msg(m.WRONG_RANK, card=card, ranks=m.ranks(card.rank), target=target)
            )
        same = [t for t in state.layout if t.rank == card.rank]
        taken = same if len(same) >= 3 else [target]
        hand.remove(card)
        layout = tuple(t for t in state.layout if t not in taken)
        moment = state.moment + 1
        rank_moment = tuple(
            moment if r == card.rank - 1 else m for r, m in enumerate(state.rank_moment)
        )
        chance = tuple(state.moment if s == seat else c for s, c in enumerate(state.chance))
        captured = tuple(
            (*pile, card, *taken) if s == seat else pile for s, pile in enumerate(state.captured)
        )
        events: list[Event] = [CardMoved(card, f"hand:{seat}", f"captured:{seat}")]
        events.extend(CardMoved(t, "layout", f"captured:{seat}") for t in taken)
        events.append(Said(seat, msg(m.CAPTURE, cards=tuple(taken), card=card)))
        if not hand:
            events.append(Said(seat, msg(m.PLAYED_OUT)))
        state = replace(
            state,
            hands=tuple(tuple(hand) if s == seat else h for s, h in enumerate(state.hands)),
            layout=layout,
            captured=captured,
            moment=moment,
            rank_moment=rank_moment,
            chance=chance,
        )
        return flow.after_turn(state, events)

    def _lie_down(self, state: LaughState) -> tuple[LaughState, list[Event]]:
        seat = state.seat
        hand = state.hands[seat]
        usable = _matches(hand, state.layout)
        if usable:
            card = usable[0]
            target = next(t for t in state.layout if t.rank == card.rank)
            raise IllegalAction(msg(m.NO_LIE_DOWN, card=card, target=target))
        events: list[Event] = [CardMoved(card, f"hand:{seat}", "layout") for card in hand]
        events.append(Said(seat, msg(m.LIE_DOWN, cards=hand) if hand else msg(m.LIE_DOWN_EMPTY)))
        state = replace(
            state,
            hands=tuple(() if s == seat else h for s, h in enumerate(state.hands)),
            layout=(*state.layout, *hand),
            lain_down=tuple(True if s == seat else d for s, d in enumerate(state.lain_down)),
            chance=tuple(state.moment if s == seat else c for s, c in enumerate(state.chance)),
        )
        return flow.after_turn(state, events)

    def _declare(self, state: LaughState, action: DeclareDead) -> tuple[LaughState, list[Event]]:
        seat = state.seat
        problem = declaration_problem(action.cards, state.hands[seat], state.captured)
        if problem:
            raise IllegalAction(problem)
        state, events = flow.move_dead(state, seat, seat, action.cards)
        events.append(Said(seat, msg(m.DECLARE, cards=tuple(action.cards))))
        if state.phase == PLAY and not state.hands[seat]:
            # Declaring emptied the hand: this player is out, and the turn passes on.
            events.append(Said(seat, msg(m.NO_CARDS)))
            return flow.after_turn(state, events)
        return state, events

    def _claim(self, state: LaughState, action: ClaimDead) -> tuple[LaughState, list[Event]]:
        claimer, target, rank = state.seat, action.seat, action.rank
        if state.options.auto_declare:
            raise IllegalAction(msg(m.AUTO_ON))
        table = public_table(state)
        problem = table.claim_problem(claimer, target, rank, known=state.hands[claimer])
        if problem:
            raise IllegalAction(problem)
        taken = rank_counts(all_captured(state.captured))[rank]
        cards = dead_set(state.hands[target], rank, taken)
        if not cards:  # the proof above rules this out; the engine still checks the hand
            raise IllegalAction(msg(m.NONE_DEAD, player=Seat(target), ranks=m.ranks(rank)))
        state, events = flow.move_dead(state, target, claimer, cards)
        events.append(Said(claimer, msg(m.CLAIM, cards=cards, player=Seat(target))))
        return state, events

    # -- what a seat sees ----------------------------------------------------------------

    def to_act(self, state: LaughState) -> int | None:
        return state.to_act

    def finished(self, state: LaughState) -> bool:
        return state.finished

    def view(self, state: LaughState, seat: int) -> LaughView:
        return LaughView(
            seat=seat,
            options=state.options,
            deal=state.deal,
            dealer=state.dealer,
            phase=state.phase,
            to_act=state.to_act,
            mover=state.mover,
            hand=state.hands[seat],
            hand_sizes=state.hand_sizes,
            layout=state.layout,
            captured=state.captured,
            lain_down=state.lain_down,
            chips=state.chips,
            pot=state.pot,
            moment=state.moment,
            rank_moment=state.rank_moment,
            chance=state.chance,
            last_player=state.last_player,
            history=state.history,
            winners=state.winners,
        )

    def public_view(self, state: LaughState) -> LaughView:
        """What a spectator sees: seat 0's chair with no hand (the sizes only)."""
        return replace(self.view(state, 0), hand=())

    def all_cards(self, state: LaughState) -> list[Card]:
        cards = [card for hand in state.hands for card in hand]
        cards.extend(state.layout)
        cards.extend(all_captured(state.captured))
        return cards

    def world(self, view: LaughView, hidden: Hidden) -> LaughState:
        return world(view, hidden)

    def hidden_from(self, state: LaughState, seat: int) -> set[Card]:
        return {card for other, hand in enumerate(state.hands) if other != seat for card in hand}

    def results(self, state: LaughState) -> Results:
        return Results(state.chips, state.winners, False, len(state.history))
