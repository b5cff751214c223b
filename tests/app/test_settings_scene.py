"""Settings: each change applies at once and is kept on disk."""

from __future__ import annotations

import pygame
import pygame_gui
import pytest

from game.app import fonts, i18n
from game.app.scenes.settings import SettingsScene
from game.app.scenes.title import TitleScene
from game.persist.settings import load_settings
from tests.app.conftest import click, frames, headless_app, press


def open_settings(app) -> SettingsScene:
    app.start(TitleScene(app))
    scene = SettingsScene(app)
    app.stack.push(scene)
    frames(app, 2)
    return scene


def control(scene, name):
    return next(c for c in scene.controls if c.name == name)


def button_for(scene, name, value):
    return next(b for b, v in control(scene, name).buttons.items() if v == value)


def test_clicking_japanese_switches_every_screen_and_is_kept(app, paths):
    scene = open_settings(app)
    title = app.stack.scenes[0]
    before = set(title.buttons)
    click(app, button_for(scene, "language", "ja").rect.center)
    assert app.settings.language == "ja" and i18n.language() == "ja"
    assert load_settings(paths)[0].language == "ja"
    assert i18n.tr("title.settings") == "設定"
    # The screen below was rebuilt, so its widgets show the new language.
    assert before and not before & set(title.buttons)
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is title
    i18n.set_language("en")


def test_toggles_apply_at_once_and_are_kept(app, paths):
    scene = open_settings(app)
    click(app, next(iter(control(scene, "four_colour").buttons)).rect.center)
    assert app.settings.four_colour and app.cards.four_colour
    click(app, next(iter(control(scene, "sound").buttons)).rect.center)
    assert not app.settings.sound and not app.audio.enabled
    saved = load_settings(paths)[0]
    assert saved.four_colour and not saved.sound


def test_clicking_a_card_back_chooses_it(app, paths):
    scene = open_settings(app)
    click(app, scene.backs["green"].center)
    assert app.settings.card_back == "green" and app.cards.back_design == "green"
    assert load_settings(paths)[0].card_back == "green"


def test_a_slider_change_applies_now_and_is_written_when_the_screen_closes(app, paths):
    scene = open_settings(app)
    volume = next(s for s in scene.sliders if s.name == "volume")
    pygame.event.post(
        pygame.event.Event(
            pygame_gui.UI_HORIZONTAL_SLIDER_MOVED, ui_element=volume.widget, value=35
        )
    )
    frames(app, 1)
    assert app.settings.volume == 0.35 and app.audio.volume == 0.35
    press(app, pygame.K_ESCAPE)
    assert load_settings(paths)[0].volume == 0.35


def test_think_time_and_animation_speed_snap_to_their_steps(app):
    scene = open_settings(app)
    for name, raw, expected in (("hard_think_ms", 1234, 1200), ("animation_speed", 137, 1.25)):
        slider = next(s for s in scene.sliders if s.name == name)
        pygame.event.post(
            pygame.event.Event(
                pygame_gui.UI_HORIZONTAL_SLIDER_MOVED, ui_element=slider.widget, value=raw
            )
        )
        frames(app, 1)
        assert getattr(app.settings, name) == expected


def test_restore_defaults_keeps_the_window_but_resets_the_rest(app, paths):
    scene = open_settings(app)
    scene.change("four_colour", True)
    scene.change("card_back", "blue")
    click(app, scene.reset_button.rect.center)
    assert not app.settings.four_colour and app.settings.card_back == "red"
    assert app.settings.window_size == (1280, 800)


def test_f11_switches_full_screen_and_remembers_it(app, paths):
    open_settings(app)
    press(app, pygame.K_F11)
    assert app.settings.fullscreen
    assert load_settings(paths)[0].fullscreen
    press(app, pygame.K_F11)
    assert not app.settings.fullscreen


def test_the_window_remembers_its_size_and_position(app, paths):
    app.window.size = (1100, 700)
    pygame.event.post(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=1100, y=700))
    pygame.event.post(pygame.event.Event(pygame.WINDOWMOVED, x=40, y=30))
    frames(app, 1)
    assert app.size == (1100, 700)
    app.shutdown()
    saved = load_settings(paths)[0]
    assert saved.window_size == (1100, 700) and saved.window_pos == (40, 30)


def test_scenes_lay_out_again_when_the_window_changes_size(app):
    scene = open_settings(app)
    before = scene.panels[1].right
    app.window.size = (1024, 640)
    pygame.event.post(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=1024, y=640))
    frames(app, 1)
    assert scene.size == (1024, 640) and scene.panels[1].right < before
    assert app.stack.scenes[0].size == (1024, 640)  # the covered title too


def test_damaged_statistics_are_reported_when_first_read(app, paths):
    paths.data.mkdir(parents=True)
    paths.statistics_file.write_text("{not json", encoding="utf-8")
    app.start(TitleScene(app))
    assert app.stats.records == {}
    assert app.stack.top.__class__.__name__ == "MessageDialog"


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
@pytest.mark.parametrize("language", ["en", "ja"])
def test_every_label_and_help_line_fits_its_row(paths, size, language):
    with headless_app(paths, size, language=language) as app:
        scene = open_settings(app)
        for name, rect in scene.rows:
            label = i18n.tr(f"settings.{name}")
            assert fonts.font(17, True).size(label)[0] <= rect.w, (name, label)
            lines = 2 if rect.h >= 62 else 1
            assert len(fonts.wrap(i18n.tr(f"settings.{name}_help"), 14, rect.w)) <= lines, name
