"""JSON for engine values (states, options, actions, events), driven by type hints.

``encode`` turns frozen dataclasses, tuples and cards into plain JSON values (cards in
their text form, ``"7H#1"``). ``decode(tp, data)`` rebuilds a value of type ``tp`` and
checks every field against its annotation, so a damaged or hostile file gives a clear
``ValueError`` naming the bad place, never a half-built object. Subclasses of a base
with a ``registry`` (actions, events) are written with a ``"type"`` key.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from functools import cache
from typing import Any, Union, get_args, get_origin

from game.engine.cards import Card, parse_card

JSON = Any
MAX_INT = 10**12  # numbers beyond this are never legitimate in a game file
MAX_STR = 10_000
# A field whose metadata sets QUIET is left out while it holds its default: a field added
# later then changes neither old files nor the JSON (and fingerprints) of games without it.
QUIET = "quiet"


def encode(value: object) -> JSON:
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, bool | int | str) or value is None:
        return value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        data = {
            f.name: encode(getattr(value, f.name))
            for f in dataclasses.fields(value)
            if not (f.metadata.get(QUIET) and getattr(value, f.name) == f.default)
        }
        if _registry_base(type(value)) is not None:
            data = {"type": type(value).__name__, **data}
        return data
    if isinstance(value, tuple | list):
        return [encode(item) for item in value]
    if isinstance(value, dict):
        return [[encode(k), encode(v)] for k, v in value.items()]
    raise TypeError(f"cannot encode {type(value).__name__}")


def _registry_base(cls: type) -> type | None:
    for base in cls.__mro__:
        if "registry" in vars(base):
            return base
    return None


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _fail(path: str, message: str) -> typing.NoReturn:
    raise ValueError(f"{path or 'value'}: {message}")


def decode(tp: Any, data: JSON, path: str = "") -> Any:
    """Rebuild a value of type ``tp`` from JSON ``data``; ValueError names what is wrong."""
    origin = get_origin(tp)
    if tp is Any:
        return data
    if origin in (Union, types.UnionType):
        errors = []
        for option in get_args(tp):
            if option is type(None):
                if data is None:
                    return None
                continue
            try:
                return decode(option, data, path)
            except ValueError as error:
                errors.append(str(error))
        _fail(path, "does not match any allowed type (" + "; ".join(errors)[:300] + ")")
    if tp is Card:
        if not isinstance(data, str) or len(data) > 8:
            _fail(path, f"expected a card like '7H', got {str(data)[:20]!r}")
        return parse_card(data)
    if tp is bool:
        if not isinstance(data, bool):
            _fail(path, f"expected true/false, got {str(data)[:20]!r}")
        return data
    if tp is int:
        if isinstance(data, bool) or not isinstance(data, int):
            _fail(path, f"expected a whole number, got {str(data)[:20]!r}")
        if abs(data) > MAX_INT:
            _fail(path, "number is far too large")
        return data
    if tp is str:
        if not isinstance(data, str):
            _fail(path, f"expected text, got {str(data)[:20]!r}")
        if len(data) > MAX_STR:
            _fail(path, "text is far too long")
        return data
    if origin in (tuple, list):
        if not isinstance(data, list):
            _fail(path, f"expected a list, got {type(data).__name__}")
        args = get_args(tp)
        if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
            if len(args) != len(data):
                _fail(path, f"expected {len(args)} items, got {len(data)}")
            return tuple(decode(a, d, f"{path}[{i}]") for i, (a, d) in enumerate(zip(args, data)))
        item = args[0]
        items = [decode(item, d, f"{path}[{i}]") for i, d in enumerate(data)]
        return tuple(items) if origin is tuple else items
    if origin is dict:
        key_type, value_type = get_args(tp)
        if not isinstance(data, list):
            _fail(path, "expected a list of pairs")
        result = {}
        for i, pair in enumerate(data):
            if not isinstance(pair, list) or len(pair) != 2:
                _fail(f"{path}[{i}]", "expected a [key, value] pair")
            result[decode(key_type, pair[0], f"{path}[{i}]")] = decode(
                value_type, pair[1], f"{path}[{i}]"
            )
        return result
    if isinstance(tp, type) and issubclass(tp, tuple) and hasattr(tp, "_fields"):
        if not isinstance(data, list) or len(data) != len(tp._fields):
            _fail(path, f"expected {len(tp._fields)} items")
        hints = _hints(tp)
        return tp(*(decode(hints[f], d, f"{path}.{f}") for f, d in zip(tp._fields, data)))
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return _decode_dataclass(tp, data, path)
    _fail(path, f"cannot decode type {tp!r}")


def _decode_dataclass(tp: type, data: JSON, path: str) -> Any:
    if not isinstance(data, dict):
        _fail(path, f"expected an object, got {type(data).__name__}")
    base = _registry_base(tp)
    if base is not None:
        name = data.get("type")
        registry: dict[str, type] = vars(base)["registry"]
        concrete = registry.get(name) if isinstance(name, str) else None
        if concrete is None or not issubclass(concrete, tp):
            _fail(path, f"unknown kind {str(name)[:30]!r}")
        tp = concrete
        data = {k: v for k, v in data.items() if k != "type"}
    hints = _hints(tp)
    names = {f.name for f in dataclasses.fields(tp) if f.init}
    unknown = set(data) - names
    if unknown:
        _fail(path, f"unknown field {sorted(unknown)[0][:30]!r}")
    values = {}
    for field in dataclasses.fields(tp):
        if not field.init:
            continue
        if field.name not in data:
            if (
                field.default is dataclasses.MISSING
                and field.default_factory is dataclasses.MISSING
            ):
                _fail(path, f"missing field {field.name!r}")
            continue
        values[field.name] = decode(hints[field.name], data[field.name], f"{path}.{field.name}")
    try:
        return tp(**values)
    except (ValueError, TypeError) as error:
        _fail(path, str(error))
