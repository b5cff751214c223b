"""Snapshots of every scene at 1280x800 and 1024x640, saved under test-output/app/ to be
looked at; each must fill the window and hold more than a plain background."""

from __future__ import annotations

import shutil
from pathlib import Path

import pygame
import pytest

from game.app.scenes.title import TitleScene
from game.persist.stats import Statistics, save_stats
from game.tools.catalogue import every_scene
from tests.app.conftest import frames, headless_app, paths_in

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "test-output" / "app"
SIZES = [(1280, 800, "en"), (1024, 640, "en"), (1024, 640, "ja")]  # the tightest in ja


def fill_with_history(paths) -> None:
    """A few saves and statistics, so Load and Statistics show real rows."""
    paths.saves.mkdir(parents=True, exist_ok=True)
    for sample in sorted((ROOT / "saves").glob("sample-*.json"))[:3]:
        shutil.copy(sample, paths.saves / sample.name)
    stats = Statistics()
    results = [
        ("easy", True, 32),
        ("easy", True, 58),
        ("normal", False, 151),
        ("normal", True, 77),
        ("hard", False, 163),
        ("mixed", True, 90),
    ]
    for level, won, score in results:
        stats = stats.recorded("kaluki", level, won, score, lower_is_better=True)
    save_stats(paths, stats)


@pytest.mark.parametrize(("width", "height", "language"), SIZES)
def test_every_scene_renders_a_full_frame(tmp_path, width, height, language):
    paths = paths_in(tmp_path)
    fill_with_history(paths)
    OUT.mkdir(parents=True, exist_ok=True)
    with headless_app(paths, (width, height), language=language) as app:
        for name, make in every_scene(app):
            scene = make()
            if scene.opaque:
                app.stack.reset(scene)
            else:  # dialogs show over the title
                app.stack.reset(TitleScene(app))
                app.stack.push(scene)
            frames(app, 2)
            frame = app.draw()
            assert frame.get_size() == (width, height)
            colours = pygame.transform.average_color(frame)
            assert len(set(pygame.image.tobytes(frame, "RGB")[::9973])) > 20, name
            assert colours[1] > colours[0]  # the felt green shows through
            pygame.image.save(frame, str(OUT / f"{name}_{width}x{height}_{language}.png"))


def test_every_widget_with_text_uses_noto_sans_jp(tmp_path):
    with headless_app(paths_in(tmp_path)) as app:
        for name, make in every_scene(app):
            scene = make()
            app.stack.reset(scene)
            frames(app, 1)
            fonts = scene.ui.get_theme().get_font_dictionary()
            assert fonts.default_font.name == "noto_sans_jp"
            resources = list(fonts.loaded_fonts.values()) + [
                res
                for by_locale in scene.ui.get_theme().ele_font_res.values()
                for res in by_locale.values()
            ]
            names = {id(res.loaded_font): res.font_id for res in resources}
            default = fonts.get_default_font()
            for element in scene.ui.get_sprite_group().sprites():
                font = getattr(element, "font", None)
                if font is None or not getattr(element, "text", ""):
                    continue
                key = names.get(id(font), "default" if font is default else "?")
                assert key == "default" or key.startswith("noto_sans_jp"), (name, key)
