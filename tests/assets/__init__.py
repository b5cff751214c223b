"""Tests for the generated art and sound assets."""
