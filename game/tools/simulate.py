"""``python -m game simulate``: play whole games headless and report what happened.

Without ``--bots`` every seat is the seeded play-out bot (a quick check of the engine).
With ``--bots hard,normal,normal,normal`` each entry is a player that moves round the
table: in game ``g`` entry ``e`` sits at position ``(e - g) mod players``, so every
player has every seat equally often. The report gives each entry's wins (ties shared),
win share with a 95% Wilson interval, mean score, and decision latency per level.
``--per-deal`` counts each deal's winner instead of each game's (Indian Rummy sessions).
``--workers N`` plays games in N processes.
"""

from __future__ import annotations

import json
import math
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field

from game.ai.base import LEVELS, BotSettings
from game.ai.playout import PlayoutBot
from game.ai.seat import Seat, TableHistory, seat_inputs
from game.engine.events import DealScored, DealStarted, TurnStarted
from game.engine.game import GameInfo
from game.games.registry import get_game
from game.tools.stats import percentile, wilson_interval

PLAYOUT = "playout"


@dataclass
class SeatTally:
    """One player of the lineup (an entry of ``--bots``), wherever it sat."""

    bot: str
    wins: float = 0.0  # a shared win counts 1/k
    outright: int = 0
    trials: int = 0
    score_sum: float = 0.0
    score_squares: float = 0.0

    def add_score(self, score: float) -> None:
        self.trials += 1
        self.score_sum += score
        self.score_squares += score * score

    def merge(self, other: SeatTally) -> None:
        self.wins += other.wins
        self.outright += other.outright
        self.trials += other.trials
        self.score_sum += other.score_sum
        self.score_squares += other.score_squares

    def as_dict(self, trials: int) -> dict:
        n = max(1, self.trials)
        mean = self.score_sum / n
        variance = max(0.0, self.score_squares / n - mean * mean)
        margin = 1.96 * math.sqrt(variance / n) if self.trials > 1 else 0.0
        low, high = wilson_interval(self.wins, trials)
        return {
            "bot": self.bot,
            "wins": round(self.wins, 2),
            "outright_wins": self.outright,
            "win_share": round(self.wins / max(1, trials), 4),
            "ci95": [round(low, 4), round(high, 4)],
            "mean_score": round(mean, 2),
            "score_ci95": [round(mean - margin, 2), round(mean + margin, 2)],
        }


