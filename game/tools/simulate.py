"""``python -m game simulate``: play whole games headless and report what happened."""

from __future__ import annotations

import json
import time
from collections import Counter
from dataclasses import dataclass, field

from game.ai.playout import PlayoutBot
from game.engine.events import DealStarted, TurnStarted
from game.engine.game import GameInfo
from game.games.registry import get_game


@dataclass
class SimulationReport:
    game: str
    players: int
    games: int = 0
    deals: int = 0
    turns: int = 0
    actions: int = 0
    seconds: float = 0.0
    wins: Counter = field(default_factory=Counter)
    score_sums: list[float] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)

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
        }


def _check_invariants(info: GameInfo, state, deck: Counter) -> str | None:
    if Counter(card.id for card in info.rules.all_cards(state)) != deck:
        return "cards were lost or created"
    return None


def simulate(game_id: str, players: int, games: int, seed: int, options: dict) -> SimulationReport:
    info = get_game(game_id)
    opts = info.options(players=players, **options)
    report = SimulationReport(game_id, players, score_sums=[0.0] * players)
    start = time.perf_counter()
    for number in range(games):
        game_seed = seed * 1_000_003 + number
        state = info.rules.new_game(opts, game_seed)
        deck = Counter(card.id for card in info.rules.all_cards(state))
        bot = PlayoutBot(game_seed)
        report.deals += 1
        steps = 0
        while not state.finished:
            try:
                state, events = info.rules.apply(state, bot.choose(info.rules.legal_actions(state)))
            except Exception as error:  # report any crash as an invariant failure
                report.failures.append(f"game {number}: {type(error).__name__}: {error}")
                break
            steps += 1
            report.deals += sum(isinstance(e, DealStarted) for e in events)
            report.turns += sum(isinstance(e, TurnStarted) for e in events)
            problem = _check_invariants(info, state, deck) if steps % 25 == 0 else None
            if problem or steps > 500_000:
                report.failures.append(f"game {number}: {problem or 'did not finish'}")
                break
        report.actions += steps
        report.games += 1
        results = info.rules.results(state)
        for seat in results.winners:
            report.wins[seat] += 1
        for seat, score in enumerate(results.scores):
            report.score_sums[seat] += score
    report.seconds = time.perf_counter() - start
    return report


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
