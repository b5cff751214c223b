"""Tables at interesting moments, for the self-test, the snapshots, the screenshots and
the frame benchmark: a game played by bots (synchronously, seeded, so always the same)
until a late position with melds on the table and the human to play.
"""

from __future__ import annotations

from collections.abc import Callable

from game.ai.base import BotSettings
from game.ai.seat import Seat as AiSeat
from game.app.scenes.deal_summary import DealSummary, SummaryRow
from game.app.scenes.game_over import FinalResult, Standing
from game.app.session import GameSession
from game.app.setup import GameSetup, Seat
from game.engine.actions import Draw
from game.engine.cards import parse_cards
from game.games.kaluki import KalukiOptions

NAMES = ("You", "Ada", "Bruno", "Clara", "Dev", "Elena", "Farid", "Greta", "Hugo", "Iris")
KINDS = ("human", "normal", "easy", "hard", "normal", "easy", "normal", "easy", "hard", "normal")


def kaluki_setup(players: int, seed: int = 1, humans: int = 1) -> GameSetup:
    seats = tuple(
        Seat(NAMES[i], "human" if i < humans else KINDS[i]) for i in range(players)
    )
    return GameSetup("kaluki", KalukiOptions(players=players), seed, seats)


def play_until(
    session: GameSession, done: Callable[[GameSession], bool], limit: int = 2000
) -> bool:
    """Let Easy bots play every seat (humans too) until ``done``; True when reached."""
    bots: dict[int, AiSeat] = {}
    settings = BotSettings(rollouts=1)
    for _ in range(limit):
        if done(session):
            return True
        if session.finished:
            return False
        seat = session.to_act
        bot = bots.get(seat)
        if bot is None:
            game_id, seed = session.setup.game_id, session.setup.seed
            bot = bots[seat] = AiSeat(game_id, seat, "easy", seed, settings)
        view = session.rules.view(session.state, seat)
        action = bot.decide(view, session.legal_actions(), session.public_history(seat))
        session.apply(action)
    return done(session)


def late_kaluki_session(players: int, melds: int = 6, seed: int = 1) -> GameSession:
    """A Kaluki game at the human's turn (card drawn) with ``melds`` or more on the table,
    in a deal after the first (so the scores are not all zero)."""
    for attempt in range(40):
        session = GameSession(kaluki_setup(players, seed + attempt))
        state = session.state

        def ready(s: GameSession) -> bool:
            st = s.state
            return (
                st.deal >= 2
                and len(st.melds) >= melds
                and st.to_act == 0
                and st.phase == "play"
                and not st.turn.taken_discard
            )

        def in_draw(s: GameSession) -> bool:
            st = s.state
            return st.deal >= 2 and len(st.melds) >= melds and st.to_act == 0 and st.phase == "draw"

        if play_until(session, in_draw):
            session.apply(Draw())
            if ready(session):
                return session
        del state
    raise RuntimeError("no late position found")


def sample_summary() -> DealSummary:
    rows = (
        SummaryRow(0, "You", (), "0", "31", "went out", True),
        SummaryRow(1, "Ada", tuple(parse_cards("KS QH 7D JK")), "+52", "87"),
        SummaryRow(2, "Bruno", tuple(parse_cards("3C 4C")), "+7", "64"),
        SummaryRow(3, "Clara", tuple(parse_cards("AS 9H 9D 2C 5S")), "+40", "118"),
    )
    return DealSummary(
        "Deal 3 is over",
        "You went out.",
        rows,
        ("You", "Ada", "Bruno", "Clara"),
        (("0", "20", "31", "45"), ("31", "15", "26", "33"), ("0", "52", "7", "40")),
        ("31", "87", "64", "118"),
        points_title="Penalty",
        total_title="Total",
    )


def sample_result() -> FinalResult:
    return FinalResult(
        "You win!",
        "Lowest penalty after 5 deals (game to 150)",
        (
            Standing(1, 0, "You", "61 pts", True),
            Standing(2, 2, "Bruno", "98 pts", False),
            Standing(3, 1, "Ada", "127 pts", False),
            Standing(4, 3, "Clara", "163 pts", False),
        ),
        (
            (0, 0, 31, 31, 45, 61),
            (0, 20, 35, 87, 110, 127),
            (0, 31, 57, 64, 80, 98),
            (0, 45, 78, 118, 140, 163),
        ),
        target=150,
    )
