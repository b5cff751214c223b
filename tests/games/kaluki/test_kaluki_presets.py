"""Kaluki's rule sets (presets) as data: each is a valid set of options, and the options
of a table name the preset they match."""

import pytest

from game.engine.options import option_fields
from game.engine.presets import find, matching
from game.games.kaluki import INFO, KalukiOptions

DEFAULTS = {f.name: f.default for f in option_fields(KalukiOptions) if f.name != "players"}


def test_the_rule_sets_are_seed_online_51_and_kalooki_40_with_the_seed_first():
    assert [p.key for p in INFO.presets] == ["seed", "online_51", "kalooki_40"]
    assert INFO.presets[0].settings(DEFAULTS) == DEFAULTS


@pytest.mark.parametrize(
    ("key", "hand", "need", "ace", "target"),
    [
        ("seed", 15, 51, 15, 150),
        ("online_51", 13, 51, 11, 150),
        ("kalooki_40", 13, 40, 11, 150),
    ],
)
def test_each_rule_set_makes_options_for_every_player_count(key, hand, need, ace, target):
    settings = find(INFO.presets, key).settings(DEFAULTS)
    for players in range(INFO.min_players, INFO.max_players + 1):
        options = INFO.options(players=players, **settings)
        assert options.come_down == need and options.ace_value == ace
        assert options.target == target
    assert INFO.options(players=4, **settings).hand_size == hand


def test_the_options_name_the_rule_set_they_match_or_none():
    forty = find(INFO.presets, "kalooki_40").settings(DEFAULTS)
    assert matching(INFO.presets, forty, DEFAULTS).key == "kalooki_40"
    assert matching(INFO.presets, DEFAULTS, DEFAULTS).key == "seed"
    assert matching(INFO.presets, {**forty, "target": 101}, DEFAULTS) is None  # custom
    assert matching(INFO.presets, {**DEFAULTS, "chips": True}, DEFAULTS) is None


def test_an_unknown_rule_set_is_named_with_the_ones_there_are():
    with pytest.raises(ValueError, match="unknown preset 'club'; this game has: seed, online_51"):
        find(INFO.presets, "club")


def test_kalooki_40_sets_each_of_its_rules_as_an_option_of_its_own():
    forty = INFO.options(players=4, **find(INFO.presets, "kalooki_40").settings(DEFAULTS))
    assert forty.go_out_by_discard and forty.low_ace_one and forty.ace_eleven
    assert (forty.joker_penalty, forty.reshuffle, forty.ending) == (15, "keep_top", "last_standing")
    assert forty.values.ace == 11 and forty.values.low_ace == 1 and forty.values.joker == 15
    assert forty.jokers == 4 and forty.deck_size == 108  # the sources are split: 4 kept


def test_custom_mixes_rules_of_both_sets():
    online = find(INFO.presets, "online_51").settings(DEFAULTS)
    mixed = {**online, "reshuffle": "keep_top", "jokers": 2}
    assert matching(INFO.presets, mixed, DEFAULTS) is None
    options = INFO.options(players=4, **mixed)
    assert options.ace_value == 11 and options.deck_size == 106
