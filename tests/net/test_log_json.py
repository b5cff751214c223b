"""``serve --log-json``: every line the server logs is one JSON object (time, level,
logger, message and the process's address), so a log collector can join the lines of
many processes; a failure's traceback rides inside its line, never as lines of its own."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from tests.net.test_store_files import start_serve

SERVE_TIMEOUT = 30.0


def test_every_line_of_serve_log_json_is_one_object_naming_its_process(tmp_path: Path) -> None:
    url = "http://parlour-1.example:8765"
    process = start_serve(
        tmp_path / "t.db", "--log-json", "--public-url", url, stderr=subprocess.PIPE
    )
    process.terminate()  # (a table was made) SIGTERM: the drain logs its steps too
    _out, err = process.communicate(timeout=SERVE_TIMEOUT)
    lines = [json.loads(text) for text in err.splitlines() if text.strip()]
    assert lines, "serve logged nothing"
    for entry in lines:
        assert set(entry) >= {"time", "level", "logger", "process", "message"}, entry
        assert entry["process"] == url and entry["time"].endswith("Z")
    assert any(entry["message"].startswith("open files") for entry in lines)
