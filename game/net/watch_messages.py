"""What the table server says about watching a table (spectators.py), as engine messages.
Kept apart from ``messages.py`` so the spectators' part edits no shared list; the
Japanese lives in ``game/app/data/translations/watch.ja.json``."""

from __future__ import annotations

from game.engine.messages import templates

WATCHING_ONLY = "net.watching_only"  # a spectator tried to play, undo or run the table
TOO_MANY_SPECTATORS = "net.too_many_spectators"  # params: most (a whole number)
SPECTATORS_FROM_ADDRESS = "net.spectators_from_address"  # params: most
NOT_WATCHING = "net.not_watching"  # "sit" from a connection that watches no table
NOT_BETWEEN_DEALS = "net.not_between_deals"  # a computer's seat, but not at this moment
NO_NEW_PLAYERS = "net.no_new_players"  # the game takes no new player once dealt
SPECTATOR_SAT = "net.spectator_sat"  # params: player (Seat)
WATCH_ENDED = "net.watch_ended"  # the table watched is gone (closed, set aside)

templates(
    {
        WATCHING_ONLY: "You are watching this table: take a seat to play.",
        TOO_MANY_SPECTATORS: "This table already has {most} spectators: try again later.",
        SPECTATORS_FROM_ADDRESS: (
            "Your network already watches with {most} connections here: leave one first."
        ),
        NOT_WATCHING: "Watch the table first.",
        NOT_BETWEEN_DEALS: "That seat can be taken at the next break between deals or rounds.",
        NO_NEW_PLAYERS: "This game takes no new player once the cards are dealt.",
        SPECTATOR_SAT: "{player} sits down at the table.",
        WATCH_ENDED: "The table you were watching has closed.",
    }
)
