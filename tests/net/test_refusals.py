"""A client may act only for its own seat, in its turn, with a well-formed legal move:
anything else is refused with a message the client can render, and changes nothing."""

from __future__ import annotations

import pytest

from game.engine import codec
from game.engine.actions import Discard, Draw, LayOff
from game.engine.cards import parse_card
from game.engine.messages import english
from game.net import messages as m
from game.net.client import NetClient
from tests.net.netplay import close, open_table


@pytest.fixture
def table(server):
    players, code = open_table(server.url, "kaluki", 11)
    yield server, players, code
    close(players)


def snapshot(server, code):
    table = server.server.lobby.tables[code]
    return server.call(lambda: (len(table.log), codec.encode(table.state)))


def test_moves_out_of_turn_for_another_seat_stale_or_illegal_are_refused(table):
    server, players, code = table
    before = snapshot(server, code)
    to_act = server.call(lambda: server.server.lobby.tables[code].state.to_act)
    mover, other = players[to_act].client, players[(to_act + 1) % 4].client
    cases = [
        (other, {"seat": other.seat, "n": 0, "action": codec.encode(Draw())}, m.NOT_YOUR_TURN),
        (other, {"seat": to_act, "n": 0, "action": codec.encode(Draw())}, m.NOT_YOUR_SEAT),
        (mover, {"seat": to_act, "n": 5, "action": codec.encode(Draw())}, m.STALE),
        (mover, {"seat": to_act, "n": 0, "action": {"type": "Draw", "source": 7}}, m.BAD_FRAME),
        (mover, {"seat": to_act, "n": 0, "action": {"type": "Explode"}}, m.BAD_FRAME),
        (mover, {"seat": to_act, "n": 0}, m.BAD_FRAME),
        (mover, {"seat": to_act, "n": 0, "action": codec.encode(Draw()), "x": 1}, m.BAD_FRAME),
        (mover, {"seat": "0", "n": 0, "action": codec.encode(Draw())}, m.BAD_FRAME),
    ]
    for client, data, key in cases:
        reply = client.request("act", data)
        assert not reply.ok and reply.message is not None, data
        assert reply.message.key == key, (data, reply.message)
    # Illegal by the rules: discarding before drawing, laying off on no meld.
    card = parse_card("AS")
    for action in (Discard(card), LayOff(99, (card,))):
        reply = mover.act(0, action)
        assert not reply.ok and reply.message is not None
        assert english(reply.message)
    assert snapshot(server, code) == before


def test_undo_and_unknown_kinds_are_refused_and_a_stranger_cannot_act(table):
    server, players, code = table
    before = snapshot(server, code)
    reply = players[0].client.request("undo", {})
    assert reply.message.key == m.NO_UNDO
    assert players[0].client.request("teleport", {}).message.key == m.UNKNOWN_KIND
    stranger = NetClient(server.url)
    stranger.connect()
    try:
        act = {"seat": 0, "n": 0, "action": codec.encode(Draw())}
        assert stranger.request("act", act).message.key == m.NOT_SEATED
        assert stranger.join(code, "Eve").message.key == m.ALREADY_STARTED
        forged = {"code": code, "seat": 0, "credential": "x" * 32}
        assert stranger.request("rejoin", forged).message.key == m.BAD_CREDENTIAL
        assert stranger.request("start", {"code": code, "host": "y" * 32}).message.key == m.NOT_HOST
        assert stranger.join("ZZZZZZZZZZZZZ", "Eve").message.key == m.NO_TABLE
    finally:
        stranger.close()
    assert snapshot(server, code) == before


def test_a_full_table_and_a_taken_seat_are_refused(server):
    host = NetClient(server.url)
    guests = [NetClient(server.url) for _ in range(2)]
    for client in (host, *guests):
        client.connect()
    try:
        reply = host.create("kaluki", [{"kind": "you"}, {"kind": "open"}], "Ann")
        code = reply.data["code"]
        assert guests[0].join(code, "Bob", seat=0).message.key == m.SEAT_TAKEN
        assert guests[0].join(code, "Bob", seat=7).message.key == m.NO_SEAT
        assert guests[0].join(code.lower(), "Bob").ok  # codes are read in any case
        assert guests[1].join(code, "Cat").message.key == m.TABLE_FULL
        forged = {"code": code, "host": "y" * 32}  # only the host holds the host secret
        assert guests[0].request("start", forged).message.key == m.NOT_HOST
    finally:
        for client in (host, *guests):
            client.close()


def test_a_refused_join_keeps_the_seat_the_player_has(table):
    """A seated player's join to a started table is refused and they stay seated: their
    updates keep coming (a fuzzed join once left a seat with no connection)."""
    server, players, code = table
    client = players[1].client
    reply = client.join(code, "Again")
    assert not reply.ok and reply.message.key == m.ALREADY_STARTED
    seated = server.call(lambda: server.server.lobby.tables[code].seats[client.seat].sid)
    assert seated is not None and server.call(lambda: server.server.lobby.where.get(seated)) == code


def test_a_lone_surrogate_or_a_stack_of_marks_is_refused_cleanly(table):
    """Old: a lone surrogate raised UnicodeEncodeError ("server error"); 190 combining
    marks on one letter were sent to every player."""
    server, players, _code = table
    client = players[0].client
    for text in ("hi \ud800 there", "Z" + "\u0301" * 190):
        reply = client.chat(text)
        assert not reply.ok and reply.message.key == m.BAD_FRAME, text
        assert "server error" not in english(reply.message)
    assert client.chat("café ok: e\u0301\u0302 ✓").ok  # a few marks are writing
    stranger = NetClient(server.url)
    stranger.connect()
    try:
        reply = stranger.create("kaluki", [{"kind": "you"}, {"kind": "open"}], "A" + "\u0300" * 50)
        assert not reply.ok and reply.message.key == m.BAD_FRAME
    finally:
        stranger.close()
