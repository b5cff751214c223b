"""Laugh and Lie Down's moves: capture, lie down, declare and claim dead cards
(rules/laugh_and_lie_down.md)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from game.engine.actions import Action, NextDeal, Pass
from game.engine.cards import Card
from game.engine.errors import IllegalAction
from game.engine.events import CardMoved, Event, Said
from game.engine.game import Results
from game.games.laugh_and_lie_down import dealing, flow
from game.games.laugh_and_lie_down.dead_cards import (
    all_captured,
    dead_set,
    dead_sets,
    declaration_problem,
    plural,
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


def _pretty(cards: Sequence[Card]) -> str:
    return " ".join(card.pretty() for card in cards)


def _matches(hand: Sequence[Card], layout: Sequence[Card]) -> list[Card]:
    """Hand cards that could capture something in the layout."""
    ranks = {card.rank for card in layout}
    return [card for card in hand if card.rank in ranks]


class LaughRules:
    state_type = LaughState
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
            raise IllegalAction("The game is over.")
        if isinstance(action, NextDeal):
            if state.phase != DEAL_OVER:
                raise IllegalAction("The deal is still being played.")
            state, events = dealing.start_deal(state)
            state, more = flow.after_deal(state)
            return state, [*events, *more]
        if state.phase == DEAL_OVER:
            raise IllegalAction("This deal is over: continue to the next deal.")
        if isinstance(action, DeclareDead):
            return self._declare(state, action)
        if isinstance(action, Capture | LieDown) and state.phase != PLAY:
            raise IllegalAction("Wait for your turn: now players may declare or claim.")
        if isinstance(action, ClaimDead | Pass) and state.phase != CLAIMS:
            raise IllegalAction("Claims are made after a turn, when you are asked.")
        if isinstance(action, Capture):
            return self._capture(state, action)
        if isinstance(action, LieDown):
            return self._lie_down(state)
        if isinstance(action, ClaimDead):
            return self._claim(state, action)
        if isinstance(action, Pass):
            return flow.end_slot(state, [Said(state.seat, "passes")])
        raise IllegalAction(f"{type(action).__name__} is not a move in Laugh and Lie Down.")

    def _capture(self, state: LaughState, action: Capture) -> tuple[LaughState, list[Event]]:
        seat, card, target = state.seat, action.card, action.target
        hand = list(state.hands[seat])
        if card not in hand:
            raise IllegalAction(f"The {card.pretty()} is not in your hand.")
        if target not in state.layout:
            raise IllegalAction(f"The {target.pretty()} is not on the table.")
        if target.rank != card.rank:
            raise IllegalAction(
                f"The {card.pretty()} captures only {plural(card.rank)}, not the {target.pretty()}."
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
        events.append(Said(seat, f"captures {_pretty(taken)} with the {card.pretty()}"))
        if not hand:
            events.append(Said(seat, "has played out their hand"))
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
            raise IllegalAction(
                f"You may not lie down: your {card.pretty()} can capture the {target.pretty()}."
            )
        events: list[Event] = [CardMoved(card, f"hand:{seat}", "layout") for card in hand]
        events.append(Said(seat, f"lies down: {_pretty(hand)}" if hand else "lies down"))
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
        events.append(Said(seat, f"declares {_pretty(action.cards)} dead"))
        if state.phase == PLAY and not state.hands[seat]:
            # Declaring emptied the hand: this player is out, and the turn passes on.
            events.append(Said(seat, "has no cards left"))
            return flow.after_turn(state, events)
        return state, events

    def _claim(self, state: LaughState, action: ClaimDead) -> tuple[LaughState, list[Event]]:
        claimer, target, rank = state.seat, action.seat, action.rank
        if state.options.auto_declare:
            raise IllegalAction("With auto-declare on, nobody claims another's dead cards.")
        table = public_table(state)
        problem = table.claim_problem(claimer, target, rank, known=state.hands[claimer])
        if problem:
            raise IllegalAction(problem)
        taken = rank_counts(all_captured(state.captured))[rank]
        cards = dead_set(state.hands[target], rank, taken)
        if not cards:  # the proof above rules this out; the engine still checks the hand
            raise IllegalAction(f"Player {target + 1} holds no dead {plural(rank)}.")
        state, events = flow.move_dead(state, target, claimer, cards)
        events.append(
            Said(claimer, f"claims {_pretty(cards)} from player {target + 1}: dead, undeclared")
        )
        return state, events

    # -- what a seat sees ----------------------------------------------------------------

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

    def all_cards(self, state: LaughState) -> list[Card]:
        cards = [card for hand in state.hands for card in hand]
        cards.extend(state.layout)
        cards.extend(all_captured(state.captured))
        return cards

    def hidden_from(self, state: LaughState, seat: int) -> set[Card]:
        return {card for other, hand in enumerate(state.hands) if other != seat for card in hand}

    def results(self, state: LaughState) -> Results:
        return Results(state.chips, state.winners, False, len(state.history))
