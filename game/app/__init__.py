"""Everything pygame: the window, scenes, widgets, card pictures, sound and text.

Only this package imports pygame (a test checks it), so the engine, the games, the AI
and the persistence stay usable headless and in tools.
"""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
