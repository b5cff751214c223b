"""Host a table offers Kaluki's rule-set list as New game does (issue 27, section 2):
choosing Kalooki 40 sets its options together, the table is created with them, a change
shows Custom, and the list is one stop of the keyboard ring."""

from __future__ import annotations

import pygame

from game.app.scenes.online.host import HostScene
from game.app.scenes.title import TitleScene
from tests.app.conftest import frames
from tests.app.keys import key, tab_to
from tests.app.online.screens import press_until

FORTY = {
    "deal_size": 13,
    "come_down": 40,
    "ace_eleven": True,
    "low_ace_one": True,
    "go_out_by_discard": True,
    "joker_penalty": 15,
    "reshuffle": "keep_top",
    "ending": "last_standing",
    "target": 150,
}


def open_host(app) -> HostScene:
    app.start(TitleScene(app))
    frames(app, 2)
    tab_to(app, "online")
    key(app, pygame.K_RETURN)
    frames(app, 1)
    key(app, pygame.K_RETURN)  # Host a table
    host = app.stack.top
    assert isinstance(host, HostScene)
    press_until(app, "game", pygame.K_LEFT, lambda: host.game_id == "kaluki")
    return host


def lit(host: HostScene) -> str:
    return next(c for c in host.controls if c.name == "preset").current


def test_the_host_screen_lists_the_rule_sets_and_creates_the_table_with_one(app):
    host = open_host(app)
    assert lit(host) == "seed"
    host.change("preset", "kalooki_40")
    assert lit(host) == "kalooki_40"
    assert {name: host.choices.values[name] for name in FORTY} == FORTY
    host.entries["name"].set_text("Ann")
    plan = host.plan()
    assert not isinstance(plan, str) and plan.options["ending"] == "last_standing"
    host.change("option:target", 151)
    assert lit(host) == ""  # Custom
    host.change("preset", "online_51")
    values = host.choices.values
    assert (values["come_down"], values["ace_eleven"], values["low_ace_one"]) == (51, True, False)


def test_the_rule_set_list_is_a_stop_of_the_keyboard_ring(app):
    host = open_host(app)
    tab_to(app, "preset")
    assert host.ring.name == "preset"
    key(app, pygame.K_RIGHT)
    assert lit(app.stack.top) == "online_51"


def test_a_game_without_rule_sets_shows_no_list(app):
    host = open_host(app)
    host.change("game", "kalooki")
    assert all(c.name != "preset" for c in host.controls)
