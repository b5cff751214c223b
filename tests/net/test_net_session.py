"""The table scene's session for a networked seat: two sessions on a real server play a
whole game through view / legal_actions / problem / apply / incoming, as the table
would, and it ends as the same game played locally."""

from __future__ import annotations

import time

import pytest

from game.ai.base import NORMAL
from game.ai.registry import make_bot
from game.app.net_session import NetSession
from game.engine import codec
from game.engine.actions import Discard
from game.engine.errors import IllegalAction
from game.net import messages as m
from game.net.client import NetClient, Synced
from tests.net.netplay import BOT_SEED, play_locally


def test_two_table_sessions_play_a_whole_game(server):
    game_id = "kaluki"
    host, guest = NetClient(server.url), NetClient(server.url)
    for client in (host, guest):
        client.connect()
    try:
        code = host.create(game_id, [{"kind": "you"}, {"kind": "open"}], "Ann", seed=31).data[
            "code"
        ]
        assert guest.join(code, "Bob").ok and host.start().ok
        for client in (host, guest):
            client.inbox.put(client.wait_for(Synced))  # ready: the seat's view is here
        sessions = [NetSession(host), NetSession(guest)]
        assert sessions[1].setup.seats[0].name == "Ann" and sessions[1].my_seat == 1
        bots = [make_bot(game_id, NORMAL, BOT_SEED, seat) for seat in range(2)]
        seen_moves = [0, 0]
        deadline = time.monotonic() + 60
        checked_refusals, worlds = False, 0
        while not all(s.finished for s in sessions):
            assert time.monotonic() < deadline
            for number, session in enumerate(sessions):
                seen_moves[number] += len(session.incoming().moves)
                if not session.human_to_act or session.finished:
                    continue
                other = sessions[1 - number]
                if not checked_refusals and other.to_act == number:
                    assert other.problem(session.legal_actions()[0]).key == m.NOT_YOUR_TURN
                    with pytest.raises(IllegalAction) as refused:
                        session.undo()
                    assert refused.value.message.key == m.NO_UNDO
                    checked_refusals = True
                view, legal = session.view(), session.legal_actions()
                action = bots[number].choose(view, legal, session.public_history(number))
                assert session.problem(action) is None
                if session._world() is not None:
                    worlds += 1
                    others = [c for c in other.view().hand if c not in view.hand]
                    if others:  # a card this seat does not hold: refused locally
                        assert session.problem(Discard(others[0])) is not None
                session.apply(action)
            time.sleep(0.002)
    finally:
        host.close()
        guest.close()
    state, log = play_locally(game_id, 31, players=2)
    assert sessions[0].move_count == len(log) and checked_refusals and worlds > 10
    table = server.server.lobby.tables[code]
    assert codec.encode(table.state) == codec.encode(state)
    assert seen_moves[0] > 0 and seen_moves[1] > 0  # each saw the other's moves arrive
    assert sessions[0].resume_record()["credential"] == host.credential


class _Offline:
    """A client that never connected: enough for a session's local judgement."""

    def __init__(self, game_id: str, seat: int) -> None:
        self.game_id, self.seat = game_id, seat

    def poll(self) -> list:
        return []


@pytest.mark.parametrize("game_id", ["kaluki", "kalooki", "indian_rummy", "laugh_and_lie_down"])
def test_the_local_world_accepts_every_legal_move_of_the_true_game(game_id):
    from game.engine.game import problem
    from game.games.registry import get_game

    info = get_game(game_id)
    state, _ = info.rules.start(info.options(players=4), 12)
    for _ in range(40):
        if state.finished:
            break
        seat, legal = state.to_act, info.rules.legal_actions(state)
        session = NetSession(_Offline(game_id, seat))
        session.seat.seat, session.seat.phase = seat, "playing"
        session.seat.view, session.seat.legal = info.rules.view(state, seat), (legal[0],)
        world = session._world()
        assert world is not None
        assert all(problem(info.rules, world, action) is None for action in legal)
        state, _ = info.rules.apply(state, legal[-1])


def test_a_seat_is_not_told_of_its_own_drop_and_a_notice_repeated_shows_once():
    from game.engine.messages import Seat, msg
    from game.net.client import Notice

    class _Inbox(_Offline):
        def __init__(self, items) -> None:
            super().__init__("kaluki", 1)
            self.items = items

        def poll(self) -> list:
            items, self.items = self.items, []
            return items

    own = [msg(m.PLAYER_LEFT, player=Seat(1), grace=60), msg(m.PLAYER_BACK, player=Seat(1))]
    back = msg(m.PLAYER_BACK, player=Seat(0))
    client = _Inbox([Notice(message) for message in [*own, back, back]])
    session = NetSession(client)
    session.seat.seat = 1
    assert session.incoming().notices == [back]
