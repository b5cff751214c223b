"""Rematch: at a finished table each player's one Play again sits them at the same seat of
a new table (same game, rules and seats, a new code and deal); when every player is back
it deals by itself. Asked before the end, it is refused."""

from __future__ import annotations

from game.net import messages as m
from game.net.client import Notice, Synced
from tests.net.netplay import close, open_table, play


def test_play_again_sits_everyone_at_the_same_seats_of_a_new_table(server):
    players, code = open_table(server.url, "laugh_and_lie_down", 5, humans=2)
    try:
        early = players[0].client.rematch()
        assert not early.ok and early.message.key == m.NOT_OVER
        play(players)  # to the end
        first = players[0].client.rematch()
        assert first.ok and first.data["code"] != code and first.data["seat"] == 0
        new = first.data["code"]
        table = server.server.lobby.tables[new]
        assert table.phase == "waiting" and table.seats[1].open  # Guest 1 not back yet
        # Their seat waits for them by name (the room says so), the computers' do not.
        held = [seat.public() for seat in table.seats]
        assert held[1]["kept"] and held[1]["name"] == "Guest 1"
        assert not any(seat["kept"] for seat in held[2:])
        assert server.server.store.load_one(new).seats[1].get("kept") is True  # (a restart)
        offer = players[1].client.wait_for(Notice)  # the offer reaches the old room
        while offer.message.key != m.REMATCH_OFFERED:
            offer = players[1].client.wait_for(Notice)
        second = players[1].client.rematch()
        assert second.ok and second.data["code"] == new and second.data["seat"] == 1
        for number, player in enumerate(players):  # dealt by itself: both sit and play
            synced = player.client.wait_for(Synced)
            assert synced.seat == number and synced.names[:2] == ("Host", "Guest 1")
        old = server.server.lobby.tables[code]
        assert [s.kind for s in table.seats] == [s.kind for s in old.seats]
        assert old.phase == "over" and table.phase == "playing"
    finally:
        close(players)
