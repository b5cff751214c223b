"""Real redis-server and PostgreSQL processes for the cluster tests and ``bench --online
--processes``, each on a free loopback port with its files in a temporary folder.

PostgreSQL refuses to run as root: as root its processes run as the ``postgres`` user
(Debian's package makes it) or else ``nobody``.
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

START_SECONDS = 30.0


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def postgres_bin() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=_version)
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


def _version(path: str) -> int:
    with contextlib.suppress(ValueError, IndexError):
        return int(path.split("/")[4])
    return 0


def _wait_port(port: int, process: subprocess.Popen, what: str) -> None:
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"{what} exited with {process.returncode}")
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.2):
            return
        time.sleep(0.05)
    raise RuntimeError(f"{what} did not listen on {port}")


class Redis:
    """One redis-server, nothing kept on disk (a restart forgets every key, as a lost
    Redis machine would)."""

    def __init__(self) -> None:
        self.binary = shutil.which("redis-server")
        self.port = free_port()
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        assert self.binary is not None
        command = [self.binary, "--port", str(self.port), "--bind", "127.0.0.1"]
        command += ["--save", "", "--appendonly", "no", "--protected-mode", "yes"]
        self.process = subprocess.Popen(
            command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        _wait_port(self.port, self.process, "redis-server")

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(10)
            self.process = None

    def restart(self) -> None:
        self.stop()
        self.start()


class Postgres:
    """One PostgreSQL cluster made by initdb in a temporary folder (fsync off: its data
    needs to outlive a restart of the server, not of the machine)."""

    def __init__(self) -> None:
        self.bin = postgres_bin()
        self.port = free_port()
        self.folder = Path(tempfile.mkdtemp(prefix="card-parlour-pg-"))
        self.data = self.folder / "data"
        self.user: str | None = None
        if os.geteuid() == 0:
            self.user = "postgres" if _exists("postgres") else "nobody"
            account = pwd.getpwnam(self.user)
            os.chown(self.folder, account.pw_uid, account.pw_gid)
        self.databases = 0

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://parlour@127.0.0.1:{self.port}/{database}"

    def _run(self, *command: str) -> None:
        assert self.bin is not None
        subprocess.run(
            [str(self.bin / command[0]), *command[1:]],
            check=True,
            user=self.user,
            cwd=self.folder,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            timeout=120,
        )

    def init(self) -> None:
        self._run(
            "initdb", "-D", str(self.data), "-U", "parlour", "--auth=trust", "-E", "UTF8", "-N"
        )

    def start(self) -> None:
        options = (
            f"-p {self.port} -c listen_addresses=127.0.0.1 -c unix_socket_directories={self.folder}"
        )
        options += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        self._run(
            "pg_ctl",
            "-D",
            str(self.data),
            "-o",
            options,
            "-l",
            str(self.folder / "log"),
            "-w",
            "start",
        )

    def stop(self) -> None:
        with contextlib.suppress(subprocess.SubprocessError, OSError):
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")

    def restart(self) -> None:
        self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop")
        self.start()

    def new_database(self) -> str:
        """A fresh, empty database's address (one per test)."""
        self.databases += 1
        name = f"test_{self.databases}"
        self._run("createdb", "-h", "127.0.0.1", "-p", str(self.port), "-U", "parlour", name)
        return self.url(name)

    def remove(self) -> None:
        self.stop()
        shutil.rmtree(self.folder, ignore_errors=True)


def _exists(user: str) -> bool:
    try:
        pwd.getpwnam(user)
    except KeyError:
        return False
    return True
