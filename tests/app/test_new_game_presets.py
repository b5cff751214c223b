"""The New game screen's rule-set list (issue 21): Kaluki's presets set the options
together, any change shows Custom, the keyboard reaches it, and it is remembered."""

from __future__ import annotations

import pygame

from game.app.i18n import tr
from game.app.scenes.new_game import NewGameScene, build_setup
from game.games.registry import GAMES
from tests.app.conftest import click, headless_app, open_new_game
from tests.app.keys import key, tab_to

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


def open_screen(app, game_id: str = "kaluki") -> NewGameScene:
    return open_new_game(app, game_id)


def control(scene, name: str):
    return next(c for c in scene.controls if c.name == name)


def lit(scene) -> str:
    return control(scene, "preset").current


def button(scene, name: str, value):
    return next(b for b, v in control(scene, name).buttons.items() if v == value)


def test_only_a_game_with_presets_shows_the_list_and_it_starts_on_the_seed_rules(app):
    assert lit(open_screen(app)) == "seed"
    for game_id, info in GAMES.items():
        names = {c.name for c in open_screen(app, game_id).controls}
        assert ("preset" in names) == bool(info.presets)


def test_choosing_kalooki_40_sets_its_options_together_and_starts_with_them(app):
    scene = open_screen(app)
    click(app, button(scene, "preset", "kalooki_40").rect.center)
    scene = app.stack.top
    assert lit(scene) == "kalooki_40"
    assert {name: scene.choices.values[name] for name in FORTY} == FORTY
    options = build_setup("kaluki", scene.choices, seed=3).options
    assert (options.hand_size, options.come_down, options.ace_value, options.target) == (
        13,
        40,
        11,
        150,
    )


def test_changing_one_option_shows_custom_and_choosing_a_preset_again_resets_the_rest(app):
    scene = open_screen(app)
    scene.change("preset", "kalooki_40")
    scene.change("option:target", 151)
    assert lit(scene) == "" and button(scene, "preset", "").is_enabled
    scene.change("option:chips", True)
    scene.change("preset", "online_51")
    values = scene.choices.values
    assert (values["deal_size"], values["come_down"], values["target"]) == (13, 51, 150)
    assert values["ace_eleven"] is True and values["chips"] is False  # the rest: defaults
    assert values["low_ace_one"] is False and values["ending"] == "lowest_total"
    assert lit(scene) == "online_51" and not button(scene, "preset", "").is_enabled


def test_the_list_is_one_stop_of_the_keyboard_ring(app):
    scene = open_screen(app)
    tab_to(app, "preset")
    key(app, pygame.K_RIGHT)
    assert lit(app.stack.top) == "online_51"
    key(app, pygame.K_RIGHT)
    assert lit(app.stack.top) == "kalooki_40"
    key(app, pygame.K_RIGHT)  # Custom is only a state: the ring does not stop on it
    assert lit(app.stack.top) == "kalooki_40"
    key(app, pygame.K_RETURN)  # Enter goes round to the first
    assert lit(app.stack.top) == "seed"
    assert app.stack.top.ring.name == "preset" and scene.choices.values["come_down"] == 51


def test_the_deal_size_stepper_goes_from_by_players_to_7_and_names_by_players(app):
    scene = open_screen(app)
    stepper = control(scene, "option:deal_size")
    assert stepper.value_label.text == tr("options.kaluki.deal_size.value_0")
    tab_to(app, "option:deal_size")
    key(app, pygame.K_PLUS)
    assert app.stack.top.choices.values["deal_size"] == 7
    key(app, pygame.K_MINUS)
    assert app.stack.top.choices.values["deal_size"] == 0


def test_twenty_cards_for_six_players_moves_the_count_to_five(app):
    scene = open_screen(app)
    scene.change("players", 6)
    scene.change("option:deal_size", 20)
    assert scene.choices.players == 5  # 6 x 20 leaves no stock


def test_the_rule_set_is_remembered_for_the_next_run(paths, started):
    with headless_app(paths) as app:
        scene = open_screen(app)
        scene.change("preset", "kalooki_40")
        scene.start()
    assert started and started[0].options.come_down == 40
    with headless_app(paths) as again:
        assert lit(open_screen(again)) == "kalooki_40"


def test_host_a_table_steps_the_deal_size_as_the_new_game_screen_does(app):
    from game.app.scenes.online.host import HostScene

    scene = HostScene(app)
    app.start(scene)
    scene.change("game", "kaluki")
    scene = app.stack.top
    stepper = control(scene, "option:deal_size")
    assert stepper.value_label.text == tr("options.kaluki.deal_size.value_0")
    assert sorted(stepper.buttons.values()) == [0, 7]
