"""The save file's JSON (format 1): writing it, and reading it back with every check.

Format 1 is one JSON object::

    format       1
    app_version  the Card Parlour version that wrote it
    game         the game id ("kaluki", ...)
    name         optional: the slot's name as the player typed it
    options      the game's options, by name
    seed         the game's seed
    seats        [{"name": "Ann", "kind": "human" | "easy" | "normal" | "hard"}, ...]; a
                 default name is written in English ("You", "Player 2"), and read back by
                 kind (``savedgame.read_default``, which also reads the Japanese words
                 older versions wrote on a Japanese screen)
    log          every action since the start, in order (engine codec JSON)
    snapshot     the state after the log (engine codec JSON)
    saved_at     ISO 8601 local time with its offset
    summary      {"players": [names], "deal": n, "to_act": name or null} for the Load list
    thumbnail    optional: a small PNG of the table, base64
    hand_groups  optional: per seat, the hand as its player arranged it (groups of card
                 texts, [] for a seat with no arrangement)

Loading trusts nothing: the essential fields are checked for type and size, the options
are rebuilt through the game's own validation, the game is re-created from its seed, and
the log is replayed through the rules; the result must equal the snapshot, or the file is
reported damaged (never half-loaded). The cosmetic fields (``app_version``, ``name``,
``saved_at``, ``summary``, ``thumbnail``, ``hand_groups``) are only for display: a bad one
is ignored (or, in ``hand_groups``, its bad entries dropped) rather than costing the player
the game.
"""

from __future__ import annotations

import base64
import binascii
import dataclasses
import re
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from game import __version__
from game.engine import codec
from game.engine.actions import Action
from game.engine.cards import Card
from game.engine.errors import IllegalAction
from game.engine.game import GameInfo
from game.engine.options import options_from_dict
from game.games.registry import GAMES
from game.persist.migrations import CURRENT_FORMAT, OTHER_READINGS, upgrade
from game.persist.savedgame import MAX_NAME, SEAT_KINDS, HandGroups, SavedGame, Seat
from game.persist.texts import is_shown_text
from game.persist.undo_history import redo_of, undo_fields, undo_hands_of

MAX_LOG = 200_000  # actions: a nine-deal game of six has a few thousand
MAX_THUMBNAIL_BYTES = 256 * 1024
MAX_THUMBNAIL_SIDE = 512  # pixels; the table makes 192x120 (1 MB decoded at most)
MAX_SLOT_NAME = 80
MAX_ARRANGED = 200  # groups, and card texts, in one seat's hand_groups: more than any hand
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_BASE64 = re.compile(r"[A-Za-z0-9+/]*={0,2}")


# --- writing


def current_deal(info: GameInfo, state: Any) -> int | None:
    """The deal number the Load list shows (1 for the first deal)."""
    deal = getattr(state, "deal", None)
    if isinstance(deal, int) and not isinstance(deal, bool):
        return deal
    try:
        return info.rules.results(state).deals + (0 if state.finished else 1)
    except Exception:  # a game without deal numbers: the list shows none
        return None


def planned_deals(info: GameInfo, options: Any) -> int | None:
    """How many deals the game lasts, for "deal 3 of 9" (display only; None for a game
    played to a score, whose length nobody knows in advance): its manifest says."""
    return info.planned_deals(options)


def summary_of(info: GameInfo, seats: tuple[Seat, ...], state: Any) -> dict[str, Any]:
    to_act = state.to_act
    return {
        "players": [seat.name for seat in seats],
        "deal": current_deal(info, state),
        "deals": planned_deals(info, state.options),
        "to_act": seats[to_act].name if to_act is not None and 0 <= to_act < len(seats) else None,
        "finished": bool(state.finished),
    }


