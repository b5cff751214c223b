"""Kaluki's turn: draw, meld, lay off, swap jokers, discard (rules/kaluki.md)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

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
    SwapJoker,
)
from game.engine.cards import Card
from game.engine.errors import IllegalAction
from game.engine.events import CardMoved, Event, Said, TurnStarted
from game.engine.game import Results, Rules
from game.engine.melds import Meld, Slot, extension_problem, extensions, read_meld
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
from game.games.kaluki import dealing
from game.games.kaluki.options import KalukiOptions
from game.games.kaluki.scoring import (
    POLICY,
    best_first_meld,
    least_penalty_arrangement,
    meld_total,
    melds_keeping_one,
)
from game.games.kaluki.stalemate import cannot_progress, hands_too_small
from game.games.kaluki.stalemate import may_fit as _may_fit
from game.games.kaluki.stalemate import stands_for as _stands_for
from game.games.kaluki.state import (
    DEAL_OVER,
    DRAW,
    FIRST_ROUND,
    GAME_OVER,
    PLAY,
    KalukiState,
    KalukiView,
    Turn,
)
from game.games.kaluki.world import world


class KalukiRules(Rules[KalukiState, KalukiView, Action]):
    state_type = KalukiState
    view_type = KalukiView
    options_type = KalukiOptions

    def new_game(self, options: KalukiOptions, seed: int) -> KalukiState:
        return dealing.new_game(options, seed)[0]

    def start(self, options: KalukiOptions, seed: int) -> tuple[KalukiState, list[Event]]:
        return dealing.new_game(options, seed)

    # -- what may be done ---------------------------------------------------------------

    def can_take_discard(self, state: KalukiState) -> Message | None:
        """None if the seat to act may draw the top discard now, else why not."""
        if not state.discard:
            return msg("kaluki.discard_empty")
        if state.phase == FIRST_ROUND:
            return None
        if state.passes >= len(state.in_play):
            return msg("kaluki.everyone_passed")
        seat, card = state.seat, state.discard[-1]
        if state.options.open_discard or state.melded[seat]:
            return None
        total = self._opening_after_swaps(state, [*state.hands[seat], card], card)
        need = state.options.come_down
        if total >= need:
            return None
        return msg("kaluki.take_only_to_open", card=card, need=need, have=total)

    def legal_actions(self, state: KalukiState) -> list[Action]:
        if state.phase == GAME_OVER:
            return []
        if state.phase == DEAL_OVER:
            return [NextDeal()]
        if state.phase == FIRST_ROUND:
            return [Draw(DISCARD), Pass()]
        if state.phase == DRAW:
            actions: list[Action] = [Draw(STOCK)]
            if self.can_take_discard(state) is None:
                actions.append(Draw(DISCARD))
            return actions
        return self._play_actions(state)

    def _play_actions(self, state: KalukiState) -> list[Action]:
        seat, opts = state.seat, state.options
        hand = state.hands[seat]
        keep_one = opts.go_out_by_discard
        actions: list[Action] = []
        if not state.melded[seat]:
            best = best_first_meld(hand, opts.values, state.turn.taken_discard, keep_one)
            if best and meld_total(best.melds, opts.values) >= opts.come_down:
                actions.append(LayDown(best.melds))
        else:
            melds = least_penalty_arrangement(hand, opts.values).melds
            for meld in melds:
                if not (keep_one and len(meld.slots) == len(hand)):
                    actions.append(LayDown((meld,)))
                elif len(hand) > 3:  # one card must stay for the discard
                    actions.append(LayDown(melds_keeping_one(hand, opts.values)))
            if len(melds) > 1 and not keep_one:
                actions.append(LayDown(melds))
            if len(hand) > 1 or not keep_one:
                actions.extend(self._lay_offs(state, hand))
        swaps: list[SwapJoker] = []
        if state.melded[seat] or not opts.swap_needs_own_meld:
            swaps = self._swaps(state, hand)
        if state.turn.taken_discard is not None:
            # the first meld with the taken card comes first, but a joker swap it still
            # allows may come before it
            return actions + [s for s in swaps if self._strands_taken(state, s) is None]
        actions.extend(swaps)
        actions.extend(Discard(card) for card in distinct_faces(hand))
        return actions

    def _lay_offs(self, state: KalukiState, hand: Sequence[Card]) -> list[Action]:
        found: list[Action] = []
        for index, meld in enumerate(state.melds):
            for card in distinct_faces(hand):
                if not _may_fit(meld, card):
                    continue
                options = extensions(meld, [card], POLICY)
                if options:
                    found.append(LayOff(index, (card,), options[0]))
        return found

    def _swaps(self, state: KalukiState, hand: Sequence[Card]) -> list[SwapJoker]:
        found: list[SwapJoker] = []
        for index, meld in enumerate(state.melds):
            for slot in meld.substitutes:
                match = next((c for c in hand if _stands_for(slot, c)), None)
                if match is not None:
                    found.append(SwapJoker(index, match))
        return found

    # -- applying a move ---------------------------------------------------------------

    def apply(self, state: KalukiState, action: Action) -> tuple[KalukiState, list[Event]]:
        if state.phase == GAME_OVER:
            raise IllegalAction(msg(common.GAME_OVER))
        if isinstance(action, NextDeal):
            if state.phase != DEAL_OVER:
                raise IllegalAction(msg(common.DEAL_ON))
            return dealing.start_deal(state)
        if state.phase == DEAL_OVER:
            raise IllegalAction(msg(common.DEAL_OVER))
        if isinstance(action, Draw | Pass):
            return self._draw(state, action)
        if state.phase != PLAY:
            raise IllegalAction(msg("kaluki.draw_first"))
        handlers: dict[type, Callable[[KalukiState, Any], tuple[KalukiState, list[Event]]]] = {
            LayDown: self._lay_down,
            LayOff: self._lay_off,
            SwapJoker: self._swap,
            Discard: self._discard,
        }
        handler = handlers.get(type(action))
        if handler is None:
            raise IllegalAction(msg(common.NOT_A_MOVE, move=type(action).__name__, game="Kaluki"))
        pending = state.turn.taken_discard
        if pending is not None and not isinstance(action, LayDown | SwapJoker):
            raise IllegalAction(
                msg("kaluki.lay_taken_first", card=pending, need=state.options.come_down)
            )
        return handler(state, action)

    def _draw(self, state: KalukiState, action: Draw | Pass) -> tuple[KalukiState, list[Event]]:
        seat = state.seat
        if state.phase == PLAY:
            raise IllegalAction(msg("kaluki.already_drawn"))
        if isinstance(action, Pass):
            return self._pass(state)
        if state.phase == FIRST_ROUND and action.source != DISCARD:
            raise IllegalAction(msg("kaluki.first_round_only"))
        events: list[Event] = []
        if action.source == STOCK:
            if not state.stock:
                state, events = dealing.rebuild_stock(state, turn_up=False)
                if state.phase != DRAW:
                    return state, events
            card = state.stock[-1]
            state = replace(state, stock=state.stock[:-1])
            events.append(CardMoved(card, "stock", f"hand:{seat}", face_up=False))
            events.append(Said(seat, msg("kaluki.drew_stock")))
            pending = None
        elif action.source == DISCARD:
            problem = self.can_take_discard(state)
            if problem:
                raise IllegalAction(problem)
            card = state.discard[-1]
            state = replace(state, discard=state.discard[:-1])
            events.append(CardMoved(card, "discard", f"hand:{seat}"))
            events.append(Said(seat, msg("kaluki.took_discard", card=card)))
            obliged = not (state.melded[seat] or state.options.open_discard)
            pending = card if obliged and state.phase == DRAW else None
        else:
            raise IllegalAction(msg("kaluki.unknown_source"))
        hand = (*state.hands[seat], card)
        state = replace(
            state,
            hands=replaced(state.hands, seat, hand),
            phase=PLAY,
            passes=0,
            turn=Turn(taken_discard=pending, melded_at_start=state.melded[seat]),
        )
        return state, events

    def _pass(self, state: KalukiState) -> tuple[KalukiState, list[Event]]:
        if state.phase != FIRST_ROUND:
            raise IllegalAction(msg("kaluki.pass_only_first_round"))
        passes = state.passes + 1
        events: list[Event] = [Said(state.seat, msg("kaluki.passed", card=state.discard[-1]))]
        if passes >= len(state.in_play):  # everyone passed: the first player draws from stock
            first = state.next_seat(state.dealer)
            state = replace(state, passes=passes, phase=DRAW, seat=first)
        else:
            state = replace(state, passes=passes, seat=state.next_seat(state.seat))
        return state, [*events, TurnStarted(state.seat)]

    def _lay_down(self, state: KalukiState, action: LayDown) -> tuple[KalukiState, list[Event]]:
        seat, opts = state.seat, state.options
        if not action.melds:
            raise IllegalAction(msg("kaluki.choose_cards"))

        def value(meld: Meld) -> int:
            return meld_total((meld,), opts.values)

        melds = tuple(replace(read_meld(m, POLICY, value), owner=seat) for m in action.melds)
        cards = [card for meld in melds for card in meld.cards]
        hand = take_from_hand(state.hands[seat], cards)
        if not state.melded[seat]:
            total = meld_total(melds, opts.values)
            if total < opts.come_down:
                raise IllegalAction(msg("kaluki.first_meld_total", need=opts.come_down, have=total))
            pending = state.turn.taken_discard
            if pending is not None and pending.face not in {card.face for card in cards}:
                raise IllegalAction(msg("kaluki.taken_in_meld", card=pending))
        if opts.go_out_by_discard and not hand:
            raise IllegalAction(msg("kaluki.keep_one"))
        first_index = len(state.melds)
        events: list[Event] = [
            CardMoved(card, f"hand:{seat}", f"meld:{first_index + i}")
            for i, meld in enumerate(melds)
            for card in meld.cards
        ]
        events.extend(Said(seat, msg("kaluki.melded", meld=meld)) for meld in melds)
        melded = replaced(state.melded, seat, True)
        state = replace(
            state,
            hands=replaced(state.hands, seat, hand),
            melds=(*state.melds, *melds),
            melded=melded,
            turn=replace(state.turn, taken_discard=None),
        )
        return self._after_play(state, events)

    def _lay_off(self, state: KalukiState, action: LayOff) -> tuple[KalukiState, list[Event]]:
        seat = state.seat
        if not state.melded[seat]:
            raise IllegalAction(msg("kaluki.add_after_first"))
        meld = meld_at(state.melds, action.target)
        hand = take_from_hand(state.hands[seat], action.cards)
        if state.options.go_out_by_discard and not hand:
            raise IllegalAction(msg("kaluki.keep_one"))
        options = extensions(meld, action.cards, POLICY)
        if not options:
            raise IllegalAction(extension_problem(meld, action.cards, POLICY))
        result: Meld | None = options[0]
        if action.result is not None:
            result = next((o for o in options if o.slots == action.result.slots), None)
            if result is None:
                raise IllegalAction(msg("kaluki.jokers_cannot_there"))
        assert result is not None
        melds = tuple(result if i == action.target else m for i, m in enumerate(state.melds))
        events: list[Event] = [
            CardMoved(card, f"hand:{seat}", f"meld:{action.target}") for card in action.cards
        ]
        events.append(Said(seat, msg("kaluki.added", meld=result)))
        state = replace(state, hands=replaced(state.hands, seat, hand), melds=melds)
        return self._after_play(state, events)

    def _swap(self, state: KalukiState, action: SwapJoker) -> tuple[KalukiState, list[Event]]:
        seat = state.seat
        if state.options.swap_needs_own_meld and not state.melded[seat]:
            raise IllegalAction(msg("kaluki.swap_after_first"))
        meld = meld_at(state.melds, action.target)
        slot = next((s for s in meld.substitutes if _stands_for(s, action.card)), None)
        if slot is None:
            raise IllegalAction(msg("kaluki.no_joker_for", meld=meld, card=action.card))
        hand = take_from_hand(state.hands[seat], [action.card])
        stranded = self._strands_taken(state, action)
        if stranded is not None:
            raise IllegalAction(stranded)
        joker_card = slot.card
        slots = tuple(s._replace(card=action.card) if s is slot else s for s in meld.slots)
        melds = tuple(
            meld.with_slots(slots) if i == action.target else m for i, m in enumerate(state.melds)
        )
        events: list[Event] = [
            CardMoved(action.card, f"hand:{seat}", f"meld:{action.target}"),
            CardMoved(joker_card, f"meld:{action.target}", f"hand:{seat}"),
            Said(seat, msg("kaluki.swapped", card=action.card)),
        ]
        state = replace(
            state,
            hands=replaced(state.hands, seat, (*hand, joker_card)),
            melds=melds,
            idle_rebuilds=0,
        )
        return state, events

    def _strands_taken(self, state: KalukiState, swap: SwapJoker) -> Message | None:
        """Why ``swap`` may not come before the first meld the taken discard must go into
        (None if it may): the hand it leaves must still open with that card."""
        pending = state.turn.taken_discard
        if pending is None:
            return None
        meld = meld_at(state.melds, swap.target)
        slot = next((s for s in meld.substitutes if _stands_for(s, swap.card)), None)
        if slot is None or swap.card not in state.hands[state.seat]:
            return None  # refused for its own reason
        hand = list(state.hands[state.seat])
        hand.remove(swap.card)
        hand.append(slot.card)
        need = state.options.come_down
        if self._opening_after_swaps(state, hand, pending, (swap.target, slot)) >= need:
            return None
        return msg("kaluki.swap_strands_taken", card=pending, need=need)

    def _opening_after_swaps(
        self,
        state: KalukiState,
        hand: Sequence[Card],
        must_use: Card,
        done: tuple[int, Slot] | None = None,
    ) -> int:
        """The best first meld with ``must_use`` that ``hand`` makes once every joker on the
        table it holds the real card for is swapped (``done``: the one already swapped).
        Swapping them all is never worse: the joker can take the place of the card given
        for it in any meld, at the same value, and fits in more melds besides."""
        opts = state.options
        cards = list(hand)
        if not (opts.swap_needs_own_meld and not state.melded[state.seat]):
            for index, meld in enumerate(state.melds):
                for slot in meld.substitutes:
                    if done == (index, slot):
                        continue
                    match = next(
                        (c for c in cards if _stands_for(slot, c) and c.face != must_use.face),
                        None,
                    )
                    if match is not None:
                        cards.remove(match)
                        cards.append(slot.card)
        best = best_first_meld(cards, opts.values, must_use, opts.go_out_by_discard)
        return meld_total(best.melds, opts.values) if best else 0

    def _discard(self, state: KalukiState, action: Discard) -> tuple[KalukiState, list[Event]]:
        seat = state.seat
        hand = take_from_hand(state.hands[seat], [action.card])
        events: list[Event] = [
            CardMoved(action.card, f"hand:{seat}", "discard"),
            Said(seat, msg("kaluki.discarded", card=action.card)),
        ]
        state = replace(
            state, hands=replaced(state.hands, seat, hand), discard=(*state.discard, action.card)
        )
        if not hand:
            scored, more = dealing.score_deal(state, out=seat)
            return scored, [*events, Said(seat, msg("kaluki.went_out")), *more]
        if hands_too_small(state) and cannot_progress(state):  # see stalemate.py
            scored, more = dealing.score_deal(state, None, dealing.NOBODY_CAN_GO_OUT)
            return scored, [*events, *more]
        state = replace(state, seat=state.next_seat(seat), phase=DRAW, turn=Turn())
        if not state.stock and not state.options.last_discard_before_reshuffle:
            state, more = dealing.rebuild_stock(state, turn_up=True)
            events.extend(more)
            if state.phase != DRAW:
                return state, events
        return state, [*events, TurnStarted(state.seat)]

    def _after_play(
        self, state: KalukiState, events: list[Event]
    ) -> tuple[KalukiState, list[Event]]:
        if state.idle_rebuilds:
            state = replace(state, idle_rebuilds=0)  # a card went down: the deal moves
        seat = state.seat
        if state.hands[seat]:
            return state, events
        scored, more = dealing.score_deal(state, out=seat)
        return scored, [*events, Said(seat, msg("kaluki.went_out")), *more]

    # -- what a seat sees ----------------------------------------------------------------

    def to_act(self, state: KalukiState) -> int | None:
        return state.to_act

    def finished(self, state: KalukiState) -> bool:
        return state.finished

    def view(self, state: KalukiState, seat: int) -> KalukiView:
        return KalukiView(
            seat=seat,
            options=state.options,
            deal=state.deal,
            dealer=state.dealer,
            phase=state.phase,
            to_act=state.to_act,
            hand=state.hands[seat],
            hand_sizes=tuple(len(h) for h in state.hands),
            stock_size=len(state.stock),
            discard=state.discard,
            melds=state.melds,
            melded=state.melded,
            taken_discard=state.turn.taken_discard if seat == state.seat else None,
            totals=state.totals,
            chips=state.chips,
            history=state.history,
            winners=state.winners,
            eliminated=state.eliminated,
        )

    def public_view(self, state: KalukiState) -> KalukiView:
        """What a spectator sees: seat 0's chair with no hand (the sizes only)."""
        return replace(self.view(state, 0), taken_discard=None, hand=())

    def all_cards(self, state: KalukiState) -> list[Card]:
        return cards_on_table(state.hands, state.stock, state.discard, state.melds)

    def world(self, view: KalukiView, hidden: Hidden) -> KalukiState:
        return world(view, hidden)

    def hidden_from(self, state: KalukiState, seat: int) -> set[Card]:
        if state.phase in (DEAL_OVER, GAME_OVER):  # hands are shown at the end of a deal
            return set(state.stock)
        return set(state.stock) | other_hands(state.hands, seat)

    def results(self, state: KalukiState) -> Results:
        return Results(state.totals, state.winners, True, len(state.history))


def takes_new_player(state: KalukiState, seat: int) -> bool:
    """A new player may take a computer's chair (and its penalty total) between deals,
    as a friend arriving late takes over at a club table; never an eliminated seat's."""
    return state.phase == DEAL_OVER and seat not in state.eliminated
