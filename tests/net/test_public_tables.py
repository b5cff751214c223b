"""Public tables on a dedicated server (issue 25 §3): a host lists a table at create; the
server's /lobby lists it (game, rules, seats free, host) while it waits with a free seat;
a private table is never listed; a full, started or finished table leaves the list;
reading the list is rate-limited per connection and per address."""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request

import pytest

from game.games.indian_rummy.options import IndianRummyOptions
from game.net import messages as m
from game.net import public_tables
from game.net.client import NetClient
from game.net.limits import Limits
from game.net.server import ServerThread

TWO_OPEN = [{"kind": "you"}, {"kind": "open"}, {"kind": "open"}]


def connected(url: str) -> NetClient:
    client = NetClient(url, reconnect=False)
    client.connect()
    return client


def listed_codes(url: str) -> list[str]:
    return [table.code for table in public_tables.fetch(url)]


def until_listed(url: str, wanted: set[str], seconds: float = 10.0) -> list[str]:
    """The listed codes once they are ``wanted`` (the list follows within a tick)."""
    deadline = time.monotonic() + seconds
    codes = listed_codes(url)
    while set(codes) != wanted and time.monotonic() < deadline:
        time.sleep(0.2)
        codes = listed_codes(url)
    return codes


def test_a_public_table_is_listed_until_full_and_a_private_one_never(server):
    ann, bob, cy, dee = (connected(server.url) for _ in range(4))
    try:
        pool = {"format": "pool_101"}
        listed = ann.create("indian_rummy", TWO_OPEN, "Ann", options=pool, public=True)
        private = dee.create("kaluki", [{"kind": "you"}, {"kind": "open"}], "Dee")
        assert listed.ok and private.ok
        tables = public_tables.fetch(server.url)
        assert [t.code for t in tables] == [ann.code]
        (table,) = tables
        assert (table.game, table.free, table.seats, table.host, table.phase) == (
            "indian_rummy",
            2,
            3,
            "Ann",
            "waiting",
        )
        assert isinstance(table.options, IndianRummyOptions)
        assert table.options.format == "pool_101"  # the app names it in the player's words
        assert dee.code not in json.dumps(fetch_raw(server.url))  # never listed, nor its code
        assert bob.join(ann.code, "Bob").ok
        assert [(t.code, t.free) for t in public_tables.fetch(server.url)] == [(ann.code, 1)]
        assert cy.join(ann.code, "Cy").ok  # full: it leaves the list
        assert until_listed(server.url, set()) == []
    finally:
        for client in (ann, bob, cy, dee):
            client.close()


def test_a_started_table_leaves_the_list(server):
    ann = connected(server.url)
    try:
        assert ann.create("kaluki", TWO_OPEN, "Ann", public=True).ok
        assert listed_codes(server.url) == [ann.code]
        assert ann.start().ok  # the computer plays the open seats: no longer waiting
        assert until_listed(server.url, set()) == []
    finally:
        ann.close()


@pytest.mark.parametrize("public", ["yes", 1, None, {"a": 1}])
def test_a_malformed_public_field_is_refused(server, public):
    ann = connected(server.url)
    try:
        data = {"game": "kaluki", "seats": TWO_OPEN, "name": "Ann", "public": public}
        reply = ann.request("create", data)
        assert not reply.ok and reply.message.key == m.BAD_FRAME
        assert "public" in str(reply.message.params[0].text)
        assert listed_codes(server.url) == []
    finally:
        ann.close()


def fetch_raw(url: str, opener: urllib.request.OpenerDirector | None = None) -> dict:
    with urllib.request.urlopen(public_tables.lobby_url(url), timeout=5) as answer:
        return json.loads(answer.read())


def test_reading_the_list_is_rate_limited_per_address(tmp_path):
    limits = Limits(list_rate=0.01, list_burst=3)
    thread = ServerThread("127.0.0.1", 0, db=tmp_path / "t.db", tick=0.05, limits=limits)
    thread.start()
    try:
        answers = []
        for _ in range(5):  # a new HTTP connection each: the address's budget holds
            try:
                fetch_raw(thread.url)
                answers.append(200)
            except urllib.error.HTTPError as error:
                answers.append(error.code)
        assert answers == [200, 200, 200, 429, 429]
        with pytest.raises(public_tables.Unreachable):
            public_tables.fetch(thread.url)
    finally:
        thread.stop()


def test_a_server_s_list_entries_that_are_not_exactly_right_are_left_out():
    good = {
        "code": "ABCDEFGH",
        "game": "kaluki",
        "options": {},
        "free": 1,
        "seats": 2,
        "host": "Ann",
        "phase": "waiting",
    }
    bad_ones = [
        good | {"code": "no"},
        good | {"game": "chess"},
        good | {"host": "A\u202enn"},
        good | {"free": 0},
        good | {"free": 3},
        good | {"seats": True},
        good | {"options": {"nonsense": 1}},
        good | {"phase": "\x00"},
        "a string",
    ]
    tables = public_tables.read({"public": [good, *bad_ones, good]})
    assert [t.code for t in tables] == ["ABCDEFGH"]
    assert public_tables.read({"public": "nope"}) == []