def save_to_dict(saved: SavedGame, saved_at: datetime) -> dict[str, Any]:
    """The JSON object for ``saved``. ValueError for a game no file should hold."""
    info = GAMES.get(saved.game_id)
    if info is None:
        raise ValueError(f"unknown game {saved.game_id!r}")
    players = saved.state.options.players  # players who joined later have seats too
    if len(saved.seats) != players:
        raise ValueError(f"{len(saved.seats)} seats for {players} players")
    if saved.thumbnail is not None:
        _check_thumbnail(saved.thumbnail)
    data: dict[str, Any] = {
        "format": CURRENT_FORMAT,
        "app_version": __version__,
        "game": saved.game_id,
    }
    if saved.name is not None:
        data["name"] = saved.name[:MAX_SLOT_NAME]
    data |= {
        "options": codec.encode(saved.options),
        "seed": saved.seed,
        "seats": [{"name": seat.name, "kind": seat.kind} for seat in saved.seats],
        # milliseconds: two games saved within a second still list newest first
        "saved_at": saved_at.isoformat(timespec="milliseconds"),
        "summary": summary_of(info, saved.seats, saved.state),
    }
    if saved.thumbnail is not None:
        data["thumbnail"] = base64.b64encode(saved.thumbnail).decode("ascii")
    if saved.hand_groups:
        data["hand_groups"] = [
            [[str(card) for card in group] for group in groups] for groups in saved.hand_groups
        ]
    data |= undo_fields(saved)
    data["log"] = [codec.encode(action) for action in saved.log]
    data["snapshot"] = codec.encode(saved.state)
    return data


def png_size(png: bytes) -> tuple[int, int] | None:
    """(width, height) from a PNG's header (its first chunk must be IHDR), without
    decoding a pixel; None when the header is not a PNG's."""
    if len(png) < 24 or not png.startswith(PNG_SIGNATURE) or png[12:16] != b"IHDR":
        return None
    return int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")


def _check_thumbnail(png: bytes) -> None:
    if len(png) > MAX_THUMBNAIL_BYTES:
        raise ValueError(f"the thumbnail is larger than {MAX_THUMBNAIL_BYTES // 1024} KB")
    size = png_size(png)
    if size is None:
        raise ValueError("the thumbnail is not a PNG image")
    # A few KB of PNG can decode to hundreds of MB: the size is checked before decoding.
    width, height = size
    if not (0 < width <= MAX_THUMBNAIL_SIDE and 0 < height <= MAX_THUMBNAIL_SIDE):
        raise ValueError(f"the thumbnail is {width}x{height}, larger than a thumbnail")


# --- reading: the header (enough for the Load list), then the whole game


def _game(data: dict[str, Any]) -> GameInfo:
    game_id = data.get("game")
    if not isinstance(game_id, str):
        raise ValueError("it does not say which game it is")
    info = GAMES.get(game_id)
    if info is None:
        known = ", ".join(GAMES)
        raise ValueError(
            f"it is a game this version does not know ({game_id[:30]!r}; known: {known})"
        )
    return info


def _options(info: GameInfo, data: dict[str, Any]) -> Any:
    options = data.get("options")
    if not isinstance(options, dict):
        raise ValueError("its game options are missing")
    try:
        return options_from_dict(info.options_type, options)
    except ValueError as error:
        raise ValueError(f"its game options are wrong ({error})") from None


def _seats(data: dict[str, Any], players: int, most: int) -> tuple[Seat, ...]:
    """The seats: one per player the game began with, then any who joined later (up to
    the game's ``most`` players; the replayed game must agree)."""
    seats = data.get("seats")
    if not isinstance(seats, list) or not players <= len(seats) <= max(players, most):
        raise ValueError(f"its seats do not match its {players} players")
    result = []
    for number, seat in enumerate(seats, 1):
        if not isinstance(seat, dict):
            raise ValueError(f"seat {number} is not a seat")
        name, kind = seat.get("name"), seat.get("kind")
        if not is_shown_text(name, MAX_NAME):  # no NUL, no lone surrogate: it is drawn
            raise ValueError(f"seat {number} has no valid name")
        if kind not in SEAT_KINDS:
            raise ValueError(f"seat {number} is neither a human nor a known AI level")
        result.append(Seat(name, kind))
    return tuple(result)


def _seed(data: dict[str, Any]) -> int:
    try:
        seed: int = codec.decode(int, data.get("seed"), "seed")
        return seed
    except ValueError:
        raise ValueError("its seed is not a valid number") from None


