"""Host + 3 joiners play a whole seeded game of each game over a real server on
127.0.0.1, each client playing Normal's moves from its own view: the game ends exactly as
the same game played at one computer, and no frame ever shows a seat a card hidden from
it. The same frames are read by a Japanese and an English client."""

from __future__ import annotations

from game.app import i18n
from game.app.messages import render
from game.engine import codec
from game.engine.cards import parse_card
from game.engine.messages import Message
from game.games.registry import get_game
from game.net import wire
from game.net.wire import cards_named
from tests.net.netplay import close, open_table, play, play_locally, replayed_states

GAMES = ["kaluki", "kalooki", "indian_rummy", "laugh_and_lie_down"]


def test_four_computers_play_each_game_as_one_would(server):
    """The four games at four tables of one server at once (16 clients)."""
    seed = 20261201
    tables = {game_id: open_table(server.url, game_id, seed, record=True) for game_id in GAMES}
    everyone = [player for players, _code in tables.values() for player in players]
    try:
        play(everyone, seconds=120)
    finally:
        close(everyone)
    for game_id, (players, code) in tables.items():
        table = server.call(lambda code=code: server.server.lobby.tables[code])
        local_state, local_log = play_locally(game_id, seed)
        assert table.log == local_log, game_id
        assert codec.encode(table.state) == codec.encode(local_state)
        assert all(not p.refusals for p in players)
        for player in players:
            assert player.view.history == table.history.for_seat(player.view.seat)
            assert check_frames(game_id, seed, table.log, player) >= len(table.log)


def check_frames(game_id: str, seed: int, log: list, player) -> int:
    """Check every frame one seat received against the state at that moment: its view is
    exactly the seat's view, and no card hidden from the seat is in it. How many."""
    rules = get_game(game_id).rules
    states = replayed_states(game_id, seed, log)
    seat, checked = player.view.seat, 0
    for kind, data in player.client.frames:
        if kind not in ("sync", "update"):
            continue
        n = data["n"]
        state = states[n]
        assert data["view"] == wire.encode(rules.view(state, seat))
        hidden = rules.hidden_from(state, seat)
        # Records of the past (the hands shown when each deal ended, Indian Rummy's
        # seating draw) were public then and tell nothing of this deal's cards, which
        # were shuffled since.
        now = {k: v for k, v in data["view"].items() if k not in ("history", "seating")}
        leaked = cards_named([now, data["legal"]]) & hidden
        if kind == "update":  # a card moved face up was seen before or after the move
            leaked |= cards_named(data["events"]) & hidden & rules.hidden_from(states[n - 1], seat)
        else:  # the deal: a card dealt face down is shown to its owner alone
            leaked |= {
                parse_card(event["card"])
                for event in data["history"]
                if event["type"] == "CardMoved"
                and event["card"]
                and not event["face_up"]
                and f":{seat}" not in (event["src"] + event["dst"])
            }
        assert not leaked, f"seat {seat} was shown {sorted(map(str, leaked))} at move {n}"
        checked += 1
    return checked


def test_a_japanese_and_an_english_player_read_one_table(server):
    players, _code = open_table(server.url, "laugh_and_lie_down", 7, humans=2)
    try:
        play(players)
        refusal = players[0].client.request("undo", {}).message
    finally:
        close(players)
    notices = [item.message for p in players for item in p.notices]
    assert notices
    names = list(players[0].view.names)
    assert refusal is not None
    texts = {}
    for language in ("en", "ja"):
        i18n.set_language(language)
        try:
            texts[language] = [render(m, names) for m in [refusal, *notices]]
        finally:
            i18n.set_language("en")
    assert texts["en"][0] == "Moves cannot be taken back at a table played over the network."
    for en, ja in zip(texts["en"], texts["ja"], strict=True):
        assert "net." not in en and "net." not in ja  # every message has its template
        assert en != ja


def test_a_refusal_is_a_message_every_client_can_render():
    from game.net import messages as m

    message = codec.decode(Message, codec.encode(Message(m.NOT_YOUR_TURN)), "m")
    assert render(message) == "It is not your turn."
