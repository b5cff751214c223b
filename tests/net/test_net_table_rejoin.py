"""Networked tables in the app when players go away: a closed app sits back down from
Continue with the record it kept; a record of a table the server no longer has is
refused clearly and retired; a dropped player's seat is marked, then played by the
computer (the table says so); a lost connection shows the banner until it is back;
an English and a Japanese player at one table each read their own language."""

from __future__ import annotations

from game.ai.base import NORMAL
from game.ai.registry import make_bot
from game.app import i18n
from game.app.scenes.dialog import MessageDialog
from game.app.scenes.title import TitleScene
from game.app.table.table_scene import TableScene
from game.persist.online_tables import keep_record, online_records
from tests.net.tablesetup import arrive, close_app, new_app, run, seat_clients, sit, until


def play_moves(pairs, count: int) -> None:
    tables = [table for _, table in pairs]
    bots = {t.view_seat: make_bot(t.session.info.id, NORMAL, 0, t.view_seat) for t in tables}
    target = tables[0].session.move_count + count
    while tables[0].session.move_count < target:
        until(pairs, lambda: any(t.my_turn for t in tables) or tables[0].session.finished)
        for app, table in pairs:
            if table.my_turn:
                i18n.set_language(app.settings.language)  # one process: by turns
                s = table.session
                bot = bots[table.view_seat]
                action = bot.choose(s.view(), s.legal_actions(), s.public_history(s.view_seat))
                assert table.play(action), table.notice
                run(app, table)
    n = tables[0].session.move_count
    until(pairs, lambda: all(t.session.move_count >= n for t in tables))


def logged(table, words: str) -> bool:
    return any(words in line.text for line in table.log_lines)


def test_a_closed_app_rejoins_from_continue_and_a_gone_table_is_retired(server, tmp_path):
    clients = seat_clients(server.url, "kaluki", ["you", "open"], seed=9)
    apps = [new_app(tmp_path / "ann"), new_app(tmp_path / "bob")]
    try:
        tables = [sit(app, client) for app, client in zip(apps, clients)]
        play_moves(list(zip(apps, tables)), 3)
        code = clients[1].code
        close_app(apps[1])  # Bob closes the app: the seat waits for him
        until([(apps[0], tables[0])], lambda: tables[0].session.seat_status(1) == "away")
        apps[1] = new_app(tmp_path / "bob")
        apps[1].start(TitleScene(apps[1]))
        run(apps[1], None)
        title = apps[1].stack.top
        assert title.rejoin is not None and title.rejoin.code == code
        title.choose("continue")
        back = arrive(apps[1], TableScene)
        assert back.view_seat == 1
        pairs = [(apps[0], tables[0]), (apps[1], back)]
        until(pairs, lambda: tables[0].session.seat_status(1) is None)
        until(pairs, lambda: logged(tables[0], "is back at the table"))
        assert back.session.move_count == tables[0].session.move_count
        play_moves(pairs, 2)  # and the game goes on with him
        # A record of a table the server does not have: refused, said, and retired.
        gone = {**back.session.resume_record(), "code": "ABCDEFGHJKLMN"}
        keep_record(apps[1].paths, gone)
        other = new_app(tmp_path / "bob")  # the same files: this record is the newest
        try:
            other.start(TitleScene(other))
            run(other, None)
            assert other.stack.top.rejoin.code == "ABCDEFGHJKLMN"
            other.stack.top.choose("continue")
            dialog = arrive(other, MessageDialog)
            assert "That online table no longer exists." in dialog.lines
            codes = [r.code for r in online_records(other.paths)[0]]
            assert "ABCDEFGHJKLMN" not in codes and code in codes
        finally:
            close_app(other)
    finally:
        for client in clients:
            client.close()
        for app in apps:
            close_app(app)