def thumbnail_of(data: dict[str, Any]) -> bytes | None:
    """The PNG bytes, or None when there is none or it is unusable (never decoded as an
    image here: the app does that, and treats a bad picture as no picture)."""
    text = data.get("thumbnail")
    if not isinstance(text, str) or len(text) > MAX_THUMBNAIL_BYTES * 4 // 3 + 4:
        return None
    if not _BASE64.fullmatch(text):
        return None
    try:
        png = base64.b64decode(text, validate=True)
    except (binascii.Error, ValueError):
        return None
    try:
        _check_thumbnail(png)
    except ValueError:
        return None
    return png


def saved_at_of(data: dict[str, Any]) -> datetime | None:
    """The display time of a save, or None when it is missing or unusable: a time with no
    zone is read as local time, and one the clock cannot turn into a moment (year 1 with
    no zone lies before the epoch's range on some systems) counts as missing, so that no
    later sort or comparison can raise over a display-only field."""
    text = data.get("saved_at")
    if not isinstance(text, str) or len(text) > 40:
        return None
    try:
        return usable_time(datetime.fromisoformat(text))
    except ValueError:
        return None


def usable_time(when: datetime) -> datetime | None:
    """``when`` with a time zone, when it converts to a timestamp and back; else None."""
    try:
        aware = when if when.tzinfo is not None else when.astimezone()
        aware.timestamp()
        return aware
    except (OverflowError, OSError, ValueError):
        return None


def file_time(seconds: float) -> datetime | None:
    """A file's modification time as a local time, or None when it lies outside what
    the calendar holds (a file dated past year 9999)."""
    try:
        return usable_time(datetime.fromtimestamp(seconds).astimezone())
    except (OverflowError, OSError, ValueError):
        return None


def slot_name_of(data: dict[str, Any]) -> str | None:
    name = data.get("name")
    return name if is_shown_text(name, MAX_SLOT_NAME) else None


def hand_groups_of(
    data: dict[str, Any], info: GameInfo, state: Any, seats: int
) -> tuple[HandGroups, ...]:
    """Each seat's arrangement of its hand, cleaned: a field of the wrong shape or size
    is ignored, and so are a seat's entry of the wrong shape, and any card text that is
    unknown, not in that seat's hand or named twice (and groups left empty)."""
    field = data.get("hand_groups")
    if not isinstance(field, list) or len(field) > seats:
        return ()
    return tuple(
        _seat_groups(groups, _held(info, state, seat)) for seat, groups in enumerate(field)
    )


def _held(info: GameInfo, state: Any, seat: int) -> set[Card]:
    """The cards in ``seat``'s hand, read from its view as the table reads them."""
    return set(getattr(info.rules.view(state, seat), "hand", None) or ())


def _seat_groups(groups: Any, hand: set[Card]) -> HandGroups:
    """One seat's groups: only cards of ``hand``, each once; the sizes are checked
    before any card is read, so a huge entry costs nothing."""
    if not isinstance(groups, list) or len(groups) > MAX_ARRANGED:
        return ()
    groups = [group for group in groups if isinstance(group, list)]
    if sum(len(group) for group in groups) > MAX_ARRANGED:
        return ()
    placed: set[Card] = set()
    result = []
    for group in groups:
        cards = []
        for text in group:
            card = _card(text)
            if card in hand and card not in placed:
                placed.add(card)
                cards.append(card)
        if cards:
            result.append(tuple(cards))
    return tuple(result)


def _card(text: Any) -> Card | None:
    try:
        card: Card = codec.decode(Card, text, "hand_groups")
        return card
    except ValueError:
        return None


@dataclass(frozen=True)
class SummaryFields:
    """The stored summary's display fields; None for anything missing or unusable."""

    deal: int | None = None
    deals: int | None = None
    to_act: str | None = None
    finished: bool | None = None  # None: an older file that does not say


def _count(value: Any) -> int | None:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 100_000:
        return None
    return value


def summary_fields(data: dict[str, Any], seats: tuple[Seat, ...]) -> SummaryFields:
    """The Load list's fields from the stored summary (never trusted for play)."""
    summary = data.get("summary")
    if not isinstance(summary, dict):
        return SummaryFields()
    deal, deals = _count(summary.get("deal")), _count(summary.get("deals"))
    if deal is None or deals is None or deal > deals:
        deals = None
    to_act = summary.get("to_act")
    if not isinstance(to_act, str) or to_act not in {seat.name for seat in seats}:
        to_act = None
    finished = summary.get("finished")
    return SummaryFields(deal, deals, to_act, finished if isinstance(finished, bool) else None)


