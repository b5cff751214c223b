"""A name typed with a Japanese (ideographic) space is kept like any other: the New game
memory and the online name read it back; control characters are still refused."""

from __future__ import annotations

from game.persist.new_game_memory import clean_name
from game.persist.settings import Settings, settings_from_dict

NAME = "山田\u3000花子"


def test_a_remembered_seat_name_with_a_japanese_space_comes_back():
    assert clean_name(NAME) == NAME
    assert clean_name("") == ""
    assert clean_name("a\x00b") is None and clean_name("x" * 41) is None


def test_the_online_name_with_a_japanese_space_loads():
    settings, problems = settings_from_dict({"online_name": NAME}, Settings())
    assert settings.online_name == NAME and problems == []
    settings, problems = settings_from_dict({"online_name": "a\x07"}, Settings())
    assert settings.online_name == Settings().online_name and problems
