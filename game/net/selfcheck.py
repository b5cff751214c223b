"""The network part of the app's ``--self-test``: host a table on 127.0.0.1, join it
from a second client, start it and receive the seat's view, and open zeroconf on the
loopback interface. In the frozen app this fails loudly if a module is missing."""

from __future__ import annotations

from game.net.client import NetClient, Synced
from game.net.discovery import Browser
from game.net.server import ServerThread


def check_network() -> str:
    server = ServerThread("127.0.0.1", 0)
    port = server.start()
    host, guest = NetClient(server.url, timeout=5), NetClient(server.url, timeout=5)
    try:
        host.connect()
        guest.connect()
        created = host.create("kaluki", [{"kind": "you"}, {"kind": "open"}], "Host")
        if not created.ok:
            raise RuntimeError(f"could not host a table: {created.message}")
        if not guest.join(created.data["code"], "Guest").ok or not host.start().ok:
            raise RuntimeError("could not join and start the table")
        synced = guest.wait_for(Synced, timeout=5)
        if not synced.view.hand:
            raise RuntimeError("the joined seat was sent no hand")
    finally:
        guest.close()
        host.close()
        server.stop()
    Browser(["127.0.0.1"]).close()
    return f"network: hosted a table on 127.0.0.1:{port} and joined it; zeroconf opened"
