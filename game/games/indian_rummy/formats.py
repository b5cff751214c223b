"""Pool and Deals: what happens after a deal, and the questions asked between deals
(the rules page's "Formats", game/app/data/rules/indian_rummy.en.md; the decisions are
listed in docs/ARCHITECTURE.md).

**Pool** (61, 101 or 201): a loser's points are added to their pool score, the winner's
stays; a score reaching the limit eliminates the player, and the last player left wins.
**Decisions**: an eliminated player is offered to rejoin once, right after the deal that
put them out, while the highest score left is at most 44 (79, 174); they come back at
that score plus one, to the left of the next dealer. After a deal that eliminated someone
and left 2 or 3 players, every player left is asked in turn whether to split the pool by
drops left (as RummyCircle, A23 and Vrummy split); one No and the pool plays on. Nobody
is asked anything once one player is left.

**Deals** (2, 3 or 6): each player starts with 80 chips a deal (Deals 2: 160), whatever
the number of players; the winner of a deal takes from each loser chips equal to the
loser's points (**Decision**: never more than the loser holds). After the last deal the
most chips wins; players tied for the most play a decider deal between them, and again
until one leads.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from game.engine.errors import IllegalAction
from game.engine.events import Event, GameOver, Said
from game.games.indian_rummy.messages import say
from game.games.indian_rummy.options import A_PLAYER, POINTS_LEFT, IndianRummyOptions
from game.games.indian_rummy.seating import clockwise_after
from game.games.indian_rummy.state import (
    DEAL_OVER,
    GAME_OVER,
    REJOIN,
    SPLIT,
    IndianRummyState,
    IndianRummyView,
)

Outcome = tuple[IndianRummyState, list[Event]]
CHIPS_A_DEAL = 80  # each player's stack: 80 a deal of the game (a full count a deal)
REJOINS_ALLOWED = 1  # per player and pool


# -- Deals -------------------------------------------------------------------------------


def start_chips(options: IndianRummyOptions) -> int:
    """Each player's stack at the start: 80 chips a deal, whatever the number of players
    (every source: Deals 2 160, Deals 3 240, Deals 6 480); 80 a player in games saved
    before that rule (the legacy ``deals_chips``)."""
    if options.deals_chips == A_PLAYER:
        return CHIPS_A_DEAL * options.players
    return CHIPS_A_DEAL * options.deal_count


def chips(state: IndianRummyState | IndianRummyView) -> tuple[int, ...]:
    """Each seat's chips: the starting stack plus the running balance."""
    start = start_chips(state.options)
    return tuple(start + balance for balance in state.balances)


def after_deals_deal(state: IndianRummyState, events: list[Event]) -> Outcome:
    """The next deal, the decider between the tied, or the end of the game."""
    if state.deals_in_round < state.round_size:
        return replace(state, phase=DEAL_OVER), events
    held = chips(state)
    best = max(held[seat] for seat in state.order)
    tied = tuple(seat for seat in state.order if held[seat] == best)
    if len(tied) == 1:
        return _game_over(state, tied, held, events)
    # a decider: only the tied play, dealt by the next of them clockwise
    dealer = clockwise_after(state.order, state.dealer)
    while dealer not in tied:
        dealer = clockwise_after(state.order, dealer)
    state = replace(
        state,
        order=tied,
        next_dealer=dealer,
        seat=dealer,
        round_size=state.round_size + 1,
        phase=DEAL_OVER,
    )
    return state, [*events, Said(dealer, say("decider", chips=best), about_seat=False)]


def is_decider(state: IndianRummyState) -> bool:
    """Whether the deal under way (or just ended) is played after the last deal."""
    return state.options.deals and state.deal > state.options.deal_count


# -- Pool --------------------------------------------------------------------------------


