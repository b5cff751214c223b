"""The lobby across processes (issue 30): with PostgreSQL and Redis, any process lists
the public tables of every process and the counts of the whole cluster. A public table
made through process A is listed by process B, and leaves B's list once it is full or
finished; a private one is never listed."""

from __future__ import annotations

import json
import time
import urllib.request

import pytest

from game.net import public_tables
from game.net.client import NetClient
from tests.cluster.servers import Servers

THREE = [{"kind": "you"}, {"kind": "open"}, {"kind": "open"}]
TWO = [{"kind": "you"}, {"kind": "open"}]


@pytest.fixture
def servers(postgres_url, redis_url, tmp_path):
    cluster = Servers(postgres_url, redis_url, lease=2.0, logs=tmp_path)
    yield cluster
    cluster.stop()


def listed(url: str) -> dict[str, int]:
    """The codes a process lists, with their free seats."""
    return {table.code: table.free for table in public_tables.fetch(url)}


def wait_until(condition, seconds: float, what: str) -> None:
    """``condition()`` within ``seconds``, asked once a second: reading the list is
    rate-limited (Limits.list_rate), as a client asking faster would find."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, f"{what}: not within {seconds} s"
        time.sleep(1.0)


def totals(url: str) -> dict:
    with urllib.request.urlopen(public_tables.lobby_url(url), timeout=10) as answer:
        return json.loads(answer.read())


def test_a_public_table_made_through_one_process_is_listed_by_another_until_full_or_over(
    servers,
):
    a, b = servers.start(), servers.start()
    made: list[NetClient] = []

    def client(url: str) -> NetClient:
        one = NetClient(url, reconnect=False)
        one.connect()
        made.append(one)
        return one

    try:
        ann, dee, eve = client(a), client(a), client(a)
        assert ann.create(
            "indian_rummy", THREE, "Ann", options={"format": "pool_101"}, public=True
        ).ok
        assert dee.create("kaluki", TWO, "Dee", public=True).ok
        assert eve.create("kaluki", TWO, "Eve").ok  # private: never listed anywhere
        both = {ann.code: 2, dee.code: 1}
        wait_until(lambda: listed(b) == both, 15, "B lists A's public tables")
        (pool,) = [t for t in public_tables.fetch(b) if t.code == ann.code]
        assert (pool.game, pool.host, pool.seats, pool.options.format) == (
            "indian_rummy",
            "Ann",
            3,
            "pool_101",
        )
        counts = totals(b)
        assert (counts["processes"], counts["tables"], counts["players"]) == (2, 3, 3)
        assert eve.code not in json.dumps(counts)
        # Friends reach B: their joins are sent to A, and B's list follows.
        bob = client(b)
        assert bob.join(ann.code, "Bob").ok and bob.url == a
        wait_until(lambda: listed(b).get(ann.code) == 1, 15, "one seat fewer in B's list")
        assert client(b).join(ann.code, "Cy").ok  # full: it leaves the list
        wait_until(lambda: ann.code not in listed(b), 15, "a full table leaves B's list")
        assert dee.close_table().ok  # finished by its host: it leaves too
        wait_until(lambda: listed(b) == {}, 15, "a finished table leaves B's list")
        assert listed(a) == {}
        assert totals(b)["processes"] == 2
    finally:
        for one in made:
            one.close()
