"""Indian Rummy tables at telling moments, for the self-test, the snapshots, the
screenshots and the frame benchmark. Positions are played by a simple seeded policy
(draw from the stock, declare when the engine allows, else discard the engine's first
choice; nobody drops), or crafted from readable cards and finished by the engine, so
they are always the same.

``python -m game.tools.showcase docs/screenshots indian_rummy`` draws the screenshots.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from game.app.session import GameSession
from game.app.setup import GameSetup
from game.engine.actions import STOCK, Discard, Draw, NextDeal
from game.engine.cards import parse_cards
from game.games.indian_rummy import Declare, IndianRummyOptions

if TYPE_CHECKING:
    from game.app.scripted import Rect
    from game.app.table.table_scene import TableScene

from game.tools.showcase import (
    Screenshots,
    card_at,
    close_top,
    game_hooks,
    hold_drag,
    laid_out,
    showcase_seats,
    still_table,
)

# A hand that declares with 8s wild: a pure run, a run with the joker, a set, a run.
WINNING = "3H 4H 5H 6H 9S 10S JK 5C 5D 5S QD KD AD"


def indian_rummy_setup(players: int, seed: int = 1, humans: int = 1, **options: Any) -> GameSetup:
    chosen = IndianRummyOptions(players=players, **options)
    return GameSetup("indian_rummy", chosen, seed, showcase_seats(players, humans))


def simple_move(session: GameSession):
    """Draw from the stock; declare when possible, else the engine's first discard."""
    legal = session.legal_actions()
    if NextDeal() in legal:
        return NextDeal()
    if Draw(STOCK) in legal:
        return Draw(STOCK)
    declare = [a for a in legal if isinstance(a, Declare)]
    if declare:
        return declare[0]
    discards = [a for a in legal if isinstance(a, Discard)]
    return discards[0] if discards else legal[0]


def play_simply(
    session: GameSession, done: Callable[[GameSession], bool], limit: int = 3000
) -> bool:
    for _ in range(limit):
        if done(session):
            return True
        if session.finished:
            return False
        session.apply(simple_move(session))
    return done(session)


def playing_session(players: int, seed: int = 1, turns: int = 2, **options) -> GameSession:
    """The human (seat 0) to discard, a card just drawn, after ``turns`` rounds of play."""
    session = GameSession(indian_rummy_setup(players, seed, **options))

    def ready(s: GameSession) -> bool:
        st = s.state
        return st.seat == 0 and st.phase == "draw" and len(s.log) >= players * 2 * turns

    if not play_simply(session, ready):
        raise RuntimeError("no position found")
    session.apply(Draw(STOCK))
    return session


def declared_session(
    players: int, seed: int = 1, round_end: bool = False, **options
) -> GameSession:
    """A deal just won by the human's declaration (8s wild), for the showdown: the
    position is crafted, the engine plays the declaration and counts every hand.
    ``round_end``: the deal is the last of its round (players may then join or leave)."""
    session = playing_session(players, seed, turns=1, **options)
    state = session.state
    if round_end:
        state = replace(state, deals_in_round=state.round_size)
    winning = parse_cards(WINNING.replace("JK", "8C"))
    hands = list(state.hands)
    pool = [c for c in (*state.stock[1:], *state.box) if c not in set(winning)]
    used = {c for h in hands[1:] for c in h} | set(state.discard) | {state.indicator}
    extra = next(c for c in pool if c not in used and c.rank not in (8,))
    hands[0] = (*winning, extra)
    indicator = next(c for c in (*state.stock, *state.box) if c.rank == 8 and c not in winning)
    stock = tuple(c for c in state.stock if c not in set(hands[0]) and c != indicator)
    session.state = replace(
        state, hands=tuple(hands), indicator=indicator, stock=(indicator, *stock[1:])
    )
    session.apply(Declare(extra))
    return session


def catalogue(app) -> list:
    """The Indian Rummy table for the self-test and the snapshots (ten players)."""
    from game.app.table.indian_rummy import IndianRummyHooks
    from game.app.table.table_scene import TableScene

    def table():
        scene = TableScene(app, playing_session(10), IndianRummyHooks)
        scene.ai_pause = 1e9  # a still picture: the AI seats wait
        return scene

    return [("table_indian_rummy_10", table)]


