"""What operators read: /healthz, /lobby across processes, /metrics in Prometheus's
format; and the embedded default's presence (in this process's memory)."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import time
import urllib.request

from game.net.client import NetClient
from game.net.presence import LocalPresence
from game.net.server import ServerThread
from tests.cluster.servers import ENV


def read(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=10) as answer:
            return answer.status, answer.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def test_health_lobby_and_metrics_across_two_processes(postgres_url, redis_url):
    one = ServerThread(
        "127.0.0.1", db=postgres_url, presence=redis_url, metrics=True, lease=1.5, tick=0.05
    )
    two = ServerThread("127.0.0.1", db=postgres_url, presence=redis_url, lease=1.5, tick=0.05)
    one.start()
    two.start()
    client = NetClient(one.url)
    try:
        client.connect()
        assert client.create("kaluki", [{"kind": "you"}, {"kind": "open"}], "Ann").ok
        status, body = read(one.url + "/healthz")
        health = json.loads(body)
        assert status == 200 and health["ok"] and health["tables"] == 1
        assert health["presence"] == "up" and health["url"] == one.url
        # Any process lists the whole cluster (after a round of adverts).
        for _ in range(100):
            totals = json.loads(read(two.url + "/lobby")[1])
            if totals["processes"] == 2 and totals["tables"] == 1:
                break
            time.sleep(0.05)
        assert totals["processes"] == 2 and totals["tables"] == 1 and totals["players"] == 1
        status, page = read(one.url + "/metrics")
        assert status == 200
        assert "parlour_tables 1.0" in page and "parlour_connections 1.0" in page
        assert 'parlour_store_seconds_count{operation="create"} 1.0' in page
        assert "parlour_lease_renewals_total" in page
        assert read(two.url + "/metrics")[0] == 404  # only when asked for
    finally:
        client.close()
        one.stop()
        two.stop()


def test_the_local_presence_holds_leases_for_one_owner_until_they_lapse():
    now = [0.0]
    presence = LocalPresence(clock=lambda: now[0])

    async def run() -> None:
        assert await presence.claim("T", "a", 5.0) == "a"
        assert await presence.claim("T", "b", 5.0) == "a"  # held: b is told who
        now[0] = 4.0
        assert await presence.renew(["T"], "a", 5.0) == []
        now[0] = 8.0
        assert await presence.owner("T") == "a"
        now[0] = 9.5  # a stopped renewing: it lapsed
        assert await presence.owner("T") is None
        assert await presence.claim("T", "b", 5.0) == "b"
        assert await presence.renew(["T"], "a", 5.0) == ["T"]  # a lost it
        await presence.release(["T"], "a")  # not a's to release
        assert await presence.owner("T") == "b"

    asyncio.run(run())


def test_the_embedded_server_imports_none_of_the_cluster_packages(tmp_path):
    """serve --db FILE needs nothing of the [server] extra: a server that ran a table on
    SQLite has not imported asyncpg, prometheus_client or the modules that use them and
    redis (python-socketio itself imports redis when it is installed, for a manager of
    its own the server does not use)."""
    script = f"""
import sys
from game.net.client import NetClient
from game.net.server import ServerThread
server = ServerThread("127.0.0.1", db={str(tmp_path / "t.db")!r})
server.start()
client = NetClient(server.url)
client.connect()
assert client.create("kaluki", [{{"kind": "you"}}, {{"kind": "open"}}], "Ann").ok
client.close()
server.stop()
cluster = ("asyncpg", "prometheus_client", "game.net.store_postgres", "game.net.presence_redis")
print(sorted(m for m in (*cluster, "game.net.metrics") if m in sys.modules))
"""
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env=ENV, timeout=60
    )
    assert done.stdout.strip() == "[]", done.stderr[-2000:]


def test_serve_refuses_a_public_url_that_is_no_web_address(tmp_path):
    command = [sys.executable, "-m", "game", "serve", "--port", "0"]
    command += ["--db", str(tmp_path / "t.db"), "--public-url", "tables.example.org"]
    done = subprocess.run(command, capture_output=True, text=True, env=ENV, timeout=60)
    assert done.returncode == 2
    assert done.stderr.strip().splitlines()[-1] == (
        "card-parlour: --public-url is http://... or https://..."
    )
