"""The one table server an app runs for the tables its player hosts. Hosting again in
the same run puts the new table on the same server (a second server on the same port
could never listen: "This computer cannot take friends on that address and port"); a
finished table leaves it (``connect.FINISHED_S``), and it stops, cleanly, when the app
closes: the friends' apps hear when to come back, and Continue serves the same store.

The Host screen's work runs on a worker thread (``task.py``), the room and the app's
shutdown on the UI thread: one lock keeps them from starting two servers.
"""

from __future__ import annotations

import threading
from pathlib import Path

from game.app.scenes.online.connect import Hosting, serve


class HostedServer:
    def __init__(self) -> None:
        self.hosting: Hosting | None = None
        self.lock = threading.Lock()

    def serve(self, address: str, port: int, db: Path | None) -> Hosting:
        """The app's server, started at ``address``:``port`` unless it runs already: a
        running one is kept (and the table goes on it) when it listens there (any port
        for 0) or has a table waiting or under way; otherwise it moves there."""
        with self.lock:
            running = self.hosting
            if running is not None and not running.stopped:
                here = running.server.server
                if here.host == address and port in (0, here.port):
                    return running
                if running.in_play():
                    return running
                running.stop()
            self.hosting = serve(address, port, db)  # Failed when it cannot listen
            return self.hosting

    def release(self, code: str | None) -> None:
        """Table ``code`` was left before it started (its advert goes): the server stops
        when nothing else is in play on it."""
        with self.lock:
            running = self.hosting
            if running is not None and code is not None:
                running.withdraw(code)
            if running is not None and not running.stopped and not running.in_play(code):
                running.stop()
                self.hosting = None

    def stop(self) -> None:
        with self.lock:
            if self.hosting is not None:
                self.hosting.stop()
                self.hosting = None
