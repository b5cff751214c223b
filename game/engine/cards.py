"""Cards, decks and the text form used in tests, logs and saves.

Text form: rank (A 2-10 J Q K) then suit (S H D C), e.g. ``AS 10H QD 7C``; ``JK`` is a
joker. Games with two or three decks hold identical cards, told apart by a copy number
written after ``#``: ``7H`` is the first copy, ``7H#1`` the second. Within one call to
:func:`parse_cards`, repeated cards without ``#`` get the next free copy, so
``parse_cards("7H 7H")`` gives two distinct cards.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

SUITS = ("S", "H", "D", "C")
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RANK_NAMES = {1: "A", 11: "J", 12: "Q", 13: "K", 14: "A"}
JOKER_RANK = 0
JOKER_TEXT = "JK"
_RANK_OF_TEXT = {"A": 1, "J": 11, "Q": 12, "K": 13, **{str(n): n for n in range(2, 11)}}
_FACES_PER_COPY = 53  # 52 faces and one joker face


def rank_text(rank: int) -> str:
    """``1 -> "A"``, ``10 -> "10"``, ``12 -> "Q"``, ``14 -> "A"`` (an ace played high)."""
    return RANK_NAMES.get(rank, str(rank))


def parse_rank(text: str) -> int:
    """``"A" -> 1``, ``"10" -> 10``; raises ``ValueError`` naming a bad rank."""
    try:
        return _RANK_OF_TEXT[text.strip().upper()]
    except KeyError:
        raise ValueError(f"{text!r} is not a rank (use A, 2-10, J, Q or K)") from None


@dataclass(frozen=True, order=True, slots=True)
class Card:
    """One physical card. ``rank`` 1 (ace) .. 13 (king), 0 for a joker (suit "")."""

    rank: int
    suit: str
    copy: int = 0

    @property
    def is_joker(self) -> bool:
        return self.rank == JOKER_RANK

    @property
    def face(self) -> str:
        """The printed face without the copy number: ``"7H"``, ``"JK"``."""
        return JOKER_TEXT if self.is_joker else rank_text(self.rank) + self.suit

    @property
    def id(self) -> int:
        """A number unique among all cards of any deck this project builds."""
        face_index = 52 if self.is_joker else SUITS.index(self.suit) * 13 + self.rank - 1
        return self.copy * _FACES_PER_COPY + face_index

    def __str__(self) -> str:
        return self.face if self.copy == 0 else f"{self.face}#{self.copy}"

    def __repr__(self) -> str:
        return f"Card({self})"

    def pretty(self) -> str:
        """The face with a suit symbol, for messages: ``"7♥"``, ``"Joker"``."""
        return "Joker" if self.is_joker else rank_text(self.rank) + SUIT_SYMBOLS[self.suit]


def joker(copy: int = 0) -> Card:
    return Card(JOKER_RANK, "", copy)


def parse_card(token: str, copy: int | None = None) -> Card:
    """Parse one token such as ``"10H"``, ``"JK"`` or ``"7H#1"``."""
    text = token.strip().upper()
    if "#" in text:
        text, _, copy_text = text.partition("#")
        if not copy_text.isdigit() or len(copy_text) > 2:
            raise ValueError(f"bad card {token!r}: the copy after '#' must be a small number")
        copy = int(copy_text)
    if text == JOKER_TEXT:
        return Card(JOKER_RANK, "", copy or 0)
    if len(text) < 2 or text[-1] not in SUITS:
        raise ValueError(
            f"bad card {token!r}: write rank then suit, like AS, 10H, QD, 7C, or JK for a joker"
        )
    try:
        rank = parse_rank(text[:-1])
    except ValueError:
        raise ValueError(
            f"bad card {token!r}: {text[:-1]!r} is not a rank (A, 2-10, J, Q, K)"
        ) from None
    return Card(rank, text[-1], copy or 0)


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Parse ``"AS 10H QD 7C JK"`` (spaces or commas) into cards.

    Raises ``ValueError`` naming the first bad token. Identical faces without an
    explicit ``#copy`` get successive copy numbers so each card stays unique.
    """
    tokens = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    cards: list[Card] = []
    taken: set[Card] = set()
    for token in tokens:
        card = parse_card(token)
        if "#" not in token:
            while card in taken:
                card = Card(card.rank, card.suit, card.copy + 1)
        elif card in taken:
            raise ValueError(f"card {token!r} is listed twice")
        taken.add(card)
        cards.append(card)
    return cards


def format_cards(cards: Iterable[Card]) -> str:
    return " ".join(str(card) for card in cards)


def make_deck(decks: int = 1, jokers: int = 0) -> list[Card]:
    """``decks`` full 52-card packs plus ``jokers`` jokers, in a fixed (unshuffled) order."""
    cards = [
        Card(rank, suit, copy) for copy in range(decks) for suit in SUITS for rank in range(1, 14)
    ]
    cards.extend(joker(copy) for copy in range(jokers))
    return cards


def sort_by_suit(cards: Iterable[Card]) -> list[Card]:
    """Suit order S H C D (alternating colours), ace low, jokers last."""
    order = {"S": 0, "H": 1, "C": 2, "D": 3, "": 4}
    return sorted(cards, key=lambda c: (order[c.suit], c.rank, c.copy))


def sort_by_rank(cards: Iterable[Card]) -> list[Card]:
    order = {"S": 0, "H": 1, "C": 2, "D": 3, "": 4}
    return sorted(cards, key=lambda c: (c.is_joker, c.rank, order[c.suit], c.copy))
