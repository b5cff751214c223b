"""Two games in progress at once: each keeps its own autosave, so playing one never
costs the other. Played through the app headless, quitting in between, the way a
player would: Kaluki, then Indian Rummy, back to Kaluki from the Load screen, then
Continue, then Indian Rummy again; each resumes exactly (state, log, hands as arranged)."""

from __future__ import annotations

import pygame

from game.app.scenes.load import LoadScene
from game.app.scenes.title import TitleScene, continue_caption
from game.app.setup import GameSetup, Seat
from game.app.table import open_table
from game.app.table.indian_rummy import IndianRummyHooks
from game.app.table.kaluki import KalukiHooks
from game.app.table.table_scene import TableScene
from game.engine.actions import Discard, Draw
from game.engine.cards import sort_by_rank
from game.games.kaluki import KalukiOptions
from game.persist.autosaves import autosave_folder
from game.tools.showcase.indian_rummy import playing_session
from tests.app.conftest import headless_app
from tests.app.table.helpers import continue_from_title, frames, key, until

KALUKI = GameSetup("kaluki", KalukiOptions(players=2), 9, (Seat("You"), Seat("Ada", "easy")))


def kept(paths) -> int:
    return len(list(autosave_folder(paths).glob("*.json")))


def picture(table) -> tuple:
    """What must come back exactly: the state, the log, the hand as arranged."""
    groups = (
        [list(g) for g in table.hooks.groups] if isinstance(table.hooks, IndianRummyHooks) else None
    )
    return table.session.state, list(table.session.log), table.hand_cards(), groups


def open_from_load(app, game_id: str):
    app.start(TitleScene(app))
    frames(app)
    load = LoadScene(app)
    app.stack.push(load)
    frames(app, 2)
    mine = [s.game_id for s in load.saves if s.is_autosave]
    load.select(mine.index(game_id))
    key(app, pygame.K_RETURN)
    frames(app, 2)
    return app.stack.top


def test_two_games_played_alternately_both_resume_exactly(paths):
    # Kaluki: draw, sort the hand by rank, quit.
    with headless_app(paths, reduce_motion=True) as app:
        app.start(TitleScene(app))
        app.start_game(KALUKI)
        kaluki = app.stack.top
        assert isinstance(kaluki, TableScene) and isinstance(kaluki.hooks, KalukiHooks)
        kaluki.ai_pause = 0.0
        assert until(app, lambda: kaluki.my_turn)
        kaluki.ai_pause = 60.0  # the AI seat waits: the game stays where the player left it
        kaluki.play(Draw())
        key(app, pygame.K_r)
        assert kaluki.hand_cards() == sort_by_rank(kaluki.hand_cards())
        first = picture(kaluki)
    assert kept(paths) == 1

    # Indian Rummy, a new game: its hand grouped, quit. Kaluki's file is untouched.
    with headless_app(paths, reduce_motion=True) as app:
        app.start(TitleScene(app))
        rummy = open_table(app, playing_session(2))
        rummy.ai_pause = 60.0
        frames(app, 2)
        key(app, pygame.K_a)  # auto-group
        second = picture(rummy)
    assert kept(paths) == 2

    # Back to Kaluki from the Load screen: exactly as left; one more move, quit.
    with headless_app(paths, reduce_motion=True) as app:
        title = TitleScene(app)
        app.start(title)
        frames(app)
        assert title.latest.game_id == "indian_rummy"  # Continue offers the latest game
        table = open_from_load(app, "kaluki")
        assert (
            isinstance(table, TableScene)
            and isinstance(table.hooks, KalukiHooks)
            and picture(table) == first
        )
        table.ai_pause = 60.0
        card = table.hand_cards()[0]
        table.play(Discard(card))
        first = picture(table)
    assert kept(paths) == 2

    # Continue now resumes Kaluki (the latest); then Indian Rummy from Load, as it was.
    with headless_app(paths, reduce_motion=True) as app:
        table = continue_from_title(app)
        assert (
            isinstance(table, TableScene)
            and isinstance(table.hooks, KalukiHooks)
            and picture(table) == first
        )
        rummy = open_from_load(app, "indian_rummy")
        assert (
            isinstance(rummy, TableScene)
            and isinstance(rummy.hooks, IndianRummyHooks)
            and picture(rummy) == second
        )
    assert kept(paths) == 2


def test_continue_says_which_game_it_resumes_in_english_and_japanese(app, paths):
    from dataclasses import replace

    from game.app import i18n
    from game.persist.autosaves import scan_autosaves
    from tests.app.conftest import in_progress

    in_progress(paths, "sample-kalooki.json")
    (summary,) = scan_autosaves(paths).unfinished
    later = replace(summary, deal=3, deals=9, players=("You", "Ada", "花子", "Bram"))
    assert continue_caption(later) == "Continue: Kalooki, deal 3 of 9, 4 players"
    i18n.set_language("ja")
    assert continue_caption(later) == "続きから：カリブ・カルーキ、第3ディール（全9）、4人"
    i18n.set_language("en")
    no_deals = replace(later, deals=None)
    assert continue_caption(no_deals) == "Continue: Kalooki, deal 3, 4 players"
