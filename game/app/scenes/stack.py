"""The scene stack: the top scene is the one the player uses; scenes below it wait.

``push`` covers the top scene (it is paused), ``pop`` uncovers it (resumed), ``replace``
swaps the top for another, ``reset`` empties the stack and starts over from one scene.
Events go to the top scene first and pass down while a scene neither uses an event nor
blocks input; drawing starts at the highest opaque scene and goes up, so a dialog shows
the scene below it. Changing the stack while handling an event is safe: the event loop
works on a snapshot.
"""

from __future__ import annotations

import pygame

from game.app.scenes.base import Scene


class SceneStack:
    def __init__(self) -> None:
        self._scenes: list[Scene] = []

    # --- changes ---

    def push(self, scene: Scene) -> Scene:
        if self._scenes:
            self._scenes[-1].pause()
        self._scenes.append(scene)
        scene.enter()
        return scene

    def pop(self) -> Scene | None:
        """Remove the top scene (None when the stack is empty)."""
        if not self._scenes:
            return None
        scene = self._scenes.pop()
        scene.exit()
        if self._scenes:
            self._scenes[-1].resume()
        return scene

    def replace(self, scene: Scene) -> Scene:
        """Put ``scene`` where the top scene was; the scenes below stay paused."""
        if self._scenes:
            self._scenes.pop().exit()
        self._scenes.append(scene)
        scene.enter()
        return scene

    def reset(self, scene: Scene) -> Scene:
        """Leave every scene (top first) and start over from ``scene``."""
        while self._scenes:
            self._scenes.pop().exit()
        return self.push(scene)

    def remove(self, scene: Scene) -> None:
        """Take ``scene`` out wherever it lies (a dialog closing under another)."""
        if scene is self.top:
            self.pop()
        elif scene in self._scenes:
            self._scenes.remove(scene)
            scene.exit()

    # --- questions ---

    @property
    def top(self) -> Scene | None:
        return self._scenes[-1] if self._scenes else None

    @property
    def scenes(self) -> tuple[Scene, ...]:
        """Bottom first."""
        return tuple(self._scenes)

    def __len__(self) -> int:
        return len(self._scenes)

    def __bool__(self) -> bool:
        return bool(self._scenes)

    def find(self, kind: type) -> Scene | None:
        """The highest scene of class ``kind`` (or a subclass), if any."""
        for scene in reversed(self._scenes):
            if isinstance(scene, kind):
                return scene
        return None

    # --- the frame ---

    def handle_event(self, event: pygame.event.Event) -> bool:
        for scene in reversed(self._scenes[:]):
            if not scene.active:
                continue
            if scene.handle_event(event):
                return True
            if scene.blocks_input:
                return False
        return False

    def update(self, dt: float) -> None:
        for scene in self._updating():
            scene.update(dt)

    def _updating(self) -> list[Scene]:
        running: list[Scene] = []
        for scene in reversed(self._scenes[:]):
            running.append(scene)
            if scene.pauses_below:
                break
        return running

    def draw(self, surface: pygame.Surface) -> None:
        start = 0
        for index in range(len(self._scenes) - 1, -1, -1):
            if self._scenes[index].opaque:
                start = index
                break
        for scene in self._scenes[start:]:
            scene.draw(surface)

    def resize(self, size: tuple[int, int]) -> None:
        for scene in self._scenes[:]:
            scene.resize(size)

    def rebuild(self) -> None:
        """Build every scene's widgets again (after a language change)."""
        for scene in self._scenes[:]:
            scene.rebuild()
