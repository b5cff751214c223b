"""Kaluki, Hard level: Normal's reading plus determinised search (game/ai/search.py).

Searched decisions: the draw (stock or discard) when the discard may be taken, and the
discard among Normal's best few. Worlds deal the unseen cards to the other hands (cards
known to be there stay there) and the stock; each option is followed to the end of the
deal by :func:`fast_action` for every seat and scored by the seat's chance of winning the
game with the totals after that deal (game/ai/standings.py). A sampled hand must fit how
its holder has played (:func:`plausible`), else it is dealt again.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from game.ai.base import BotSettings, Decision
from game.ai.kaluki.hand import DECK, Table, arrangement, deadwood, deck_for, opening
from game.ai.kaluki.normal import OUT_WEIGHT, WEAK_WEIGHT, discard_scores, explain_kaluki
from game.ai.knowledge import DealKnowledge
from game.ai.rummy import face, fits_meld, outs, related
from game.ai.search import SearchBot, check_deadline
from game.ai.standings import win_chance
from game.ai.stockqueue import StockQueues
from game.ai.worlds import deal_hidden
from game.engine.actions import (
    DISCARD,
    STOCK,
    Action,
    Discard,
    Draw,
    LayDown,
    LayOff,
    Pass,
    SwapJoker,
)
from game.engine.cards import Card
from game.engine.melds import ACE_HIGH
from game.engine.solver import Arrangement
from game.engine.worlds import Hidden
from game.games.kaluki import RULES
from game.games.kaluki.scoring import POLICY, CardValues, card_penalty, meld_total, penalty
from game.games.kaluki.state import (
    DEAL_OVER,
    DRAW,
    FIRST_ROUND,
    GAME_OVER,
    PLAY,
    KalukiState,
    KalukiView,
)

DISCARD_OPTIONS = 4
DISCARD_MARGIN = 12.0  # only discards this close to Normal's favourite are searched
ROLLOUT_ACTIONS = 400
REDEALS = 10  # tries for a hand that fits how its holder has played
DEAL_PACE = 20.0  # points the highest total gains in a typical deal
DEAL_SPREAD = 25.0  # spread of one player's penalty in a deal
# outs against a full pack, halved: about what is still live mid-deal
FULL_LIVE = Counter(face(card) for card in DECK)


_LOOSE: set[tuple[Card, ...]] = set()  # hands known to hold no meld (no solver needed)


def _note_loose(cards: Sequence[Card]) -> None:
    """Remember that ``cards`` hold no meld: what the solver leaves over never does, nor
    does any part of it."""
    if len(_LOOSE) > 50_000:
        _LOOSE.clear()
    _LOOSE.add(tuple(sorted(cards)))


def _arrangement(hand: Sequence[Card], values: CardValues) -> Arrangement:
    if tuple(sorted(hand)) in _LOOSE:
        return Arrangement((), tuple(hand), 0)
    arr = arrangement(hand, values)
    _note_loose(arr.leftover)
    return arr


def _without(cards: Sequence[Card], card: Card) -> list[Card]:
    rest = list(cards)
    rest.remove(card)
    return rest


def fast_action(state: KalukiState) -> Action:
    """A quick Normal-like move for the seat to act (used inside sampled worlds)."""
    seat, opts = state.seat, state.options
    hand, values = state.hands[seat], opts.values
    if state.phase == FIRST_ROUND:
        return Pass()
    melded = state.melded[seat]
    if state.phase == DRAW:
        top = state.discard[-1] if state.discard else None
        if top is None or state.passes >= state.players or len(hand) < 3 or not _near(top, hand):
            return Draw(STOCK)
        if melded or opts.open_discard:
            before = sum(card_penalty(c, values) for c in _arrangement(hand, values).leftover)
            if deadwood([*hand, top], values) < before + card_penalty(top, values):
                return Draw(DISCARD)
        elif (
            sum(c.is_joker or related(top, c, POLICY) for c in hand) >= 2
            and opening([*hand, top], values, top, opts.go_out_by_discard) >= opts.come_down
        ):
            return Draw(DISCARD)  # it opens the hand this turn (it could not before)
        return Draw(STOCK)
    if state.turn.taken_discard is not None:
        # the opening, or first a swap it needs (the rules list the opening first)
        return next(a for a in RULES.legal_actions(state) if isinstance(a, LayDown | SwapJoker))
    if melded or not opts.swap_needs_own_meld:
        for index, meld in enumerate(state.melds):
            for slot in meld.substitutes:
                rank = 1 if slot.rank == ACE_HIGH else slot.rank
                real = next((c for c in hand if (c.rank, c.suit) == (rank, slot.suit)), None)
                if real is not None:
                    return SwapJoker(index, real)
    arr = _arrangement(hand, values)
    keep_one = opts.go_out_by_discard
    melds = arr.melds
    if keep_one and not arr.leftover:
        melds = melds[:-1]
    if melds and (melded or meld_total(melds, values) >= opts.come_down):
        return LayDown(melds)
    if melded and (len(hand) > 1 or not keep_one):
        # a meld that cannot go down (keep-one, the whole hand) is laid off card by card
        stuck = [c for m in arr.melds for c in m.cards] if keep_one and not melds else []
        for card in [*sorted(arr.leftover, key=lambda c: -card_penalty(c, values)), *stuck]:
            if card.is_joker and len(hand) > 2 and card not in stuck:
                continue
            for index, meld in enumerate(state.melds):
                if fits_meld(card, meld, POLICY):
                    if not melds:
                        _note_loose(_without(hand, card))
                    return LayOff(index, (card,))
    loose = (
        [c for c in arr.leftover if not c.is_joker]
        or [c for c in hand if not c.is_joker]
        or list(hand)
    )
    card = max(loose, key=lambda c: (_throw_value(c, arr.leftover, values), c))
    if not arr.melds:
        _note_loose(_without(hand, card))
    return Discard(card)


def _near(card: Card, hand: Sequence[Card]) -> bool:
    """A cheap test: could ``card`` meld with anything in ``hand``?"""
    return card.is_joker or any(o.is_joker or related(card, o, POLICY) for o in hand)


def _throw_value(card: Card, leftover: Sequence[Card], values: CardValues) -> float:
    """Normal's discard score without the table: penalty less the live outs."""
    strong, weak = outs(card, leftover, POLICY, FULL_LIVE)
    return card_penalty(card, values) - OUT_WEIGHT * (strong + WEAK_WEIGHT * weak) / 2


