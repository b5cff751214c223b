"""Dead cards: which cards in a hand can never be played, and which claims are possible.

Three positions are dead (rules/laugh_and_lie_down.md): four of a rank in one hand (all
four are declared), two of a rank when the other two have been captured (both), and
three of a rank (two of them; the third may still capture the fourth).

A claim on another player's dead cards needs proof: the claimer must be able to work out,
from the cards on view (layout, captured piles), the hand sizes and its own hand, that the
cards are there (typically late in a deal, when few hands are left). Anything less would
be a guess, and a guess checked by the engine would tell the guesser about a hidden hand.
So a claim that cannot be proved is refused with the reason, and costs nothing; one that
can is always right. The holder also gets the first chance: a claim is in time only once
the holder has had a turn or a window slot since the position could arise.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from game.engine.cards import Card
from game.engine.messages import Message, Seat, msg
from game.games.laugh_and_lie_down import messages as m

RANKS = range(1, 14)


def rank_counts(cards: Iterable[Card]) -> Counter:
    return Counter(card.rank for card in cards)


def all_captured(captured: Sequence[Sequence[Card]]) -> list[Card]:
    return [card for pile in captured for card in pile]


def dead_set(hand: Sequence[Card], rank: int, captured_count: int) -> tuple[Card, ...]:
    """The cards of ``rank`` that ``hand`` may declare dead (empty if none)."""
    same = [card for card in hand if card.rank == rank]  # in hand order
    if len(same) == 4:
        return tuple(same)
    if len(same) == 3:
        return tuple(same[:2])
    if len(same) == 2 and captured_count == 2:
        return tuple(same)
    return ()


def dead_sets(hand: Sequence[Card], captured: Sequence[Sequence[Card]]) -> list[tuple[Card, ...]]:
    """Every dead position in ``hand``, one tuple of cards per rank, lowest rank first."""
    held = rank_counts(hand)
    pairs = sorted(rank for rank, count in held.items() if count >= 2)
    if not pairs:  # the usual case, kept cheap: no rank twice, nothing dead
        return []
    taken = rank_counts(all_captured(captured))
    found = []
    for rank in pairs:
        cards = dead_set(hand, rank, taken[rank])
        if cards:
            found.append(cards)
    return found


def declaration_problem(
    cards: Sequence[Card], hand: Sequence[Card], captured: Sequence[Sequence[Card]]
) -> Message | None:
    """None if ``cards`` may be declared dead from ``hand``, else why not."""
    if not cards:
        return msg(m.CHOOSE_DEAD)
    if len(set(cards)) != len(cards):
        return msg(m.LISTED_TWICE)
    for card in cards:
        if card not in hand:
            return msg(m.NOT_IN_HAND, card=card)
    ranks = {card.rank for card in cards}
    if len(ranks) != 1:
        return msg(m.ONE_RANK)
    rank = ranks.pop()
    held = sum(card.rank == rank for card in hand)
    name = m.ranks(rank)
    if held == 4:
        return None if len(cards) == 4 else msg(m.ALL_FOUR, ranks=name)
    if held == 3:
        return None if len(cards) == 2 else msg(m.TWO_OF_THREE, ranks=name)
    if held == 2:
        taken = rank_counts(all_captured(captured))[rank]
        if taken < 2:
            still = 2 - taken
            return msg(m.PAIR_ALIVE_ONE if still == 1 else m.PAIR_ALIVE, ranks=name, n=still)
        return None if len(cards) == 2 else msg(m.BOTH, ranks=name)
    return msg(m.SINGLE, rank=m.rank(rank))


@dataclass(frozen=True)
class PublicTable:
    """What every player sees that bears on claims (built from a state or a view)."""

    layout: tuple[Card, ...]
    captured: tuple[tuple[Card, ...], ...]
    hand_sizes: tuple[int, ...]
    chance: tuple[int, ...]
    rank_moment: tuple[int, ...]

    @cached_property
    def taken(self) -> Counter:
        """Captured cards per rank, declared ones included."""
        return rank_counts(all_captured(self.captured))

    @cached_property
    def on_view(self) -> Counter:
        """Cards per rank that everybody can see: the layout and every captured pile."""
        return rank_counts(self.layout) + self.taken

    def in_hands(self, rank: int, known: Sequence[Card] = ()) -> int:
        """Cards of ``rank`` in hands other than ``known`` (the asker's own hand)."""
        return 4 - self.on_view[rank] - sum(card.rank == rank for card in known)

    def could_be_dead(self, seat: int, rank: int) -> bool:
        """Whether, as far as anybody can tell, ``seat``'s hand might hold a dead
        position of ``rank``."""
        size = self.hand_sizes[seat]
        elsewhere = self.in_hands(rank)
        three_or_four = elsewhere >= 3 and size >= 3
        dead_pair = self.taken[rank] == 2 and elsewhere == 2 and size >= 2
        return three_or_four or dead_pair

    def in_time(self, seat: int, rank: int) -> bool:
        """Whether ``seat`` has had its chance to declare its ``rank``s itself."""
        return self.chance[seat] >= self.rank_moment[rank - 1]

    def surely_held(self, claimer: int, seat: int, rank: int, known: Sequence[Card] | None) -> int:
        """The fewest cards of ``rank`` that ``seat`` can hold, as ``claimer`` (whose
        hand is ``known``; None: as if it held none of them, the most it could ever work
        out) can tell: the cards of that rank out of its sight, less all that the other
        hands could hold."""
        unseen = self.in_hands(rank, () if known is None else known)
        return max(0, unseen - self.room(claimer, seat))

    def room(self, claimer: int, seat: int) -> int:
        """How many cards the hands of everyone but ``claimer`` and ``seat`` hold."""
        return sum(self.hand_sizes) - self.hand_sizes[seat] - self.hand_sizes[claimer]

    def provably_dead(
        self, claimer: int, seat: int, rank: int, known: Sequence[Card] | None
    ) -> bool:
        held = self.surely_held(claimer, seat, rank, known)
        return held >= 3 or (held == 2 and self.taken[rank] == 2)

    def claim_problem(
        self, claimer: int, seat: int, rank: int, known: Sequence[Card] | None
    ) -> Message | None:
        """None if ``claimer`` (holding ``known``) may claim ``seat``'s dead ``rank``s
        now, else why not. A claim needs proof: the claimer must be able to work out
        from what is on view and its own hand that the dead cards are there."""
        players = len(self.hand_sizes)
        if not 0 <= seat < players:
            return msg(m.NO_PLAYER)
        if rank not in RANKS:
            return msg(m.NO_RANK)
        if seat == claimer:
            return msg(m.OWN_CARDS)
        who, name = Seat(seat), m.ranks(rank)
        if self.hand_sizes[seat] < 2:
            return msg(m.TOO_FEW, player=who)
        if not self.provably_dead(claimer, seat, rank, known):
            return msg(m.NO_PROOF, player=who, ranks=name)
        if not self.in_time(seat, rank):
            return msg(m.TOO_EARLY, player=who, ranks=name)
        return None

    def claims(self, claimer: int, known: Sequence[Card] | None) -> list[tuple[int, int]]:
        """Every (seat, rank) ``claimer`` may claim now (``known=None``: every one it
        might be able to claim, whatever its hand)."""
        found = []
        for seat in range(len(self.hand_sizes)):
            # at most 4 cards of a rank are out of sight: a proof needs room for <= 2
            if seat == claimer or self.hand_sizes[seat] < 2 or self.room(claimer, seat) > 2:
                continue
            for rank in RANKS:
                if self.in_time(seat, rank) and self.provably_dead(claimer, seat, rank, known):
                    found.append((seat, rank))
        return found

    def anyone_may_claim(self) -> bool:
        """Whether some seat might be able to claim something now (public)."""
        return any(self.claims(seat, None) for seat in range(len(self.hand_sizes)))

    def may_act_in_window(self, seat: int) -> bool:
        """Whether ``seat`` could declare or claim anything, judged only on public
        information (so that asking it or not tells nobody anything about its hand)."""
        if self.hand_sizes[seat] >= 2 and any(self.could_be_dead(seat, r) for r in RANKS):
            return True
        return bool(self.claims(seat, None))


def public_table(table: Any) -> PublicTable:
    """The public part of a state or of any seat's view (both carry these fields)."""
    return PublicTable(
        table.layout, table.captured, table.hand_sizes, table.chance, table.rank_moment
    )
