"""The app's own table at a networked seat: real headless apps, real clients, a real
server on 127.0.0.1. Moves made at one table arrive, animated and logged, at the other;
undo is refused with the reason; chat lines reach both logs."""

from __future__ import annotations

import pygame

from game.ai.base import NORMAL
from game.ai.registry import make_bot
from game.net import messages as m
from game.persist.online_tables import online_records
from tests.net.tablesetup import close_app, new_app, run, seat_clients, sit, until


def play_one(app, table, bot) -> None:
    """The seat's Normal move, played through the table as a click would."""
    s = table.session
    action = bot.choose(s.view(), s.legal_actions(), s.public_history(s.view_seat))
    assert table.play(action), table.notice
    run(app, table)


def post(kind: int, **fields) -> None:
    pygame.event.post(pygame.event.Event(kind, **fields))


def all_at(tables, n: int) -> bool:
    return all(t.session.move_count == n for t in tables)


def said(table, words: str):
    """The log line holding ``words`` (None when there is none yet)."""
    return next((line for line in table.log_lines if words in line.text), None)


# Two apps drawing 1280x800 frames, their clients and the server share one process (and
# its GIL): on a machine loaded many times over a move's round trip can take seconds. The
# bound only stops a hang; every wait is on what the test means (moves landed, lines
# logged), never on a number of frames or a time.
WAIT_S = 90.0


def test_two_app_tables_play_moves_and_see_each_other(server, tmp_path):
    clients = seat_clients(server.url, "kaluki", ["you", "open"], seed=5)
    apps = [new_app(tmp_path / "ann"), new_app(tmp_path / "bob")]
    try:
        tables = [sit(app, client) for app, client in zip(apps, clients)]
        pairs = list(zip(apps, tables))
        assert [t.view_seat for t in tables] == [0, 1]
        bots = [make_bot("kaluki", NORMAL, 0, seat) for seat in (0, 1)]
        played = 0
        while played < 6:
            until(pairs, lambda: any(t.my_turn for t in tables), WAIT_S)
            number = next(i for i, t in enumerate(tables) if t.my_turn)
            before = tables[number].session.move_count
            play_one(apps[number], tables[number], bots[number])
            played += 1  # (on its way: it lands when the server's update arrives)
            until(pairs, lambda n=before + 1: all_at(tables, n), WAIT_S)
        assert tables[0].session.move_count == tables[1].session.move_count >= 6

        def logged_the_other(table) -> bool:
            return any(line.seat == 1 - table.view_seat for line in table.log_lines)

        # The other's moves are logged too (as they land: waited for by frames, not assumed
        # to be there the frame the move count arrives).
        until(pairs, lambda: all(logged_the_other(t) for t in tables), WAIT_S)
        for table in tables:
            assert not table.autosaver.writes  # the server keeps the game
        # Undo is refused with the reason, shown as a refusal is.
        table = tables[0]
        table.undo()
        assert table.notice == "Moves cannot be taken back at a table played over the network."
        assert table.session.undo_refusal.key == m.NO_UNDO
        # A chat line reaches both logs, with the speaker's name.
        table.send_chat("good luck")
        until(pairs, lambda: all(said(t, "good luck") for t in tables), WAIT_S)
        for t in tables:
            line = said(t, "good luck")
            assert line.name == "Ann" and line.seat == 0
        # By the keyboard: "/" opens the line (its own "/" is not typed), Enter sends.
        from game.app.table.chat import ChatEntry

        post(pygame.KEYDOWN, key=pygame.K_SLASH, mod=0, unicode="/")
        post(pygame.TEXTINPUT, text="/")
        run(apps[1], tables[1], 2)
        assert isinstance(apps[1].stack.top, ChatEntry)
        post(pygame.TEXTINPUT, text="hi all")
        run(apps[1], tables[1], 2)
        post(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")
        run(apps[1], tables[1], 2)
        assert apps[1].stack.top is tables[1]
        until(pairs, lambda: all(said(t, "“hi all”") for t in tables), WAIT_S)
        assert said(tables[0], "“hi all”").name == "Bob"
        records, _ = online_records(apps[1].paths)
        assert [(r.code, r.seat) for r in records] == [(clients[1].code, 1)]
    finally:
        for client in clients:
            client.close()
        for app in apps:
            close_app(app)
