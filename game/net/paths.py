"""A path prefix per server process: N processes behind one TLS name, each under a path
of its own (``https://example.org/p2``). A process serves Socket.IO and its HTTP
endpoints under its prefix, advertises its public URL with the path (a redirect to it
carries the whole URL), and the client connects to a URL with a path by giving Socket.IO
the path of its endpoint there."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

_PREFIX = re.compile(r"(/[A-Za-z0-9._~-]+)+")
MAX_PREFIX = 100


def prefix(text: str) -> str:
    """``text`` as a path prefix: "" for none ("" or "/"), else "/a" or "/a/b" with no
    trailing slash; ValueError when it is not one (no query, no "..", no spaces)."""
    path = text.strip().rstrip("/")
    if not path:
        return ""
    if len(path) > MAX_PREFIX or not _PREFIX.fullmatch(path) or "/.." in path or "/./" in path:
        raise ValueError(f"a path prefix is like /p2, not {text[:40]!r}")
    return path


def prefix_of(url: str) -> str:
    """The path of ``url`` as a prefix ("" when it has none); ValueError if it is no path
    (or the URL carries a query or a fragment: no server address does)."""
    parts = urlsplit(url)
    if parts.query or parts.fragment or "?" in url or "#" in url:
        raise ValueError(f"a server's address has no query or fragment, not {url[:60]!r}")
    return prefix(parts.path)


def socketio_path(path_prefix: str) -> str:
    """Where Socket.IO answers under ``path_prefix`` ("socket.io", "p2/socket.io")."""
    return f"{path_prefix.strip('/')}/socket.io".lstrip("/")


def split(url: str) -> tuple[str, str]:
    """A server URL as (scheme://host:port, its Socket.IO path) for the client."""
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}", socketio_path(prefix(parts.path))
