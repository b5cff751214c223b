"""New game greys the options that do not apply to the chosen format (issue 27): Rounds,
Re-seat, the wrong-declaration penalty and the modern drops in Pool and Deals; the drop
rule of 2-player Deals everywhere else."""

from __future__ import annotations

import pygame

from game.games.indian_rummy import IndianRummyOptions
from tests.app.conftest import frames, open_new_game
from tests.app.keys import key, tab_to

POOL_AND_DEALS_OWN = {"rounds", "reseat_every", "wrong_declaration_penalty", "modern_drop_values"}


def greyed(scene) -> set[str]:
    """Options whose every button is disabled."""
    return {
        control.name.removeprefix("option:")
        for control in scene.controls
        if control.name.startswith("option:")
        and control.buttons
        and not any(button.is_enabled for button in control.buttons)
    }


def test_the_options_say_which_of_them_do_not_apply():
    assert IndianRummyOptions().unused_options == ("deals_drop",)
    assert set(IndianRummyOptions(format="pool_61").unused_options) == {
        "deals_drop",
        *POOL_AND_DEALS_OWN,
    }
    two = IndianRummyOptions(players=2, format="deals_3")
    assert set(two.unused_options) == POOL_AND_DEALS_OWN
    assert "deals_drop" in IndianRummyOptions(players=3, format="deals_3").unused_options


def test_new_game_greys_rounds_in_pool_and_deals_and_lights_them_in_points(app):
    scene = open_new_game(app, "indian_rummy")
    assert greyed(scene) == {"deals_drop"}
    scene.change("option:format", "pool_101")
    frames(app, 2)
    scene = app.stack.top
    assert greyed(scene) == {"deals_drop", *POOL_AND_DEALS_OWN}
    scene.change("players", 2)
    scene.change("option:format", "deals_2")
    frames(app, 2)
    scene = app.stack.top
    assert greyed(scene) == POOL_AND_DEALS_OWN  # two players in Deals: drops may be off
    tab_to(app, "option:deals_drop")
    key(app, pygame.K_LEFT)
    assert app.stack.top.choices.values["deals_drop"] is False
    scene.change("option:format", "points")
    frames(app, 2)
    assert greyed(app.stack.top) == {"deals_drop"}