def read_header(data: Any) -> tuple[dict[str, Any], GameInfo, Any, tuple[Seat, ...]]:
    """Upgrade and check everything but the log: (upgraded data, game, options, seats)."""
    if not isinstance(data, dict):
        raise ValueError("it is not a saved game")
    data = upgrade(data)
    info = _game(data)
    options = _options(info, data)
    seats = _seats(data, options.players, info.max_players)
    return data, info, options, seats


def _log(data: dict[str, Any]) -> tuple[Action, ...]:
    log = data.get("log")
    if not isinstance(log, list):
        raise ValueError("its list of moves is missing")
    if len(log) > MAX_LOG:
        raise ValueError(f"it holds more than {MAX_LOG} moves")
    actions = []
    for number, item in enumerate(log, 1):
        try:
            actions.append(codec.decode(Action, item, f"move {number}"))
        except ValueError as error:
            raise ValueError(f"a move is unreadable ({error})") from None
    return tuple(actions)


def replay(info: GameInfo, options: Any, seed: int, log: tuple[Action, ...]) -> Any:
    """The state after ``log``; ValueError naming the first move that does not apply."""
    try:
        state = info.rules.new_game(options, seed)
    except Exception as error:  # hostile options the game cannot deal with
        raise ValueError(f"its game cannot be set up ({error})") from None
    for number, action in enumerate(log, 1):
        if state.finished:
            raise ValueError(f"it has moves after the end of the game (move {number})")
        try:
            state, _events = info.rules.apply(state, action)
        except IllegalAction as error:
            raise ValueError(f"move {number} of {len(log)} does not replay: {error}") from None
        except Exception as error:  # a move so wrong the rules cannot even judge it
            kind = type(error).__name__
            raise ValueError(f"move {number} of {len(log)} cannot be replayed ({kind})") from None
    return state


def _comparable(state: Any, snapshot: Any) -> Any:
    """The replayed ``state`` as JSON to compare with a save's snapshot. A state field with
    a default that a later version added is missing from an older snapshot: the moves
    give its value, so it is left out of the comparison (an old save stays good)."""
    encoded = codec.encode(state)
    if not isinstance(snapshot, dict) or not isinstance(encoded, dict):
        return encoded
    added = {
        field.name
        for field in dataclasses.fields(state)
        if field.name not in snapshot
        and (
            field.default is not dataclasses.MISSING
            or field.default_factory is not dataclasses.MISSING
        )
    }
    return {key: value for key, value in encoded.items() if key not in added}


def _replayed(
    info: GameInfo, data: dict[str, Any], options: Any, seed: int, log: tuple[Action, ...]
) -> tuple[Any, Any]:
    """(options, state) of the first reading whose moves replay to its saved position:
    the upgraded options and snapshot, then any other reading a migration left
    (``OTHER_READINGS``); ValueError with the first reading's reason when none does."""
    readings = [(options, data["snapshot"])]
    others = data.get(OTHER_READINGS)
    for other in others if isinstance(others, list) else []:
        try:
            readings.append((_options(info, other), other["snapshot"]))
        except (ValueError, KeyError, TypeError):
            continue
    first: ValueError | None = None
    for reading, snapshot in readings:
        try:
            state = replay(info, reading, seed, log)
            if _comparable(state, snapshot) != snapshot:
                raise ValueError("the position saved in it does not match its moves")
            return reading, state
        except ValueError as error:
            first = first or error
    assert first is not None
    raise first


def save_from_dict(data: Any) -> SavedGame:
    """The game in a parsed save file, checked completely; ValueError says what is wrong."""
    data, info, options, seats = read_header(data)
    seed = _seed(data)
    log = _log(data)
    if "snapshot" not in data:
        raise ValueError("its saved position is missing")
    options, state = _replayed(info, data, options, seed, log)
    if len(seats) != state.options.players:
        raise ValueError(f"its seats do not match its {state.options.players} players")
    return SavedGame(
        info.id,
        options,
        seed,
        seats,
        log,
        state,
        thumbnail_of(data),
        slot_name_of(data),
        hand_groups_of(data, info, state, len(seats)),
        redo_of(data, info, state),
        undo_hands_of(data, info, state, len(log)),
    )
