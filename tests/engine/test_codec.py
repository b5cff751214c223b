import json

import pytest

from game.engine import codec
from game.engine.actions import Action, Discard, LayDown
from game.engine.melds import loose_meld, read_meld
from game.games.kaluki import POLICY, RULES, KalukiOptions, KalukiState
from tests.helpers import cards


def test_state_round_trips_through_json_exactly():
    state = RULES.new_game(KalukiOptions(players=3, chips=True), seed=12)
    text = json.dumps(codec.encode(state))
    assert codec.decode(KalukiState, json.loads(text)) == state


def test_actions_are_written_with_their_kind():
    meld = read_meld(loose_meld(cards("5S 6S JK")), POLICY)
    action = LayDown((meld,))
    data = codec.encode(action)
    assert data["type"] == "LayDown"
    assert codec.decode(Action, json.loads(json.dumps(data))) == action


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        ({"type": "Discard", "card": 7}, "expected a card"),
        ({"type": "Discard", "card": "ZZ"}, "bad card"),
        ({"type": "Explode", "card": "7H"}, "unknown kind"),
        ({"type": "Discard"}, "missing field 'card'"),
        ({"type": "Discard", "card": "7H", "extra": 1}, "unknown field 'extra'"),
        (["Discard"], "expected an object"),
    ],
)
def test_bad_action_data_is_refused_naming_the_problem(data, problem):
    with pytest.raises(ValueError, match=problem):
        codec.decode(Action, data)


def test_gigantic_numbers_and_texts_are_refused():
    state = codec.encode(RULES.new_game(KalukiOptions(players=2), seed=1))
    state["deal"] = 10**30
    with pytest.raises(ValueError, match="far too large"):
        codec.decode(KalukiState, state)
    state["deal"] = 1
    state["phase"] = "x" * 100_000
    with pytest.raises(ValueError, match="far too long"):
        codec.decode(KalukiState, state)


def test_wrong_types_are_refused_with_the_path():
    state = codec.encode(RULES.new_game(KalukiOptions(players=2), seed=1))
    state["melded"] = [True, "yes"]
    with pytest.raises(ValueError, match=r"melded\[1\]"):
        codec.decode(KalukiState, state)


def test_discard_action_decodes_back():
    assert codec.decode(Action, {"type": "Discard", "card": "7H#1"}) == Discard(cards("7H 7H")[1])
