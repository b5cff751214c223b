"""Options and what a seat may see."""

import pytest

from game.engine.options import option_fields
from game.games.laugh_and_lie_down import RULES, LaughOptions, LaughView, LieDown
from game.games.registry import get_game
from tests.games.laugh_and_lie_down.position import position


def test_defaults_are_the_standard_game():
    options = LaughOptions()
    assert (options.players, options.hand_size, options.deal_count) == (5, 8, 10)
    assert options.auto_declare and options.starting_chips == 50 and options.humans == ()
    assert (LaughOptions(players=4).hand_size, LaughOptions(players=4).deal_count) == (10, 8)


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ({"players": 3}, "below the minimum of 4"),
        ({"players": 6}, "above the maximum of 5"),
        ({"rounds": 0}, "below the minimum of 1"),
        ({"players": 4, "humans": (4,)}, "between 0 and 3"),
        ({"humans": (2, 0)}, "once each, in order"),
        ({"humans": (1, 1)}, "once each, in order"),
    ],
)
def test_impossible_options_are_refused_with_a_reason(values, message):
    with pytest.raises(ValueError, match=message):
        LaughOptions(**values)


def test_the_registry_builds_options_from_plain_values():
    info = get_game("laugh_and_lie_down")
    options = info.options(players=4, auto_declare=False, humans=[0, 2])
    assert options == LaughOptions(players=4, auto_declare=False, humans=(0, 2))
    assert (info.min_players, info.max_players) == (4, 5)
    labels = {f.name: f.label for f in option_fields(LaughOptions)}
    assert labels["auto_declare"] == "Auto-declare for humans"


def test_a_view_shows_the_own_hand_and_only_the_sizes_of_the_others():
    state = position(["4C 8H", "9C 4D", "", "5S 6S 7S"], "KS 2D", pot=13, dealer=2)
    view = RULES.view(state, 1)
    assert isinstance(view, LaughView)
    assert view.hand == state.hands[1]
    assert view.hand_sizes == (2, 2, 0, 3)
    assert view.layout == state.layout and view.pot == 13 and view.dealer == 2
    assert view.lain_down == (False, False, True, False)
    assert view.chips == state.chips and view.to_act == 0
    assert RULES.hidden_from(state, 1) == {*state.hands[0], *state.hands[3]}
    after, _ = RULES.apply(state, LieDown())
    assert RULES.view(after, 3).lain_down[0]
