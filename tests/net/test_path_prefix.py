"""A server under a path prefix (issue 30, Operations), one process: Socket.IO and the
HTTP endpoints answer under the path only, a client given the URL with its path plays
there, and a prefix that is no path is refused before anything listens."""

from __future__ import annotations

import urllib.error
import urllib.request

import pytest

from game.net import public_tables
from game.net.client import NetClient
from game.net.server import ClusterOptions, ServerThread, serve


def test_a_server_under_a_path_serves_its_tables_and_endpoints_there_only(tmp_path):
    thread = ServerThread("127.0.0.1", 0, db=tmp_path / "t.db", tick=0.05, path_prefix="/p1/")
    thread.start()
    client = NetClient(thread.url, reconnect=False)
    try:
        assert thread.url.endswith("/p1")
        client.connect()
        assert client.create("kaluki", [{"kind": "you"}, {"kind": "open"}], "Ann", public=True).ok
        assert [t.code for t in public_tables.fetch(thread.url)] == [client.code]
        root = thread.url.removesuffix("/p1")
        with pytest.raises(urllib.error.HTTPError) as answer:
            urllib.request.urlopen(root + "/lobby", timeout=10)
        assert answer.value.code == 404
    finally:
        client.close()
        thread.stop()


@pytest.mark.parametrize(
    "options",
    [
        ClusterOptions(public_url="https://example.org/p 2"),
        ClusterOptions(public_url="https://example.org/a?b"),
        ClusterOptions(path_prefix="../up"),
    ],
)
def test_serve_refuses_a_path_prefix_that_is_no_path_in_one_line(tmp_path, capsys, options):
    assert serve("127.0.0.1", 0, tmp_path / "t.db", cluster=options) == 2
    error = capsys.readouterr().err.strip()
    assert error.startswith("card-parlour:") and "\n" not in error
    assert "path" in error or "address" in error
    assert not (tmp_path / "t.db").exists()  # refused before anything opened
