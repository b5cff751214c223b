"""The game set-ups every conformance test runs, per registered game."""

from __future__ import annotations

from typing import Any

from game.games.registry import GAMES

CONFIGS: dict[str, list[dict[str, Any]]] = {
    "kaluki": [
        {"players": 2},
        {"players": 4, "target": 100},
        {
            "players": 6,
            "target": 100,
            "ace_eleven": True,
            "first_turn_discard_round": True,
            "last_discard_before_reshuffle": True,
            "kaluki_bonus": True,
            "go_out_by_discard": True,
            "swap_needs_own_meld": True,
            "chips": True,
        },
        {"players": 3, "target": 100, "open_discard": True},
        # the rule sets of the New game screen's list (game/games/kaluki/presets.py)
        {"players": 4, "deal_size": 13, "target": 150, "ace_eleven": True},
        {
            "players": 5,
            "deal_size": 13,
            "come_down": 40,
            "ace_eleven": True,
            "low_ace_one": True,
            "go_out_by_discard": True,
            "joker_penalty": 15,
            "reshuffle": "keep_top",
            "ending": "last_standing",
            "target": 150,
        },
        # each new option value on its own (issue 27), so Custom's mixes are covered too
        {"players": 3, "target": 100, "low_ace_one": True},
        {"players": 4, "target": 100, "joker_penalty": 15, "jokers": 2},
        {"players": 2, "target": 100, "reshuffle": "keep_top", "deal_size": 20},
        {"players": 3, "reshuffle": "keep_top", "last_discard_before_reshuffle": True},
        {"players": 4, "target": 60, "ending": "last_standing"},
        {"players": 6, "jokers": 2, "target": 100},
        # few cards and a high opening: the deals still end (issue 27, section 4)
        {"players": 4, "deal_size": 7, "come_down": 100, "target": 60},
    ],
    "laugh_and_lie_down": [
        {"players": 5},
        {"players": 4, "rounds": 1, "auto_declare": False},
        {"players": 5, "rounds": 1, "auto_declare": False},
        {"players": 4, "rounds": 1, "humans": [0, 2]},
    ],
    "kalooki": [
        {"players": 4},
        {"players": 2, "two_players": True},
        {"players": 6, "calls_per_deal": True, "down_and_out_doubles": True},
    ],
    "indian_rummy": [
        {"players": 2},
        {
            "players": 6,
            "rounds": 2,
            "reseat_every": 1,
            "wrong_declaration_penalty": True,
            "modern_drop_values": True,
            "first_life_four": True,
        },
        {"players": 10},
        {"players": 7, "rounds": 3, "reseat_every": 2},
        {"players": 3, "scoring": "modern", "joker_indicator": "aces"},
        {"players": 3, "format": "pool_101"},
        {"players": 6, "format": "pool_201", "joker_indicator": "aces"},
        {"players": 2, "format": "deals_2"},
        {"players": 4, "format": "deals_3", "scoring": "pagat"},
        {"players": 6, "format": "deals_6", "first_life_four": True},
        # issue 27: Pool 61, the joker indicator's values, no drops in 2-player Deals
        {"players": 4, "format": "pool_61"},
        {"players": 3, "format": "pool_101", "joker_indicator": "jokers"},
        {"players": 2, "format": "deals_2", "deals_drop": False},
        {"players": 3, "format": "deals_3", "joker_indicator": "auto", "deals_drop": False},
    ],
}


def all_configs() -> list[tuple[str, dict[str, Any]]]:
    """(game id, options) pairs: every game appears, with its defaults if not listed."""
    pairs = []
    for game_id in GAMES:
        for options in CONFIGS.get(game_id, [{}]):
            pairs.append((game_id, options))
    return pairs


def config_id(pair: tuple[str, dict[str, Any]]) -> str:
    game_id, options = pair
    extra = ",".join(f"{k}={v}" for k, v in options.items())
    return f"{game_id}[{extra}]"