def deal_value(before: KalukiState, after: KalukiState, seat: int) -> float:
    """What the deal played from ``before`` to ``after`` was worth to ``seat``: its chance
    of winning the game with the totals after it (the game ends at the target)."""
    values = after.options.values
    if after.phase in (DEAL_OVER, GAME_OVER) and len(after.history) > len(before.history):
        cost = after.history[-1].penalties
    else:  # look-ahead ran out: score the hands as they stand
        cost = tuple(
            deadwood(h, values) if after.melded[i] else penalty(h, values)
            for i, h in enumerate(after.hands)
        )
    totals = [t + c for t, c in zip(before.totals, cost, strict=True)]
    target = after.options.target
    left = 0.0 if max(totals) >= target else max(0.5, (target - max(totals)) / DEAL_PACE)
    return win_chance(totals, seat, left, DEAL_SPREAD)


def plausible(
    view: KalukiView, other: int, hand: Sequence[Card], last_thrown: Card | None = None
) -> bool:
    """Whether a player who plays like Normal could hold ``hand`` after its turn: an
    unmelded one could not open yet, a melded one holds no meld and nothing that lays off
    (it would have put them down), and the card it just threw was a loose card beside
    this hand (it keeps cards that meld)."""
    values = view.options.values
    if other == view.to_act:
        return True  # in the middle of its turn: anything goes
    if last_thrown is not None and not last_thrown.is_joker:
        near = sum(c.is_joker or related(last_thrown, c, POLICY) for c in hand)
        if near >= 2 and last_thrown not in arrangement([*hand, last_thrown], values).leftover:
            return False
    if not view.melded[other]:
        return opening(hand, values) < view.options.come_down
    if arrangement(hand, values).melds:
        return False
    return not any(
        not card.is_joker and fits_meld(card, meld, POLICY) for card in hand for meld in view.melds
    )


