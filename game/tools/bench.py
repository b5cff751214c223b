"""``python -m game bench``: measured speed of the solver and the engine.

Each benchmark returns a dict of figures; ``--json`` prints them as one object.
Other parts of the app register their own benchmarks in ``BENCHES``.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable

from game.ai.playout import PlayoutBot
from game.engine.cards import make_deck
from game.games.indian_rummy import count_hand, loser_points
from game.games.kalooki import satisfies_contract
from game.games.kaluki.scoring import least_penalty_arrangement
from game.games.registry import GAMES
from game.tools.stats import percentile

BenchFn = Callable[[int], dict]
BENCHES: dict[str, tuple[str, BenchFn]] = {}  # name -> (group, function)


def bench(name: str, group: str) -> Callable[[BenchFn], BenchFn]:
    def register(fn: BenchFn) -> BenchFn:
        BENCHES[name] = (group, fn)
        return fn

    return register


def timings(samples: list[float]) -> dict:
    ms = [s * 1000 for s in samples]
    return {
        "n": len(ms),
        "p50": round(percentile(ms, 50), 3),
        "p99": round(percentile(ms, 99), 3),
        "max": round(max(ms, default=0.0), 3),
    }


def random_hands(rng: random.Random, size: int, max_jokers: int, count: int, decks: int = 2):
    deck = make_deck(decks, 4)
    naturals = [c for c in deck if not c.is_joker]
    jokers = [c for c in deck if c.is_joker]
    for _ in range(count):
        j = rng.randint(0, max_jokers)
        yield rng.sample(naturals, size - j) + jokers[:j]


@bench("solver_kaluki_16", "engine")
def bench_solver(seed: int) -> dict:
    """Minimum-deadwood solver on random 16-card hands with 0-4 jokers (aim p99 <= 5 ms)."""
    samples = []
    for hand in random_hands(random.Random(seed), 16, 4, 1000):
        start = time.perf_counter()
        least_penalty_arrangement(hand)
        samples.append(time.perf_counter() - start)
    return timings(samples)


@bench("contract_kalooki_16", "engine")
def bench_kalooki_contract(seed: int) -> dict:
    """Kalooki contract checks (each of the nine contracts) on random 16-card hands with
    0-4 jokers (aim p99 <= 10 ms)."""
    samples = []
    for number, hand in enumerate(random_hands(random.Random(seed), 16, 4, 900)):
        start = time.perf_counter()
        satisfies_contract(hand, number % 9 + 1)
        samples.append(time.perf_counter() - start)
    return timings(samples)


@bench("loser_points_indian_13", "engine")
def bench_indian_loser_points(seed: int) -> dict:
    """Indian Rummy loser counts (three tiers, exact) on random 13-card hands from two
    decks with 0-6 wild cards (wild-rank cards and printed jokers) (aim p99 <= 5 ms).
    Most random hands hold no pure run and are counted at once, so the hands that do hold
    one are also reported apart."""
    rng = random.Random(seed)
    deck = make_deck(2, 2)
    samples, with_pure = [], []
    for _ in range(1000):
        wild_rank = rng.randint(1, 13)
        wilds = [c for c in deck if c.is_joker or c.rank == wild_rank]
        naturals = [c for c in deck if not c.is_joker and c.rank != wild_rank]
        count = rng.randint(0, 6)
        hand = rng.sample(naturals, 13 - count) + rng.sample(wilds, count)
        rank_text = {1: "A", 11: "J", 12: "Q", 13: "K"}.get(wild_rank, str(wild_rank))
        start = time.perf_counter()
        loser_points(hand, rank_text)
        samples.append(time.perf_counter() - start)
        if count_hand(hand, wild_rank).melds:
            with_pure.append(samples[-1])  # a pure run lowered the count
    return {**timings(samples), "pure_run_hands": timings(with_pure)}


@bench("engine_throughput", "engine")
def bench_engine(seed: int) -> dict:
    """Applied actions per second, legal_actions included, per game (aim >= 2,000/s)."""
    figures = {}
    for game_id, info in GAMES.items():
        rules = info.rules
        actions = 0
        start = time.perf_counter()
        game_number = 0
        while time.perf_counter() - start < 3.0:
            state = rules.new_game(info.options(), seed + game_number)
            bot = PlayoutBot(seed + game_number)
            while not state.finished:
                state, _ = rules.apply(state, bot.choose(rules.legal_actions(state)))
                actions += 1
            game_number += 1
        figures[game_id] = {
            "actions_per_second": round(actions / (time.perf_counter() - start)),
            "games": game_number,
        }
    return figures


def _register_table_benches() -> None:
    """The frame benchmark (game/tools/frame_bench.py) needs pygame: imported only when asked."""
    import game.tools.frame_bench  # noqa: F401  (registers itself)


def run(groups: set[str] | None, seed: int, as_json: bool) -> dict:
    if not groups or "table" in groups:
        _register_table_benches()
    results = {}
    for name, (group, fn) in BENCHES.items():
        if groups and group not in groups:
            continue
        results[name] = fn(seed)
        if not as_json:
            print(f"{name}: {json.dumps(results[name])}", flush=True)
    if as_json:
        print(json.dumps(results))
    return results
