"""One key map for every game at the table: a job has the same key in every game that
has it (issue 29: taking the staged melds back was Backspace in Kalooki and C in Kaluki).

The keyboard (``parts/keys.py``) and each game's ``on_game_key`` find the job of a key
here, and the key help (``?``) writes each line's keys from the same entries, so the help
says what the keys do. A key may serve two jobs of different games (L lays down in
Kalooki and lies down in Laugh and Lie Down); a game asks only for the jobs it has now,
first the one that wins when two share a key.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import pygame

from game.app.i18n import tr


@dataclass(frozen=True)
class KeyJob:
    keys: tuple[int, ...]  # the first is the one the help shows; the rest are aliases
    shown: str  # how the help writes the first key
    translated: bool = False  # ``shown`` is a translation key (a key with a name)

    def label(self) -> str:
        return tr(self.shown) if self.translated else self.shown


NUMBER_KEYS = tuple(range(pygame.K_1, pygame.K_9 + 1))

KEYS: dict[str, KeyJob] = {
    # The table's own (every game).
    "draw": KeyJob((pygame.K_d,), "D"),
    "take": KeyJob((pygame.K_t,), "T"),
    "discard": KeyJob((pygame.K_x, pygame.K_DELETE), "X"),
    "meld": KeyJob((pygame.K_m,), "M"),
    "hint": KeyJob((pygame.K_h,), "H"),
    "sort_suit": KeyJob((pygame.K_s,), "S"),
    "sort_rank": KeyJob((pygame.K_r,), "R"),
    # A turn's choices and the staged melds (Kaluki, Kalooki).
    "pass": KeyJob((pygame.K_p,), "P"),
    "lay_down": KeyJob((pygame.K_l,), "L"),
    # C stays an alias: Kaluki's old key, and Kalooki's C (call) is never asked while
    # melds are staged (they are staged only in the player's own turn).
    "cancel_stage": KeyJob((pygame.K_BACKSPACE, pygame.K_c), "table.key_backspace", True),
    # Kalooki's calls.
    "call": KeyJob((pygame.K_c,), "C"),
    "allow": KeyJob((pygame.K_a,), "A"),
    "deny": KeyJob((pygame.K_n,), "N"),
    # Laugh and Lie Down.
    "lie_down": KeyJob((pygame.K_l,), "L"),
    "capture": KeyJob((pygame.K_c,), "C"),
    "declare": KeyJob((pygame.K_d,), "D"),
    "claim": KeyJob(NUMBER_KEYS, "table.key_numbers", True),
    "inspect": KeyJob((pygame.K_i,), "I"),
    # Indian Rummy.
    "group": KeyJob((pygame.K_g, pygame.K_m), "G"),
    "auto_group": KeyJob((pygame.K_a,), "A"),
    "finish": KeyJob((pygame.K_f,), "F"),
    "drop": KeyJob((pygame.K_p,), "P"),
}


# The table's own lines of the key help, in order (``table.help_<name>``).
HELP_ORDER = (
    "drag",
    "select",
    "double",
    "arrows",
    "move_card",
    "space",
    "draw",
    "take",
    "discard",
    "meld",
    "tab",
    "undo",
    "hint",
    "sort",
    "log",
    "discards",
    "menu",
)
# The help lines that are keys of the key map (keymap.py): written from it.
HELP_JOBS = {
    "draw": ("draw",),
    "take": ("take",),
    "discard": ("discard",),
    "meld": ("meld",),
    "hint": ("hint",),
    "sort": ("sort_suit", "sort_rank"),
}


def job_of(key: int, jobs: Iterable[str]) -> str | None:
    """The first of ``jobs`` (those a game has now) that ``key`` does, or None."""
    return next((job for job in jobs if key in KEYS[job].keys), None)


def keys_text(*jobs: str) -> str:
    """The help's keys column for ``jobs``: "L  Backspace"."""
    return "  ".join(KEYS[job].label() for job in jobs)
