"""The end of a Kalooki deal and of the game: the summary (each hand left and its
penalty, the running table of the nine deals) and the results (standings and the chart
of totals after each deal). Built from the view's ``history`` only."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.app.i18n import tr
from game.app.scenes.deal_summary import DealSummary, penalty_summary
from game.app.scenes.game_over import FinalResult, ranked, winners_title
from game.app.table.kalooki.words import deal_contract
from game.games.kalooki.scoring import DEALS


def deal_summary(view: Any, names: Sequence[str]) -> DealSummary:
    """The deal just scored: who went out, each hand left with its penalty, and the
    penalties of every deal so far (all nine fit the running table)."""
    deal = view.history[-1].deal
    return penalty_summary("kalooki", view, names, heading=deal_contract(deal))


def final_result(view: Any, names: Sequence[str]) -> FinalResult:
    """Winner(s), standings by total penalty (ties share a place) and each seat's total
    after deal 0, 1, ... 9 for the chart."""
    winners = view.winners
    standings = ranked(names, view.totals, winners, lambda n: tr("table.points", n=n))
    series = []
    for seat in range(len(names)):
        total, line = 0, [0]
        for record in view.history:
            total += record.penalties[seat]
            line.append(total)
        series.append(tuple(line))
    deals = len(view.history)
    subtitle = (
        tr("kalooki.final_subtitle")
        if deals == DEALS
        else tr("kalooki.final_subtitle_short", deals=deals)
    )
    return FinalResult(
        title=winners_title(names, winners),
        subtitle=subtitle,
        standings=standings,
        series=tuple(series),
    )
