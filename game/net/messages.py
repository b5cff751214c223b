"""What the table server says to a player, as engine messages (each client renders them in
its own language: the Japanese lives in ``game/app/data/translations/net.ja.json``)."""

from __future__ import annotations

from game.engine.messages import templates

BAD_FRAME = "net.bad_frame"  # params: why (English detail for the log, not shown)
TOO_BIG = "net.too_big"
TOO_FAST = "net.too_fast"
UNKNOWN_KIND = "net.unknown_kind"
NO_TABLE = "net.no_table"
NO_SEAT = "net.no_seat"
SEAT_TAKEN = "net.seat_taken"
TABLE_FULL = "net.table_full"
BAD_CREDENTIAL = "net.bad_credential"
NOT_SEATED = "net.not_seated"
NOT_YOUR_SEAT = "net.not_your_seat"
NOT_YOUR_TURN = "net.not_your_turn"
STALE = "net.stale"
NOT_STARTED = "net.not_started"
ALREADY_STARTED = "net.already_started"
NOT_HOST = "net.not_host"
NO_UNDO = "net.no_undo"
BAD_SETUP = "net.bad_setup"
CHAT_TOO_LONG = "net.chat_too_long"
AI_TAKES_OVER = "net.ai_takes_over"  # params: player (Seat)
PLAYER_BACK = "net.player_back"  # params: player (Seat)
PLAYER_LEFT = "net.player_left"  # params: player (Seat), grace (seconds)
PLAYER_JOINED = "net.player_joined"  # params: player (Seat)
TABLE_STARTED = "net.table_started"
TOO_MANY_TABLES = "net.too_many_tables"  # params: most (a whole number)
SERVER_BUSY = "net.server_busy"
TOO_MANY_GUESSES = "net.too_many_guesses"
MOVED = "net.moved"  # the table is served by another process: the client follows
PRESENCE_DOWN = "net.presence_down"  # the servers' directory (Redis) does not answer
NOT_SENT = "net.not_sent"  # the client: a move sent while the connection is down
SEED_REFUSED = "net.seed_refused"
SERVER_GOING = "net.server_going"  # params: seconds (when to come back)
DRAINING = "net.draining"  # a stopping server takes no new tables
TABLE_OVER = "net.table_over"  # joining a table whose game has ended
CANNOT_SAVE = "net.cannot_save"  # the store refused a write (a full disk): the table waits
SAVING_AGAIN = "net.saving_again"  # the write went through: the table goes on
NOT_OVER = "net.not_over"  # a rematch asked before the game ended
REMATCH_OFFERED = "net.rematch_offered"  # params: player (Seat)
MOVE_PENDING = "net.move_pending"  # the client: a move while the last is on its way
NOT_YOUR_LEAVE = "net.not_your_leave"  # a seat named another player's leaving
NOT_THE_HOST = "net.not_the_host"  # removing a player or closing: the host's seat only
NOT_REMOVABLE = "net.not_removable"  # no player there the host may remove
PLAYER_REMOVED = "net.player_removed"  # params: player (Seat)
YOU_WERE_REMOVED = "net.you_were_removed"
TABLE_CLOSED = "net.table_closed"
RECORD_NOT_YET = "net.record_not_yet"  # the game's record asked while it goes on
RECORD_SENT = "net.record_sent"  # asked for the record again and again
TIME_RAN_OUT = "net.time_ran_out"  # params: player (Seat); the computer plays the turn
TIME_RAN_OUT_DROP = "net.time_ran_out_drop"  # params: player (Seat); the seat drops
PLAYER_AWAY = "net.player_away"  # params: player (Seat); three timeouts in a row
PLAYER_ACTIVE = "net.player_active"  # params: player (Seat); an away player acted again
TIME_UP = "net.time_up"  # a move after the seat's time ran out (the computer plays it)

templates(
    {
        BAD_FRAME: "The table could not read that message ({why}).",
        TOO_BIG: "That message is too large for the table.",
        TOO_FAST: "Too many messages at once: slow down.",
        UNKNOWN_KIND: "The table does not know that kind of message.",
        NO_TABLE: "There is no table with that code.",
        NO_SEAT: "That seat does not exist at this table.",
        SEAT_TAKEN: "That seat is already taken.",
        TABLE_FULL: "Every seat at this table is taken.",
        BAD_CREDENTIAL: "That seat belongs to someone else.",
        NOT_SEATED: "Join a table first.",
        NOT_YOUR_SEAT: "You can only play for your own seat.",
        NOT_YOUR_TURN: "It is not your turn.",
        STALE: "The table has moved on since then: look again.",
        NOT_STARTED: "The game has not started yet.",
        ALREADY_STARTED: "The game has already started.",
        NOT_HOST: "Only the host can start the game.",
        NO_UNDO: "Moves cannot be taken back at a table played over the network.",
        BAD_SETUP: "The table cannot be set up that way ({why}).",
        CHAT_TOO_LONG: "That chat line is too long.",
        AI_TAKES_OVER: "{player} has left; the computer plays for them until they return.",
        PLAYER_BACK: "{player} is back at the table.",
        PLAYER_LEFT: "{player} has lost the connection; waiting {grace} seconds.",
        PLAYER_JOINED: "{player} has joined the table.",
        TABLE_STARTED: "The game begins.",
        TOO_MANY_TABLES: "You have {most} tables open on this server: finish or leave one first.",
        SERVER_BUSY: "The server has too many tables waiting to start: try again later.",
        TOO_MANY_GUESSES: "Too many wrong table codes from your network: wait a minute.",
        MOVED: "The table is on another server: connecting.",
        PRESENCE_DOWN: "The servers cannot tell where that table is just now: try again.",
        NOT_SENT: "The connection to the table is down: that move was not sent.",
        SEED_REFUSED: "This server shuffles the cards itself: a table cannot choose its seed.",
        SERVER_GOING: "The table server is stopping; reconnecting in about {seconds} s.",
        DRAINING: "The table server is stopping: it takes no new tables now.",
        TABLE_OVER: "The game at that table has finished.",
        CANNOT_SAVE: "The server cannot save: the table waits.",
        SAVING_AGAIN: "The server can save again: the game goes on.",
        MOVE_PENDING: "Your last move is still on its way to the table.",
        NOT_OVER: "The game is not over yet.",
        NOT_THE_HOST: "Only the host can do that.",
        NOT_REMOVABLE: "That seat has no other player to remove.",
        PLAYER_REMOVED: "The host removed {player} from the table; the computer plays the seat.",
        YOU_WERE_REMOVED: "The host removed you from the table.",
        TABLE_CLOSED: "The host closed the table.",
        REMATCH_OFFERED: "{player} wants to play again: choose Play again to sit down.",
        NOT_YOUR_LEAVE: "Only that player or the host can take a seat from the table.",
        RECORD_NOT_YET: "The game's record is sent when the game is over: it shows every hand.",
        RECORD_SENT: "The game's record has already been sent to you.",
        TIME_RAN_OUT: "{player}'s time ran out: the computer plays the turn for them.",
        TIME_RAN_OUT_DROP: "{player}'s time ran out: they drop, as the table's rule says.",
        PLAYER_AWAY: "{player} is away: the computer plays their turns until they are back.",
        PLAYER_ACTIVE: "{player} is back.",
        TIME_UP: "Your time for this turn ran out: the computer is playing it.",
    }
)
