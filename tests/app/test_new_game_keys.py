"""The new-game screen by keys alone: every choice of every game, typed names and seed,
and Start, with Tab, the arrows, +/-, Enter and Space; impossible choices are never
offered."""

from __future__ import annotations

import pygame
import pytest

from game.app.scenes.new_game import build_setup, shown_fields
from game.app.setup import SEAT_KINDS
from game.app.ui.theme import GOLD
from game.games.registry import GAMES
from tests.app.conftest import frames, open_new_game
from tests.app.keys import key, tab_to, type_text

STEPS = 40  # presses at most to walk a number to its end


def walk(app, scene, name: str, code: int, read, presses: int = STEPS) -> list:
    """Press ``code`` on the stop ``name`` until the value stops changing; the values seen."""
    tab_to(app, name)
    seen = [read()]
    for _ in range(presses):
        key(app, code)
        if read() == seen[-1]:
            break
        seen.append(read())
    assert scene.ring.name == name  # a rebuild keeps the ring where it was
    return seen


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_choice_of_every_game_by_keys_alone_then_start(app, started, game_id):
    info = GAMES[game_id]
    scene = open_new_game(app, game_id)
    assert scene.ring.name == "start"
    c = scene.choices

    counts = walk(app, scene, "players", pygame.K_RIGHT, lambda: c.players)
    assert counts[-1] == info.max_players
    counts = walk(app, scene, "players", pygame.K_LEFT, lambda: c.players)
    lowest = counts[-1]
    assert lowest == (3 if game_id == "kalooki" else info.min_players)

    for f in shown_fields(info.options_type):
        name = f"option:{f.name}"
        read = lambda f=f: c.values[f.name]  # noqa: E731
        unused = getattr(build_setup(game_id, c, seed=1).options, "unused_options", ())
        if f.name in unused:  # greyed: it changes nothing in the game as chosen
            continue
        if f.kind is bool:
            tab_to(app, name)
            before = read()
            key(app, pygame.K_SPACE)
            assert read() is (not before)
            key(app, pygame.K_LEFT)
            assert read() is False
            key(app, pygame.K_RIGHT)
            assert read() is True
        elif f.choices:
            assert walk(app, scene, name, pygame.K_LEFT, read)[-1] == f.choices[0]
            assert walk(app, scene, name, pygame.K_RIGHT, read) == list(f.choices)
        else:
            up = walk(app, scene, name, pygame.K_PLUS, read)
            assert len(up) > 1 and up == sorted(up)
            assert up[-1] == f.maximum or len(up) == STEPS + 1
            down = walk(app, scene, name, pygame.K_MINUS, read, STEPS * 3)
            assert down == sorted(down, reverse=True) and down[-1] < up[-1]

    if game_id == "kalooki":  # two players once "Allow 2 players" is on
        assert c.values["two_players"] is True
        assert walk(app, scene, "players", pygame.K_LEFT, lambda: c.players)[-1] == 2

    players = c.players
    for seat in range(players):
        kinds = walk(app, scene, f"seat:{seat}", pygame.K_LEFT, lambda s=seat: c.seats[s][1])
        assert kinds[-1] == SEAT_KINDS[0]
        kinds = walk(app, scene, f"seat:{seat}", pygame.K_RIGHT, lambda s=seat: c.seats[s][1])
        assert kinds == list(SEAT_KINDS)
    # Back to one human and hard AIs, a typed name and a seed.
    tab_to(app, "seat:0")
    for _ in SEAT_KINDS:
        key(app, pygame.K_LEFT)
    tab_to(app, "name:1")
    type_text(app, "Maud")
    tab_to(app, "seed")
    type_text(app, "4242")
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    key(app, pygame.K_TAB)
    tab_to(app, "start")
    key(app, pygame.K_RETURN)

    assert len(started) == 1
    setup = started[0]
    assert setup.game_id == game_id and setup.seed == 4242
    assert len(setup.seats) == players
    assert [seat.kind for seat in setup.seats] == ["human"] + ["hard"] * (players - 1)
    assert "Maud" in setup.seats[1].name
    for f in shown_fields(info.options_type):
        assert getattr(setup.options, f.name) == c.values[f.name]


