"""Bots. They see only a seat's view (and the public events), never the full state."""
