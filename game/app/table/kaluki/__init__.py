"""The Kaluki table: ``hooks.KalukiHooks`` (see ``hooks.py``), named by the manifest."""

from game.app.table.kaluki.hooks import KalukiHooks

__all__ = ["KalukiHooks"]
