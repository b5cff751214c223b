"""What a seat learns from the public history: the discard pile and rebuilt stocks."""

from __future__ import annotations

from game.ai.knowledge import read_history
from game.engine.events import CardMoved, DealStarted, Shuffled
from tests.helpers import cards


def thrown(seat: int, card_string: str) -> list[CardMoved]:
    return [CardMoved(card, f"hand:{seat}", "discard") for card in cards(card_string)]


def rebuild(count: int) -> list:
    """The discards under the top card go face down into a new stock (unseen by all)."""
    moves = [CardMoved(None, "discard", "stock", face_up=False) for _ in range(count)]
    return [*moves, Shuffled("stock", count)]


def test_a_rebuilt_stock_holds_the_pile_under_its_top_card():
    history = [DealStarted(9, 0), *thrown(1, "7C 8D QH"), *thrown(2, "KS"), *rebuild(3)]
    known = read_history(history)
    assert known.rebuilds == 1
    assert known.restocked == cards("7C 8D QH")
    assert known.pile == cards("KS")  # the top card stays where it was
    assert known.top_from is None


def test_each_rebuild_is_counted_once_and_a_new_deal_forgets_them():
    history = [DealStarted(9, 0), *thrown(1, "7C 8D"), *rebuild(1)]
    history += [CardMoved(None, "stock", "hand:2", face_up=False), *thrown(2, "QH"), *rebuild(1)]
    known = read_history(history)
    assert known.rebuilds == 2
    assert known.restocked == cards("8D")
    assert known.pile == cards("QH")
    assert read_history([*history, DealStarted(1, 1)]).rebuilds == 0


def test_a_stock_rebuilt_from_the_whole_pile_leaves_no_pile():
    history = [DealStarted(3, 0), *thrown(1, "7C 8D QH"), *rebuild(3)]  # Kaluki's way
    known = read_history(history)
    assert known.restocked == cards("7C 8D QH")
    assert known.pile == []
