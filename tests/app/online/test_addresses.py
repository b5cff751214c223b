"""A server's address as a player types it: host, host:port, http:// or https:// (a
dedicated server behind a TLS proxy, as the README describes), never every interface."""

from __future__ import annotations

import pytest

from game.app.scenes.online.addresses import DEFAULT_PORT, Where, parse_address
from game.net.server import ANY_ADDRESS


@pytest.mark.parametrize(
    ("typed", "where", "url"),
    [
        ("192.168.1.20", Where("192.168.1.20", DEFAULT_PORT), "http://192.168.1.20:41414"),
        (" 192.168.1.20:8765 ", Where("192.168.1.20", 8765), "http://192.168.1.20:8765"),
        ("http://cards.local:9000/", Where("cards.local", 9000), "http://cards.local:9000"),
        ("https://cards.example.org", Where("cards.example.org", 443, True), None),
        ("HTTPS://cards.example.org:8443", Where("cards.example.org", 8443, True), None),
        # a process under a path of a shared name (issue 30: a path per process)
        ("https://example.org/p2", Where("example.org", 443, True, "/p2"), None),
        ("https://example.org/p2/", Where("example.org", 443, True, "/p2"), None),
        ("127.0.0.1:8765/a/p1", Where("127.0.0.1", 8765, False, "/a/p1"), None),
    ],
)
def test_addresses_as_typed(typed, where, url):
    assert parse_address(typed) == where
    expected = (
        url or f"{'https' if where.secure else 'http'}://{where.host}:{where.port}{where.path}"
    )
    assert parse_address(typed).url == expected


@pytest.mark.parametrize(
    "typed",
    ["", "host:0", "host:70000", "host:port", "a b", "ftp://x", "host/p 2", "host/../x", "h/a?b"],
)
def test_what_is_not_an_address(typed):
    assert parse_address(typed) is None


@pytest.mark.parametrize("anywhere", ANY_ADDRESS)
def test_every_interface_is_never_an_address_to_connect_to(anywhere):
    # named from the server's own list, never written here
    assert parse_address(anywhere) is None
    assert parse_address(f"{anywhere}:8765") is None
    assert parse_address(f"http://{anywhere}:8765") is None
