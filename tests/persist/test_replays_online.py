"""A replay of an online game says so in its file (``"online": true``, written only for
an online table's record); an older replay without the field reads as before."""

from __future__ import annotations

import json

from game.persist.replays import ONLINE, keep_replay, list_replays
from game.persist.saves import load_save
from tests.persist.helpers import paths_in, played


def test_an_online_replay_is_marked_and_an_older_file_reads_as_before(tmp_path):
    paths = paths_in(tmp_path)
    game = played("kaluki", {"players": 2}, seed=5, moves=100_000)
    marked = keep_replay(paths, game, key="WXYZ2345", online=True)
    assert json.loads(marked.read_text())[ONLINE] is True
    (summary,) = list_replays(paths)
    assert summary.online and summary.finished
    data = json.loads(marked.read_text())
    del data[ONLINE]  # as every replay was kept before the field
    marked.write_text(json.dumps(data))
    (older,) = list_replays(paths)
    assert not older.online and older.finished
    assert load_save(marked).log == game.log
    again = keep_replay(paths, game, key="WXYZ2345", online=True)
    assert again == marked  # one game of a key is kept once, as before
