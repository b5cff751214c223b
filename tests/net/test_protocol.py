"""The protocol's checks, the wire encoding, the store and the layer rule, without a
network."""

from __future__ import annotations

import ast
import math
import threading
from pathlib import Path

import pytest

from game.engine import codec
from game.engine.actions import Draw
from game.engine.events import CardMoved, Said
from game.engine.messages import msg
from game.games.registry import GAMES
from game.net import messages as m
from game.net import protocol as p
from game.net import wire
from game.net.lobby import Lobby
from game.net.server import ANY_ADDRESS, TableServer
from game.net.store import Store, StoredTable
from game.net.tables import new_code, new_secret
from tests.helpers import hand


def refused(kind, data) -> str:
    with pytest.raises(p.Refusal) as caught:
        p.parse(kind, (data,))
    return caught.value.message.key


def test_table_codes_and_credentials_carry_enough_randomness():
    # A code is read aloud (guesses are limited per address); the seat's credential is
    # the long secret.
    assert 6 <= p.CODE_LENGTH <= 8 and math.log2(len(p.CODE_ALPHABET)) * p.CODE_LENGTH >= 40
    codes = {new_code() for _ in range(1000)}
    assert len(codes) == 1000 and all(len(c) == p.CODE_LENGTH for c in codes)
    assert len(new_secret()) >= 32
    code = new_code()
    assert p.table_code(p.show_code(code).lower()) == code


def test_bad_frames_are_refused_with_the_reason():
    base = {"game": "kaluki", "seats": [{"kind": "you"}, {"kind": "open"}], "name": "Ann"}
    assert isinstance(p.parse("create", (base,)), p.Create)
    assert refused("create", {**base, "name": "x" * 41}) == m.BAD_FRAME
    assert refused("create", {**base, "game": "chess"}) == m.BAD_SETUP
    assert refused("create", {**base, "seats": [{"kind": "you"}] * 2}) == m.BAD_SETUP
    assert refused("create", {**base, "options": {"ace_eleven": [1]}}) == m.BAD_FRAME
    assert refused("create", {**base, "options": {"wings": True}}) == m.BAD_SETUP
    assert refused("create", {**base, "grace": -1}) == m.BAD_FRAME
    assert refused("chat", {"text": "w" * (p.MAX_CHAT + 1)}) == m.CHAT_TOO_LONG
    assert refused("chat", {"text": "\x00"}) == m.BAD_FRAME
    assert refused("join", {"code": "nope", "name": "Bob"}) == m.NO_TABLE
    assert refused("act", {"seat": 0, "n": 0, "action": {"type": "Draw"}, "y": 1}) == m.BAD_FRAME
    assert refused("act", {"seat": True, "n": 0, "action": {"type": "Draw"}}) == m.BAD_FRAME
    nested: list = []
    for _ in range(50):
        nested = [nested]
    assert refused("chat", {"text": "hi", "x": nested}) == m.BAD_FRAME
    assert refused("chat", {"text": "a" * (p.MAX_FRAME + 1)}) == m.TOO_BIG
    assert refused("fly", {}) == m.UNKNOWN_KIND
    with pytest.raises(p.Refusal):
        p.parse("chat", ({"text": "hi"}, {"text": "again"}))


def test_a_connection_gets_a_burst_then_its_rate():
    now = [0.0]
    limit = p.RateLimit(rate=10, burst=5, clock=lambda: now[0], max_strikes=3)
    assert [limit.allow() for _ in range(7)] == [True] * 5 + [False] * 2
    now[0] += 0.1
    assert limit.allow() and not limit.allow()
    assert not limit.strike() and not limit.strike() and limit.strike()


def test_the_wire_writes_what_the_engine_codec_writes_and_events_come_back():
    for info in GAMES.values():
        state, events = info.rules.start(info.options(players=4), 5)
        for value in (state, info.rules.view(state, 1), info.rules.legal_actions(state)):
            assert wire.encode(value) == codec.encode(value)
        assert wire.decode_events(wire.encode_events(events)) == events
    moved = CardMoved(hand("7H#1")[0], "stock", "hand:2", face_up=False)
    said = Said(2, msg(m.PLAYER_BACK, player=1))
    assert wire.decode_events(wire.encode_events([moved, said])) == [moved, said]
    with pytest.raises(ValueError):
        wire.decode_event({"type": "Event"})


