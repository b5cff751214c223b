"""Hard's drops in Pool and Deals, and every level's answers to Pool's questions, by rules
a player can state (docs/ARCHITECTURE.md, "Indian Rummy decisions").

Drops (Hard, Pool and Deals; Points keeps Normal's rule):
- a drop that puts the player out of the pool is never chosen: playing on keeps a chance
  to declare, and a drop gives none;
- in the last deal of Deals (or a decider) a player behind the leader never drops: only
  winning the deal can still win the game;
- otherwise the hand is weighed against what the drop costs in this format: a first drop
  when the hand has no pure run, no wild card and hardly a start of a run, and counts at
  least ``FIRST_DROP_RATIO`` times the drop; a middle drop when the hand is far from a
  declaration late in the deal and counts at least ``MIDDLE_DROP_RATIO`` times the drop;
- in the pool, a hand that could put the player out if a full count is paid (while a
  drop would keep them in) is dropped more readily: a run start no longer holds a first
  drop back, and a middle drop needs fewer turns and missing cards.

Pool's questions, counted in drops left (how many more first drops a score takes before
the limit, ``formats.drops_left``):
- rejoin when coming back with at least ``REJOIN_DROPS`` drops left;
- agree to a split unless this player has the most drops left, ``PLAY_ON_LEAD`` or more
  ahead of everyone else (the clear favourite plays on).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.ai.base import Decision, decision
from game.engine.actions import Action
from game.games.indian_rummy import formats
from game.games.indian_rummy.actions import AgreeSplit, DeclineSplit, Rejoin, StayOut
from game.games.indian_rummy.scoring import CAP, count_hand

FIRST_DROP_RATIO = 3.0  # a first drop pays off when the hand counts this many drops
FIRST_DROP_SHAPE = 1  # at most this many run starts for a first drop
MIDDLE_DROP_RATIO = 1.8
MIDDLE_DROP_MISSING = 8  # cards still to place for a declaration
MIDDLE_DROP_TURNS = 8
AT_RISK_MISSING = 6  # the same, when a full count would put the player out
AT_RISK_TURNS = 4
REJOIN_DROPS = 2
PLAY_ON_LEAD = 2


def drop_cost(view: Any) -> int:
    """What dropping now costs this seat: the first or the middle drop."""
    options = view.options
    return int(options.middle_drop if view.has_played[view.seat] else options.first_drop)


def _last_deal(view: Any) -> bool:
    return bool(view.deal >= view.options.deal_count)


def _behind(view: Any) -> bool:
    held = formats.chips(view)
    return bool(held[view.seat] < max(held[seat] for seat in view.order))


def hard_drops(view: Any, reading: Any) -> bool:
    """Whether Hard drops now (Pool and Deals; Normal's rule elsewhere)."""
    options = view.options
    if not (options.pool or options.deals):
        return bool(reading.should_pack())
    cost = drop_cost(view)
    at_risk = False
    if options.pool:
        score = view.scores[view.seat]
        if score + cost >= options.pool_limit:
            return False  # the drop itself puts this player out
        at_risk = score + CAP >= options.pool_limit
    elif _last_deal(view) and _behind(view):
        return False
    owed = count_hand(reading.hand, reading.wild, reading.pure, reading.modern).owed
    if not view.has_played[view.seat]:
        if owed < FIRST_DROP_RATIO * cost and not (at_risk and owed >= 2 * cost):
            return False
        if any(reading.wild_card(card) for card in reading.hand) or reading.has_pure_run():
            return False
        return at_risk or reading.run_starts() <= FIRST_DROP_SHAPE
    missing = 13 - reading.placed_now()
    turns = len(reading.knowledge.discarded.get(view.seat, ()))
    enough = min(MIDDLE_DROP_RATIO * cost, CAP)  # a full count is the most a hand costs
    if at_risk:
        return owed >= enough and (missing >= AT_RISK_MISSING and turns >= AT_RISK_TURNS)
    return owed >= enough and missing >= MIDDLE_DROP_MISSING and turns >= MIDDLE_DROP_TURNS


def pool_answer(view: Any, legal: Sequence[Action]) -> Decision | None:
    """Every level's answer to a Pool question (rejoin, split); None if none is asked."""
    if Rejoin() not in legal and AgreeSplit() not in legal:
        return None
    options = view.options
    if Rejoin() in legal:
        score = formats.rejoin_score(view)
        drops = formats.drops_left(options, score)
        if drops >= REJOIN_DROPS:
            return decision(Rejoin(), "hint.indian.rejoin", score=score, drops=drops)
        return decision(StayOut(), "hint.indian.stay_out", score=score, drops=drops)
    split = formats.split_now(view)
    mine = split.drops[view.seat]
    others = max(n for seat, n in split.drops.items() if seat != view.seat)
    if mine - others >= PLAY_ON_LEAD:
        return decision(DeclineSplit(), "hint.indian.play_on", drops=mine, lead=mine - others)
    return decision(AgreeSplit(), "hint.indian.split", drops=mine, percent=split.shares[view.seat])
