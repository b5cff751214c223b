"""The Kaluki table: ``table.KalukiTable`` (see ``table.py``)."""

from game.app.table.kaluki.table import KalukiTable

__all__ = ["KalukiTable"]
