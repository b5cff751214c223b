"""Engine values on the wire, as engine codec JSON. Events have no registry of their own
in the engine (a save never holds one), so here each is written with its class name
(``{"type": "CardMoved", ...}``) and read back through the classes the games define."""

from __future__ import annotations

import contextlib
import dataclasses
from typing import Any

from game.engine import codec
from game.engine.cards import Card, parse_card
from game.engine.events import Event

_KINDS: dict[str, type[Event]] = {}


def _event_kinds() -> dict[str, type[Event]]:
    if not _KINDS:
        todo = [Event]
        while todo:
            cls = todo.pop()
            _KINDS[cls.__name__] = cls
            todo.extend(cls.__subclasses__())
    return _KINDS


_SHAPES: dict[type, tuple[tuple[str, ...], dict[str, Any], str | None]] = {}


def _shape(cls: type) -> tuple[tuple[str, ...], dict[str, Any], str | None]:
    """A dataclass's field names, the defaults of its quiet fields (left out while they
    hold them, as ``codec.encode`` does), and its "type" tag when it has a registry base."""
    shape = _SHAPES.get(cls)
    if shape is None:
        fields = dataclasses.fields(cls)
        names = tuple(f.name for f in fields)
        quiet = {f.name: f.default for f in fields if f.metadata.get(codec.QUIET)}
        tagged = any("registry" in vars(base) for base in cls.__mro__)
        shape = _SHAPES[cls] = (names, quiet, cls.__name__ if tagged else None)
    return shape


# Encoded tuples by identity: successive states share their unchanged parts (the melds,
# the deal records), so each seat's view after a move is mostly already encoded. The
# tuple is kept with its JSON so its id cannot be reused while the entry lives.
_TUPLES: dict[int, tuple[tuple[Any, ...], Any]] = {}
_MAX_TUPLES = 20_000


def encode(value: object) -> Any:
    """The same JSON as ``codec.encode``, faster: the server encodes every seat's view
    after every move; field lists are looked up once per class and shared tuples once.
    The result is shared too: callers never change it."""
    if isinstance(value, str | int | bool) or value is None:
        return value
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, tuple):
        if len(value) < 3:
            return [encode(item) for item in value]
        known = _TUPLES.get(id(value))
        if known is not None and known[0] is value:
            return known[1]
        data = [encode(item) for item in value]
        if len(_TUPLES) >= _MAX_TUPLES:
            _TUPLES.clear()
        _TUPLES[id(value)] = (value, data)
        return data
    if isinstance(value, list):
        return [encode(item) for item in value]
    cls = type(value)
    if dataclasses.is_dataclass(cls):
        names, quiet, tag = _shape(cls)
        record: dict[str, Any]
        if quiet:
            record = {}
            for name in names:
                item = getattr(value, name)
                if not (name in quiet and item == quiet[name]):
                    record[name] = encode(item)
        else:
            record = {name: encode(getattr(value, name)) for name in names}
        return record if tag is None else {"type": tag, **record}
    if isinstance(value, dict):
        return [[encode(k), encode(v)] for k, v in value.items()]
    raise TypeError(f"cannot encode {cls.__name__}")


def encode_event(event: Event) -> dict[str, Any]:
    return {"type": type(event).__name__, **encode(event)}


def decode_event(data: Any, path: str = "event") -> Event:
    if not isinstance(data, dict):
        raise ValueError(f"{path}: expected an object")
    kind = data.get("type")
    cls = _event_kinds().get(kind) if isinstance(kind, str) else None
    if cls is None or cls is Event:
        raise ValueError(f"{path}: unknown event {str(kind)[:30]!r}")
    fields = {key: value for key, value in data.items() if key != "type"}
    event: Event = codec.decode(cls, fields, path)  # decode builds a ``cls``, or raises
    return event


def encode_events(events: list[Event]) -> list[dict[str, Any]]:
    return [encode_event(event) for event in events]


def decode_events(data: Any, path: str = "events") -> list[Event]:
    if not isinstance(data, list):
        raise ValueError(f"{path}: expected a list")
    return [decode_event(item, f"{path}[{i}]") for i, item in enumerate(data)]


def cards_named(value: Any) -> set[Card]:
    """Every card named in a JSON value (card texts are short strings)."""
    found: set[Card] = set()
    if isinstance(value, str) and len(value) <= 5:
        with contextlib.suppress(ValueError):
            found.add(parse_card(value))
    elif isinstance(value, list):
        for item in value:
            found |= cards_named(item)
    elif isinstance(value, dict):
        for item in value.values():
            found |= cards_named(item)
    return found
