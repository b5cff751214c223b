"""A table advertised on the loopback interface is found by a browser there."""

from __future__ import annotations

import secrets
import time

from game.net.discovery import Advertiser, Browser


def test_a_hosted_table_appears_in_the_join_list_by_itself():
    # a name of its own: another table advertised on this machine meanwhile (another
    # program, a test's host) would be listed too, and a same-named one renamed "-2"
    name = f"Ann's table {secrets.token_hex(4)}"
    advertiser = Advertiser(name, "127.0.0.1", 45678, "kaluki", "ABCD2345EFGHJ", ["127.0.0.1"])
    browser = Browser(["127.0.0.1"])
    try:
        deadline = time.monotonic() + 10
        mine = []
        while not mine and time.monotonic() < deadline:
            time.sleep(0.05)
            mine = [t for t in browser.tables() if t.name == name]
        tables = mine
        assert [(t.name, t.address, t.port, t.game, t.code) for t in tables] == [
            (name, "127.0.0.1", 45678, "kaluki", "ABCD2345EFGHJ")
        ]
        assert tables[0].url == "http://127.0.0.1:45678"
    finally:
        browser.close()
        advertiser.close()
