"""The Play online screens for the self-test and the snapshots: the menu, Host, Join
(looking on the loopback interface only) and a waiting room with two friends seated, fed
by a stand-in client (no server, nothing sent)."""

from __future__ import annotations

import queue
from collections.abc import Callable
from typing import Any

from game.app.scenes.base import Scene
from game.net.client import Incoming, LobbyInfo

SEATS = (
    {"name": "Ann", "kind": "human", "open": False, "connected": True, "ai": False},
    {"name": "Bob", "kind": "human", "open": False, "connected": True, "ai": False},
    {"name": "", "kind": "human", "open": True, "connected": False, "ai": False},
    {"name": "Ada", "kind": "normal", "open": False, "connected": False, "ai": False},
)


class StandInClient:
    """What the waiting room asks of a client, answered from a fixed lobby."""

    def __init__(self) -> None:
        self.code, self.game_id, self.seat = "H9MZE24AECVUP", "kaluki", 0
        self.url, self.connected = "http://192.168.1.20:41414", False
        self.inbox: queue.Queue[Incoming] = queue.Queue()
        self.inbox.put(LobbyInfo(self.code, "kaluki", "lobby", 60.0, SEATS))

    def poll(self) -> list[Incoming]:
        items = []
        while not self.inbox.empty():
            items.append(self.inbox.get_nowait())
        return items

    def leave(self) -> Any:
        return None

    def close(self) -> None:
        return None


def online_scenes(app) -> list[tuple[str, Callable[[], Scene]]]:
    from game.app.scenes.online.connect import Joined
    from game.app.scenes.online.host import HostScene
    from game.app.scenes.online.join import JoinScene
    from game.app.scenes.online.menu import PlayOnlineScene
    from game.app.scenes.online.room import WaitingRoomScene

    def room() -> Scene:
        joined = Joined(StandInClient(), "192.168.1.20:41414")  # type: ignore[arg-type]
        return WaitingRoomScene(app, joined, host=True)

    return [
        ("online", lambda: PlayOnlineScene(app)),
        ("online_host", lambda: HostScene(app)),
        ("online_join", lambda: JoinScene(app, ["127.0.0.1"])),
        ("online_room", room),
    ]
