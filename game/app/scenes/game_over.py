"""The end of the game: the winner, the standings and a chart of the cumulative scores
over the deals; Play again (the same seats and rules, a new deal of the cards) or Menu.

The game table fills a :class:`FinalResult` (texts already translated).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from game.app.i18n import tr, ui
from game.app.messages import is_you
from game.app.scenes.base import Scene
from game.app.scenes.score_chart import draw_score_chart
from game.app.table.panels import fit_line, seat_colour
from game.app.ui.focus import Focusable
from game.app.ui.form import button_item
from game.app.ui.paint import card_fan, felt_background, panel, text
from game.app.ui.theme import CREAM, GOLD, MUTED


@dataclass(frozen=True)
class Standing:
    place: int
    seat: int
    name: str
    score: str
    winner: bool


@dataclass(frozen=True)
class FinalResult:
    title: str  # "Ada wins!"
    subtitle: str  # "Lowest penalty after 7 deals"
    standings: tuple[Standing, ...]
    series: tuple[tuple[int, ...], ...]  # per seat: the total after deal 0, 1, 2 ...
    target: int | None = None  # a dashed line on the chart (the game's end)
    note: str = ""  # "Your statistics are updated."


def winners_title(names: Sequence[str], winners: Sequence[int]) -> str:
    """ "You win!", "Ada wins!" or "Ada & Bruno win!"."""
    if len(winners) == 1 and is_you(names[winners[0]]):
        return tr("table.you_win")
    if len(winners) == 1:
        return tr("table.winner", name=names[winners[0]])
    return tr("table.winners", names=" & ".join(names[w] for w in winners))


def ranked(
    names: Sequence[str],
    scores: Sequence[int],
    winners: Sequence[int],
    shown: Callable[[int], str],
    highest_first: bool = False,
) -> tuple[Standing, ...]:
    """Every seat by score, lowest first (or highest), ties sharing a place; ``shown``
    writes a score ("61 points")."""
    sign = -1 if highest_first else 1
    order = sorted(range(len(names)), key=lambda s: (sign * scores[s], s))
    standings, place = [], 0
    for i, seat in enumerate(order):
        if i == 0 or scores[seat] != scores[order[i - 1]]:
            place = i + 1
        standings.append(Standing(place, seat, names[seat], shown(scores[seat]), seat in winners))
    return tuple(standings)


class GameOverScene(Scene):
    opaque = True

    def __init__(
        self,
        app,
        result: FinalResult,
        on_again: Callable[[], None],
        on_menu: Callable[[], None],
    ) -> None:
        super().__init__(app)
        self.result = result
        self.on_again = on_again
        self.on_menu = on_menu
        self.again: pygame_gui.elements.UIButton | None = None
        self.menu: pygame_gui.elements.UIButton | None = None
        self.replay_button: pygame_gui.elements.UIButton | None = None
        self.on_replay: Callable[[], None] | None = None  # set by a table that can replay
        self.left = pygame.Rect(0, 0, 0, 0)
        self.chart = pygame.Rect(0, 0, 0, 0)

    def build(self) -> None:
        w, h = self.size
        margin = 48 if w >= 1200 else 32
        top = 150 if h >= 720 else 124
        bottom = h - 100
        split = margin + round((w - 2 * margin) * 0.38)
        self.left = pygame.Rect(margin, top, split - margin - 16, bottom - top)
        self.chart = pygame.Rect(split + 16, top, w - margin - split - 16, bottom - top)
        y = h - 74
        self.again = pygame_gui.elements.UIButton(
            pygame.Rect(w - margin - 220, y, 220, 52),
            ui("table.play_again"),
            self.ui,
            object_id=ObjectID(object_id="#primary"),
        )
        self.menu = pygame_gui.elements.UIButton(
            pygame.Rect(w - margin - 220 - 16 - 170, y, 170, 52),
            ui("table.to_menu"),
            self.ui,
            object_id=ObjectID(object_id="#quiet"),
        )
        self.replay_button = None
        if self.on_replay is not None:
            self.replay_button = pygame_gui.elements.UIButton(
                pygame.Rect(w - margin - 220 - 16 - 170 - 16 - 170, y, 170, 52),
                ui("replay.open"),
                self.ui,
                object_id=ObjectID(object_id="#quiet"),
            )

    def on_ui_event(self, event: pygame.event.Event) -> bool:
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return False
        if event.ui_element is self.again:
            self.on_again()
            return True
        if event.ui_element is self.menu:
            self.on_menu()
            return True
        if self.replay_button is not None and event.ui_element is self.replay_button:
            if self.on_replay is not None:
                self.on_replay()
            return True
        return False

    def focus_items(self) -> list[Focusable]:
        items = [
            button_item("menu", self.menu, self.press),
            button_item("again", self.again, self.press),
        ]
        if self.replay_button is not None:
            items.insert(0, button_item("replay", self.replay_button, self.press))
        return items

    def first_focus(self) -> str | None:
        return "again"

    def on_key(self, event: pygame.event.Event) -> bool:
        super().on_key(event)  # the ring (Enter: Play again unless moved), Esc: the menu
        return True

    def back(self) -> None:
        self.on_menu()

    def draw_scene(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(felt_background((w, h), self.app.cards), (0, 0))
        r = self.result
        margin = self.left.x
        card_fan(
            surface,
            self.app.cards,
            ("AS", "JK", "KH"),
            (margin + 56, 70),
            50,
            spread=12,
            overlap=0.4,
        )
        title = text(surface, r.title, (margin + 130, 34), 40, GOLD, bold=True, shadow=True)
        if r.subtitle:
            text(surface, r.subtitle, (margin + 132, title.bottom + 4), 18, CREAM)
        panel(surface, self.left, alpha=214)
        x, y = self.left.x + 24, self.left.y + 18
        text(surface, tr("table.standings"), (x, y), 18, GOLD, bold=True)
        y += 40
        n = max(1, len(r.standings))
        row_h = min(52, (self.left.bottom - 20 - y) // n)
        for standing in r.standings:
            band = pygame.Rect(self.left.x + 12, y, self.left.w - 24, row_h - 6)
            if standing.winner:
                pygame.draw.rect(surface, (44, 104, 70), band, 0, 10)
            text(
                surface,
                f"{standing.place}.",
                (band.x + 12, band.centery),
                20,
                GOLD if standing.winner else MUTED,
                bold=True,
                anchor="midleft",
            )
            pygame.draw.circle(surface, seat_colour(standing.seat), (band.x + 52, band.centery), 6)
            room = band.w - 70 - 90
            text(
                surface,
                fit_line(standing.name, 19, room, True),
                (band.x + 66, band.centery),
                19,
                CREAM,
                bold=True,
                anchor="midleft",
            )
            text(
                surface,
                standing.score,
                (band.right - 12, band.centery),
                20,
                GOLD if standing.winner else CREAM,
                bold=True,
                anchor="midright",
            )
            y += row_h
        panel(surface, self.chart, alpha=214)
        text(
            surface,
            tr("table.chart_title"),
            (self.chart.x + 24, self.chart.y + 18),
            18,
            GOLD,
            bold=True,
        )
        inner = pygame.Rect(
            self.chart.x + 16, self.chart.y + 56, self.chart.w - 36, self.chart.h - 74
        )
        draw_score_chart(
            surface, inner, r.series, target=r.target, deal_label=tr("table.chart_deals")
        )
        if r.note:
            text(surface, r.note, (margin, h - 48), 15, MUTED, anchor="midleft")