@dataclass
class SimulationReport:
    game: str
    players: int
    games: int = 0
    deals: int = 0
    turns: int = 0
    actions: int = 0
    seconds: float = 0.0
    wins: Counter = field(default_factory=Counter)  # per table position
    score_sums: list[float] = field(default_factory=list)  # per table position
    failures: list[str] = field(default_factory=list)
    lineup: list[str] = field(default_factory=list)
    per_deal: bool = False
    trials: int = 0  # games, or decided deals with --per-deal
    void_deals: int = 0
    tallies: list[SeatTally] = field(default_factory=list)
    latencies: dict[str, list[float]] = field(default_factory=dict)
    cpu: dict[str, list[float]] = field(default_factory=dict)
    settings: dict = field(default_factory=dict)

    def merge(self, other: SimulationReport) -> None:
        for name in ("games", "deals", "turns", "actions", "trials", "void_deals"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.wins.update(other.wins)
        self.score_sums = [a + b for a, b in zip(self.score_sums, other.score_sums, strict=True)]
        self.failures.extend(other.failures)
        for mine, theirs in zip(self.tallies, other.tallies, strict=True):
            mine.merge(theirs)
        for level, values in other.latencies.items():
            self.latencies.setdefault(level, []).extend(values)
        for level, values in other.cpu.items():
            self.cpu.setdefault(level, []).extend(values)

    def as_dict(self) -> dict:
        return {
            "game": self.game,
            "players": self.players,
            "games": self.games,
            "deals": self.deals,
            "mean_turns_per_deal": round(self.turns / max(1, self.deals), 2),
            "wins_per_seat": [self.wins[seat] for seat in range(self.players)],
            "mean_score_per_seat": [round(s / max(1, self.games), 2) for s in self.score_sums],
            "actions_per_second": round(self.actions / max(1e-9, self.seconds)),
            "failures": self.failures,
            "bots": self.lineup,
            "per_deal": self.per_deal,
            "trials": self.trials,
            "void_deals": self.void_deals,
            "seats": [tally.as_dict(self.trials) for tally in self.tallies],
            "latency_ms": _timings(self.latencies),
            "cpu_ms": _timings(self.cpu),
            "settings": self.settings,
            "seconds": round(self.seconds, 1),
        }


def _timings(per_level: dict[str, list[float]]) -> dict:
    return {
        level: {
            "n": len(values),
            "p50": round(percentile(values, 50), 3),
            "p99": round(percentile(values, 99), 3),
            "max": round(max(values, default=0.0), 3),
        }
        for level, values in sorted(per_level.items())
    }


def preset_options(game_id: str, key: str) -> dict:
    """The options of ``game_id``'s rule set ``key`` (``simulate --preset``); ValueError
    naming the rule sets there are."""
    from game.engine.options import option_fields
    from game.engine.presets import find

    info = get_game(game_id)
    defaults = {f.name: f.default for f in option_fields(info.options_type) if f.name != "players"}
    return find(info.presets, key).settings(defaults)


def parse_lineup(text: str | None, players: int) -> list[str]:
    """``"hard,normal"`` -> one level per player (a single level fills every seat)."""
    if not text:
        return [PLAYOUT] * players
    levels = [part.strip().lower() for part in text.split(",") if part.strip()]
    if len(levels) == 1:
        levels *= players
    if len(levels) != players:
        raise ValueError(f"--bots names {len(levels)} players but the game has {players}")
    for level in levels:
        if level not in (*LEVELS, PLAYOUT):
            raise ValueError(f"unknown bot {level!r}; choose from {', '.join(LEVELS)}")
    return levels


def _check_invariants(info: GameInfo, state, deck: Counter) -> str | None:
    if Counter(card.id for card in info.rules.all_cards(state)) != deck:
        return "cards were lost or created"
    return None


def _empty_report(
    game_id: str, players: int, lineup: list[str], per_deal: bool
) -> SimulationReport:
    return SimulationReport(
        game_id,
        players,
        score_sums=[0.0] * players,
        lineup=list(lineup),
        per_deal=per_deal,
        tallies=[SeatTally(level) for level in lineup],
    )


def _start(info: GameInfo, opts, game_seed: int):
    start = getattr(info.rules, "start", None)
    if start is not None:
        return start(opts, game_seed)
    return info.rules.new_game(opts, game_seed), []


def _play_games(
    game_id: str,
    players: int,
    numbers: list[int],
    seed: int,
    options: dict,
    lineup: list[str],
    settings: BotSettings,
    per_deal: bool,
) -> SimulationReport:
    info = get_game(game_id)
    opts = info.options(players=players, **options)
    rules = info.rules
    report = _empty_report(game_id, players, lineup, per_deal)
    start_time = time.perf_counter()
    for number in numbers:
        game_seed = seed * 1_000_003 + number
        entry_at = [(position + number) % players for position in range(players)]
        state, events = _start(info, opts, game_seed)
        deck = Counter(card.id for card in rules.all_cards(state))
        playout = PlayoutBot(game_seed)
        seats = [
            None
            if lineup[entry_at[p]] == PLAYOUT
            else Seat(game_id, p, lineup[entry_at[p]], game_seed, settings)
            for p in range(players)
        ]
        history = TableHistory(players)
        history.record(events)
        report.deals += 1
        steps = 0
        while not state.finished:
            try:
                to_act = state.to_act
                seat = seats[to_act]
                if seat is None:
                    action = playout.choose(rules.legal_actions(state))
                else:
                    view, legal, seen = seat_inputs(rules, state, to_act, history)
                    action = seat.decide(view, legal, seen)
                state, events = rules.apply(state, action)
            except Exception as error:  # report any crash or illegal bot move as a failure
                report.failures.append(f"game {number}: {type(error).__name__}: {error}")
                break
            history.record(events)
            steps += 1
            for event in events:
                if isinstance(event, DealStarted):
                    report.deals += 1
                elif isinstance(event, TurnStarted):
                    report.turns += 1
                elif isinstance(event, DealScored) and per_deal:
                    _tally_deal(report, event, entry_at)
            problem = _check_invariants(info, state, deck) if steps % 25 == 0 else None
            if problem or steps > 500_000:
                report.failures.append(f"game {number}: {problem or 'did not finish'}")
                break
        report.actions += steps
        report.games += 1
        for seat in seats:
            if seat is not None:
                report.latencies.setdefault(seat.level, []).extend(seat.latencies_ms)
                report.cpu.setdefault(seat.level, []).extend(seat.cpu_ms)
        results = rules.results(state)
        for position in results.winners:
            report.wins[position] += 1
        for position, score in enumerate(results.scores):
            report.score_sums[position] += score
        if not per_deal and state.finished:
            report.trials += 1
            for position in results.winners:
                tally = report.tallies[entry_at[position]]
                tally.wins += 1 / len(results.winners)
                tally.outright += len(results.winners) == 1
            for position, score in enumerate(results.scores):
                report.tallies[entry_at[position]].add_score(score)
    report.seconds = time.perf_counter() - start_time
    return report


def _tally_deal(report: SimulationReport, event: DealScored, entry_at: list[int]) -> None:
    if event.winner is None:
        report.void_deals += 1
        return
    report.trials += 1
    tally = report.tallies[entry_at[event.winner]]
    tally.wins += 1
    tally.outright += 1
    for position, change in enumerate(event.changes):
        report.tallies[entry_at[position]].add_score(change)


def simulate(
    game_id: str,
    players: int,
    games: int,
    seed: int,
    options: dict,
    bots: str | list[str] | None = None,
    settings: BotSettings | None = None,
    workers: int = 1,
    per_deal: bool = False,
    progress: bool = False,
) -> SimulationReport:
    info = get_game(game_id)
    if "players" in options:  # else a TypeError: the count is its own argument
        raise ValueError("set the player count with --players, not as an option")
    if games < 1 or workers < 1:
        raise ValueError("play at least one game, in at least one process")
    info.options(players=players, **options)  # a bad option fails here, before any worker
    lineup = parse_lineup(",".join(bots) if isinstance(bots, list) else bots, players)
    settings = settings or BotSettings()
    report = _empty_report(game_id, players, lineup, per_deal)
    report.settings = {"budget_ms": settings.budget_ms, "rollouts": settings.rollouts}
    start = time.perf_counter()
    numbers = list(range(games))
    rest = (seed, options, lineup, settings, per_deal)  # _play_games's after the numbers
    if workers <= 1 or games <= 1:
        chunk = 1 if progress else max(1, games)
        for first in range(0, games, chunk):
            report.merge(_play_games(game_id, players, numbers[first : first + chunk], *rest))
            if progress:
                _progress(report, games, start)
    else:
        size = max(1, min(10, games // (workers * 4)))
        chunks = [numbers[i : i + size] for i in range(0, games, size)]
        with ProcessPoolExecutor(max_workers=workers) as pool:
            futures = [pool.submit(_play_games, game_id, players, part, *rest) for part in chunks]
            for future in as_completed(futures):
                report.merge(future.result())
                if progress:
                    _progress(report, games, start)
    report.failures.sort()
    report.seconds = time.perf_counter() - start
    return report


def _progress(report: SimulationReport, games: int, start: float) -> None:
    shares = " ".join(f"{t.bot}:{t.wins / max(1, report.trials):.3f}" for t in report.tallies)
    elapsed = time.perf_counter() - start
    print(f"[{report.games}/{games} games, {elapsed:.0f}s] {shares}", file=sys.stderr, flush=True)


def print_report(report: SimulationReport, as_json: bool) -> None:
    data = report.as_dict()
    if as_json:
        print(json.dumps(data))
        return
    print(f"{data['game']}: {data['games']} games, {data['players']} players")
    print(f"  deals: {data['deals']}, mean turns per deal: {data['mean_turns_per_deal']}")
    print(f"  wins per seat: {data['wins_per_seat']}")
    print(f"  mean score per seat: {data['mean_score_per_seat']}")
    print(f"  actions per second: {data['actions_per_second']}")
    print(f"  invariant failures: {len(data['failures'])}")
    for failure in data["failures"][:10]:
        print(f"    {failure}")
    if any(bot != PLAYOUT for bot in report.lineup):
        unit = "deals" if report.per_deal else "games"
        print(f"  players (rotating through the seats), over {data['trials']} {unit}:")
        for number, seat in enumerate(data["seats"]):
            low, high = seat["ci95"]
            print(
                f"    {number}: {seat['bot']:<7} wins {seat['wins']:>7}  share "
                f"{seat['win_share']:.3f} [{low:.3f}, {high:.3f}]  mean score {seat['mean_score']}"
            )
        for level, lat in data["latency_ms"].items():
            cpu = data["cpu_ms"][level]
            print(
                f"  latency {level}: p50 {lat['p50']} ms, p99 {lat['p99']} ms, "
                f"max {lat['max']} ms over {lat['n']} decisions "
                f"(processor time p50 {cpu['p50']}, p99 {cpu['p99']}, max {cpu['max']})"
            )
