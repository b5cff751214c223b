"""The Indian Rummy table: ``hooks.IndianRummyHooks`` and its parts (see ``hooks.py``),
named by the manifest."""

from game.app.table.indian_rummy.hooks import IndianRummyHooks

__all__ = ["IndianRummyHooks"]