def test_a_dropped_player_is_marked_then_played_by_the_computer(tmp_path):
    from game.net.server import ServerThread

    server = ServerThread("127.0.0.1", 0, db=tmp_path / "t.db", tick=0.05, test_seeds=True)
    server.start()
    clients = seat_clients(server.url, "kalooki", ["you", "open", "normal"], seed=3, grace=1.0)
    apps = [new_app(tmp_path / "ann"), new_app(tmp_path / "bob", "ja")]
    try:
        tables = [sit(app, client) for app, client in zip(apps, clients)]
        pairs = list(zip(apps, tables))
        play_moves(pairs, 2)
        clients[1].close()  # Bob's network goes
        host = [pairs[0]]
        until(host, lambda: tables[0].session.seat_status(1) == "away")
        until(host, lambda: logged(tables[0], "has lost the connection"))
        plate = tables[0].seat_info(tables[0].view, 1)  # Bob's name plate says it
        said = {"away": "Connection lost", "ai": "Computer plays"}  # "ai" once grace is over
        assert plate.alert in said and plate.kind == said[plate.alert]
        until(host, lambda: tables[0].session.seat_status(1) == "ai", seconds=10)
        plate = tables[0].seat_info(tables[0].view, 1)
        assert (plate.kind, plate.alert) == ("Computer plays", "ai")
        until(host, lambda: logged(tables[0], "the computer plays for them"))
        line = next(line for line in tables[0].log_lines if "computer plays" in line.text)
        assert line.text == "Bob has left; the computer plays for them until they return."
        moves = tables[0].session.move_count
        play_moves(host, 6)  # the computer plays Bob's seat meanwhile
        assert tables[0].session.move_count >= moves + 6
    finally:
        for client in clients:
            client.close()
        for app in apps:
            close_app(app)
        server.stop()


def test_a_lost_connection_shows_the_banner_until_it_is_back(server, tmp_path):
    clients = seat_clients(server.url, "kaluki", ["you", "open"], seed=2)
    apps = [new_app(tmp_path / "ann"), new_app(tmp_path / "bob")]
    try:
        tables = [sit(app, client) for app, client in zip(apps, clients)]
        pairs = list(zip(apps, tables))
        seen = []
        client = clients[1]
        client._run(client.sio.eio.ws.close())  # the network drops under the client

        def down_then_up() -> bool:
            seen.append(tables[1].banner_shown)
            return any(seen) and not tables[1].banner_shown

        until(pairs, down_then_up)
        assert True in seen and not tables[1].net_down  # it showed, and went once back
        play_moves(pairs, 2)  # the seat was taken back by itself
    finally:
        for client in clients:
            client.close()
        for app in apps:
            close_app(app)


def test_an_english_and_a_japanese_player_each_read_their_own_language(server, tmp_path):
    clients = seat_clients(server.url, "kaluki", ["you", "open"], seed=6)
    apps = [new_app(tmp_path / "ann", "en"), new_app(tmp_path / "bob", "ja")]
    try:
        tables = [sit(app, client) for app, client in zip(apps, clients)]
        pairs = list(zip(apps, tables))
        play_moves(pairs, 4)
        for app, table in pairs:
            i18n.set_language(app.settings.language)  # one process: its language by turns
            table.undo()
            table.send_chat("gg")
        assert tables[0].notice.startswith("Moves cannot be taken back")
        assert tables[1].notice == "ネットワーク対戦のテーブルでは手を戻せません。"
        until(pairs, lambda: all(logged(t, "gg") for t in tables))
        english = " ".join(line.text for line in tables[0].log_lines)
        japanese = " ".join(line.text for line in tables[1].log_lines)
        assert "Deal 1" in english and "第1ディール" in japanese
        assert any("\u3040" <= ch <= "\u9fff" for ch in japanese)
        assert not any("\u3040" <= ch <= "\u9fff" for ch in english)
    finally:
        for client in clients:
            client.close()
        for app in apps:
            close_app(app)


def test_the_load_list_offers_online_tables_and_retires_a_gone_one(server, tmp_path):
    from game.app.scenes.load import LoadScene
    from game.app.table.rejoin import ONLINE

    app = new_app(tmp_path / "ann")
    try:
        record = {"url": server.url, "code": "ABCDEFGHJKLMN", "seat": 2, "game": "kalooki"}
        keep_record(app.paths, {**record, "credential": "c" * 32})
        app.start(TitleScene(app))
        app.stack.push(LoadScene(app))
        run(app, None, 2)
        load = app.stack.top
        row = load.current
        assert row.kind == ONLINE and row.name.startswith("Rejoin online table: Kalooki")
        assert "ABCD-EFGH-JKLMN" in row.name
        load.open_selected()
        arrive(app, MessageDialog)
        assert online_records(app.paths)[0] == []  # retired
        assert all(summary.kind != ONLINE for summary in load.saves)  # and gone from the list
    finally:
        close_app(app)
