"""The scene stack: push/pop/replace life cycle, event passing, drawing order."""

from __future__ import annotations

import pygame

from game.app.scenes.base import Scene
from game.app.scenes.stack import SceneStack


class Recorder(Scene):
    """A scene that writes down what the stack does to it."""

    def __init__(self, app, name: str, log: list[str], *, consumes: bool = False, **flags):
        super().__init__(app)
        self.name = name
        self.log = log
        self.consumes = consumes
        for key, value in flags.items():
            setattr(self, key, value)

    def enter(self):
        super().enter()
        self.log.append(f"{self.name}.enter")

    def exit(self):
        self.log.append(f"{self.name}.exit")
        super().exit()

    def pause(self):
        super().pause()
        self.log.append(f"{self.name}.pause")

    def resume(self):
        super().resume()
        self.log.append(f"{self.name}.resume")

    def handle_event(self, event):
        self.log.append(f"{self.name}.event")
        return self.consumes

    def update(self, dt):
        self.log.append(f"{self.name}.update")

    def draw_scene(self, surface):
        self.log.append(f"{self.name}.draw")


def key_event():
    return pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a")


def test_push_pauses_the_scene_below_and_pop_resumes_it(app):
    log: list[str] = []
    stack = SceneStack()
    a, b = Recorder(app, "a", log), Recorder(app, "b", log)
    stack.push(a)
    stack.push(b)
    assert stack.top is b and a.paused and not b.paused
    assert stack.pop() is b
    assert stack.top is a and not a.paused
    assert log == ["a.enter", "a.pause", "b.enter", "b.exit", "a.resume"]
    assert not b.active and b.ui is None


def test_replace_exits_the_top_without_waking_the_scene_below(app):
    log: list[str] = []
    stack = SceneStack()
    stack.push(Recorder(app, "a", log))
    stack.push(Recorder(app, "b", log))
    stack.replace(Recorder(app, "c", log))
    assert [s.name for s in stack.scenes] == ["a", "c"]
    assert log[-2:] == ["b.exit", "c.enter"]
    assert "a.resume" not in log


def test_reset_leaves_every_scene_top_first(app):
    log: list[str] = []
    stack = SceneStack()
    stack.push(Recorder(app, "a", log))
    stack.push(Recorder(app, "b", log))
    log.clear()
    stack.reset(Recorder(app, "c", log))
    assert log == ["b.exit", "a.exit", "c.enter"]
    assert len(stack) == 1


def test_pop_on_an_empty_stack_returns_none():
    assert SceneStack().pop() is None


def test_an_unused_event_stops_at_a_scene_that_blocks_input(app):
    log: list[str] = []
    stack = SceneStack()
    stack.push(Recorder(app, "a", log))
    stack.push(Recorder(app, "b", log))
    log.clear()
    assert stack.handle_event(key_event()) is False
    assert log == ["b.event"]


def test_an_unused_event_passes_through_an_overlay_to_the_scene_below(app):
    log: list[str] = []
    stack = SceneStack()
    stack.push(Recorder(app, "a", log, consumes=True))
    stack.push(Recorder(app, "toast", log, blocks_input=False))
    log.clear()
    assert stack.handle_event(key_event()) is True
    assert log == ["toast.event", "a.event"]


def test_a_used_event_goes_no_further(app):
    log: list[str] = []
    stack = SceneStack()
    stack.push(Recorder(app, "a", log, consumes=True))
    stack.push(Recorder(app, "toast", log, blocks_input=False, consumes=True))
    log.clear()
    stack.handle_event(key_event())
    assert log == ["toast.event"]


def test_drawing_starts_at_the_highest_opaque_scene(app):
    log: list[str] = []
    stack = SceneStack()
    stack.push(Recorder(app, "a", log))
    stack.push(Recorder(app, "b", log))
    stack.push(Recorder(app, "dialog", log, opaque=False))
    log.clear()
    stack.draw(pygame.Surface((100, 100)))
    assert log == ["b.draw", "dialog.draw"]


def test_only_the_top_scene_updates_unless_it_lets_the_one_below_run(app):
    log: list[str] = []
    stack = SceneStack()
    stack.push(Recorder(app, "a", log))
    stack.push(Recorder(app, "b", log))
    log.clear()
    stack.update(0.016)
    assert log == ["b.update"]
    stack.push(Recorder(app, "toast", log, pauses_below=False))
    log.clear()
    stack.update(0.016)
    assert log == ["toast.update", "b.update"]


def test_drawing_twice_gives_the_same_picture(app):
    from game.app.scenes.title import TitleScene

    app.stack.reset(TitleScene(app))
    app.stack.update(0.016)
    first = pygame.image.tobytes(app.draw(), "RGB")
    second = pygame.image.tobytes(app.draw(), "RGB")
    assert first == second


def test_a_scene_may_change_the_stack_while_handling_an_event(app):
    log: list[str] = []

    class Closer(Recorder):
        def handle_event(self, event):
            self.app.stack.pop()
            return True

    app.stack.push(Recorder(app, "a", log))
    app.stack.push(Closer(app, "closer", log))
    app.stack.handle_event(key_event())
    assert app.stack.top.name == "a"
