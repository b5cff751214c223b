"""Games to save: seeded play-outs stopped at a chosen move, with seats filled in."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from game.ai.playout import PlayoutBot
from game.engine.cards import Card
from game.games.registry import get_game
from game.persist.paths import Paths
from game.persist.savedgame import SavedGame, Seat

SEAT_NAMES = (
    "You",
    "Ada",
    "花子",
    "Bram",
    "Cleo",
    "Dev",
    "Eun",
    "Femi",
    "Gus",
    "Hiro",
    "Ines",
    "Jo",
)


def paths_in(folder: Path) -> Paths:
    return Paths(saves=folder / "saves", config=folder / "config", data=folder / "data")


def seats(players: int) -> tuple[Seat, ...]:
    kinds = ("human", "easy", "normal", "hard")
    return tuple(Seat(SEAT_NAMES[i], kinds[i % len(kinds)]) for i in range(players))


def played(
    game_id: str, options: dict[str, Any] | None = None, seed: int = 1, moves: int = 40
) -> SavedGame:
    """A seeded game after ``moves`` play-out moves (or at its end, if sooner)."""
    info = get_game(game_id)
    opts = info.options(**(options or {}))
    state = info.rules.new_game(opts, seed)
    bot = PlayoutBot(seed)
    log = []
    while len(log) < moves and not state.finished:
        action = bot.choose(info.rules.legal_actions(state))
        state, _events = info.rules.apply(state, action)
        log.append(action)
    return SavedGame(game_id, opts, seed, seats(opts.players), tuple(log), state)


def checkpoints(
    game_id: str, options: dict[str, Any], seed: int, every: int, limit: int = 100_000
) -> list[SavedGame]:
    """One seeded game saved every ``every`` moves, from the start to its end (or to
    ``limit`` moves)."""
    info = get_game(game_id)
    opts = info.options(**options)
    state = info.rules.new_game(opts, seed)
    bot = PlayoutBot(seed)
    log: list = []
    found = []
    while True:
        if len(log) % every == 0:
            found.append(SavedGame(game_id, opts, seed, seats(opts.players), tuple(log), state))
        if state.finished or len(log) >= limit:
            return found
        action = bot.choose(info.rules.legal_actions(state))
        state, _events = info.rules.apply(state, action)
        log.append(action)


def held(saved: SavedGame, seat: int) -> tuple[Card, ...]:
    """The cards in ``seat``'s hand."""
    return tuple(get_game(saved.game_id).rules.view(saved.state, seat).hand)


def arranged(saved: SavedGame) -> SavedGame:
    """``saved`` with the first seat holding cards arranging them in two groups, each in
    reverse order, and nothing arranged for the other seats."""
    hands = [held(saved, seat) for seat in range(len(saved.seats))]
    seat = next(seat for seat, hand in enumerate(hands) if len(hand) >= 2)
    hand, half = hands[seat], len(hands[seat]) // 2
    arrangement: list = [()] * len(hands)
    arrangement[seat] = (tuple(reversed(hand[half:])), tuple(reversed(hand[:half])))
    return replace(saved, hand_groups=tuple(arrangement))


def png(width: int, height: int) -> bytes:
    """A real grey PNG of that size, all black: tiny on disk whatever its size (a PNG
    bomb when large: 8192x8192 is about 65 KB and decodes to hundreds of MB)."""
    import struct
    import zlib

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    packer = zlib.compressobj(9)
    row = bytes(width + 1)  # filter byte 0, then black pixels
    data = b"".join(packer.compress(row) for _ in range(height)) + packer.flush()
    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", data) + chunk(b"IEND", b"")
    )
