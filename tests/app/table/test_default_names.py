"""A default name ("You", "Player 2") reads in the language of the screen, whatever the
language was when the game began; a name the player typed is shown as typed."""

from __future__ import annotations

import pytest

from game.app import i18n
from game.app.messages import shown_name
from game.games.kaluki.state import DRAW
from tests.app.table.helpers import kaluki_table


@pytest.fixture
def japanese():
    i18n.set_language("ja")
    yield
    i18n.set_language("en")


@pytest.mark.parametrize(
    ("stored", "english", "japanese"),
    [
        ("You", "You", "あなた"),
        ("あなた", "You", "あなた"),
        ("Player 2", "Player 2", "プレイヤー2"),
        ("プレイヤー10", "Player 10", "プレイヤー10"),
        ("Priya", "Priya", "Priya"),
        ("Player Two", "Player Two", "Player Two"),  # typed, not the default pattern
        ("Your", "Your", "Your"),
    ],
)
def test_a_default_name_follows_the_language(stored, english, japanese):
    assert shown_name(stored) == english
    i18n.set_language("ja")
    try:
        assert shown_name(stored) == japanese
    finally:
        i18n.set_language("en")


def test_a_game_begun_in_english_names_you_in_japanese(app, japanese):
    table = kaluki_table(app, ("human", "easy"), names=("You", "Player 2"), seat=0, phase=DRAW)
    assert table.names() == ["あなた", "プレイヤー2"]
    assert table.cell_title(table.view, 1) == "プレイヤー2"
    plates = [table.seat_info(table.view, seat).name for seat in range(2)]
    assert plates == ["あなた", "プレイヤー2"]  # the name plates and the score panel


# --- a seat's name says its kind, read once when the seat is made


def test_a_seat_keeps_its_name_by_kind():
    from game.app.setup import YOU, DefaultName, Seat

    assert Seat("You").default == YOU and Seat("あなた", "human").default == YOU
    assert Seat("Player 2").default == DefaultName(2)
    assert Seat("プレイヤー10").default == DefaultName(10)
    assert Seat("Priya").default is None and Seat("Player Two").default is None
    assert Seat("Ada", "easy").default is None
    # a new seat is made by kind, and files keep the English words an older version reads
    assert (
        Seat.called(YOU).name == "You" and Seat.called(DefaultName(3), "human").name == "Player 3"
    )


def test_the_words_read_back_are_those_the_translations_wrote():
    """Old files hold a default name in the words of the screen the game began on: the
    one reading knows each language's words (if a translation changes, the old words
    must still be read: add them beside the new ones in savedgame.py)."""
    from game.persist.savedgame import YOU, DefaultName, read_default

    for language in i18n.LANGUAGES:
        words = i18n.table(language)
        assert read_default(words["new_game.you"]) == YOU
        assert read_default(words["new_game.player_n"].replace("%{n}", "7")) == DefaultName(7)


def test_second_person_comes_from_the_kind_never_from_the_words():
    from game.app.messages import is_you, render, shown_names
    from game.app.setup import Seat
    from game.engine.messages import Seat as SeatParam
    from game.engine.messages import msg
    from game.games.laugh_and_lie_down import messages as m
    from tests.helpers import hand

    claim = msg(m.CLAIM, cards=hand("4S 4H"), player=SeatParam(0))
    shown = shown_names([Seat("You"), Seat("Ada", "easy")])
    assert is_you(shown[0]) and not is_you(shown[1])
    assert render(claim, shown) == "claims 4♠ 4♥ from you: dead, undeclared"
    # words that are not a seat's shown name are never read back as "you"
    assert render(claim, ["You", "Ada"]) == "claims 4♠ 4♥ from You: dead, undeclared"
    assert not is_you("You")


def test_a_save_begun_in_japanese_reads_its_default_names_in_english(tmp_path):
    """A file an older version wrote on a Japanese screen ("あなた", "プレイヤー2") loads
    with its seats' kinds read once, and shows them in the current language."""
    import json

    from game.app.messages import shown_name, shown_names
    from game.persist.saves import load_save, read_summary, write_save
    from tests.persist.helpers import played

    saved = played("kaluki", {"players": 3}, moves=6)
    path = tmp_path / "old.json"
    write_save(path, saved)
    data = json.loads(path.read_text("utf-8"))
    words = ["あなた", "プレイヤー2", "Ada"]
    data["seats"] = [{"name": w, "kind": s["kind"]} for w, s in zip(words, data["seats"])]
    data["summary"]["players"] = words
    data["summary"]["to_act"] = words[saved.state.to_act]
    path.write_text(json.dumps(data), "utf-8")
    loaded = load_save(path)
    assert shown_names(loaded.seats) == ["You", "Player 2", "Ada"]
    summary = read_summary(path)  # the Load list reads the summary's words the same way
    assert shown_names(summary.players) == ["You", "Player 2", "Ada"]
    assert summary.to_act is not None and shown_name(summary.to_act) in ("You", "Player 2", "Ada")
    i18n.set_language("ja")
    try:
        assert shown_names(loaded.seats) == ["あなた", "プレイヤー2", "Ada"]
    finally:
        i18n.set_language("en")


def test_the_new_game_screen_names_a_default_by_kind_whatever_the_language(app):
    from game.app.scenes.new_game import build_setup, default_choices
    from game.app.setup import YOU, DefaultName

    app.update_settings(language="ja", save=False)
    try:
        choices = default_choices("kaluki")
        setup = build_setup("kaluki", choices, seed=5)
        assert setup.seats[0].default == YOU and setup.seats[0].name == "You"
        choices.seats[1][1] = "human"
        setup = build_setup("kaluki", choices, seed=5)
        assert [s.default for s in setup.seats[:3]] == [DefaultName(1), DefaultName(2), None]
        choices.seats[0][0] = "花子"
        assert build_setup("kaluki", choices, seed=5).seats[0].default is None
    finally:
        app.update_settings(language="en", save=False)


def test_the_japanese_load_list_names_the_stored_english_defaults_in_japanese(tmp_path):
    """Issue 29: the Load list showed "You、Ada" and "Youの番" on a Japanese screen."""
    from game.app.scenes.load import _details
    from game.persist.saves import read_summary, write_save
    from tests.persist.helpers import played

    saved = next(  # a game where the player called "You" is to act
        game
        for moves in range(12)
        if (game := played("kaluki", {"players": 3}, moves=moves)).state.to_act == 0
    )
    path = tmp_path / "kept.json"
    write_save(path, saved)
    summary = read_summary(path)
    assert summary.players[0] == summary.to_act == "You"  # files keep the English words
    i18n.set_language("ja")
    try:
        players = _details(summary)[-1]
        assert "あなた" in players and "You" not in players
        assert summary.to_act is not None
        turn = i18n.tr("load.to_act", name=shown_name(summary.to_act))  # as the row says it
        assert turn.endswith("の番") and "You" not in turn
    finally:
        i18n.set_language("en")