def render_screenshots(folder: str, quantize: bool = True) -> list[str]:
    """The table at 1280x800 and 1024x640 for 2, 6 and 10 players and the showdown, in
    English (and ten players in Japanese); at 1280x800 also a drag, the seats between
    rounds and the results."""
    shots = Screenshots(folder, "indian_rummy", quantize, frames=4)
    for app, size, language in shots.windows():
        for players in (2, 6, 10) if language == "en" else (10,):
            still_table(app, playing_session(players, wrong_declaration_penalty=True))
            shots.save(app, f"{players}p")
        if language == "en":
            session = declared_session(10 if size[1] < 720 else 6, rounds=2)
            table = still_table(app, session)
            _until_top_changes(app, table)
            shots.save(app, "showdown")
        if size == (1280, 800):
            table = still_table(app, declared_session(6, rounds=3, round_end=True))
            _until_top_changes(app, table)
            close_top(app)
            shots.save(app, "seats")
            app.stack.reset(_results_scene(app, 10))
            shots.save(app, "game_over")
            table = still_table(app, playing_session(6))
            cards = table.hand_cards()  # the last one held on its way to the Finish slot
            hold_drag(app, card_at(table, cards[-1]), finish_slot(table).center)
            shots.save(app, "drag")
            table.cancel_drag()
    return shots.written


def finish_slot(table: TableScene) -> Rect:
    """Where the Finish slot lies on the felt (laid out with the table)."""
    from game.app.table.indian_rummy import IndianRummyHooks

    felt = game_hooks(IndianRummyHooks, table).felt
    if felt is None:
        raise RuntimeError("the table is not laid out yet")
    return felt.finish


def finished_session(players: int, seed: int = 2, rounds: int = 1) -> GameSession:
    """A whole session played by the simple policy to its end."""
    session = GameSession(indian_rummy_setup(players, seed, rounds=rounds))
    if not play_simply(session, lambda s: s.finished, limit=20_000):
        raise RuntimeError("the session did not end")
    return session


def _results_scene(app, players: int):
    from game.app.scenes.game_over import GameOverScene
    from game.app.table.indian_rummy.ending import final_result

    session = finished_session(players)
    names = [seat.name for seat in session.setup.seats]
    return GameOverScene(app, final_result(session.view(), names), lambda: None, lambda: None)


def _until_top_changes(app, table, limit: int = 120) -> None:
    for _ in range(limit):
        app.frame(1 / 60)
        if app.stack.top is not table:
            return


# Frame scenario ``indian_rummy_10p_drag_<size>``: ten players, the human holding 14
# cards in groups after drawing, a hand card dragged back and forth across the felt (over
# the Finish slot and the discard pile, which light up) for 600 frames, while every 1.5 s
# a batch of 13 cards flies from the stock to a player's plate (as when a deal is dealt).
# The warm-up deals to every plate first, so the card art is drawn at the flights' sizes
# before timing starts (a one-off cost of the first deal).


def _drag_frames(size: tuple[int, int], seed: int) -> dict:
    from game.app.table import open_table
    from game.app.table.indian_rummy import IndianRummyHooks
    from game.tools.frame_bench import WARM_UP, bench_app, time_drag

    with bench_app(size, reduce_motion=False) as app:
        table = open_table(app, playing_session(10, seed=seed))
        game_hooks(IndianRummyHooks, table)  # (a position made for Indian Rummy opens it)
        table.ai_pause = 1e9
        seats = [s for s in laid_out(table).seats if s != table.view_seat]
        for frame in range(WARM_UP * 2):
            if frame % 12 == 0:  # the deal: the card art is drawn at the flights' sizes
                _fly_to(table, seats[(frame // 12) % len(seats)], ("warm", frame))
            app.frame(1 / 60)

        def fly(frame: int) -> None:
            _fly_to(table, seats[(frame // 90) % len(seats)], ("bench", frame))

        centre = laid_out(table).centre
        return time_drag(app, table, centre, finish_slot(table).centery, fly)


def _fly_to(table, seat: int, tag: tuple) -> None:
    """13 cards from the stock to ``seat``'s plate, one after another (a deal's cards)."""
    from game.app.table.animation import Flight
    from game.app.table.sprites import Place

    stock = table.zone_anchor("stock")
    end = table.zone_anchor(f"hand:{seat}")
    for i in range(13):
        place = Place(end.x, end.y, end.w, False)
        table.animator.add(Flight((*tag, i), None, stock, place, i * 0.03, 0.3))


def frames(seed: int) -> dict:
    """The Indian Rummy entries of ``frame_ms``."""
    from game.tools.frame_bench import SIZES

    return {f"indian_rummy_10p_drag_{w}x{h}": _drag_frames((w, h), seed) for w, h in SIZES}
