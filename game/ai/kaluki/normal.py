"""Kaluki, Normal level: a good club player.

It arranges its own hand exactly (least-penalty melds from the solver), opens as soon as
it reaches the points to come down (51 by the seed), lays down and lays off everything
it can once down, takes the discard only when the card goes straight into a meld (or
opens the hand), keeps the loose cards with the most live outs, sheds high cards when an
opponent is close to going out, and never feeds the next player a card that lays off on
the table when another will do.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import game.ai.kaluki.messages  # noqa: F401  (the hints' English templates)
from game.ai.base import Decision, ExplainingBot, decision, only_move
from game.ai.discard_reason import discard_decision
from game.ai.kaluki.hand import Table, arrangement, deadwood, opening
from game.ai.rummy import related
from game.engine.actions import (
    DISCARD,
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
from game.engine.events import Event
from game.games.kaluki.scoring import POLICY, meld_total
from game.games.kaluki.state import DRAW, FIRST_ROUND

OUT_WEIGHT = 2.5  # points of penalty a live out is worth keeping
WEAK_WEIGHT = 0.5
FEED_DANGER = 20.0  # the next player would lay it off at once
RELATED_DANGER = 5.0  # the next player has been collecting its neighbours


def layable_deadwood(table: Table, cards: Sequence[Card]) -> int:
    """The penalty left in ``cards`` after what can be laid down this turn: with "go out
    by discarding" a hand that is all melds keeps one card back (the cheapest to keep)."""
    arr = arrangement(cards, table.values)
    if not table.keep_one or arr.leftover or len(cards) < 2:
        return deadwood(cards, table.values)
    kept = []
    for card in {c.face: c for c in cards}.values():
        rest = list(cards)
        rest.remove(card)
        kept.append(table.penalty(card) + deadwood(rest, table.values))
    return min(kept)


def gain_of(table: Table, card: Card) -> int:
    """Penalty points ``card`` would take out of the hand beyond its own (> 0: it melds),
    counting only what can be laid this turn under the keep-one rule."""
    hand = table.hand
    return (
        layable_deadwood(table, hand) + table.penalty(card) - layable_deadwood(table, [*hand, card])
    )


def danger(table: Table, card: Card) -> float:
    """How much discarding ``card`` would help the next player."""
    if card.is_joker:
        return 50.0
    nxt = table.next_seat
    value = 0.0
    if table.next_may_take() and table.fits_table(card):
        value += FEED_DANGER
    collected = table.knowledge.held.get(nxt, ())
    value += min(2, sum(related(card, c, POLICY) for c in collected)) * RELATED_DANGER
    if any(c.face == card.face for c in table.knowledge.discarded.get(nxt, ())):
        value -= 2.0
    return value


def discard_scores(table: Table, careful: bool = True) -> list[tuple[float, Card]]:
    """Loose cards by how gladly Normal throws them (best first)."""
    arr = table.arrangement
    loose = [c for c in arr.leftover if not c.is_joker]
    pool = loose or [c for c in table.hand if not c.is_joker] or list(table.hand)
    threat = table.threat()
    pen_weight = 1.0 + 1.5 * threat
    out_weight = OUT_WEIGHT * (1.0 - 0.6 * threat)
    scored: dict[str, tuple[float, Card]] = {}
    for card in pool:
        if card.face in scored:
            continue
        strong, weak = table.outs(card, arr.leftover)
        value = pen_weight * table.penalty(card) - out_weight * (strong + WEAK_WEIGHT * weak)
        if not loose:  # breaking a meld: count what it costs
            rest = list(table.hand)
            rest.remove(card)
            value -= 2 * (deadwood(rest, table.values) - (deadwood(table.hand, table.values)))
        if not table.melded and table.fits_table(card):
            value -= 4.0  # it lays off once we are down
        if careful:
            value -= danger(table, card)
        scored[card.face] = (value, card)
    return sorted(scored.values(), key=lambda item: (-item[0], item[1]))


def choose_discard(table: Table, careful: bool = True) -> Decision:
    hand = table.hand
    ranked = discard_scores(table, careful)
    card = ranked[0][1]
    if len(hand) == 1:
        return decision(
            Discard(card),
            "hint.kaluki.go_out",
            card=card,
        )
    if careful:
        careless = discard_scores(table, careful=False)[0][1]
        if careless.face != card.face and danger(table, careless) >= FEED_DANGER:
            return decision(
                Discard(card),
                "hint.kaluki.discard_safe",
                card=card,
                risky=careless,
            )
    return discard_decision(card, table.arrangement.melds, table.live, POLICY)


