"""Card Parlour: a card table for Kaluki, Kalooki, Indian Rummy and Laugh and Lie Down."""

__version__ = "0.1.0"
