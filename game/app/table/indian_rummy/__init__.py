"""The Indian Rummy table: ``table.IndianRummyTable`` and its parts (see ``table.py``)."""

from game.app.table.indian_rummy.table import IndianRummyTable

__all__ = ["IndianRummyTable"]
