"""The title screen: the games as tiles, and Continue, Play online, Load, Settings,
Statistics, Rules and Quit. Arrows, Tab, Enter and Esc work as well as the mouse."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from game.app import fonts
from game.app.i18n import tr, tr_or, ui
from game.app.scenes.base import Scene
from game.app.scenes.game_tabs import game_ids
from game.app.table.panels import fit_line
from game.app.ui.focus import Focusable, FocusRing
from game.app.ui.paint import card_fan, felt_background, fit_text, panel, paragraph, text
from game.app.ui.theme import CREAM, GOLD, MUTED
from game.app.variant_name import variant_name
from game.games.registry import GAMES
from game.persist.paths import online_seats_kept
from game.persist.savedgame import SaveSummary
from game.persist.saves import open_save

if TYPE_CHECKING:
    from game.persist.online_tables import OnlineRecord

VERSION = "0.1.0"
# The picture on each game's tile: cards that say what the game is about.
MENU = ("continue", "online", "load", "settings", "statistics", "rules", "quit")


class TitleScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.focus = FocusRing()
        self.tiles: list[tuple[str, pygame.Rect]] = []
        self.buttons: dict[pygame_gui.elements.UIButton, str] = {}
        self.logo_y = 0
        self.latest: SaveSummary | None = None  # the game Continue resumes
        self.rejoin: OnlineRecord | None = None  # or the online table it rejoins
        self.caption_at = (0, 0)

    def resume(self) -> None:
        super().resume()
        self.rebuild()  # Continue may have appeared or gone

    def build(self) -> None:
        w, h = self.size
        compact = h < 720
        games = [GAMES[gid] for gid in game_ids()]
        gap = 24
        tile_w = min(272, (w - 2 * 40 - gap * 3) // 4)
        tile_h = 318 if compact else 336
        logo_h = 128 if compact else 150
        buttons_gap = 28 if compact else 44
        # The logo, the tiles and the menu sit together in the middle of the window,
        # above the line of key hints.
        block = logo_h + tile_h + buttons_gap + 48
        self.logo_y = max(24, (h - 40 - block) // 2)
        total = len(games) * tile_w + (len(games) - 1) * gap
        top = self.logo_y + logo_h
        x = (w - total) // 2
        self.tiles = []
        for info in games:
            self.tiles.append((info.id, pygame.Rect(x, top, tile_w, tile_h)))
            x += tile_w + gap

        in_progress = self.app.games_in_progress()
        self.latest = in_progress[0] if in_progress else None
        self.rejoin = self._waiting_online_seat()
        waiting = self.latest is not None or self.rejoin is not None
        menu = [name for name in MENU if name != "continue" or waiting]
        bw, bh, bgap = (148, 48, 14) if w >= 1200 else (136, 46, 10)
        total = len(menu) * bw + (len(menu) - 1) * bgap
        x = (w - total) // 2
        y = top + tile_h + buttons_gap
        self.buttons = {}
        items = [
            Focusable(f"game:{gid}", rect, partial(self.open_game, gid), radius=16)
            for gid, rect in self.tiles
        ]
        for name in menu:
            rect = pygame.Rect(x, y, bw, bh)
            style = "#primary" if name == "continue" else None
            button = pygame_gui.elements.UIButton(
                rect, ui(f"title.{name}"), self.ui, object_id=ObjectID(object_id=style)
            )
            self.buttons[button] = name
            items.append(Focusable(name, rect, partial(self.choose, name), radius=9))
            x += bw + bgap
        # Under the Continue button (the first), reading on from its left edge.
        self.caption_at = ((w - total) // 2 + 4, y + bh + (10 if compact else 14))
        first_build = not self.focus.items
        self.focus.set_items(items)
        if first_build and "continue" in menu:
            self.focus.focus("continue")  # the likeliest choice when a game is waiting

    def _waiting_online_seat(self) -> OnlineRecord | None:
        """The online seat Continue offers, if one waits. The record and network code is
        imported only when a record is kept: start-up to the first frame stays as quick
        as it was before Play online (issue 29 section 3)."""
        if not online_seats_kept(self.app.paths):
            return None
        from game.app.table.rejoin import newest_online

        return newest_online(self.app, self.latest)

    # --- actions ---

    def open_game(self, game_id: str) -> None:
        from game.app.scenes.new_game import NewGameScene

        self.app.audio.play("deal")
        self.app.stack.push(NewGameScene(self.app, game_id))

    def choose(self, name: str) -> None:
        if name == "quit":
            self.app.quit()
        elif name == "continue":
            if self.rejoin is not None:  # back to the online table (or told it is gone)
                from game.app.scenes.online.rejoining import rejoin

                rejoin(self.app, self.rejoin, on_failed=self.rebuild)
                return
            if self.latest is None:
                return
            path = self.latest.path
            saved, messages = open_save(self.app.paths, path)
            if messages:  # damaged: moved aside; Continue now offers the next game
                self.rebuild()
                self.app.notify(messages)
            if saved is not None:
                self.app.resume_game(saved, autosave=path)
        else:
            self.app.stack.push(_scene_for(name)(self.app))

    def back(self) -> None:
        self.app.confirm(tr("title.quit_title"), [tr("title.quit_body")], self.app.quit)

    # --- input ---

    def on_ui_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.buttons:
            self.choose(self.buttons[event.ui_element])
            return True
        return False

    def on_key(self, event: pygame.event.Event) -> bool:
        if self.focus.handle_key(event):
            return True
        return super().on_key(event)

    def on_mouse(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.focus.hover(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for game_id, rect in self.tiles:
                if rect.collidepoint(event.pos):
                    self.open_game(game_id)
                    return True
        return False

    # --- drawing ---

    def draw_scene(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(felt_background((w, h), self.app.cards), (0, 0))
        title = text(
            surface,
            tr("app.title"),
            (w // 2, self.logo_y),
            58,
            CREAM,
            bold=True,
            anchor="midtop",
            shadow=True,
        )
        text(surface, tr("title.tagline"), (w // 2, title.bottom + 4), 18, GOLD, anchor="midtop")
        card_fan(
            surface,
            self.app.cards,
            ("AS", "AH"),
            (title.left - 70, title.centery + 6),
            46,
            spread=14,
            overlap=0.38,
        )
        card_fan(
            surface,
            self.app.cards,
            ("KD", "KC"),
            (title.right + 70, title.centery + 6),
            46,
            spread=14,
            overlap=0.38,
        )
        focused = self.focus.name
        for game_id, rect in self.tiles:
            self._draw_tile(surface, game_id, rect, focused == f"game:{game_id}")
        line = None
        if self.rejoin is not None:
            from game.app.table.rejoin import rejoin_label

            line = rejoin_label(self.rejoin)
        elif self.latest is not None:
            line = continue_caption(self.latest)
        if line is not None:
            room = w - 2 * self.caption_at[0]
            caption = fit_line(line, 16, room, False)
            text(surface, caption, self.caption_at, 16, GOLD, anchor="topleft")
        text(surface, tr("title.keys_hint"), (w // 2, h - 18), 13, MUTED, anchor="midbottom")
        text(surface, f"v{VERSION}", (w - 16, h - 18), 13, MUTED, anchor="bottomright")

    def _draw_tile(self, surface, game_id: str, rect: pygame.Rect, lit: bool) -> None:
        info = GAMES[game_id]
        panel(surface, rect, alpha=235 if lit else 205, radius=16, border=GOLD if lit else None)
        art_h = round(rect.h * 0.36)
        card_w = min(66, rect.w // 4)
        card_fan(
            surface, self.app.cards, info.fan, (rect.centerx, rect.y + art_h // 2 + 16), card_w
        )
        y = rect.y + art_h + 26
        name = tr_or(f"games.{game_id}.name", info.title)
        size = self._name_size(rect.w - 28)
        _, lines = fit_text(name, rect.w - 28, (size,), bold=True)
        for line in lines[:2]:
            text(surface, line, (rect.centerx, y), size, CREAM, bold=True, anchor="midtop")
            y += round(size * 1.25)
        y += 8
        blurb = tr_or(f"games.{game_id}.blurb", info.blurb)
        # Above the players line and its divider (at bottom - 44), with room for the
        # last line's descenders: the Japanese blurbs' last line once touched it.
        inner = pygame.Rect(rect.x + 18, y, rect.w - 36, rect.bottom - y - 56)
        for size in (15, 14, 13):  # the largest size that shows the whole line
            step = round(size * 1.35)
            if len(fonts.wrap(blurb, size, inner.w)) * step <= inner.h:
                break
        paragraph(
            surface, blurb, inner, size, MUTED, max_lines=max(1, inner.h // step), align="center"
        )
        players = tr("title.players", min=info.min_players, max=info.max_players)
        chip = text(
            surface,
            players,
            (rect.centerx, rect.bottom - 18),
            15,
            GOLD,
            bold=True,
            anchor="midbottom",
        )
        pygame.draw.line(
            surface, (*GOLD, 255), (chip.left, chip.top - 8), (chip.right, chip.top - 8), 1
        )

    def _name_size(self, width: int) -> int:
        """One title size for every tile: the largest at which each name fits."""
        sizes = []
        for game_id in game_ids():
            name = tr_or(f"games.{game_id}.name", GAMES[game_id].title)
            sizes.append(fit_text(name, width, (26, 24, 22, 20), bold=True)[0])
        return min(sizes, default=26)

    def draw_over(self, surface: pygame.Surface) -> None:
        if self.app.stack.top is self:
            self.focus.draw(surface)


def where_in_game(summary: SaveSummary) -> str:
    """ "deal 3 of 9", "deal 3" or "" (the game's place as far as the save tells)."""
    if summary.deal is None:
        return ""
    if summary.deals is not None:
        return tr("load.deal_of", n=summary.deal, total=summary.deals)
    return tr("load.deal_n", n=summary.deal)


def continue_caption(summary: SaveSummary) -> str:
    """ "Continue: Indian Rummy, Pool 101, deal 4, 4 players" in the player's language
    (the rule set or format named as the manifest says: variant_name.py)."""
    game = tr_or(f"games.{summary.game_id}.name", summary.game_title)
    variant = variant_name(summary.game_id, summary.options)
    where = where_in_game(summary)
    parts = [game, variant, where, tr("load.n_players", n=len(summary.players))]
    return tr("title.continue_game", game=tr("load.list_sep").join(p for p in parts if p))


def _scene_for(name: str) -> type[Scene]:
    from game.app.scenes.load import LoadScene
    from game.app.scenes.online.menu import PlayOnlineScene
    from game.app.scenes.rules import RulesScene
    from game.app.scenes.settings import SettingsScene
    from game.app.scenes.statistics import StatisticsScene

    return {
        "load": LoadScene,
        "online": PlayOnlineScene,
        "settings": SettingsScene,
        "statistics": StatisticsScene,
        "rules": RulesScene,
    }[name]