def pool_after(state: IndianRummyState, points: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(s + p for s, p in zip(state.scores, points, strict=True))


def eliminated_by(state: IndianRummyState, scores: tuple[int, ...]) -> tuple[int, ...]:
    """Seats at the table whose score has reached the limit."""
    limit = state.options.pool_limit
    return tuple(seat for seat in state.order if scores[seat] >= limit)


def after_pool_deal(state: IndianRummyState, out: tuple[int, ...], events: list[Event]) -> Outcome:
    """Take the eliminated off the table, then ask the questions that are due."""
    limit = state.options.pool_limit
    for seat in out:
        events.append(Said(seat, say("eliminated", score=state.scores[seat], limit=limit)))
    state = _without(state, out)
    if len(state.order) == 1:
        return _game_over(state, state.order, state.scores, events)
    offered = tuple(seat for seat in out if may_rejoin(state, seat))
    if offered:
        return replace(state, phase=REJOIN, pending=offered, seat=offered[0]), events
    return _split_or_deal(state, bool(out), events)


def _without(state: IndianRummyState, seats: tuple[int, ...]) -> IndianRummyState:
    next_dealer = state.next_dealer
    while next_dealer in seats:
        next_dealer = clockwise_after(state.order, next_dealer)
    order = tuple(seat for seat in state.order if seat not in seats)
    return replace(state, order=order, next_dealer=next_dealer, seat=next_dealer)


def highest_left(state: IndianRummyState | IndianRummyView) -> int:
    return max(state.scores[seat] for seat in state.order)


def may_rejoin(state: IndianRummyState, seat: int) -> bool:
    return (
        seat not in state.order
        and state.rejoins[seat] < REJOINS_ALLOWED
        and highest_left(state) <= state.options.rejoin_ceiling
    )


def rejoin_score(state: IndianRummyState | IndianRummyView) -> int:
    """The score an eliminated player comes back with (a seat's view knows it too)."""
    return highest_left(state) + 1


def answer_rejoin(state: IndianRummyState, accept: bool) -> Outcome:
    seat = state.seat
    events: list[Event] = []
    if accept:
        score = rejoin_score(state)
        at = state.order.index(state.next_dealer) + 1  # to the left of the next dealer
        state = replace(
            state,
            order=(*state.order[:at], seat, *state.order[at:]),
            scores=tuple(score if s == seat else v for s, v in enumerate(state.scores)),
            rejoins=tuple(n + (s == seat) for s, n in enumerate(state.rejoins)),
        )
        events.append(Said(seat, say("rejoin", score=score)))
    else:
        events.append(Said(seat, say("stay_out")))
    rest = tuple(s for s in state.pending[1:] if may_rejoin(state, s))
    if rest:
        return replace(state, pending=rest, seat=rest[0]), events
    state = replace(state, pending=(), seat=state.next_dealer)
    still_out = any(s not in state.order for s in state.history[-1].eliminated)
    return _split_or_deal(state, still_out, events)


def _split_or_deal(state: IndianRummyState, someone_out: bool, events: list[Event]) -> Outcome:
    if someone_out and 2 <= len(state.order) <= 3 and splittable(state):
        return replace(state, phase=SPLIT, pending=state.order, seat=state.order[0]), events
    return replace(state, phase=DEAL_OVER, pending=(), seat=state.next_dealer), events


def answer_split(state: IndianRummyState, agree: bool) -> Outcome:
    seat = state.seat
    if not agree:
        said = Said(seat, say("split_no"))
        return replace(state, phase=DEAL_OVER, pending=(), seat=state.next_dealer), [said]
    events: list[Event] = [Said(seat, say("split_yes"))]
    rest = state.pending[1:]
    if rest:
        return replace(state, pending=rest, seat=rest[0]), events
    events.append(Said(seat, say("pool_split"), about_seat=False))
    state = replace(state, pending=(), split=True)
    return _game_over(state, state.order, state.scores, events)


# -- the split by drops --------------------------------------------------------------------


def drops_left(options: IndianRummyOptions, score: int) -> int:
    """How many more first drops a pool score can take before it reaches the limit."""
    return max(0, (options.pool_limit - 1 - score) // options.first_drop)


def entries(state: IndianRummyState | IndianRummyView) -> int:
    """Entries into the pool: every player who started, and every rejoin (each pays one)."""
    return len(state.scores) + sum(state.rejoins)


@dataclass(frozen=True)
class Split:
    """A split of the pool by drops left: every player's drops are equated to the fewest,
    each extra drop is paid one entry's share, and the rest is shared equally."""

    drops: dict[int, int]  # seat: drops left
    entries: int  # the pool holds this many entries
    shares: dict[int, int]  # seat: share of the pool in whole percent (they add up to 100)

    @property
    def fewest(self) -> int:
        return min(self.drops.values())

    def extra(self, seat: int) -> int:
        return self.drops[seat] - self.fewest


def split_of(
    options: IndianRummyOptions, scores: Sequence[int], seats: Sequence[int], count: int
) -> Split | None:
    """The split of a pool of ``count`` entries among ``seats``; None when the extra drops
    would take the whole pool (A23 then offers no split)."""
    drops = {seat: drops_left(options, scores[seat]) for seat in seats}
    if options.pool_split == POINTS_LEFT:  # a game saved before the split by drops
        return Split(drops, count, shares_by_points(scores, seats, options.pool_limit))
    fewest = min(drops.values())
    extra = {seat: n - fewest for seat, n in drops.items()}
    if sum(extra.values()) >= count:
        return None
    entry = Fraction(100, count)  # one entry's share, in percent of the pool
    rest = (100 - entry * sum(extra.values())) / len(seats)
    exact = {seat: entry * extra[seat] + rest for seat in seats}
    shares = {seat: int(value) for seat, value in exact.items()}
    # whole percents that add up to 100: the largest remainders get the missing ones
    for seat in sorted(seats, key=lambda s: (-(exact[s] - shares[s]), -drops[s], s)):
        if sum(shares.values()) >= 100:
            break
        shares[seat] += 1
    return Split(drops, count, shares)


def shares_by_points(scores: Sequence[int], seats: Sequence[int], limit: int) -> dict[int, int]:
    """The split of games saved before the split by drops (the legacy ``pool_split``):
    in proportion to the points each player had left before the limit, the lowest score
    taking the rounding."""
    left = {seat: limit - scores[seat] for seat in seats}
    total = sum(left.values())
    shares = {seat: 100 * n // total for seat, n in left.items()}
    first = min(left, key=lambda seat: (scores[seat], seat))
    shares[first] += 100 - sum(shares.values())  # whole percents add up to 100
    return shares


def splittable(state: IndianRummyState) -> bool:
    return split_of(state.options, state.scores, state.order, entries(state)) is not None


def split_now(state: IndianRummyState | IndianRummyView) -> Split:
    """The split the players left would agree to now (the question's figures)."""
    found = split_of(state.options, state.scores, state.order, entries(state))
    assert found is not None  # the question is asked only when a split exists
    return found


def split_shares(state: IndianRummyState | IndianRummyView) -> dict[int, int]:
    """Each splitting player's share of the split pool in percent."""
    found = split_of(state.options, state.scores, state.winners, entries(state))
    assert found is not None  # the pool was split, so the split existed
    return found.shares


def check_question(state: IndianRummyState, phase: str) -> None:
    if state.phase != phase:
        raise IllegalAction(say("no_rejoin" if phase == REJOIN else "no_split"))


def _game_over(
    state: IndianRummyState, winners: tuple[int, ...], totals: tuple[int, ...], events: list
) -> Outcome:
    state = replace(state, phase=GAME_OVER, winners=winners, pending=())
    return state, [*events, GameOver(winners, totals)]
