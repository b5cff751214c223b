"""A table advertised on the loopback interface is found by a browser there."""

from __future__ import annotations

import time

from game.net.discovery import Advertiser, Browser


def test_a_hosted_table_appears_in_the_join_list_by_itself():
    advertiser = Advertiser(
        "Ann's table", "127.0.0.1", 45678, "kaluki", "ABCD2345EFGHJ", ["127.0.0.1"]
    )
    browser = Browser(["127.0.0.1"])
    try:
        deadline = time.monotonic() + 10
        while not browser.tables() and time.monotonic() < deadline:
            time.sleep(0.05)
        tables = browser.tables()
        assert [(t.name, t.address, t.port, t.game, t.code) for t in tables] == [
            ("Ann's table", "127.0.0.1", 45678, "kaluki", "ABCD2345EFGHJ")
        ]
        assert tables[0].url == "http://127.0.0.1:45678"
    finally:
        browser.close()
        advertiser.close()
