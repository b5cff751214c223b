"""The seating draw (rules/indian_rummy.md, "Seating and first dealer"): the highest card
sits first, the others to their right in descending order, the lowest deals, ties draw
again."""

from game.games.indian_rummy import RULES, IndianRummyOptions
from game.games.indian_rummy import seating as seating_module
from game.games.indian_rummy.seating import draw_for_seats, draw_value
from tests.helpers import cards


def rigged(monkeypatch, draws: str) -> None:
    """The pack gives ``draws`` in this order (the first card is drawn first)."""
    pack = list(reversed(cards(draws)))
    monkeypatch.setattr(seating_module, "shuffled", lambda items, seed, counter: tuple(pack))


def test_highest_sits_first_then_the_others_to_the_right_and_the_lowest_deals(monkeypatch):
    rigged(monkeypatch, "9S KH 4D 7C")  # seats 0 1 2 3
    result = draw_for_seats([0, 1, 2, 3], seed=0, rng_counter=0, decks=2)
    # clockwise from the king: the lowest (4), then 7, then 9, which sits right of the king
    assert result.order == (1, 2, 3, 0)
    assert result.dealer == 2
    assert [face for _seat, face in result.draws[0].draws] == ["9S", "KH", "4D", "7C"]


def test_ties_draw_again_until_every_place_is_settled(monkeypatch):
    # seats 0 and 3 tie on nines, seats 1 and 2 on fours; the redraws settle both ties
    rigged(monkeypatch, "9S 4H 4D 9C  2H QS 3C JD")
    result = draw_for_seats([0, 1, 2, 3], seed=0, rng_counter=0, decks=2)
    assert [len(r.draws) for r in result.draws] == [4, 4]
    assert [seat for seat, _ in result.draws[1].draws] == [0, 1, 2, 3]
    # ranking high to low: 3 (9, J), 0 (9, 2), 1 (4, Q), 2 (4, 3)
    assert result.order == (3, 2, 1, 0)
    assert result.dealer == 2


def test_suits_do_not_break_a_tie_and_ties_may_repeat(monkeypatch):
    rigged(monkeypatch, "5S 5H  8C 8D  KS 2S")
    result = draw_for_seats([0, 1], seed=0, rng_counter=0, decks=2)
    assert len(result.draws) == 3
    assert result.order == (0, 1) and result.dealer == 1


def test_aces_are_high_in_the_seat_draw(monkeypatch):
    assert draw_value(cards("AS")[0]) > draw_value(cards("KS")[0])
    rigged(monkeypatch, "KD AC 2H")
    result = draw_for_seats([0, 1, 2], seed=0, rng_counter=0, decks=2)
    assert result.order[0] == 1 and result.dealer == 2


def test_a_new_game_seats_everyone_by_the_draw_and_the_lowest_deals():
    for seed in range(30):
        state = RULES.new_game(IndianRummyOptions(players=2 + seed % 9), seed)
        keys = {seat: () for seat in state.order}
        for draw in state.seating:
            for seat, face in draw.draws:
                keys[seat] += (draw_value(cards(face)[0]),)
        assert len(set(keys.values())) == len(keys), "every tie was drawn again"
        ranking = sorted(keys, key=keys.get, reverse=True)
        assert state.order[0] == ranking[0]
        assert list(state.order[1:]) == list(reversed(ranking[1:]))
        assert state.dealer == ranking[-1]
        assert sorted(state.order) == list(range(state.players))


def test_seating_events_tell_the_table_who_drew_what():
    state, events = RULES.start(IndianRummyOptions(players=4), seed=12)
    drawn = next(e for e in events if isinstance(e, seating_module.SeatsDrawn))
    assert drawn.order == state.order and drawn.dealer == state.dealer
    assert drawn.draws == state.seating == RULES.view(state, 0).seating
