"""A player's own order of the hand survives a rejoin: Bob arranges his Kaluki hand his
way, closes the app, and Continue opens the table on the hand as he left it (it was
sorted afresh), as Indian Rummy's groups are kept too."""

from __future__ import annotations

from itertools import chain

import pytest

from game.app.scenes.title import TitleScene
from game.app.table.table_scene import TableScene
from game.persist.online_tables import online_records
from tests.net.tablesetup import arrive, close_app, new_app, run, seat_clients, sit


def flat(groups) -> list:
    return list(chain.from_iterable(groups))


@pytest.mark.parametrize("game_id", ["kaluki", "indian_rummy"])
def test_the_players_arrangement_is_kept_through_a_rejoin(server, tmp_path, game_id):
    clients = seat_clients(server.url, game_id, ["you", "open"], seed=9)
    apps = [new_app(tmp_path / "ann"), new_app(tmp_path / "bob")]
    try:
        tables = [sit(app, client) for app, client in zip(apps, clients)]
        bob = tables[1]
        hand = [card for group in bob.seat_groups(1) for card in group]
        mine = [list(reversed(hand[:5])), list(reversed(hand[5:]))]  # not how it was dealt
        bob.set_seat_groups(1, mine)
        bob.refresh()
        run(apps[1], bob, 70)  # (the record is written at most once a second)
        assert flat(bob.seat_groups(1)) == flat(mine)  # (Kaluki's hand is one group)
        (record,) = online_records(apps[1].paths)[0]
        assert flat(record.hand) == [str(card) for card in flat(mine)]
        close_app(apps[1])
        apps[1] = new_app(tmp_path / "bob")
        apps[1].start(TitleScene(apps[1]))
        run(apps[1], None)
        apps[1].stack.top.choose("continue")
        back = arrive(apps[1], TableScene)
        assert back.view_seat == 1
        assert flat(back.seat_groups(1)) == flat(mine)  # his order, not sorted afresh
    finally:
        for client in clients:
            client.close()
        for app in apps:
            close_app(app)