class KalukiWorlds:
    """The :class:`~game.ai.search.WorldModel` for Kaluki."""

    def normal(
        self, view: KalukiView, legal: Sequence[Action], knowledge: DealKnowledge
    ) -> Decision:
        return explain_kaluki(view, legal, Table(view, knowledge))

    def candidates(
        self,
        view: KalukiView,
        legal: Sequence[Action],
        knowledge: DealKnowledge,
        normal: Decision,
    ) -> list[Action]:
        if view.phase == DRAW and Draw(DISCARD) in legal and view.stock_size > 0:
            other = Draw(STOCK) if normal.action == Draw(DISCARD) else Draw(DISCARD)
            return [normal.action, other]
        if view.phase != PLAY or view.taken_discard is not None:
            return []
        table = Table(view, knowledge)
        if isinstance(normal.action, LayDown) and not table.melded and len(view.hand) > 1:
            # open now, or wait a turn (keep the melds hidden, throw Normal's discard)
            return [normal.action, Discard(discard_scores(table)[0][1])]
        if not isinstance(normal.action, Discard) or len(view.hand) < 2:
            return []
        ranked = discard_scores(table)
        best = ranked[0][0]
        options: list[Action] = [normal.action]
        for score, card in ranked:
            if len(options) >= DISCARD_OPTIONS or score < best - DISCARD_MARGIN:
                break
            if Discard(card) not in options and card.face != normal.action.card.face:
                options.append(Discard(card))
        joker_off = next((a for a in legal if isinstance(a, LayOff) and a.cards[0].is_joker), None)
        if joker_off is not None:
            options.append(joker_off)  # Normal keeps its jokers: is shedding 25 better?
        return options

    def sample(self, view: KalukiView, knowledge: DealKnowledge, rng: random.Random) -> Any:
        seat = view.seat
        pool = set(deck_for(view.options.jokers))
        pool.difference_update(view.hand, view.discard)
        pool.difference_update(card for meld in view.melds for card in meld.cards)

        def fits(other: int, hand: tuple[Card, ...]) -> bool:
            thrown = knowledge.discarded.get(other)
            return plausible(view, other, hand, thrown[-1] if thrown else None)

        hands, unseen = deal_hidden(
            pool, view.hand, seat, view.hand_sizes, knowledge, rng, REDEALS, fits
        )
        hidden = Hidden(tuple(hands), tuple(unseen[: view.stock_size]), rng.getrandbits(32))
        return RULES.world(view, hidden)

    def outcome(self, world: Any, action: Action, seat: int, rng: random.Random) -> float:
        first = world.seat if world.phase == DRAW else (world.seat + 1) % world.players
        queues = StockQueues(world.stock, world.players, first)
        state = _step(world, action, queues)
        steps = 0
        while state.phase not in (DEAL_OVER, GAME_OVER) and steps < ROLLOUT_ACTIONS:
            state = _step(state, fast_action(state), queues)
            check_deadline()
            steps += 1
        return deal_value(world, state, seat)


def _step(state: KalukiState, action: Action, queues: StockQueues) -> KalukiState:
    if action == Draw(STOCK) and state.stock:
        state = replace(state, stock=queues.serve(state.stock, state.seat))
    return RULES.apply(state, action)[0]


class KalukiHard(SearchBot):
    def __init__(self, seed: int, seat: int, settings: BotSettings | None = None) -> None:
        super().__init__(KalukiWorlds(), seed, seat, settings)
