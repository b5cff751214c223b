"""Shared drawing and widget helpers for the scenes."""
