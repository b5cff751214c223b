import pytest

from game.engine.cards import Card, format_cards, make_deck, parse_card, parse_cards


def test_text_form_round_trips_with_copies():
    cards = parse_cards("AS 10H QD 7C JK 7C JK")
    assert format_cards(cards) == "AS 10H QD 7C JK 7C#1 JK#1"
    assert parse_cards(format_cards(cards)) == cards


def test_parse_reads_ranks_suits_and_jokers():
    ace, ten, joker = parse_cards("as, 10h JK")
    assert (ace.rank, ace.suit) == (1, "S")
    assert (ten.rank, ten.suit) == (10, "H")
    assert joker.is_joker and joker.suit == ""


@pytest.mark.parametrize(
    ("text", "named"),
    [("AS 1H", "'1H'"), ("ZZ", "'ZZ'"), ("10X", "'10X'"), ("7H#x", "'7H#x'"), ("H", "'H'")],
)
def test_bad_card_text_names_the_bad_token(text, named):
    with pytest.raises(ValueError, match=named):
        parse_cards(text)


def test_same_explicit_copy_twice_is_refused():
    with pytest.raises(ValueError, match="listed twice"):
        parse_cards("7H#1 7H#1")


def test_deck_ids_are_unique_across_decks_and_jokers():
    deck = make_deck(3, 3)
    assert len(deck) == 159
    assert len({card.id for card in deck}) == 159
    assert sum(card.is_joker for card in deck) == 3


def test_pretty_uses_suit_symbols():
    assert parse_card("QH").pretty() == "Q♥"
    assert Card(0, "").pretty() == "Joker"
