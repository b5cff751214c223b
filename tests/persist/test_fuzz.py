"""Fuzzing the loader with mutated real saves: every file either loads correctly or gives
a clean DamagedFile/UnreadableFile; no other exception ever escapes."""

from __future__ import annotations

import contextlib
import json
from datetime import datetime, timezone
from functools import cache
from typing import Any

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from game.engine import codec
from game.games.registry import GAMES
from game.persist.migrations import upgrade
from game.persist.savedgame import SavedGame
from game.persist.saveformat import save_to_dict
from game.persist.saves import load_save, open_save, read_summary, write_save
from game.persist.store import StoreError
from tests.persist.helpers import arranged, paths_in, played

WHEN = datetime(2025, 6, 1, 9, 0, tzinfo=timezone.utc)
GAME_IDS = sorted(GAMES)
TINY_PNG = (  # a 1x1 PNG, base64
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg=="
)


@cache
def base_game(game_id: str) -> SavedGame:
    """A game under way, one hand arranged (so that ``hand_groups`` is fuzzed too)."""
    return arranged(played(game_id, seed=13, moves=150))


@cache
def base_save(game_id: str) -> bytes:
    return json.dumps(save_to_dict(base_game(game_id), WHEN), ensure_ascii=False).encode()


def _places(value: Any, prefix: tuple = ()) -> list[tuple]:
    """Every path to a value inside the JSON tree (the root excluded)."""
    found = []
    items = value.items() if isinstance(value, dict) else enumerate(value)
    for key, child in items:
        found.append((*prefix, key))
        if isinstance(child, dict | list):
            found.extend(_places(child, (*prefix, key)))
    return found


def _parent(tree: Any, place: tuple) -> Any:
    for key in place[:-1]:
        tree = tree[key]
    return tree


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**80), max_value=2**80)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=20)
    | st.sampled_from(["7H", "JK", "10S#1", "Draw", "Discard", "run", "kaluki", ""])
    | st.integers(10_001, 30_000).map(lambda n: "x" * n),  # longer than any text allowed
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=6,
)


@st.composite
def mutated(draw) -> bytes:
    raw = base_save(draw(st.sampled_from(GAME_IDS)))
    tree = json.loads(raw)
    if draw(st.booleans()):  # a thumbnail, so that its checks are fuzzed too
        tree["thumbnail"] = (
            "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg=="
        )
    for _ in range(draw(st.integers(1, 3))):
        if not tree:
            break
        # a field first (so each is hit about as often), then a place inside it
        region = draw(st.sampled_from(sorted(tree)))
        inside = [p for p in _places(tree) if p[0] == region]
        place = draw(st.sampled_from(inside)) if draw(st.booleans()) else (region,)
        parent = _parent(tree, place)
        kind = draw(st.sampled_from(["replace", "delete", "duplicate", "swap"]))
        if kind == "replace":
            parent[place[-1]] = draw(json_values)
        elif kind == "delete":
            del parent[place[-1]]
        elif isinstance(parent, list) and parent:
            other = draw(st.integers(0, len(parent) - 1))
            if kind == "duplicate":
                parent.insert(other, parent[place[-1]])
            else:
                parent[place[-1]], parent[other] = parent[other], parent[place[-1]]
    text = json.dumps(tree, ensure_ascii=False).encode()
    raw_kind = draw(st.sampled_from(["none", "none", "truncate", "flip", "splice"]))
    if raw_kind == "truncate":
        text = text[: draw(st.integers(0, len(text) - 1))]
    elif raw_kind == "flip":
        at = draw(st.integers(0, len(text) - 1))
        text = text[:at] + bytes([text[at] ^ draw(st.integers(1, 255))]) + text[at + 1 :]
    elif raw_kind == "splice":
        at = draw(st.integers(0, len(text)))
        text = text[:at] + draw(st.binary(min_size=1, max_size=12)) + text[at:]
    return text


@settings(
    max_examples=200,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(content=mutated())
def test_a_mutated_save_loads_correctly_or_is_reported_cleanly(tmp_path, content):
    paths = paths_in(tmp_path)
    paths.saves.mkdir(exist_ok=True)
    path = paths.saves / "fuzzed.json"
    path.write_bytes(content)
    try:
        loaded = load_save(path)
        event("loaded")
    except StoreError as error:
        assert error.reason and error.path == path
        event(f"refused: {error.reason.split('(')[0][:40]}")
        loaded = None
    if loaded is not None:
        # correct: the state is exactly the one the file's own snapshot records, and the
        # game survives another save and load unchanged
        data = upgrade(json.loads(content))
        assert codec.encode(loaded.state) == data["snapshot"]
        write_save(tmp_path / "again.json", loaded)
        assert load_save(tmp_path / "again.json") == loaded
    with contextlib.suppress(StoreError):
        read_summary(path)
    game, messages = open_save(paths, path)
    assert (game is None) == (loaded is None)
    assert (game is None) == bool(messages)


def test_the_unmutated_bases_load(tmp_path):
    for game_id in GAME_IDS:
        path = tmp_path / f"{game_id}.json"
        path.write_bytes(base_save(game_id))
        assert load_save(path) == base_game(game_id)
