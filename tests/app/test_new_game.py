"""The new-game screen: defaults, choices, and the setup handed to the table."""

from __future__ import annotations

import pygame
import pytest

from game.app.i18n import tr
from game.app.scenes.dialog import MessageDialog
from game.app.scenes.new_game import (
    build_setup,
    default_choices,
    shown_fields,
)
from game.engine.options import option_fields
from game.games.registry import GAMES
from tests.app.conftest import click, headless_app, open_new_game, press


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_defaults_seat_you_against_normal_ai_with_the_games_default_options(game_id):
    info = GAMES[game_id]
    setup = build_setup(game_id, default_choices(game_id), seed=7)
    defaults = info.options_type()
    assert setup.seats[0].kind == "human"
    assert {seat.kind for seat in setup.seats[1:]} == {"normal"}
    assert len(setup.seats) == defaults.players
    for f in shown_fields(info.options_type):
        assert getattr(setup.options, f.name) == getattr(defaults, f.name)
    assert setup.seed == 7 and setup.stats_level == "normal"


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_option_a_player_sets_gets_a_control(app, game_id):
    scene = open_new_game(app, game_id)
    names = {c.name for c in scene.controls}
    for f in shown_fields(GAMES[game_id].options_type):
        assert f"option:{f.name}" in names
    assert "players" in names
    assert sum(name.startswith("seat:") for name in names) == scene.choices.players


def test_fields_a_player_does_not_set_are_filled_from_the_seats():
    choices = default_choices("laugh_and_lie_down")
    choices.seats[2][1] = "human"
    setup = build_setup("laugh_and_lie_down", choices, seed=1)
    assert setup.options.humans == (0, 2)
    assert all(f.name != "humans" for f in shown_fields(GAMES["laugh_and_lie_down"].options_type))


def test_one_click_on_start_hands_the_default_game_to_the_table(app, started):
    scene = open_new_game(app, "kaluki")
    click(app, scene.start_button.rect.center)
    assert len(started) == 1
    setup = started[0]
    assert setup.game_id == "kaluki" and setup.seats[0].name == tr("new_game.you")
    assert setup.options == GAMES["kaluki"].options_type()


def test_changing_players_seats_and_options_reaches_the_setup(app, started):
    scene = open_new_game(app, "kaluki")
    scene.change("players", 3)
    scene.change("seat:1", "hard")
    scene.change("seat:2", "human")
    scene.change("option:ace_eleven", True)
    scene.change("option:target", 200)
    press(app, pygame.K_RETURN)
    setup = started[-1]
    assert [seat.kind for seat in setup.seats] == ["human", "hard", "human"]
    assert setup.options.players == 3 and setup.options.ace_eleven and setup.options.target == 200


def test_clicking_controls_changes_the_choices(app):
    scene = open_new_game(app, "kaluki")
    players = next(c for c in scene.controls if c.name == "players")
    five = next(b for b, value in players.buttons.items() if value == 5)
    click(app, five.rect.center)
    assert scene.choices.players == 5
    seats = sum(c.name.startswith("seat:") for c in scene.controls)
    assert seats == 5


def test_typed_names_and_seed_are_used(app, started):
    scene = open_new_game(app, "kaluki")
    entry = next(e for e, seat in scene.name_entries.items() if seat == 1)
    entry.set_text("Maud")
    scene.choices.seats[1][0] = entry.get_text()
    scene.choices.seed = "12345"
    scene.start()
    assert started[-1].seats[1].name == "Maud" and started[-1].seed == 12345


def test_an_impossible_combination_is_explained_instead_of_started(app, started):
    if "kalooki" not in GAMES:
        pytest.skip("Kalooki is not registered")
    scene = open_new_game(app, "kalooki")
    scene.change("players", 2)  # two players need the "Allow 2 players" option
    scene.start()
    assert not started
    assert isinstance(app.stack.top, MessageDialog)
    assert app.stack.top.title == tr("new_game.cannot_start")


def test_choices_are_remembered_when_the_screen_opens_again(app):
    scene = open_new_game(app, "kaluki")
    scene.change("players", 6)
    again = open_new_game(app, "kaluki")
    assert again.choices.players == 6


def test_ten_players_fit_in_a_scrolling_seat_list_at_the_smallest_window(paths):
    if max(info.max_players for info in GAMES.values()) < 10:
        pytest.skip("no 10-player game registered")
    game_id = next(gid for gid, info in GAMES.items() if info.max_players >= 10)
    with headless_app(paths, (1024, 640)) as small:
        scene = open_new_game(small, game_id)
        scene.change("players", 10)
        entries = list(scene.name_entries)
        assert len(entries) == 10
        panel = scene.columns[0]
        visible = [e for e in entries if panel.contains(e.rect)]
        assert 0 < len(visible) <= 10


def test_option_fields_of_every_game_have_kinds_the_screen_understands():
    for info in GAMES.values():
        for f in option_fields(info.options_type):
            assert (
                f.name == "players"
                or f in shown_fields(info.options_type)
                or (f.kind not in (bool, int) and not f.choices)
            )
