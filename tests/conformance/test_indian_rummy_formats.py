"""Indian Rummy's formats keep their books (issue 21): in Deals the chips are conserved
and never negative; in Pool every score moves only by a loser's points (or a rejoin, to
the highest score left plus one), and exactly the players at the limit leave the table;
in Points the balances sum to zero. Seeded play-outs of every format's configurations,
by the play-out bot and by Normal and Easy seats."""

from __future__ import annotations

import pytest

from game.ai.playout import PlayoutBot
from game.ai.seat import Seat, TableHistory, seat_inputs
from game.engine.events import DealScored
from game.games.indian_rummy import formats
from game.games.registry import get_game
from tests.conformance.configs import CONFIGS

INDIAN = [options for options in CONFIGS["indian_rummy"] if options.get("players", 4) <= 6]
STEPS = 20_000


def _check(before, after, events) -> None:
    opts = after.options
    if opts.deals:
        held = formats.chips(after)
        assert sum(held) == formats.start_chips(opts) * after.players
        assert min(held) >= 0
        return
    if not opts.pool:
        assert sum(after.balances) == 0
        return
    limit = opts.pool_limit
    assert all(after.scores[seat] < limit for seat in after.order)
    if any(isinstance(event, DealScored) for event in events):
        record = after.history[-1]
        points = tuple(-p for p in record.payments)
        assert record.scores == tuple(s + p for s, p in zip(before.scores, points, strict=True))
        assert record.payments[record.winner or 0] == 0 or record.winner is None
        assert set(record.eliminated) == {s for s in before.order if record.scores[s] >= limit}
    else:
        for seat in range(after.players):
            if after.scores[seat] != before.scores[seat]:  # only a rejoin moves a score
                assert after.rejoins[seat] == before.rejoins[seat] + 1
                assert after.scores[seat] == 1 + max(before.scores[s] for s in before.order)


@pytest.mark.parametrize(
    "options", INDIAN, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items())
)
@pytest.mark.parametrize("bots", ["playout", "normal,easy"])
def test_format_books_balance_at_every_step(options, bots):
    info = get_game("indian_rummy")
    players = options.get("players", 4)
    for seed in range(2):
        state = info.rules.new_game(info.options(**options), seed)
        playout = PlayoutBot(seed)
        levels = bots.split(",")
        seats = [
            Seat("indian_rummy", p, levels[p % len(levels)], seed)
            for p in range(players)
            if bots != "playout"
        ]
        history = TableHistory(players)
        steps = 0
        while not state.finished and steps < STEPS:
            if bots == "playout":
                action = playout.choose(info.rules.legal_actions(state))
            else:
                view, legal, seen = seat_inputs(info.rules, state, state.to_act, history)
                action = seats[state.to_act].decide(view, legal, seen)
            after, events = info.rules.apply(state, action)
            history.record(events)
            _check(state, after, events)
            state = after
            steps += 1
        assert state.finished
        results = info.rules.results(state)
        assert results.winners
        if state.options.pool and not state.split:
            assert len(state.winners) == 1 and state.order == state.winners
