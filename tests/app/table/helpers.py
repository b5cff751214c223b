"""Driving a table headless: open one at a chosen position, and play it with the mouse
and keyboard as a player would (events go through the app's own frame loop)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pygame

from game.app.app import App
from game.app.session import GameSession
from game.app.setup import GameSetup, Seat
from game.app.table import open_table
from game.app.table.table_scene import TableScene
from game.games.kaluki import KalukiOptions

NAMES = ("You", "Ada", "Bruno", "Clara", "Dev", "Elena")


def kaluki_table(
    app: App,
    kinds=("human", "easy"),
    *,
    seed: int = 3,
    names=NAMES,
    options: KalukiOptions | None = None,
    **changes,
) -> TableScene:
    """A Kaluki table whose state is the dealt game with ``changes`` applied."""
    seats = tuple(Seat(name, kind) for name, kind in zip(names, kinds))
    setup = GameSetup("kaluki", options or KalukiOptions(players=len(kinds)), seed, seats)
    session = GameSession(setup)
    if changes:
        session.state = replace(session.state, **changes)
    table = open_table(app, session)
    table.ai_pause = 0.0
    frames(app, 2)
    return table


def frames(app: App, count: int = 1) -> None:
    for _ in range(count):
        app.frame(1 / 60)


def settle(app: App, table: TableScene, limit: int = 600) -> None:
    """Run frames until no card is moving."""
    for _ in range(limit):
        frames(app)
        if not table.animator.busy:
            return


def until(app: App, condition: Callable[[], bool], limit: int = 3000) -> bool:
    for _ in range(limit):
        if condition():
            return True
        frames(app)
    return condition()


def post(kind: int, **fields) -> None:
    pygame.event.post(pygame.event.Event(kind, **fields))


def drag(app: App, start: tuple[int, int], end: tuple[int, int], steps: int = 6) -> None:
    post(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0))
    frames(app)
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    frames(app)
    for i in range(1, steps + 1):
        pos = (
            start[0] + (end[0] - start[0]) * i // steps,
            start[1] + (end[1] - start[1]) * i // steps,
        )
        post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
        frames(app)
    post(pygame.MOUSEBUTTONUP, pos=end, button=1)
    frames(app)


def click(app: App, pos: tuple[int, int], count: int = 1) -> None:
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    frames(app)
    for _ in range(count):
        post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
        post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    frames(app, 2)


def key(app: App, code: int, mod: int = 0, unicode: str = "") -> None:
    post(pygame.KEYDOWN, key=code, mod=mod, unicode=unicode)
    post(pygame.KEYUP, key=code, mod=mod)
    frames(app, 2)


def card_point(table: TableScene, card) -> tuple[int, int]:
    """A point on the visible part of a card on the table."""
    token = table.picture.get(card)
    assert token is not None, f"{card} is not on the table"
    area = token.hit if token.hit is not None else token.rect
    return area.center


def press_button(app: App, table: TableScene, name: str) -> None:
    """Click a status-line button (Pass, Lay down ...) by its name."""
    for widget, spec in table.context_widgets.items():
        if spec.name == name:
            click(app, widget.rect.center)
            return
    raise AssertionError(
        f"no {name} button; have {[s.name for s in table.context_widgets.values()]}"
    )


def continue_from_title(app: App):
    """Start ``app`` at the title as a player would and press Continue; the scene it
    opens (the resumed table)."""
    from game.app.scenes.title import TitleScene

    app.start(TitleScene(app))
    frames(app)
    title = app.stack.top
    assert "continue" in title.buttons.values(), "the title offers no Continue"
    title.choose("continue")
    frames(app, 2)
    return app.stack.top


def pass_hand(app: App) -> None:
    """The next player presses the hand-off screen's own button, as a person would: a
    moment after it appeared (a click at once counts as the previous player's)."""
    from game.app.table.handoff import CLICK_GUARD_S, HandoffScene

    top = app.stack.top
    assert isinstance(top, HandoffScene), "no hand-off screen is up"
    while top.age < CLICK_GUARD_S:
        frames(app)
    click(app, top.button.rect.center)
    assert app.stack.top is not top, "the button did not reveal the hand"


def sit_down(app: App) -> None:
    """Confirm the hand-off a hot-seat table opens behind (nobody's hand shows before)."""
    from game.app.table.handoff import HandoffScene

    frames(app, 1)
    top = app.stack.top
    assert isinstance(top, HandoffScene), "a hot-seat table opens behind a hand-off"
    top.ready()
    frames(app, 1)
