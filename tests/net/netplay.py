"""Helpers for the network tests: a table of real clients on a real server on 127.0.0.1,
clients that play Normal's moves from their own views, and the same game played locally."""

from __future__ import annotations

import concurrent.futures
import time
from dataclasses import dataclass, field
from typing import Any

from game.ai.base import NORMAL, Bot
from game.ai.registry import make_bot
from game.ai.seat import TableHistory
from game.engine import codec
from game.engine.actions import Action
from game.games.registry import get_game
from game.net.client import NetClient, Notice, Reply
from game.net.record import GameRecord
from game.net.seatview import SeatView

BOT_SEED = 0  # the clients' bots: a client never knows the game's seed


@dataclass
class Player:
    client: NetClient
    view: SeatView = field(default_factory=SeatView)
    bot: Bot | None = None
    refusals: list[Reply] = field(default_factory=list)
    notices: list[Notice] = field(default_factory=list)
    records: list[GameRecord] = field(default_factory=list)  # the game's, once it is over
    pending: concurrent.futures.Future[Reply] | None = None
    acted: int = -1  # the move count this seat last acted on

    def pump(self) -> None:
        for item in self.client.poll():
            self.view.feed(item)
            if isinstance(item, Notice):
                self.notices.append(item)
            elif isinstance(item, GameRecord):
                self.records.append(item)

    def step(self) -> bool:
        """Send one move if it is this seat's turn (without waiting for the answer);
        whether it did."""
        self.pump()
        if self.pending is not None:
            if not self.pending.done():
                return False
            reply = self.pending.result()
            if not reply.ok:
                self.refusals.append(reply)
                self.acted = -1  # lost with a connection, or refused: look again
            self.pending = None
        if not self.view.my_turn or self.view.n == self.acted:
            return False
        if self.bot is None:
            self.bot = make_bot(self.client.game_id or "", NORMAL, BOT_SEED, self.view.seat or 0)
        action = self.bot.choose(self.view.view, list(self.view.legal), self.view.history)
        data = {"seat": self.view.seat, "n": self.view.n, "action": codec.encode(action)}
        self.pending, self.acted = self.client.send("act", data), self.view.n
        return True


def open_table(
    url: str,
    game_id: str,
    seed: int,
    record: bool = False,
    grace: float = 60.0,
    humans: int = 4,
    start: bool = True,
) -> tuple[list[Player], str]:
    """A host and ``humans - 1`` joiners seated at a new table (the rest Normal AIs),
    started unless ``start`` is False; the players and the table code."""
    clients = [NetClient(url) for _ in range(humans)]
    for client in clients:
        client.record = record
        client.connect()
    seats = [{"kind": "you"}] + [{"kind": "open"}] * (humans - 1)
    seats += [{"kind": NORMAL}] * (4 - humans)
    reply = clients[0].create(game_id, seats, "Host", seed=seed, grace=grace)
    assert reply.ok, reply
    code = reply.data["code"]
    for number, client in enumerate(clients[1:], 1):
        assert client.join(code, f"Guest {number}").ok
    if start:
        assert clients[0].start().ok
    return [Player(client) for client in clients], code


def play(players: list[Player], until: Any = None, seconds: float = 60.0) -> None:
    """Let the players play until ``until()`` (default: the game is over) or the time."""
    deadline = time.monotonic() + seconds
    done = until or (lambda: all(p.view.finished and p.pending is None for p in players))
    while not done():
        if time.monotonic() > deadline:
            raise AssertionError("the table did not get there in time")
        if not any(player.step() for player in players):
            time.sleep(0.002)


def close(players: list[Player]) -> None:
    for player in players:
        player.client.close()


def play_locally(game_id: str, seed: int, players: int = 4) -> tuple[Any, list[Action]]:
    """The same game at one computer: every seat Normal from its own view."""
    rules = get_game(game_id).rules
    state, opening = rules.start(get_game(game_id).options(players=players), seed)
    history = TableHistory(players)
    history.record(opening)
    bots = [make_bot(game_id, NORMAL, BOT_SEED, seat) for seat in range(players)]
    log: list[Action] = []
    while not state.finished and len(log) < 20_000:
        seat = state.to_act
        view, legal = rules.view(state, seat), rules.legal_actions(state)
        action = bots[seat].choose(view, legal, history.for_seat(seat))
        state, events = rules.apply(state, action)
        history.record(events)
        log.append(action)
    return state, log


def replayed_states(game_id: str, seed: int, log: list[Action], players: int = 4) -> list[Any]:
    """The state after each number of moves of ``log`` (index 0: the deal)."""
    rules = get_game(game_id).rules
    state, _ = rules.start(get_game(game_id).options(players=players), seed)
    states = [state]
    for action in log:
        state, _ = rules.apply(state, action)
        states.append(state)
    return states
