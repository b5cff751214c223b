"""The end of a Kaluki game: the final results (title, subtitle, standings, chart).

Under ``ending=last_standing`` the standings follow who stayed longest, as the engine
decides the game: the winner first, then each player by the deal they went out in
(later first), a lower total first among those out in the same deal. The totals alone
would list a player knocked out early with a low total above the winner.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.app.i18n import tr
from game.app.scenes.game_over import FinalResult, Standing, ranked, winners_title
from game.games.kaluki.options import LAST_STANDING


def total_lines(view: Any) -> tuple[tuple[int, ...], ...]:
    """Per seat, the total before the first deal and after each deal."""
    lines = []
    for seat in range(len(view.totals)):
        # Back from the totals, so the line always ends where the standings do.
        total = view.totals[seat] - sum(r.penalties[seat] for r in view.history)
        line = [total]
        for record in view.history:
            total += record.penalties[seat]
            line.append(total)
        lines.append(tuple(line))
    return tuple(lines)


def went_out_in(line: Sequence[int], target: int) -> int:
    """The deal (1, 2 ...) whose score took this total above the target; 0 if none did."""
    return next((deal for deal, total in enumerate(line) if deal and total > target), 0)


def last_standing(
    names: Sequence[str], view: Any, lines: Sequence[Sequence[int]]
) -> tuple[Standing, ...]:
    """The winners first, then by the deal each went out (later first), then by total."""
    target = view.options.target
    deals = len(view.history)

    def stayed(seat: int) -> tuple[int, int]:
        if seat in view.winners:
            return (0, view.totals[seat])
        out = went_out_in(lines[seat], target) or deals
        return (deals + 1 - out, view.totals[seat])

    order = sorted(range(len(names)), key=lambda s: (stayed(s), s))
    standings, place = [], 0
    for i, seat in enumerate(order):
        if i == 0 or stayed(seat) != stayed(order[i - 1]):
            place = i + 1
        score = tr("table.points", n=view.totals[seat])
        standings.append(Standing(place, seat, names[seat], score, seat in view.winners))
    return tuple(standings)


def final_subtitle(view: Any) -> str:
    deals, target = len(view.history), view.options.target
    if view.options.ending == LAST_STANDING:
        if any(view.totals[seat] > target for seat in view.winners):
            return tr("kaluki.final_last_standing_all_over", deals=deals, target=target)
        return tr("kaluki.final_last_standing", deals=deals, target=target)
    key = "kaluki.final_subtitle_one" if deals == 1 else "kaluki.final_subtitle"
    return tr(key, deals=deals, target=target)


def final_result(view: Any, names: Sequence[str]) -> FinalResult:
    lines = total_lines(view)
    if view.options.ending == LAST_STANDING:
        standings = last_standing(names, view, lines)
    else:
        standings = ranked(names, view.totals, view.winners, lambda n: tr("table.points", n=n))
    return FinalResult(
        title=winners_title(names, view.winners),
        subtitle=final_subtitle(view),
        standings=standings,
        series=lines,
        target=view.options.target,
    )
