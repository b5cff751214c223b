"""Picture fingerprints: what a table shows, reduced to a short hash.

A table's fingerprint covers what the player sees of it: every drawn token (key, card,
zone, place, label, selected, dim) in drawing order, the status line (the game's text,
the staged progress and the notice shown), the buttons (side and status-line, with their
labels and whether they are enabled), a drag under way (what is held, the targets lit,
the one under the mouse), the keyboard's focus and target, and the log (its lines and
how far it is scrolled back). ``steps`` records one fingerprint
for each frame at which the top-most table's picture differs from the frame before, so
the recording does not depend on how many frames a bot's thread or an animation took.

``test_picture_golden.py`` keeps the recordings in ``pictures.json``; see its docstring
for how to regenerate them after a deliberate change of what a table draws.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from contextlib import contextmanager

from game.app.app import App
from game.app.table.table_scene import TableScene


def shown_table(app: App) -> TableScene | None:
    """The top-most table on the stack (under a dialog or a summary, it still shows)."""
    for scene in reversed(app.stack.scenes):
        if isinstance(scene, TableScene):
            return scene
    return None


def _place(place) -> str:
    return f"{place.x:.2f},{place.y:.2f},{place.w},{int(place.face_up)},{place.angle:.2f}"


def describe(table: TableScene) -> list[str]:
    """What the table shows, one readable line per thing (the hash is taken over these)."""
    lines = []
    for t in table.picture:
        card = "back" if t.card is None else str(t.card)
        lines.append(
            f"token {t.key!r} {card} {t.zone} {_place(t.place)} {t.label!r} "
            f"{int(t.selected)}{int(t.dim)}"
        )
    if table.layout is not None:
        lines.append(f"status {table.current_status()!r}")
        lines.append(f"progress {table.stage_progress()!r}")
    lines.append(f"notice {table.notice!r}")
    for button, name in table.side_buttons.items():
        lines.append(f"side {name} {int(button.is_enabled)}")
    for button, spec in table.context_widgets.items():
        lines.append(f"button {spec.name} {button.text!r} {int(button.is_enabled)}")
    drag = table.drag
    if drag is not None:
        legal = sorted(map(repr, drag.legal))
        lines.append(f"drag {drag.source!r} {[str(c) for c in drag.cards.values()]} {legal}")
        lines.append(f"hover {drag.hover!r}")
    if table.keyboard_used:
        lines.append(f"keys {table.focus} {table.key_target!r}")
    lines.append(f"log scroll {table.log_scroll}")
    for line in table.log_lines:
        lines.append(f"log {line.seat} {line.name!r} {line.text!r} {int(line.deal_start)}")
    return lines


def fingerprint(table: TableScene) -> str:
    digest = hashlib.sha256("\n".join(describe(table)).encode("utf-8"))
    return digest.hexdigest()[:12]


@contextmanager
def steps(app: App) -> Iterator[tuple[list[str], list[list[str]]]]:
    """Record the shown table's fingerprint after every frame of ``app`` (consecutive
    repeats dropped; "-" while no table is on the stack). Yields the fingerprints and the
    readable description of each."""
    hashes: list[str] = []
    described: list[list[str]] = []
    frame = app.frame

    def recorded(dt: float, *args, **kwargs) -> None:
        frame(dt, *args, **kwargs)
        table = shown_table(app)
        lines = describe(table) if table is not None else []
        value = fingerprint(table) if table is not None else "-"
        if not hashes or hashes[-1] != value:
            hashes.append(value)
            described.append(lines)

    app.frame = recorded  # type: ignore[method-assign]
    try:
        yield hashes, described
    finally:
        del app.frame