def test_a_stored_table_comes_back_with_its_seats_and_moves(tmp_path):
    store = Store(tmp_path / "t.db")
    lobby = Lobby(store)
    seats = [{"kind": "you"}, {"kind": "open"}, {"kind": "normal"}]
    created = lobby.handle(
        "a", p.parse("create", ({"game": "kaluki", "seats": seats, "name": "A"},))
    )
    code, host = created.reply["code"], created.reply["host"]
    lobby.handle("b", p.parse("join", ({"code": code, "name": "B"},)))
    lobby.handle("a", p.parse("start", ({"code": code, "host": host},)))
    table = lobby.tables[code]
    for _ in range(5):  # a few moves, whoever is to act
        seat = table.state.to_act
        action = table.rules.legal_actions(table.state)[0]
        table.seats[seat].sid = table.seats[seat].sid or f"sid{seat}"
        if table.seats[seat].bot_plays:
            table.bot_act(seat, len(table.log), action)
        else:
            table.act(table.seats[seat].sid, seat, len(table.log), action)
    store.close()
    again = Lobby(Store(tmp_path / "t.db"))
    assert again.restore() == 1
    back = again.tables[code]
    assert back.log == table.log and codec.encode(back.state) == codec.encode(table.state)
    assert [s.name for s in back.seats] == ["A", "B", "AI 3"]
    assert back.seats[1].credential == table.seats[1].credential  # a digest, not the secret
    assert created.reply["credential"] not in (tmp_path / "t.db").read_bytes().decode("latin-1")


def test_the_store_copies_its_wal_only_when_asked_and_keeps_every_move(tmp_path):
    """Commits only append to the WAL (no checkpoint on the server's loop); a checkpoint
    from another thread copies it all into the database, and nothing is lost either way."""
    store = Store(tmp_path / "t.db")
    store.create(StoredTable("T", "kaluki", {}, 1, 60.0, "h", "playing", [], []))
    for n in range(3000):  # well past SQLite's own 1,000-page checkpoint
        store.append("T", n, Draw())
    wal = tmp_path / "t.db-wal"
    grown = wal.stat().st_size
    assert grown > 1000 * 4096
    thread = threading.Thread(target=store.checkpoint)
    thread.start()
    thread.join()
    for n in range(3000, 3100):  # the WAL is written again from its start, not grown
        store.append("T", n, Draw())
    assert wal.stat().st_size == grown
    log = next(Store(tmp_path / "t.db").load()).log
    assert len(log) == 3100 and all(isinstance(action, Draw) for action in log)


def test_the_server_never_listens_on_every_interface_unless_told():
    for host in ANY_ADDRESS:  # refused before anything is bound
        with pytest.raises(ValueError):
            TableServer(host)


def test_the_network_package_never_imports_the_app_or_pygame():
    for path in (Path(__file__).parents[2] / "game" / "net").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            for name in names:
                assert not name.startswith(("game.app", "pygame")), (path, name)


def test_a_player_who_joins_indian_rummy_between_rounds_gets_a_seat_the_computer_plays():
    from game.engine.game import problem
    from game.games.indian_rummy.actions import JoinTable

    lobby = Lobby(test_seeds=True)  # a seed that reaches a round break soon
    seats = [{"kind": "you"}, {"kind": "normal"}]
    create = {
        "game": "indian_rummy",
        "seats": seats,
        "name": "Ann",
        "seed": 4,
        "options": {"rounds": 2},
    }
    created = lobby.handle("a", p.parse("create", (create,)))
    lobby.handle(
        "a", p.parse("start", ({"code": created.reply["code"], "host": created.reply["host"]},))
    )
    table = lobby.tables[created.reply["code"]]
    for _ in range(3000):
        seat = table.state.to_act
        assert seat is not None, "the game ended without a round break"
        action = table.rules.legal_actions(table.state)[0]
        joins = problem(table.rules, table.state, JoinTable("Zed")) is None
        if joins:
            action = JoinTable("Zed")
        if table.seats[seat].bot_plays:
            table.bot_act(seat, len(table.log), action)
        else:
            table.act("a", seat, len(table.log), action)
        if joins:
            break
    else:
        pytest.fail("no round ended")
    assert len(table.seats) == 3 and table.seats[2].kind == "normal"
    for _ in range(30):  # the game goes on with the newcomer's seat
        seat = table.bot_to_act()
        if seat is None:
            break
        bot, view, legal, history = table.bot_inputs(seat)
        table.bot_act(seat, len(table.log), bot.choose(view, legal, history))


def test_a_short_code_reads_aloud_and_an_older_table_s_long_code_is_still_accepted():
    short = new_code()
    assert len(short) == 8 and p.show_code(short) == f"{short[:4]}-{short[4:]}"
    assert p.table_code(p.show_code(short).lower()) == short
    long = "ABCD2345EFGH6"  # the 13 characters of a table made before
    assert p.show_code(long) == "ABCD-2345-EFGH6" and p.table_code("abcd-2345-efgh6") == long
    for wrong in ("ABCD234", "ABCD2345E", "ABCD2345EFGH", "ABCD2345EFGH67"):
        with pytest.raises(p.Refusal):
            p.table_code(wrong)
