"""One key map for every game (issue 29): a job has the same key in every game that has
it, and the key help (``?``) shows the keys the map gives."""

from __future__ import annotations

import pygame

from game.app import i18n
from game.app.table.keymap import KEYS, keys_text
from game.app.table.overlays import HelpOverlay
from game.games.kaluki.state import PLAY
from tests.app.table.helpers import card_point, click, drag, kaluki_table, key
from tests.helpers import hand


def stage_aces(app, table) -> None:
    for card in hand("AS AH AD"):
        click(app, card_point(table, card))
    drag(app, card_point(table, hand("AS")[0]), table.layout.cells[0].center)
    assert len(table.staged) == 1


def kaluki_staging(app):
    return kaluki_table(app, seat=0, phase=PLAY, hands=(hand("AS AH AD 10S 4C"), hand("2S 3S")))


def test_backspace_takes_the_staged_melds_back_in_kaluki_as_in_kalooki(app):
    table = kaluki_staging(app)
    stage_aces(app, table)
    key(app, pygame.K_BACKSPACE)
    assert table.staged == [] and len(table.hand_cards()) == 5
    assert table.session.log == []


def test_kalukis_old_c_still_takes_them_back(app):
    table = kaluki_staging(app)
    stage_aces(app, table)
    key(app, pygame.K_c)
    assert table.staged == [] and len(table.hand_cards()) == 5


def help_rows(app) -> dict[str, str]:
    key(app, pygame.K_F1)
    overlay = app.stack.top
    assert isinstance(overlay, HelpOverlay)
    rows = {" ".join(words): keys for keys, words, _y in overlay.rows}
    key(app, pygame.K_SPACE)
    return rows


def test_the_key_help_shows_the_key_maps_keys_in_both_languages(app):
    table = kaluki_staging(app)
    try:
        for language, backspace in (("en", "Backspace"), ("ja", "Backspaceキー")):
            i18n.set_language(language)
            table.build()
            rows = help_rows(app)
            text = i18n.tr("kaluki.help_cancel").replace(" ", "")
            cancel = next(keys for words, keys in rows.items() if words.replace(" ", "") == text)
            assert cancel == backspace == keys_text("cancel_stage")
            assert keys_text("sort_suit", "sort_rank") in rows.values()
    finally:
        i18n.set_language("en")


def test_one_job_has_one_shown_key_and_the_staged_melds_come_back_with_backspace():
    assert KEYS["cancel_stage"].keys[0] == pygame.K_BACKSPACE
    assert KEYS["lay_down"].keys == (pygame.K_l,) and KEYS["pass"].keys == (pygame.K_p,)
