"""Fuzzing what the player sees, not only the loader: mutated saves (hostile texts,
broken fields, cut or flipped bytes) among the games in progress and the named saves;
the title (Continue and its caption), the Load list (every row drawn, every one
opened) and Continue itself never crash, and every file is either listed or moved
aside."""

from __future__ import annotations

import json
import shutil

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.app.scenes.load import LoadScene
from game.app.scenes.title import TitleScene
from game.persist.autosaves import autosave_folder
from game.persist.texts import is_shown_text
from tests.app.conftest import frames
from tests.persist.test_fuzz import base_save, mutated

HOSTILE = ["a\u0000b", "\ud800", "\udcff\udcfe", "\x1b[31m", "x" * 500, "", " ", "\u202e"]
TEXT_FIELDS = (("seats", 0, "name"), ("name",), ("summary", "to_act"), ("summary", "players", 0))


@st.composite
def hostile_text(draw) -> bytes:
    """A good save with one displayed text replaced by something no font can draw."""
    tree = json.loads(base_save(draw(st.sampled_from(["kaluki", "kalooki", "indian_rummy"]))))
    place = draw(st.sampled_from(TEXT_FIELDS))
    parent = tree
    for key in place[:-1]:
        parent = parent[key]
    parent[place[-1]] = draw(st.sampled_from(HOSTILE))
    return json.dumps(tree).encode("ascii")  # escapes keep lone surrogates valid JSON


@settings(
    max_examples=15,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(files=st.lists(mutated() | hostile_text(), min_size=1, max_size=3))
def test_the_title_continue_and_the_load_list_survive_any_file(app, paths, monkeypatch, files):
    opened: list = []
    monkeypatch.setattr(
        "game.app.app.table_hook",
        lambda name: lambda app, saved, autosave=None: opened.append(saved),
    )
    shutil.rmtree(paths.saves, ignore_errors=True)
    games = autosave_folder(paths)
    games.mkdir(parents=True)
    written = []
    for number, content in enumerate(files):
        folder = games if number % 2 == 0 else paths.saves
        written.append(folder / f"fuzzed-{number}.json")
        written[-1].write_bytes(content)
    title = TitleScene(app)
    app.start(title)
    frames(app, 3)  # the caption is drawn
    if title.latest is not None:
        title.choose("continue")
        frames(app, 2)
    app.start(TitleScene(app))
    load = LoadScene(app)
    app.stack.push(load)
    frames(app, 3)  # every row drawn, thumbnails decoded
    for index in range(len(load.saves)):
        if app.stack.top is not load:
            app.stack.remove(app.stack.top)
        load.select(index)
        frames(app, 1)
        load.open_selected()
    frames(app, 2)
    listed = {s.path for s in load.saves}
    for path in written:
        # listed, moved aside, or (a finished game's autosave) retired into the statistics
        aside = path.parent / "damaged" / path.name
        assert path in listed or aside.exists() or (path.parent == games and not path.exists())
    for saved in opened:
        assert all(is_shown_text(seat.name, 40) for seat in saved.seats)