def test_kalooki_never_offers_two_players_without_the_option(app, started):
    scene = open_new_game(app, "kalooki")
    players = next(ctl for ctl in scene.controls if ctl.name == "players")
    two = next(b for b, n in players.buttons.items() if n == 2)
    assert not two.is_enabled
    tab_to(app, "option:two_players")
    key(app, pygame.K_RIGHT)
    scene = app.stack.top
    players = next(ctl for ctl in scene.controls if ctl.name == "players")
    assert all(b.is_enabled for b in players.buttons)
    scene.change("players", 2)
    tab_to(app, "option:two_players")
    key(app, pygame.K_LEFT)  # off again: the count moves to the nearest that works
    assert scene.choices.players == 3 and not scene.choices.values["two_players"]
    tab_to(app, "start")
    key(app, pygame.K_RETURN)
    assert started and started[0].options.players == 3


def test_down_moves_from_row_to_row_and_the_ring_is_drawn_on_the_stop(app):
    scene = open_new_game(app, "kaluki")
    tab_to(app, "option:ace_eleven")
    key(app, pygame.K_DOWN)
    assert scene.ring.name == "option:first_turn_discard_round"
    key(app, pygame.K_UP)
    assert scene.ring.name == "option:ace_eleven"
    frames(app, 1)
    shot = app.draw(pygame.Surface(app.size))
    ring = scene.ring.focused.area().inflate(10, 10)
    assert tuple(shot.get_at((ring.centerx, ring.top + 1)))[:3] == tuple(GOLD)[:3]


def test_a_stop_in_a_scrolled_list_is_scrolled_into_view(paths):
    from tests.app.conftest import headless_app

    with headless_app(paths, (1024, 640)) as small:
        scene = open_new_game(small, "indian_rummy")
        scene.change("players", 10)
        tab_to(small, "seat:9")
        frames(small, 2)
        view = scene.scrollers["seats"].rect
        area = scene.ring.focused.area()
        assert view.top <= area.top and area.bottom <= view.bottom
        tab_to(small, "players")
        tab_to(small, "seat:0")  # and back up again
        frames(small, 2)
        area = scene.ring.focused.area()
        assert view.top <= area.top and area.bottom <= view.bottom


def test_several_humans_are_player_1_player_2_never_you(app, started):
    scene = open_new_game(app, "kaluki")
    scene.change("players", 3)
    scene.change("seat:2", "human")
    names = {seat: entry.get_text() for entry, seat in scene.name_entries.items()}
    assert names[0] == "Player 1" and names[2] == "Player 2"
    scene.start()
    assert [s.name for s in started[0].seats if s.is_human] == ["Player 1", "Player 2"]
    scene.change("seat:2", "normal")
    names = {seat: entry.get_text() for entry, seat in scene.name_entries.items()}
    assert names[0] == "You"


def test_the_default_names_follow_the_language(paths, started):
    from tests.app.conftest import headless_app

    with headless_app(paths, language="ja") as app:
        scene = open_new_game(app, "kaluki")
        scene.change("seat:1", "human")
        names = {seat: entry.get_text() for entry, seat in scene.name_entries.items()}
        assert names[0] == "プレイヤー1" and names[1] == "プレイヤー2"


def test_the_last_choices_of_every_game_are_kept_for_the_next_run(paths, started):
    from tests.app.conftest import headless_app

    with headless_app(paths) as app:
        for game_id, info in GAMES.items():
            scene = open_new_game(app, game_id)
            scene.change("players", info.max_players)
            scene.change("seat:1", "hard")
            field = shown_fields(info.options_type)[0]
            if field.kind is bool:
                scene.change(f"option:{field.name}", not field.default)
            scene.choices.seats[1][0] = "Maud"
            scene.choices.seed = "77"
            scene.start()
    with headless_app(paths) as again:  # a new run of the app
        for game_id, info in GAMES.items():
            c = open_new_game(again, game_id).choices
            assert c.players == info.max_players and c.seats[1] == ["Maud", "hard"]
            field = shown_fields(info.options_type)[0]
            if field.kind is bool:
                assert c.values[field.name] is (not field.default)
            assert c.seed == ""  # a kept seed would deal the same cards again


def test_a_damaged_or_foreign_memory_file_gives_the_defaults(paths):
    from tests.app.conftest import headless_app

    paths.config.mkdir(parents=True, exist_ok=True)
    (paths.config / "new_game.json").write_text(
        '{"kaluki": {"players": 99, "seats": [], "values": {}},'
        ' "kalooki": {"players": 2, "seats": [["a\\u0000", "human"], ["", "easy"]], "values": {}}}'
    )
    with headless_app(paths) as app:
        for game_id in ("kaluki", "kalooki"):
            c = open_new_game(app, game_id).choices
            assert c.players == GAMES[game_id].options_type().players
    (paths.config / "new_game.json").write_text("not json")
    with headless_app(paths) as app:
        assert (
            open_new_game(app, "kaluki").choices.players == GAMES["kaluki"].options_type().players
        )
