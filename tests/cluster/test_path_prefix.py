"""A path prefix per process (issue 30, Operations): N processes behind one TLS name,
each under a path of its own. Here with no proxy at all: each process serves Socket.IO
and its HTTP endpoints under its path, a client connects to http://127.0.0.1:PORT/p1,
and a join at the other process is redirected to the owner's whole URL, path included,
and followed."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from urllib.parse import urlsplit

from game.net import public_tables
from game.net.client import NetClient
from tests.cluster.servers import Servers
from tests.cluster.test_public_lobby import wait_until

TWO = [{"kind": "you"}, {"kind": "open"}]


def status(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=10) as answer:
            return answer.status
    except urllib.error.HTTPError as error:
        return error.code


def test_two_processes_under_their_own_paths_and_a_redirect_between_them(
    postgres_url, redis_url, tmp_path
):
    servers = Servers(postgres_url, redis_url, lease=2.0, logs=tmp_path)
    made: list[NetClient] = []
    try:
        one, two = servers.start("/p1"), servers.start("/p2")
        assert urlsplit(one).path == "/p1" and urlsplit(two).path == "/p2"
        root = f"http://{urlsplit(one).netloc}"
        assert status(f"{one}/healthz") == 200
        assert status(f"{root}/healthz") == 404  # nothing at the root, nor another's path
        assert status(f"{root}/p2/healthz") == 404
        with urllib.request.urlopen(f"{one}/healthz", timeout=10) as answer:
            assert json.loads(answer.read())["url"] == one  # advertised with its path
        ann = NetClient(one, reconnect=False)
        made.append(ann)
        ann.connect()
        assert ann.create("kaluki", TWO, "Ann", public=True).ok
        bob = NetClient(two, reconnect=False)
        made.append(bob)
        bob.connect()
        reply = bob.join(ann.code, "Bob")  # owned by /p1: redirected there, followed
        assert reply.ok and bob.url == one
        assert public_tables.fetch(one) == []  # full: no longer listed (under its path)
        wait_until(lambda: public_tables.fetch(two) == [], 15, "the list under /p2 follows")
        wrong = NetClient(f"{root}/p3", reconnect=False)  # no process under that path
        made.append(wrong)
        try:
            wrong.connect()
            connected = True
        except Exception:
            connected = False
        assert not connected
    finally:
        for client in made:
            client.close()
        servers.stop()
