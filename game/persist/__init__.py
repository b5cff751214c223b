"""Saves, autosave, settings and statistics on disk: validated JSON, written atomically.

Nothing here imports pygame, and nothing in the engine touches files: the app hands a
``SavedGame`` (or settings, statistics) to this package, which alone reads and writes.
"""
