"""Structured logs for a server of many processes (``serve --log-json``): one JSON object a
line, with the time, level, logger, message and the process's public address, so a log
collector can join the lines of every process."""

from __future__ import annotations

import json
import logging
import time


class JsonLines(logging.Formatter):
    def __init__(self, process: str) -> None:
        super().__init__()
        self.process = process

    def format(self, record: logging.LogRecord) -> str:
        line = {
            "time": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created))
            + f".{int(record.msecs):03d}Z",
            "level": record.levelname.lower(),
            "logger": record.name,
            "process": self.process,
            "message": record.getMessage(),
        }
        if record.exc_info:
            line["error"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False)
