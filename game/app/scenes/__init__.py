"""Scenes: one screen each (title, new game, settings, rules, statistics, load, dialogs;
the table scenes subclass :class:`game.app.scenes.base.Scene` too)."""
