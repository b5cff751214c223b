"""The short wait while an online seat is rejoined (Continue, Load, Join with a kept
record): the connection, the rejoin and the seat's view come on a worker thread
(``table.rejoin.reach``), so the window keeps drawing; then the table opens on the seat,
or the reason is shown. Esc leaves (a connection made meanwhile is closed)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.app.i18n import tr
from game.app.scenes.base import Scene
from game.app.scenes.online.task import Task
from game.app.table.rejoin import Reached, reach, rejoin_label, sit_down
from game.app.ui.paint import felt_background, heading, page_margin, paragraph
from game.app.ui.theme import GOLD
from game.persist.online_tables import OnlineRecord

if TYPE_CHECKING:
    from game.app.app import App


class RejoiningScene(Scene):
    def __init__(
        self,
        app: App,
        record: OnlineRecord,
        timeout: float = 10.0,
        on_failed: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(app)
        self.record, self.on_failed = record, on_failed
        self.task = Task(lambda: reach(app, record, timeout))
        self.left = False

    @property
    def animating(self) -> bool:
        return True  # the answer arrives without the player doing anything

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.left or not self.task.done:
            return
        reached = self.task.result if isinstance(self.task.result, Reached) else Reached()
        if self.task.error is not None:
            reached = Reached(unreachable=True)
        self.left = True
        if self.app.stack.top is self:
            self.app.stack.pop()
        if sit_down(self.app, self.record, reached) is None and self.on_failed is not None:
            self.on_failed()

    def exit(self) -> None:
        if not self.left:  # Esc before the answer: drop whatever connection it makes
            self.left = True
            Task(self._drop)
        super().exit()

    def _drop(self) -> None:
        self.task.wait(30)
        result = self.task.result
        if isinstance(result, Reached) and result.client is not None:
            result.client.close()

    def draw_scene(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(felt_background((w, h), self.app.cards), (0, 0))
        heading(surface, tr("net_table.rejoining"), rejoin_label(self.record))
        margin = page_margin(self.size)
        area = pygame.Rect(margin, h // 2 - 30, w - 2 * margin, 60)
        paragraph(surface, tr("net_table.rejoining_hint"), area, 18, GOLD, max_lines=2)
