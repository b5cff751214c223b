"""Hot-seat privacy at every moment: with two or more humans no hand is face up until
its player has confirmed the hand-off, from the first deal on; while AI seats play
between two humans the hand is covered."""

from __future__ import annotations

from itertools import pairwise

import pygame

from game.app.table.handoff import HandoffScene
from game.engine.actions import Discard
from game.games.kaluki.state import DRAW, PLAY
from tests.app.table.helpers import card_point, click, drag, frames, kaluki_table, pass_hand, until
from tests.helpers import hand


def faces(table, seat: int) -> list:
    return [token.card for token in table.picture.in_zone(f"hand:{seat}")]


def test_an_ai_first_leaves_every_hand_covered_then_the_human_is_called(app):
    table = kaluki_table(app, ("easy", "human", "human"), names=("Ada", "Sam", "Priya"), seat=0)
    table.ai_pause = 60.0  # the AI seat thinks; nobody has confirmed anything yet
    frames(app, 3)
    assert app.stack.top is table and table.covered
    assert faces(table, table.view_seat) and not any(faces(table, table.view_seat))
    table.ai_pause = 0.0
    assert until(app, lambda: isinstance(app.stack.top, HandoffScene), 600)
    assert app.stack.top.name == "Sam"
    pass_hand(app)
    assert table.view_seat == 1 and all(faces(table, 1))


def test_after_a_human_discards_the_hand_is_covered_while_the_ai_plays(app):
    table = kaluki_table(
        app,
        ("human", "easy", "human"),
        names=("Sam", "Ada", "Priya"),
        seat=0,
        phase=PLAY,
        hands=(hand("5C 9H KD"), hand("2S 3S 4S"), hand("7D 8D 9D")),
    )
    assert isinstance(app.stack.top, HandoffScene) and app.stack.top.name == "Sam"
    pass_hand(app)
    assert all(faces(table, 0))
    table.ai_pause = 60.0
    drag(app, card_point(table, hand("9H")[0]), table.layout.discard.center)
    frames(app, 3)
    assert table.session.to_act == 1 and app.stack.top is table
    assert faces(table, 0) and not any(faces(table, 0))  # covered while Ada plays
    table.ai_pause = 0.0
    assert until(app, lambda: isinstance(app.stack.top, HandoffScene), 600)
    assert app.stack.top.name == "Priya"
    pass_hand(app)
    assert table.view_seat == 2 and set(faces(table, 2)) >= set(hand("7D 8D 9D"))


def test_one_human_with_ai_seats_is_never_covered(app):
    table = kaluki_table(app, ("human", "easy"), seat=0, phase=DRAW)
    frames(app, 2)
    assert app.stack.top is table and not table.covered and all(faces(table, 0))


def test_a_covered_indian_rummy_hand_is_one_even_row_of_backs(app):
    from tests.app.table.test_indian_rummy import ir_table

    table = ir_table(app, ("easy", "human", "human"))
    assert table.covered and len(table.hooks.groups) > 1  # arranged in groups underneath
    tokens = table.picture.in_zone(f"hand:{table.view_seat}")
    assert len(tokens) == 13 and not any(token.card or token.label for token in tokens)
    steps = {round(b.place.x - a.place.x, 3) for a, b in pairwise(tokens)}
    assert len(steps) == 1  # no gaps: the groups' sizes would tell the suits


def handoff_after_a_discard(app):
    """Sam (hot-seat with Priya) at his turn, hand shown; returns the table and a card of his."""
    table = kaluki_table(
        app,
        ("human", "human"),
        names=("Sam", "Priya"),
        seat=0,
        phase=PLAY,
        hands=(hand("5C 9H KD"), hand("7D 8D 9D")),
    )
    pass_hand(app)
    assert table.view_seat == 0 and all(faces(table, 0))
    return table


def test_the_third_click_of_a_hurried_discard_does_not_show_the_next_hand(app):
    table = handoff_after_a_discard(app)
    point = card_point(table, hand("9H")[0])
    click(app, point, count=2)  # a double-click discards the 9H ...
    assert table.session.log[-1] == Discard(hand("9H")[0])
    until(app, lambda: isinstance(app.stack.top, HandoffScene), 120)
    cover = app.stack.top
    assert isinstance(cover, HandoffScene) and cover.name == "Priya"
    click(app, cover.button.rect.center)  # ... and a third click lands on "I'm ready"
    click(app, point)
    assert app.stack.top is cover and not any(faces(table, 1))
    frames(app, 40)  # long after: a click anywhere but the button still does nothing
    click(app, (20, 20))
    click(app, (cover.box.centerx, cover.box.y + 40))  # on the panel, above the button
    assert app.stack.top is cover and not any(faces(table, 1))
    pass_hand(app)
    assert table.view_seat == 1 and all(faces(table, 1))


def test_a_key_held_from_the_last_move_or_pressed_at_once_does_not_reveal(app, monkeypatch):
    table = handoff_after_a_discard(app)
    table.play(Discard(hand("9H")[0]))
    held = {pygame.K_RETURN}
    real = pygame.key.get_pressed
    monkeypatch.setattr(pygame.key, "get_pressed", lambda: HeldKeys(real(), held))
    until(app, lambda: isinstance(app.stack.top, HandoffScene), 120)
    cover = app.stack.top
    frames(app, 80)  # well past the key's arming time
    for _ in range(3):  # Enter held since the last move: the key repeats
        post_key(pygame.KEYDOWN, pygame.K_RETURN)
        frames(app)
    assert app.stack.top is cover
    post_key(pygame.KEYUP, pygame.K_RETURN)  # let go ...
    frames(app)
    held.clear()
    post_key(pygame.KEYDOWN, pygame.K_SPACE)  # ... a fresh press is Priya's own
    frames(app, 2)
    assert app.stack.top is table and table.view_seat == 1


def test_a_key_in_the_screens_first_second_does_not_reveal(app):
    table = handoff_after_a_discard(app)
    table.play(Discard(hand("9H")[0]))
    until(app, lambda: isinstance(app.stack.top, HandoffScene), 120)
    cover = app.stack.top
    post_key(pygame.KEYDOWN, pygame.K_RETURN)
    frames(app, 80)  # still held: the screen stays although a second has passed
    post_key(pygame.KEYDOWN, pygame.K_RETURN)
    frames(app)
    assert app.stack.top is cover and not any(faces(table, 1))
    post_key(pygame.KEYUP, pygame.K_RETURN)
    post_key(pygame.KEYDOWN, pygame.K_RETURN)
    frames(app, 2)
    assert app.stack.top is table and table.view_seat == 1


class HeldKeys:
    """``pygame.key.get_pressed()`` with ``held`` down as well."""

    def __init__(self, real, held: set[int]) -> None:
        self.real, self.held = real, held

    def __getitem__(self, key: int) -> bool:
        return key in self.held or bool(self.real[key])


def post_key(kind: int, code: int) -> None:
    pygame.event.post(pygame.event.Event(kind, key=code, mod=0, unicode=""))
