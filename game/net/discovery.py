"""Finding tables on the local network: a hosting app advertises its table as a zeroconf
(mDNS/DNS-SD) service of type ``_cardparlour._tcp``; the Join screen browses for them.

The advertisement says where the server listens and, for a table the host made open to
the local network, its game and code (a table on a dedicated server is never advertised
with its code: there the code is what keeps strangers out). An advert lives exactly as
long as its table accepts players: the app withdraws it when the game starts or the
host leaves the waiting room (``Hosting.withdraw``).
"""

from __future__ import annotations

import socket
import threading
from dataclasses import dataclass
from typing import Any

from zeroconf import IPVersion, ServiceBrowser, ServiceInfo, ServiceListener, Zeroconf

from game import __version__

SERVICE = "_cardparlour._tcp.local."


@dataclass(frozen=True)
class FoundTable:
    name: str  # the host's name for the table ("Ann's table")
    address: str
    port: int
    game: str
    code: str  # "" when the host did not publish it

    @property
    def url(self) -> str:
        return f"http://{self.address}:{self.port}"


def _zeroconf(interfaces: list[str] | None) -> Zeroconf:
    if interfaces is None:
        return Zeroconf(ip_version=IPVersion.V4Only)
    return Zeroconf(interfaces=interfaces, ip_version=IPVersion.V4Only)


def _label(name: str) -> str:
    """A DNS-SD instance name: printable, at most 63 bytes."""
    text = "".join(ch for ch in name if ch.isprintable() and ch != ".") or "Card Parlour"
    while len(text.encode()) > 63:
        text = text[:-1]
    return text


class Advertiser:
    """Announce one table until :meth:`close`."""

    def __init__(
        self,
        name: str,
        address: str,
        port: int,
        game: str,
        code: str = "",
        interfaces: list[str] | None = None,
    ) -> None:
        self.zeroconf = _zeroconf(interfaces)
        properties = {"game": game, "code": code, "version": __version__}
        self.info = ServiceInfo(
            SERVICE,
            f"{_label(name)}.{SERVICE}",
            addresses=[socket.inet_aton(address)],
            port=port,
            properties=properties,
            server=f"cardparlour-{port}.local.",
        )
        self.zeroconf.register_service(self.info, allow_name_change=True)

    def close(self) -> None:
        self.zeroconf.unregister_service(self.info)
        self.zeroconf.close()


class _Listener(ServiceListener):
    def __init__(self, browser: Browser) -> None:
        self.browser = browser

    def add_service(self, zc: Zeroconf, type_: str, name: str) -> None:
        self.browser._resolve(zc, type_, name)

    def update_service(self, zc: Zeroconf, type_: str, name: str) -> None:
        self.browser._resolve(zc, type_, name)

    def remove_service(self, zc: Zeroconf, type_: str, name: str) -> None:
        with self.browser.lock:
            key = self.browser.keys.pop(name, None)
            if key is not None:
                self.browser.found.pop(key, None)


class Browser:
    """The tables seen on the network so far (``tables()``), kept up to date on
    zeroconf's thread until :meth:`close`. A table is known by its code (two hosts may
    name their tables alike, and zeroconf renames the second advert of a name); an
    advert withdrawn takes its table off the list."""

    def __init__(self, interfaces: list[str] | None = None) -> None:
        self.lock = threading.Lock()
        self.found: dict[str, FoundTable] = {}  # by table code (by advert name if none)
        self.keys: dict[str, str] = {}  # advert name -> its key in ``found``
        self.zeroconf = _zeroconf(interfaces)
        self.browser = ServiceBrowser(self.zeroconf, SERVICE, _Listener(self))

    def _resolve(self, zc: Zeroconf, type_: str, name: str) -> None:
        info = zc.get_service_info(type_, name, timeout=2000)
        if info is None or not info.parsed_addresses() or info.port is None:
            return
        props: dict[Any, Any] = info.properties or {}

        def text(key: bytes) -> str:
            value = props.get(key)
            return value.decode("utf-8", "replace")[:40] if isinstance(value, bytes) else ""

        table = FoundTable(
            name.removesuffix("." + SERVICE)[:63],
            info.parsed_addresses()[0],
            info.port,
            text(b"game"),
            text(b"code"),
        )
        key = table.code or name
        with self.lock:
            old = self.keys.get(name)
            if old is not None and old != key:  # the advert now names another table
                self.found.pop(old, None)
            self.keys[name] = key
            self.found[key] = table

    def tables(self) -> list[FoundTable]:
        with self.lock:
            return sorted(self.found.values(), key=lambda table: table.name)

    def close(self) -> None:
        self.browser.cancel()
        self.zeroconf.close()
