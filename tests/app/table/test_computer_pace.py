"""The "Computer plays" setting (issue 29): at a pace to follow, fast or instant. Each
choice changes how long a computer seat waits before its move and how its cards fly; it
is chosen on the Settings screen and kept with the settings."""

from __future__ import annotations

import pytest

from game.app.scenes.settings import SettingsScene
from game.app.table.animation import FLIGHT_S
from game.app.table.parts.flow import AI_PAUSE
from game.persist.settings import Settings, load_settings, settings_from_dict
from tests.app.table.helpers import frames, kaluki_table, until


def ai_to_move(app, pace: str):
    """A Kaluki table where the computer (seat 1) is to draw, at ``pace``."""
    app.update_settings(computer_pace=pace, reduce_motion=False)
    table = kaluki_table(app, ("human", "easy"), seat=1)
    table.ai_pause = AI_PAUSE
    return table


@pytest.mark.parametrize(
    ("pace", "pause"), [("follow", AI_PAUSE), ("fast", AI_PAUSE * 0.3), ("instant", 0.0)]
)
def test_each_choice_changes_the_rest_before_a_computers_move(app, pace, pause):
    table = ai_to_move(app, pace)
    assert table.pace() == pytest.approx(pause)


def test_a_computers_cards_fly_slower_to_follow_faster_when_fast_and_land_at_once_instant(app):
    longest = {}
    for pace in ("follow", "fast", "instant"):
        table = ai_to_move(app, pace)
        assert until(app, lambda t=table: len(t.session.log) >= 1, 1200), pace
        longest[pace] = max((f.duration for f in table.animator.flights), default=0.0)
        frames(app, 2)
    assert longest["follow"] == pytest.approx(FLIGHT_S)
    assert longest["fast"] == pytest.approx(FLIGHT_S / 2.5)
    assert longest["instant"] == 0.0
    assert app.settings.animation_speed == 1.0  # the player's own moves keep their speed


def test_the_choice_is_made_on_the_settings_screen_and_kept(app, paths):
    scene = SettingsScene(app)
    app.start(scene)
    frames(app, 2)
    control = next(c for c in scene.controls if c.name == "computer_pace")
    assert sorted(control.buttons.values()) == ["fast", "follow", "instant"]
    assert control.current == "follow"
    scene.change("computer_pace", "instant")
    app.save_settings()
    kept, messages = load_settings(paths)
    assert kept.computer_pace == "instant" and messages == []


def test_a_bad_pace_in_the_file_falls_back_to_a_pace_to_follow():
    kept, messages = settings_from_dict({"computer_pace": "warp"}, Settings())
    assert kept.computer_pace == "follow" and "computer_pace" in messages[0]
