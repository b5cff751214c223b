"""The Scene base class: one screen of the app, living on the scene stack.

A scene's life on the stack (see :mod:`game.app.scenes.stack`)::

    push(scene)   -> below.pause(); scene.enter()
    push(other)   -> scene.pause()              (other is now on top)
    pop()         -> other.exit(); scene.resume()
    replace(new)  -> scene.exit(); new.enter()

Every frame the app calls, in this order:

* ``handle_event(event) -> bool`` for each pygame event, on the top scene first. Return
  True when the scene used the event; False lets it pass to the scene below, unless this
  scene ``blocks_input`` (the default), which ends the search.
* ``update(dt)`` with the seconds since the last frame: move animations, poll workers.
* ``draw(surface)``: paint the whole scene. ``draw`` only reads the scene's state and
  changes nothing, so it can run any number of times (snapshots, the self-test, a dialog
  drawing the scene below it).

What a subclass usually writes:

* ``build()``: create the pygame_gui widgets for ``self.size`` in ``self.ui`` (the
  scene's own UIManager) and compute the layout. It runs on ``enter``, and again after a
  window resize or a language change (``rebuild``), so it must rely only on the scene's
  own state, never on widgets from before.
* ``draw_scene(surface)``: what sits under the widgets (background, cards, charts).
  ``draw_over(surface)`` paints above them (focus ring, drag image). The default
  ``draw`` is ``draw_scene`` + the widgets + ``draw_over``.
* ``on_ui_event(event)`` for pygame_gui events of this scene's widgets
  (``UI_BUTTON_PRESSED`` ...) and ``on_key(event)`` / ``on_mouse(event)`` for the rest.
* ``back()``: what Esc does (default: pop this scene).
* ``focus_items()``: the keyboard's stops (``game.app.ui.form`` makes them from widgets),
  asked after every build, and ``first_focus()`` for where the ring starts. The base
  class then does the rest: Tab/Shift+Tab and arrows move the ring, Enter/Space press,
  Left/Right and +/- change a value, a click moves the ring, Esc goes back.

Class attributes tune how the scene sits on the stack: ``opaque = False`` draws the
scenes below first (dialogs, overlays); ``blocks_input = False`` passes unused events
down; ``pauses_below = False`` keeps updating the scene below (a table under a toast).
Override the ``animating`` property to return True while things move without input
(animations, an AI thinking): otherwise an idle app rests up to 0.1 s between frames.

Services come from ``self.app``: ``app.settings``, ``app.cards`` (card pictures),
``app.audio``, ``app.paths``, ``app.stack``, ``app.start_game(setup)`` and more.
Player-visible text goes through ``game.app.i18n`` (``tr`` for drawn text, ``ui`` keys
for widgets).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.app.ui.focus import Focusable, FocusRing
from game.app.ui.form import press_event
from game.app.ui.theme import make_manager

if TYPE_CHECKING:
    from game.app.app import App

UI_EVENTS = {
    pygame_gui.UI_BUTTON_PRESSED,
    pygame_gui.UI_BUTTON_DOUBLE_CLICKED,
    pygame_gui.UI_TEXT_ENTRY_CHANGED,
    pygame_gui.UI_TEXT_ENTRY_FINISHED,
    pygame_gui.UI_HORIZONTAL_SLIDER_MOVED,
    pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
    pygame_gui.UI_SELECTION_LIST_NEW_SELECTION,
    pygame_gui.UI_CHECK_BOX_CHECKED,
    pygame_gui.UI_CHECK_BOX_UNCHECKED,
    pygame_gui.UI_TEXT_BOX_LINK_CLICKED,
}


class Scene:
    """One screen. Subclass it; see the module documentation for the life cycle."""

    opaque = True  # False: the scenes below are drawn first (dialogs, overlays)
    blocks_input = True  # False: events this scene does not use go to the scene below
    pauses_below = True  # False: the scene below keeps getting update(dt)

    @property
    def animating(self) -> bool:
        """True while the scene changes on its own (cards flying, an AI thinking): the
        app then runs at full frame rate even when the player does nothing. Menus are
        still between inputs, so the app may rest between their frames."""
        return False

    def __init__(self, app: App) -> None:
        self.app = app
        self.ui: pygame_gui.UIManager | None = None
        self.size: tuple[int, int] = app.size
        self.active = False  # True between enter and exit
        self.paused = False  # True while another scene lies on top
        self.ring = FocusRing()  # keyboard focus over the scene's controls (if it has any)
        self.ring.on_change = self._focus_moved
        self._ring_placed = False

    @property
    def manager(self) -> pygame_gui.UIManager:
        """The scene's widget manager, for the builders that need one: it exists while
        the scene is on the stack, which is when ``build`` runs."""
        if self.ui is None:
            raise RuntimeError(f"{type(self).__name__} has no widgets off the stack")
        return self.ui

    # --- life cycle (called by the stack) ---

    def enter(self) -> None:
        """Pushed onto the stack: build the widgets."""
        self.active = True
        self.size = self.app.size
        self.ui = make_manager(self.size)
        self.build()
        self._place_focus()
        self.ui.update(0.0)  # widgets draw their first image now, even while covered

    def exit(self) -> None:
        """Popped or replaced: let go of widgets and anything running."""
        self.active = False
        if self.ui is not None:
            self.ui.clear_and_reset()
        self.ui = None

    def pause(self) -> None:
        """Another scene was pushed on top of this one."""
        self.paused = True

    def resume(self) -> None:
        """The scene on top was popped; this one is on top again."""
        self.paused = False

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size: lay out again."""
        self.size = size
        if self.ui is not None:
            self.ui.set_window_resolution(size)
        self.rebuild()

    def rebuild(self) -> None:
        """Throw the widgets away and build them again (resize, language change)."""
        if self.ui is None:
            return
        self.ui.clear_and_reset()
        self.build()
        self._place_focus()
        self.ui.update(0.0)

    # --- what subclasses write ---

    def build(self) -> None:
        """Create widgets in ``self.ui`` and compute the layout for ``self.size``."""

    def draw_scene(self, surface: pygame.Surface) -> None:
        """Paint what lies under the widgets."""

    def draw_over(self, surface: pygame.Surface) -> None:
        """Paint what lies over the widgets."""

    def on_ui_event(self, event: pygame.event.Event) -> bool:
        """A pygame_gui event (button pressed ...) of one of this scene's widgets."""
        return False

    def focus_items(self) -> list[Focusable]:
        """The stops of the keyboard focus, in Tab order (none: the scene has no ring)."""
        return []

    def first_focus(self) -> str | None:
        """The item the ring starts on (None: the first)."""
        return None

    def on_key(self, event: pygame.event.Event) -> bool:
        if self.ring.handle_key(event):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return True
        return False

    def on_mouse(self, event: pygame.event.Event) -> bool:
        return False

    def back(self) -> None:
        """Esc or a Back button: leave this scene."""
        if self.app.stack.top is self:
            self.app.stack.pop()

    # --- keyboard focus ---

    def _place_focus(self) -> None:
        """After a build: the new widgets' items, the ring on the same item as before."""
        items = self.focus_items()
        keep = self.ring.name if self._ring_placed else self.first_focus()
        self.ring.set_items(items, keep)
        self._ring_placed = self._ring_placed or bool(items)
        if self.ring.focused is not None:
            self._focus_moved(self.ring.focused)

    def _focus_moved(self, item: Focusable) -> None:
        """Keep pygame_gui's focus with the ring: an entry takes the typing while the
        ring is on it, and loses it when the ring leaves."""
        if self.ui is None:
            return
        if item.typing is not None:
            self.ui.set_focus_set(item.typing)
        elif self.text_entry_focused():
            self.ui.set_focus_set(None)
        if item.reveal is not None:
            item.reveal()

    def press(self, element: object) -> None:
        """Do what a click on the button ``element`` does (a key on the focus ring)."""
        self.on_ui_event(press_event(element))

    # --- the frame (called by the stack) ---

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Offer one event; True when used. Widgets see it first, then the hooks."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.ring.items:
            self.ring.hover(event.pos)  # a click moves the keyboard focus there
        if self.ui is not None and self.ui.process_events(event):
            return True
        if event.type in UI_EVENTS:
            if not self.owns(getattr(event, "ui_element", None)):
                return False
            return self.on_ui_event(event)
        if event.type in (pygame.KEYDOWN, pygame.KEYUP, pygame.TEXTINPUT):
            return self.on_key(event)
        if event.type in (
            pygame.MOUSEBUTTONDOWN,
            pygame.MOUSEBUTTONUP,
            pygame.MOUSEMOTION,
            pygame.MOUSEWHEEL,
        ):
            return self.on_mouse(event)
        return False

    def owns(self, element: object) -> bool:
        """Whether ``element`` is one of this scene's widgets."""
        return element is not None and getattr(element, "ui_manager", None) is self.ui

    def update(self, dt: float) -> None:
        if self.ui is not None:
            self.ui.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_scene(surface)
        if self.ui is not None:
            self.ui.draw_ui(surface)
        self.draw_over(surface)
        if self.ring.items and self.app.stack.top is self:
            self.ring.draw(surface)

    def text_entry_focused(self) -> bool:
        """True while the player types in a text field (keys then belong to it)."""
        if self.ui is None:
            return False
        focused = self.ui.get_focus_set() or set()
        return any(isinstance(e, pygame_gui.elements.UITextEntryLine) for e in focused)