def choose_draw(table: Table, legal: Sequence[Action], first_round: bool) -> Decision:
    top = table.view.discard[-1] if table.view.discard else None
    can_take = Draw(DISCARD) in legal
    if can_take and top is not None:
        gain = gain_of(table, top)
        opens = (
            not table.melded
            and not first_round
            and not table.view.options.open_discard
            and opening(table.hand, table.values) < table.view.options.come_down
        )
        if opens:
            points = opening([*table.hand, top], table.values, top, table.keep_one)
            return decision(
                Draw(DISCARD),
                "hint.kaluki.take_to_open",
                card=top,
                points=points,
            )
        useful_joker = top.is_joker and len(table.hand) >= 3
        if useful_joker or gain > 0 or (table.melded and table.fits_table(top)):
            return decision(
                Draw(DISCARD),
                "hint.kaluki.take_discard",
                card=top,
            )
    if first_round:
        if top is None:
            return decision(Pass(), "hint.kaluki.pass_none")
        return decision(Pass(), "hint.kaluki.pass", card=top)
    if top is None:
        return decision(Draw(), "hint.kaluki.draw_stock_plain")
    return decision(Draw(), "hint.kaluki.draw_stock", card=top)


def _open_with(table: Table, legal: Sequence[Action]) -> LayDown | None:
    """The first meld Normal puts down: the least-penalty melds if they come down (fewest
    points left in hand), else the engine's highest opening."""
    listed = next((a for a in legal if isinstance(a, LayDown)), None)
    if listed is None or table.view.taken_discard is not None:
        return listed
    arr = table.arrangement
    need = table.view.options.come_down
    if meld_total(arr.melds, table.values) >= need and (arr.leftover or not table.keep_one):
        return LayDown(arr.melds)
    return listed


def choose_play(table: Table, legal: Sequence[Action]) -> Decision:
    hand = table.hand
    swaps = [a for a in legal if isinstance(a, SwapJoker)]
    if table.view.taken_discard is not None:
        lay = _open_with(table, legal)
        if lay is not None:
            return _open_decision(table, lay)
        assert swaps  # the rules list the swaps the opening with the taken card needs
    if swaps:
        return decision(
            swaps[0],
            "hint.kaluki.swap",
            card=swaps[0].card,
        )
    if not table.melded:
        lay = _open_with(table, legal)
        if lay is not None:
            return _open_decision(table, lay)
        return choose_discard(table)
    downs = [a for a in legal if isinstance(a, LayDown)]
    if downs:
        lay = max(downs, key=lambda a: len(a.melds))
        return decision(
            lay,
            "hint.kaluki.lay_down",
            meld=", ".join(m.describe() for m in lay.melds),
        )
    loose = set(table.arrangement.leftover)
    # melds that cannot go down (going out needs a discard and they are the whole hand):
    # their cards, jokers too, may still be laid off one by one
    stuck = set() if downs else {c for m in table.arrangement.melds for c in m.cards}
    threat = table.threat()
    offs = [a for a in legal if isinstance(a, LayOff) and a.cards[0] in loose | stuck]
    for off in sorted(offs, key=lambda a: (a.cards[0] not in stuck, -table.penalty(a.cards[0]))):
        card = off.cards[0]
        if card.is_joker and card not in stuck and not (len(hand) <= 2 or threat >= 0.75):
            continue  # a joker in hand is worth more than 25 points saved, for now
        return decision(
            off,
            "hint.kaluki.lay_off",
            card=card,
            meld=table.view.melds[off.target],
        )
    return choose_discard(table)


def _open_decision(table: Table, lay: LayDown) -> Decision:
    points = meld_total(lay.melds, table.values)
    return decision(
        lay,
        "hint.kaluki.open",
        points=points,
        need=table.view.options.come_down,
    )


def explain_kaluki(view: Any, legal: Sequence[Action], table: Table) -> Decision:
    """Normal's move in any Kaluki position, with its reason."""
    if NextDeal() in legal:
        return decision(NextDeal(), "hint.next_deal")
    if len(legal) == 1:
        return only_move(legal[0])
    if view.phase in (DRAW, FIRST_ROUND):
        return choose_draw(table, legal, view.phase == FIRST_ROUND)
    return choose_play(table, legal)


class KalukiNormal(ExplainingBot):
    def table(self, view: Any, history: Sequence[Event]) -> Table:
        return Table(view, self.reader.update(history))

    def explain(self, view: Any, legal: Sequence[Action], history: Sequence[Event]) -> Decision:
        return explain_kaluki(view, legal, self.table(view, history))
