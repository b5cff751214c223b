"""Where this computer can listen for friends: its IPv4 addresses, the LAN ones first and
the loopback last (never "every interface": the host always names one address)."""

from __future__ import annotations

import contextlib
import ipaddress
import re
import socket
from typing import NamedTuple

from game.net import paths
from game.net.server import ANY_ADDRESS

LOOPBACK = "127.0.0.1"
DEFAULT_PORT = 41414
_HOST = re.compile(r"[A-Za-z0-9]([A-Za-z0-9.-]{0,250}[A-Za-z0-9])?")


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses: the one its default route uses first (no packet is
    sent: a UDP socket is only pointed there), then the others its name resolves to,
    then 127.0.0.1."""
    found: list[str] = []
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed anywhere real
        found.append(probe.getsockname()[0])
    with contextlib.suppress(OSError):
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.append(str(info[4][0]))
    usable = [a for a in dict.fromkeys(found) if not ipaddress.ip_address(a).is_loopback]
    usable = [a for a in usable if not ipaddress.ip_address(a).is_unspecified]
    return [*usable, LOOPBACK]


class Where(NamedTuple):
    """A table server's address as typed: ``secure`` for one behind a TLS proxy, ``path``
    for a process under a path of a shared name (``https://example.org/p2``)."""

    host: str
    port: int
    secure: bool = False
    path: str = ""  # "" or "/p2"

    @property
    def url(self) -> str:
        return f"{'https' if self.secure else 'http'}://{self.host}:{self.port}{self.path}"

    @property
    def typed(self) -> str:
        """As friends type it: ``host:port``, or the whole URL when it needs more."""
        if not self.secure and not self.path:
            return f"{self.host}:{self.port}"
        port = "" if self.port == (443 if self.secure else 80) else f":{self.port}"
        return f"{'https' if self.secure else 'http'}://{self.host}{port}{self.path}"


def parse_address(text: str, default_port: int = DEFAULT_PORT) -> Where | None:
    """``host``, ``host:port``, ``http://host:port`` or ``https://host[:port]`` (a server
    behind a TLS proxy, port 443 unless given), each with a path (``/p2``) when the
    server sits under one, as typed; None when it is not one."""
    text = text.strip().rstrip("/")
    secure = text.lower().startswith("https://")
    text = text.split("://", 1)[1] if text.lower().startswith(("http://", "https://")) else text
    text, slash, path_text = text.partition("/")
    try:
        path = paths.prefix(slash + path_text)
    except ValueError:
        return None
    host, _, port_text = text.partition(":")
    if not _HOST.fullmatch(host) or host in ANY_ADDRESS:  # the server refuses them too
        return None
    if not port_text:
        return Where(host, 443 if secure else default_port, secure, path)
    if not port_text.isdigit() or not 0 < int(port_text) < 65536:
        return None
    return Where(host, int(port_text), secure, path)
