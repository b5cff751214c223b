"""Looking back over a game: the replay opens from the results (and is kept for the
Load list), shows every hand open, steps by keys and buttons, jumps a deal, keeps the
whole log beside it; ``--replay FILE`` opens one; the last 50 games are kept."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

import pygame

from game.__main__ import main
from game.app.scenes.game_over import GameOverScene
from game.app.scenes.load import LoadScene
from game.app.scenes.replay import ReplayScene
from game.app.scenes.title import TitleScene
from game.engine.events import DealStarted
from game.persist.replays import KEEP, keep_replay, list_replays, replay_folder
from tests.app.conftest import frames, press
from tests.persist.helpers import played

SAMPLES = Path(__file__).resolve().parents[2] / "saves"


def finished_game():
    over = played("kaluki", {"players": 2}, seed=5, moves=100_000)
    assert over.state.finished
    return over


def open_replay(app, saved, **kwargs) -> ReplayScene:
    app.start(TitleScene(app))
    scene = ReplayScene(app, saved, **kwargs)
    app.stack.push(scene)
    frames(app, 2)
    return scene


def test_keys_and_buttons_step_both_ways_and_jump_a_deal(app):
    saved = finished_game()
    scene = open_replay(app, saved)
    replay = scene.replay
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RIGHT)
    assert replay.at == 2 and replay.step.action == saved.log[1]
    press(app, pygame.K_LEFT)
    assert replay.at == 1
    press(app, pygame.K_DOWN)  # the next deal, as it was dealt
    assert replay.step.deal == 2 and any(isinstance(e, DealStarted) for e in replay.step.events)
    press(app, pygame.K_END)
    assert replay.state.finished and replay.at == len(saved.log)
    press(app, pygame.K_HOME)
    assert replay.at == 0
    for name in ("forward", "forward", "back"):
        (button,) = [b for b, n in scene.buttons.items() if n == name]
        scene.press(button)
    assert replay.at == 1
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, TitleScene)


def test_every_hand_is_open_and_the_log_keeps_every_deal(app):
    saved = finished_game()
    scene = open_replay(app, saved, at_end=True)
    scene.replay.go(5)
    views = scene.seats()
    assert len(views) == 2 and all(view.hand for view in views)
    assert [view.hand for view in views] == [tuple(h) for h in scene.replay.state.hands]
    headers = [entry for entry in scene.entries if entry.header]
    assert len(headers) == len(scene.replay.deals)  # a separator per deal, the whole game
    assert all(entry.step <= len(saved.log) for entry in scene.entries)


def test_the_results_offer_the_replay_and_keep_the_game(app, paths):
    over = finished_game()
    app.start(TitleScene(app))
    app.resume_game(over)
    for _ in range(600):
        top = app.stack.top
        if isinstance(top, GameOverScene):
            break
        if hasattr(top, "done"):
            top.done()
        frames(app)
    results = app.stack.top
    assert isinstance(results, GameOverScene) and results.replay_button is not None
    (kept,) = list_replays(paths)
    assert kept.game_id == "kaluki" and kept.finished
    results.press(results.replay_button)
    frames(app)
    replay = app.stack.top
    assert isinstance(replay, ReplayScene) and replay.replay.state.finished  # from the end
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is results


def test_the_load_list_opens_a_kept_game_as_a_replay(app, paths):
    keep_replay(paths, finished_game())
    app.start(TitleScene(app))
    load = LoadScene(app)
    app.stack.push(load)
    frames(app, 2)
    index = next(i for i, s in enumerate(load.saves) if s.kind == "replay")
    load.select(index)
    load.open_selected()
    frames(app)
    assert isinstance(app.stack.top, ReplayScene)


def test_only_the_last_50_games_are_kept(tmp_path):
    from tests.persist.helpers import paths_in

    paths = paths_in(tmp_path)
    game = played("kaluki", {"players": 2}, seed=5, moves=30)
    start = datetime(2026, 12, 1, 9, 0)
    for number in range(KEEP + 3):
        keep_replay(paths, game, start + timedelta(minutes=number))
    files = sorted(p.name for p in replay_folder(paths).glob("*.json"))
    assert len(files) == KEEP
    assert files[0].startswith("kaluki-20261201-0903") and files[-1].startswith(
        "kaluki-20261201-0952"
    )


def test_replay_on_the_command_line_checks_the_file_and_opens_it(capsys, monkeypatch):
    opened = []

    def run_app(portable=False, measure_startup=False, load=None, replay=None):
        opened.append((load, replay))
        return 0

    monkeypatch.setattr("game.app.main.run_app", run_app)
    assert main(["--replay", str(SAMPLES / "sample-kalooki.json")]) == 0
    assert "Kalooki" in capsys.readouterr().out
    ((load, replay),) = opened
    assert load is None and replay.game_id == "kalooki"


def test_the_whole_games_log_is_saved_as_text_with_a_line_per_deal(app, paths):
    saved = finished_game()
    scene = open_replay(app, saved)
    (button,) = [b for b, n in scene.buttons.items() if n == "save_log"]
    scene.press(button)
    (written,) = (paths.data / "logs").glob("kaluki-*.txt")
    text = written.read_text(encoding="utf-8")
    deals = [line for line in text.splitlines() if line.startswith("— Deal ")]
    assert len(deals) == len(scene.replay.deals) and text.splitlines()[0].startswith("— Deal 1")
    assert all(entry.text in text for entry in scene.entries)


def test_the_load_list_names_a_replay_of_an_online_game_so_in_both_languages(app, paths):
    """Old: a replay of an online game looked like a local one in the Load list. Its file
    says so now (a quiet field, kept with the online table's record): "Online" beside the
    "Replay" tag. A local game's, and an older file without the field, have no such tag."""
    from game.app import i18n
    from game.app.i18n import tr
    from game.app.scenes.load import _tags
    from game.persist.saves import load_save

    game = finished_game()
    online = keep_replay(paths, game, datetime(2026, 5, 1, 12), key="ABCD2345", online=True)
    local = keep_replay(paths, game, datetime(2026, 5, 1, 11))
    assert load_save(online).log == game.log  # a save like any other: it loads
    by_path = {summary.path: summary for summary in list_replays(paths)}
    assert by_path[online].online and not by_path[local].online
    app.start(TitleScene(app))
    load = LoadScene(app)
    app.stack.push(load)
    frames(app, 2)
    for language in ("en", "ja"):
        i18n.set_language(language)
        assert _tags(by_path[online]) == [tr("replay.tag"), tr("replay.online_tag")]
        assert _tags(by_path[local]) == [tr("replay.tag")]
        assert tr("replay.online_tag") not in ("", "replay.online_tag")
        frames(app)  # drawn with both tags, in each language
    i18n.set_language("en")
