"""Kalooki's turn: draw (or call), lay down the contract, add, tack, discard
(rules/kalooki.md). Calling lives in calling.py, meld checks in melding.py."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace

from game.engine import common_messages as common
from game.engine.actions import (
    DISCARD,
    STOCK,
    Action,
    Discard,
    Draw,
    LayDown,
    LayOff,
    NextDeal,
    Pass,
)
from game.engine.cards import Card
from game.engine.errors import IllegalAction
from game.engine.events import CardMoved, Event, Said, TurnStarted
from game.engine.game import Results, Rules
from game.engine.melds import RUN, Meld
from game.engine.messages import Message, msg
from game.engine.worlds import Hidden
from game.engine.zones import (
    cards_on_table,
    distinct_faces,
    meld_at,
    other_hands,
    replaced,
    take_from_hand,
)
from game.games.kalooki import calling, dealing
from game.games.kalooki import messages as say
from game.games.kalooki.actions import AllowCall, Call, DeclineCall, DenyCall, Tack
from game.games.kalooki.discards import discard_order
from game.games.kalooki.melding import (
    add_to_meld,
    may_fit,
    read_contract,
    stands_for,
    tack,
)
from game.games.kalooki.options import KalookiOptions
from game.games.kalooki.scoring import best_contract_melds, contract_for
from game.games.kalooki.state import (
    ANSWER,
    CALL,
    DEAL_OVER,
    DRAW,
    GAME_OVER,
    PLAY,
    KalookiState,
    KalookiView,
    Turn,
)
from game.games.kalooki.world import world

_WAIT = {
    DRAW: say.DRAW_FIRST,
    ANSWER: say.ANSWER_FIRST,
    PLAY: say.ALREADY_DRAWN,
}


def _lays_down(melds: tuple[Meld, ...]) -> Message:
    """The log line of a lay-down: a contract is three or four melds."""
    key = say.LAYS_DOWN_3 if len(melds) == 3 else say.LAYS_DOWN_4
    return msg(key, **{f"m{i}": meld for i, meld in enumerate(melds, 1)})


def _on_table(state: KalookiState) -> int:
    return sum(len(meld.slots) for meld in state.melds)


class KalookiRules(Rules[KalookiState, KalookiView, Action]):
    state_type = KalookiState
    view_type = KalookiView
    options_type = KalookiOptions

    def new_game(self, options: KalookiOptions, seed: int) -> KalookiState:
        return dealing.new_game(options, seed)[0]

    def start(self, options: KalookiOptions, seed: int) -> tuple[KalookiState, list[Event]]:
        return dealing.new_game(options, seed)

    # -- what may be done ---------------------------------------------------------------

    def legal_actions(self, state: KalookiState) -> list[Action]:
        phase = state.phase
        if phase == GAME_OVER:
            return []
        if phase == DEAL_OVER:
            return [NextDeal()]
        if phase == DRAW:
            actions: list[Action] = [Draw(STOCK)]
            if state.discard and not state.laid_down[state.seat]:
                actions.append(Draw(DISCARD))
            return actions
        if phase == CALL:
            return [Call(), DeclineCall()]
        if phase == ANSWER:
            return [AllowCall(), DenyCall()]
        return self._play_actions(state)

    def _play_actions(self, state: KalookiState) -> list[Action]:
        seat = state.seat
        hand = state.hands[seat]
        actions: list[Action] = []
        if not state.laid_down[seat]:
            best = best_contract_melds(hand, state.deal)
            if best is not None:
                actions.append(LayDown(best.melds))
        else:
            actions.extend(self._adds(state, hand))
            actions.extend(self._tacks(state, hand))
        # every real card may be thrown; the most sensible discard is listed first
        contract = contract_for(state.deal)
        order = discard_order(hand, contract, state.laid_down[seat])
        actions.extend(Discard(card) for card in distinct_faces(order))
        if not actions:
            actions.append(Pass())  # only jokers left and none can be played
        return actions

    def _adds(self, state: KalookiState, hand: Iterable[Card]) -> list[Action]:
        found: list[Action] = []
        faces = distinct_faces(hand)
        for index, meld in enumerate(state.melds):
            for card in faces:
                if may_fit(meld, card):
                    try:
                        result = add_to_meld(meld, (card,))
                    except IllegalAction:
                        continue
                    found.append(LayOff(index, (card,), result))
        return found

    def _tacks(self, state: KalookiState, hand: Iterable[Card]) -> list[Action]:
        found: list[Action] = []
        faces = distinct_faces(hand)
        for index, meld in enumerate(state.melds):
            if meld.kind != RUN:
                continue
            for slot in meld.slots:
                card = next((c for c in faces if stands_for(slot, c)), None)
                if card is None:
                    continue
                try:
                    tack(meld, card)
                except IllegalAction:
                    continue
                found.append(Tack(index, card))
        return found

    # -- applying a move ---------------------------------------------------------------

    def apply(self, state: KalookiState, action: Action) -> tuple[KalookiState, list[Event]]:
        phase = state.phase
        if phase == GAME_OVER:
            raise IllegalAction(msg(common.GAME_OVER))
        if isinstance(action, NextDeal):
            if phase != DEAL_OVER:
                raise IllegalAction(msg(common.DEAL_ON))
            return dealing.start_deal(state)
        if phase == DEAL_OVER:
            raise IllegalAction(msg(common.DEAL_OVER))
        by_phase: dict[str, dict[type, Callable[..., tuple[KalookiState, list[Event]]]]] = {
            DRAW: {Draw: self._draw},
            CALL: {Call: calling.call, DeclineCall: calling.decline},
            ANSWER: {AllowCall: calling.allow, DenyCall: self._deny},
            PLAY: {
                LayDown: self._lay_down,
                LayOff: self._add,
                Tack: self._tack,
                Discard: self._discard,
                Pass: self._pass,
            },
        }
        handler = by_phase.get(phase, {}).get(type(action))
        if handler is None:
            raise IllegalAction(self._why_not(state, action))
        after, events = handler(state, action) if phase in (DRAW, PLAY) else handler(state)
        if after.idle_rebuilds and _on_table(after) > _on_table(state):
            after = replace(after, idle_rebuilds=0)  # the deal is moving again
        return after, events

    def _why_not(self, state: KalookiState, action: Action) -> Message:
        name = type(action).__name__
        if name in ("Call", "DeclineCall"):
            return msg(say.CALL_WHEN_ASKED)
        if name in ("AllowCall", "DenyCall"):
            return msg(say.NOBODY_CALLED)
        if name in ("Draw", "LayDown", "LayOff", "Tack", "Discard", "Pass"):
            if state.phase == CALL:  # only the seat asked acts now: say what it may do
                return msg(say.WAIT_CALL, card=state.discard[-1])
            return msg(_WAIT[state.phase])
        return msg(common.NOT_A_MOVE, move=name, game="Kalooki")

    def _draw(self, state: KalookiState, action: Draw) -> tuple[KalookiState, list[Event]]:
        seat = state.seat
        if action.source == STOCK:
            return calling.open_call(state)
        if action.source != DISCARD:
            raise IllegalAction(msg(say.UNKNOWN_SOURCE))
        if state.laid_down[seat]:
            raise IllegalAction(msg(say.DOWN_NO_DISCARD))
        if not state.discard:
            raise IllegalAction(msg(say.DISCARD_EMPTY))
        card = state.discard[-1]
        state = replace(
            state,
            hands=replaced(state.hands, seat, (*state.hands[seat], card)),
            discard=state.discard[:-1],
            discarded_by=None,
            phase=PLAY,
        )
        events: list[Event] = [
            CardMoved(card, "discard", f"hand:{seat}"),
            Said(seat, msg(say.TAKES, card=card)),
        ]
        return state, events

    def _deny(self, state: KalookiState) -> tuple[KalookiState, list[Event]]:
        if state.laid_down[state.seat]:
            raise IllegalAction(msg(say.MUST_ALLOW_CALL))
        return calling.deny(state)

    def _lay_down(self, state: KalookiState, action: LayDown) -> tuple[KalookiState, list[Event]]:
        seat = state.seat
        if state.laid_down[seat]:
            raise IllegalAction(msg(say.ALREADY_DOWN))
        contract = contract_for(state.deal)
        melds = read_contract(action.melds, contract, seat)
        hand = take_from_hand(state.hands[seat], [c for meld in melds for c in meld.cards])
        first = len(state.melds)
        events: list[Event] = [
            CardMoved(card, f"hand:{seat}", f"meld:{first + i}")
            for i, meld in enumerate(melds)
            for card in meld.cards
        ]
        events.append(Said(seat, _lays_down(melds)))
        laid = replaced(state.laid_down, seat, True)
        state = replace(
            state,
            hands=replaced(state.hands, seat, hand),
            melds=(*state.melds, *melds),
            laid_down=laid,
            turn=replace(state.turn, laid_down_now=True),
        )
        return self._after_play(state, events)

    def _add(self, state: KalookiState, action: LayOff) -> tuple[KalookiState, list[Event]]:
        seat = state.seat
        if not state.laid_down[seat]:
            raise IllegalAction(msg(say.ADD_AFTER_DOWN))
        meld = meld_at(state.melds, action.target)
        hand = take_from_hand(state.hands[seat], action.cards)
        result = add_to_meld(meld, action.cards, action.result)
        melds = tuple(result if i == action.target else m for i, m in enumerate(state.melds))
        events: list[Event] = [
            CardMoved(card, f"hand:{seat}", f"meld:{action.target}") for card in action.cards
        ]
        events.append(Said(seat, msg(say.ADDS, meld=result)))
        state = replace(state, hands=replaced(state.hands, seat, hand), melds=melds)
        return self._after_play(state, events)

    def _tack(self, state: KalookiState, action: Tack) -> tuple[KalookiState, list[Event]]:
        seat = state.seat
        if not state.laid_down[seat]:
            raise IllegalAction(msg(say.TACK_AFTER_DOWN))
        meld = meld_at(state.melds, action.target)
        hand = take_from_hand(state.hands[seat], [action.card])
        result, _joker = tack(meld, action.card)
        melds = tuple(result if i == action.target else m for i, m in enumerate(state.melds))
        events: list[Event] = [
            CardMoved(action.card, f"hand:{seat}", f"meld:{action.target}"),
            Said(seat, msg(say.TACKS, card=action.card, meld=result)),
        ]
        state = replace(state, hands=replaced(state.hands, seat, hand), melds=melds)
        return self._after_play(state, events)

    def _discard(self, state: KalookiState, action: Discard) -> tuple[KalookiState, list[Event]]:
        seat = state.seat
        if action.card.is_joker:
            raise IllegalAction(msg(say.NO_JOKER_DISCARD))
        hand = take_from_hand(state.hands[seat], [action.card])
        events: list[Event] = [
            CardMoved(action.card, f"hand:{seat}", "discard"),
            Said(seat, msg(say.DISCARDS, card=action.card)),
        ]
        state = replace(
            state,
            hands=replaced(state.hands, seat, hand),
            discard=(*state.discard, action.card),
            discarded_by=seat,
        )
        if not hand:
            scored, more = dealing.score_deal(state, out=seat)
            return scored, [*events, Said(seat, msg(say.GOES_OUT)), *more]
        return self._next_turn(state, events)

    def _pass(self, state: KalookiState, _action: Pass) -> tuple[KalookiState, list[Event]]:
        seat = state.seat
        hand = state.hands[seat]
        if not all(card.is_joker for card in hand):
            raise IllegalAction(msg(say.DISCARD_TO_END))
        if self._adds(state, hand):
            raise IllegalAction(msg(say.PLAY_JOKER))
        events: list[Event] = [Said(seat, msg(say.ONLY_JOKERS))]
        return self._next_turn(state, events)

    def _next_turn(
        self, state: KalookiState, events: list[Event]
    ) -> tuple[KalookiState, list[Event]]:
        seat = (state.seat + 1) % state.players
        state = replace(state, seat=seat, phase=DRAW, asking=None, turn=Turn())
        return state, [*events, TurnStarted(seat)]

    def _after_play(
        self, state: KalookiState, events: list[Event]
    ) -> tuple[KalookiState, list[Event]]:
        seat = state.seat
        if state.hands[seat]:
            return state, events
        scored, more = dealing.score_deal(state, out=seat)
        return scored, [*events, Said(seat, msg(say.GOES_OUT)), *more]

    # -- what a seat sees ----------------------------------------------------------------

    def to_act(self, state: KalookiState) -> int | None:
        return state.to_act

    def finished(self, state: KalookiState) -> bool:
        return state.finished

    def view(self, state: KalookiState, seat: int) -> KalookiView:
        return KalookiView(
            seat=seat,
            options=state.options,
            deal=state.deal,
            dealer=state.dealer,
            phase=state.phase,
            to_act=state.to_act,
            active=state.seat,
            asking=state.asking,
            contract=contract_for(state.deal).describe(),
            hand=state.hands[seat],
            hand_sizes=tuple(len(h) for h in state.hands),
            stock_size=len(state.stock),
            discard=state.discard,
            melds=state.melds,
            laid_down=state.laid_down,
            calls_left=state.calls_left,
            totals=state.totals,
            history=state.history,
            winners=state.winners,
        )

    def public_view(self, state: KalookiState) -> KalookiView:
        """What a spectator sees: seat 0's chair with no hand (the sizes only)."""
        return replace(self.view(state, 0), hand=())

    def all_cards(self, state: KalookiState) -> list[Card]:
        return cards_on_table(state.hands, state.stock, state.discard, state.melds)

    def world(self, view: KalookiView, hidden: Hidden) -> KalookiState:
        return world(view, hidden)

    def hidden_from(self, state: KalookiState, seat: int) -> set[Card]:
        if state.phase in (DEAL_OVER, GAME_OVER):  # hands are shown at the end of a deal
            return set(state.stock)
        return set(state.stock) | other_hands(state.hands, seat)

    def results(self, state: KalookiState) -> Results:
        return Results(state.totals, state.winners, True, len(state.history))


def takes_new_player(state: KalookiState, seat: int) -> bool:
    """A new player may take a computer's chair (and its penalty total) between the
    nine deals: each deal is a contract of its own, begun afresh."""
    return state.phase == DEAL_OVER
