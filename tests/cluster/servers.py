"""Table server processes (``python -m game serve``) on one PostgreSQL and one Redis, each
on its own loopback port with its own public address, for the cluster tests."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from tests.cluster.engines import free_port

ROOT = Path(__file__).resolve().parents[2]
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}


@dataclass
class Servers:
    db: str
    presence: str
    lease: float = 2.0
    logs: Path = Path(tempfile.gettempdir())
    processes: dict[str, subprocess.Popen] = field(default_factory=dict)

    def start(self, path: str = "") -> str:
        """One more process (under ``path``, as behind a proxy that gives each its own:
        "/p2"); its address."""
        port = free_port()
        url = f"http://127.0.0.1:{port}{path}"
        command = [sys.executable, "-m", "game", "serve", "--host", "127.0.0.1"]
        command += ["--port", str(port), "--db", self.db, "--presence", self.presence]
        command += ["--public-url", url, "--lease", str(self.lease), "--test-seeds"]
        log = open(self.logs / f"{port}.log", "w")  # noqa: SIM115 (the process's own)
        process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=log, env=ENV, text=True)
        log.close()
        assert process.stdout is not None
        line = process.stdout.readline()
        assert "card-parlour tables on" in line, line
        self.processes[url] = process
        return url

    @property
    def urls(self) -> list[str]:
        return list(self.processes)

    def kill(self, url: str) -> None:
        process = self.processes.pop(url)
        process.send_signal(signal.SIGKILL)
        process.wait(10)

    def terminate(self, url: str) -> None:
        process = self.processes.pop(url)
        process.send_signal(signal.SIGTERM)
        process.wait(20)

    def stop(self) -> None:
        for process in self.processes.values():
            process.kill()
        for process in self.processes.values():
            process.wait(10)
        self.processes.clear()


def wait_until(condition, seconds: float, what: str) -> float:
    """Seconds until ``condition()`` held (AssertionError naming ``what`` after ``seconds``)."""
    started = time.monotonic()
    while not condition():
        if time.monotonic() - started > seconds:
            raise AssertionError(f"{what}: not within {seconds} s")
        time.sleep(0.02)
    return time.monotonic() - started
