"""Indian Rummy's card points, declarations and what a loser pays (rules/indian_rummy.md).

Everything here is a pure function of the cards and the wild rank, shared by the rules,
the public helpers and the bots. The exact solver of ``game.engine.solver`` finds the
arrangement most favourable to the player, so nobody loses points by arranging badly.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache

from game.engine.cards import Card, parse_rank
from game.engine.melds import RUN, Meld, MeldPolicy
from game.engine.messages import Message
from game.engine.solver import Arrangement, best_arrangement
from game.games.indian_rummy.messages import say

HAND_SIZE = 13
CAP = 80  # a loser never pays more


@cache
def policy_for(wild_rank: int | None) -> MeldPolicy:
    """Runs and sets (3 or 4 cards of different suits); every card of ``wild_rank`` and
    every printed joker is wild."""
    return MeldPolicy(run_name="run", group_name="set", max_group=4, wild_rank=wild_rank)


def as_rank(wild_rank: str | int | None) -> int | None:
    """``"8"``, ``"K"``, ``8`` or None (only printed jokers wild) as a rank number."""
    if wild_rank is None or isinstance(wild_rank, int):
        return wild_rank
    return parse_rank(wild_rank)


def is_wild(card: Card, wild_rank: int | None) -> bool:
    return card.is_joker or card.rank == wild_rank


def card_points(card: Card, wild_rank: int | None) -> int:
    """A K Q J 10, 2-10 their face value, printed jokers and wild cards 0."""
    if is_wild(card, wild_rank):
        return 0
    return 10 if card.rank in (1, 11, 12, 13) else card.rank


def hand_points(cards: Iterable[Card], wild_rank: int | None) -> int:
    return sum(card_points(card, wild_rank) for card in cards)


def _searcher(
    wild_rank: int | None, per_card: Callable[[Card, int, str], int]
) -> Callable[..., Arrangement | None]:
    policy = policy_for(wild_rank)

    def search(cards: Sequence[Card], **requirements) -> Arrangement | None:
        return best_arrangement(cards, policy, per_card, **requirements)

    return search


def _points_score(wild_rank: int | None) -> Callable[[Card, int, str], int]:
    return lambda card, _rank, _suit: card_points(card, wild_rank)


def _one(_card: Card, _rank: int, _suit: str) -> int:
    return 1


# -- losers -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Count:
    """A loser's hand counted on the arrangement most favourable to them."""

    melds: tuple[Meld, ...]  # the melds that are excluded from the count
    counted: tuple[Card, ...]  # the cards whose points count
    points: int  # before the cap

    @property
    def owed(self) -> int:
        return min(self.points, CAP)


def count_hand(
    cards: Sequence[Card], wild_rank: int | None, pure_length: int = 3, modern: bool = False
) -> Count:
    """The least a loser can owe: the best of the tiers of the scoring rule.

    Pagat (the default): without a pure run every card counts; with a pure run only cards
    in runs are excluded; with a pure run and a second run, runs and sets are all
    excluded. ``modern``: every card counts unless there is a pure run and a second run.
    """
    search = _searcher(wild_rank, _points_score(wild_rank))
    total = hand_points(cards, wild_rank)
    best = Count((), tuple(cards), total)
    runs_only = (
        None if modern else search(cards, kinds=(RUN,), require_pure=1, pure_length=pure_length)
    )
    full = search(cards, require_pure=1, require_runs=2, pure_length=pure_length)
    for found in (runs_only, full):
        if found is not None and total - found.score < best.points:
            best = Count(found.melds, found.leftover, total - found.score)
    return best


def least_deadwood(cards: Sequence[Card], wild_rank: int | None) -> Arrangement:
    """Runs and sets leaving the fewest points, with no requirement (to choose discards)."""
    found = _searcher(wild_rank, _points_score(wild_rank))(cards)
    assert found is not None  # without requirements, leaving everything is allowed
    return found


def loser_points(cards: Sequence[Card], wild_rank: str | int | None) -> int:
    """What a loser holding ``cards`` pays the winner: unmatched points on their most
    favourable arrangement, capped at 80. ``wild_rank`` is a rank such as ``"8"``, or
    None when only printed jokers are wild."""
    return count_hand(cards, as_rank(wild_rank)).owed


# -- declarations ------------------------------------------------------------------------


def declaration(
    cards: Sequence[Card], wild_rank: int | None, pure_length: int = 3
) -> Arrangement | None:
    """All of ``cards`` in runs and sets with a pure run and a second run, or None."""
    search = _searcher(wild_rank, _one)
    found = search(cards, require_pure=1, require_runs=2, pure_length=pure_length)
    return found if found is not None and not found.leftover else None


def most_placed(cards: Sequence[Card], wild_rank: int | None, pure_length: int = 3) -> int:
    """How many of ``cards`` fit in runs and sets that include a pure run and a second run
    (-1 when even that is impossible). With 14 cards in hand, a declaration exists only if
    this reaches 13: one solver call rules most turns out."""
    search = _searcher(wild_rank, _one)
    found = search(cards, require_pure=1, require_runs=2, pure_length=pure_length)
    return -1 if found is None else found.score


def find_problem(
    cards: Sequence[Card], wild_rank: int | None, pure_length: int = 3
) -> Message | None:
    """Why ``cards`` cannot be declared, as a message a player reads (None if they can)."""
    if len(cards) != HAND_SIZE:
        return say("size", need=HAND_SIZE, count=len(cards))
    if declaration(cards, wild_rank, pure_length) is not None:
        return None
    search = _searcher(wild_rank, _one)
    pure_any = search(cards, kinds=(RUN,), require_pure=1)
    if pure_any is None:
        return say("no_pure")
    if pure_length > 3 and search(cards, kinds=(RUN,), require_pure=1, pure_length=4) is None:
        return say("first_life")
    with_pure = search(cards, require_pure=1, pure_length=pure_length)
    if with_pure is not None and not with_pure.leftover:
        return say("second_run")
    anyhow = search(cards)
    if anyhow is not None and not anyhow.leftover:
        return say("pure_needed")
    fewest = search(cards, require_pure=1, require_runs=2, pure_length=pure_length)
    best = fewest if fewest is not None else with_pure
    assert best is not None  # a pure run exists (checked above)
    left = best.leftover
    if len(left) == 1:
        return say("loose_one", card=left[0])
    return say("loose", cards=tuple(left))


def can_declare(cards: Sequence[Card], wild_rank: str | int | None) -> bool:
    """Whether these 13 cards form a valid declaration (runs and sets, a pure run and a
    second run). ``wild_rank`` as in :func:`loser_points`."""
    return len(cards) == HAND_SIZE and declaration(cards, as_rank(wild_rank)) is not None


def declaration_problem(cards: Sequence[Card], wild_rank: str | int | None) -> Message | None:
    """The reason these 13 cards cannot be declared, as a message (``str()`` of it is the
    English a player would read; None if they can)."""
    return find_problem(cards, as_rank(wild_rank))
