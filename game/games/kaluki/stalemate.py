"""When a Kaluki deal can never end, so the rules draw it (docs/ARCHITECTURE.md).

Cards leave a hand only by melding or laying off, and a turn draws one card and discards
one, so a hand never grows. The cards still in play (hands, stock, discards) go round
through the reshuffles; the ones on the table never come back, except a joker swapped
out. So once no card in play can go on a meld or be swapped for a joker there, and no
player could make a new meld from those cards with the room their hand has, the table
never changes again and nobody can ever go out. Every test here errs towards "it can
still end": a deal is drawn only when that is certain.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from game.engine.cards import Card
from game.engine.melds import ACE_HIGH, GROUP, RUN, Meld, extensions
from game.games.kaluki.options import KalukiOptions
from game.games.kaluki.scoring import POLICY, best_opening, rank_value
from game.games.kaluki.state import KalukiState

EXACT_LIMIT = 18  # the exact opening search is quick up to this many useful cards
SMALLEST_MELD = min(POLICY.min_run, POLICY.min_group)


def _room(state: KalukiState, seat: int) -> int:
    """How many cards ``seat`` could lay down as new melds in a turn: its hand and the
    card drawn, less the one kept for the discard when going out needs one."""
    return len(state.hands[seat]) + 1 - (1 if state.options.go_out_by_discard else 0)


def hands_too_small(state: KalukiState) -> bool:
    """Whether no hand has room for a new meld: then only a lay-off or a swap can help,
    which :func:`cannot_progress` checks quickly (the rules ask after every discard)."""
    return all(_room(state, seat) < SMALLEST_MELD for seat in range(state.players))


def cannot_progress(state: KalukiState) -> bool:
    """True when no card in play can ever be melded, laid off or swapped in again."""
    loose = [card for hand in state.hands for card in hand]
    loose.extend(state.stock)
    loose.extend(state.discard)
    faces = list({(card.rank, card.suit): card for card in loose}.values())
    if _table_takes(state.melds, faces):
        return False
    if hands_too_small(state):
        return True
    useful = _in_some_meld(loose)
    for seat in range(state.players):
        room = _room(state, seat)
        if room < SMALLEST_MELD or not useful:
            continue
        if state.melded[seat] or _opening_possible(useful, state.options, room):
            return False
    return True


def _table_takes(melds: Sequence[Meld], faces: Sequence[Card]) -> bool:
    """Whether any of ``faces`` can be laid off on, or swapped into, a meld."""
    for meld in melds:
        substitutes = meld.substitutes
        for card in faces:
            if any(stands_for(slot, card) for slot in substitutes):
                return True
            if may_fit(meld, card) and extensions(meld, [card], POLICY):
                return True
    return False


def stands_for(slot, card: Card) -> bool:
    """Whether ``card`` is the real card the joker in ``slot`` represents."""
    rank = 1 if slot.rank == ACE_HIGH else slot.rank
    return not card.is_joker and card.rank == rank and card.suit == slot.suit


def may_fit(meld: Meld, card: Card) -> bool:
    """A cheap filter before trying a lay-off for real."""
    if card.is_joker:
        return True
    if meld.kind == GROUP:
        return card.rank == meld.rank
    assert meld.kind == RUN
    if card.suit != meld.suit:
        return False
    below, above = meld.rank - 1, meld.high + 1
    return card.rank in (below, above) or (card.rank == 1 and above == ACE_HIGH)


def _in_some_meld(cards: Sequence[Card]) -> list[Card]:
    """The cards that belong to at least one three-card meld made of ``cards``; every
    longer meld holds a three-card one around each of its real cards. Jokers count when
    there is any such meld (a joker alone makes none: a meld needs a real card)."""
    jokers = [card for card in cards if card.is_joker]
    suits_of: dict[int, set[str]] = defaultdict(set)
    places: dict[str, set[int]] = defaultdict(set)
    for card in cards:
        if card.is_joker:
            continue
        suits_of[card.rank].add(card.suit)
        places[card.suit].update((1, ACE_HIGH) if card.rank == 1 else (card.rank,))
    grouped = {rank for rank, suits in suits_of.items() if len(suits) + len(jokers) >= 3}
    in_runs: set[tuple[str, int]] = set()
    for suit, held in places.items():
        for low in range(1, ACE_HIGH - 1):
            window = {low, low + 1, low + 2}
            if 3 - len(window & held) <= len(jokers):
                in_runs.update((suit, place) for place in window & held)
    useful = [
        card
        for card in cards
        if not card.is_joker
        and (
            card.rank in grouped
            or (card.suit, card.rank) in in_runs
            or (card.rank == 1 and (card.suit, ACE_HIGH) in in_runs)
        )
    ]
    return [*useful, *jokers] if useful else []


def _opening_possible(useful: list[Card], options: KalukiOptions, room: int) -> bool:
    """Whether a first meld of the points to come down could ever be made from these
    cards by a hand that can lay ``room`` of them: no when even the ``room`` dearest,
    each at its highest value, fall short; exactly when they are few."""
    values, need = options.values, options.come_down
    joker_value = max(values.ace, 10)
    worth = sorted(
        (joker_value if c.is_joker else rank_value(c.rank, values) for c in useful), reverse=True
    )
    if sum(worth[:room]) < need:
        return False
    if len(useful) > EXACT_LIMIT:
        return True
    return best_opening(useful, values) >= need
