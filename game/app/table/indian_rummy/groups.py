"""The player's hand in groups (Indian Rummy): the arrangement a player builds by dragging
cards between groups, kept while cards come and go. Plain data, no pygame.

A hand is a list of groups, each a list of cards, left to right. The table shows a gap
between groups and names what each group makes ("Pure run", "Run", "Set"); the names are
read with the engine's meld helpers only to *describe* the player's arrangement (the
engine finds the best arrangement itself when a player declares or pays, so arranging
badly never costs anything).

**Decisions**: a fresh deal arrives in one group per suit, the wild cards (printed jokers
and the wild rank) together in a last group. A card drawn lands in a group of its own at
the right unless it was dropped into a group. Sort by suit regroups by suit; Sort by rank
makes one group in rank order; Auto-group asks the solver for the arrangement that leaves
the fewest points, a pure run and a second run when the cards allow, and lays it out
pure run first, then the other runs, the sets, and the unmatched cards last.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from game.engine.cards import Card, sort_by_rank, sort_by_suit
from game.engine.melds import RUN, Meld, arrangements
from game.engine.solver import best_arrangement
from game.games.indian_rummy import card_points, policy_for

Groups = list[list[Card]]
SUIT_ORDER = ("S", "H", "C", "D")

# What a group makes, for its label.
PURE, RUN_KIND, SET, LOOSE = "pure", "run", "set", ""


def is_wild(card: Card, wild_rank: int | None) -> bool:
    return card.is_joker or card.rank == wild_rank


def suit_groups(cards: Sequence[Card], wild_rank: int | None) -> Groups:
    """One group per suit (ace low), then the wild cards together."""
    wilds = sort_by_suit(c for c in cards if is_wild(c, wild_rank))
    groups = [
        sort_by_suit(c for c in cards if c.suit == suit and not is_wild(c, wild_rank))
        for suit in SUIT_ORDER
    ]
    return [group for group in [*groups, wilds] if group]


def rank_group(cards: Sequence[Card], wild_rank: int | None) -> Groups:
    """The whole hand as one group in rank order, the wild cards last."""
    plain = sort_by_rank(c for c in cards if not is_wild(c, wild_rank))
    wilds = sort_by_suit(c for c in cards if is_wild(c, wild_rank))
    return [plain + wilds] if cards else []


def solver_groups(cards: Sequence[Card], wild_rank: int | None, pure_length: int = 3) -> Groups:
    """The solver's arrangement: a pure run and a second run when the cards allow (the
    fewest points left over among those), else a pure run, else any runs and sets; the
    pure run first, then runs, then sets, then the unmatched cards in one group."""
    found = _best(tuple(cards), wild_rank, pure_length)
    if found is None:
        return suit_groups(cards, wild_rank)
    melds, leftover = found
    groups = [list(meld.cards) for meld in melds]
    if leftover:
        groups.append(sort_by_suit(leftover))
    return groups


@lru_cache(maxsize=64)
def _best(
    cards: tuple[Card, ...], wild_rank: int | None, pure_length: int
) -> tuple[tuple[Meld, ...], tuple[Card, ...]] | None:
    policy = policy_for(wild_rank)

    def score(card: Card, _rank: int, _suit: str) -> int:
        return card_points(card, wild_rank) + 1  # every placed card counts, wild ones too

    tiers = (  # a pure run and a second run; a pure run; anything
        lambda: best_arrangement(
            cards, policy, score, require_pure=1, require_runs=2, pure_length=pure_length
        ),
        lambda: best_arrangement(cards, policy, score, require_pure=1, pure_length=pure_length),
        lambda: best_arrangement(cards, policy, score),
    )
    for tier in tiers:
        found = tier()
        if found is not None and found.melds:
            return tuple(sorted(found.melds, key=meld_order)), found.leftover
    return None


def meld_order(meld: Meld) -> tuple[int, int, int]:
    """Pure runs first (longest first), then runs with wild cards, then sets."""
    if meld.kind == RUN:
        return (0 if meld.is_pure else 1, -len(meld.slots), meld.rank)
    return (2, -len(meld.slots), meld.rank)


@lru_cache(maxsize=512)
def reading(cards: tuple[Card, ...], wild_rank: int | None, pure_length: int = 3) -> str:
    """What a group makes: PURE (a run with no wild card standing in, long enough for a
    first life), RUN_KIND, SET or LOOSE."""
    if len(cards) < 3:
        return LOOSE
    readings = arrangements(list(cards), policy_for(wild_rank))
    runs = [m for m in readings if m.kind == RUN]
    if any(m.is_pure and len(m.slots) >= pure_length for m in runs):
        return PURE
    if runs:
        return RUN_KIND
    return SET if readings else LOOSE


def unmatched_points(groups: Sequence[Sequence[Card]], wild_rank: int | None, pure: int) -> int:
    """The points the player's arrangement would pay, by the scoring rule
    (rules/indian_rummy.md, "Scoring a deal"): without a pure run every card counts; with
    a pure run but no second run only the runs are free (sets count); with both, runs and
    sets are free and only the groups that make nothing count."""
    kinds = [reading(tuple(group), wild_rank, pure) for group in groups]
    runs = sum(kind in (PURE, RUN_KIND) for kind in kinds)
    if PURE not in kinds:
        free: tuple[str, ...] = ()
    elif runs < 2:
        free = (PURE, RUN_KIND)
    else:
        free = (PURE, RUN_KIND, SET)
    return sum(
        card_points(card, wild_rank)
        for group, kind in zip(groups, kinds, strict=True)
        if kind not in free
        for card in group
    )


def spare_twin(
    groups: Sequence[Sequence[Card]], card: Card, wild_rank: int | None, pure: int = 3
) -> Card:
    """Of ``card`` and its identical twins (same rank and suit, another deck), the one the
    player would throw: outside a formed group if ``card`` sits inside one; else one
    whose group stays formed without it (the 7♦ making a set of four, not the 7♦ of a
    pure run of three). Identical cards are equal to the rules, so the hint may name
    either, and must light the one its reason means."""
    formed = {c for g in groups if reading(tuple(g), wild_rank, pure) != LOOSE for c in g}
    if card not in formed:
        return card
    twins = [c for g in groups for c in g if c.face == card.face and c != card]
    loose = next((c for c in twins if c not in formed), None)
    if loose is not None:
        return loose

    def stays_formed(twin: Card) -> bool:
        group = next(g for g in groups if twin in g)
        rest = tuple(c for c in group if c != twin)
        return reading(rest, wild_rank, pure) != LOOSE

    return next((c for c in [card, *twins] if stays_formed(c)), card)
