"""What Pool and Deals show at the table, in the showdown and in the results: pool scores
with the elimination line, chips after each deal, the split shares. Read from the view
(its ``scores``, its records' ``scores`` and ``eliminated``, the balances for chips)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from game.app.i18n import tr
from game.app.scenes.game_over import FinalResult, Standing, ranked, winners_title
from game.games.indian_rummy import formats
from game.games.indian_rummy.options import POINTS_LEFT
from game.games.indian_rummy.state import DEAL_OVER


def total_head(options: Any) -> str:
    if options.pool:
        return "indian_rummy.pool_head"
    if options.deals:
        return "indian_rummy.chips_head"
    return "indian_rummy.balance_head"


def running_title(options: Any) -> str:
    if options.pool:
        return "indian_rummy.running_pool"
    if options.deals:
        return "indian_rummy.running_chips"
    return "indian_rummy.running"


def start_chips(view: Any) -> int:
    return formats.start_chips(view.options)


def chips_now(view: Any) -> tuple[int, ...]:
    return formats.chips(view)


def chips_after(view: Any, deal: int) -> tuple[int, ...]:
    """Each seat's chips after deal number ``deal``."""
    held = [start_chips(view)] * len(view.balances)
    for record in view.history:
        if record.deal > deal:
            break
        for seat, paid in enumerate(record.payments):
            held[seat] += paid
    return tuple(held)


def score_text(view: Any, seat: int) -> str:
    """A pool score, marked when the player is out of the pool."""
    score = view.scores[seat]
    if seat in view.order or not view.history:
        return str(score)
    return tr("indian_rummy.out_score", score=score)


def decider_next(view: Any) -> bool:
    """Deals: the regular deals are over and a decider is to be dealt."""
    return bool(view.phase == DEAL_OVER and view.deal >= view.options.deal_count)


def drop_lines(view: Any, cost: int) -> list[str]:
    """What dropping costs this seat in the format: Pool adds the points to the pool
    score (nothing is paid) and warns when that puts the player out; Deals pays chips."""
    options = view.options
    if options.pool:
        return _pool_cost("drop", view, cost)
    if options.deals:
        return [tr("indian_rummy.drop_body_deals", cost=cost)]
    return [tr("indian_rummy.drop_body", cost=cost)]


def wrong_lines(view: Any) -> list[str]:
    """What a wrong declaration costs, with the same warning in Pool."""
    cost = view.options.wrong_declaration
    if view.options.pool:
        return _pool_cost("wrong", view, cost)
    return [tr("indian_rummy.wrong_body", cost=cost)]


def _pool_cost(kind: str, view: Any, cost: int) -> list[str]:
    score = view.scores[view.seat]
    after, limit = score + cost, view.options.pool_limit
    lines = [tr(f"indian_rummy.{kind}_body_pool", cost=cost, score=score, after=after)]
    if after >= limit:
        lines.append(tr(f"indian_rummy.{kind}_puts_out", score=score, after=after, limit=limit))
    return lines


def footer(view: Any, names: Sequence[str]) -> str:
    options = view.options
    if options.pool:
        return tr(
            "indian_rummy.pool_line", limit=options.pool_limit, ceiling=options.rejoin_ceiling
        )
    if not options.deals or view.winners:
        return ""
    if decider_next(view):
        tied = ", ".join(names[seat] for seat in view.order)
        return tr("indian_rummy.decider_next", names=tied)
    return tr("indian_rummy.deals_left", n=max(0, options.deal_count - view.deal))


def table_title(view: Any) -> str:
    """The score panel's head at the table."""
    options = view.options
    deal = max(1, view.deal)
    if options.pool:
        return tr("indian_rummy.scores_pool", limit=options.pool_limit, deal=deal)
    if deal > options.deal_count:
        return tr("indian_rummy.scores_decider")
    return tr("indian_rummy.scores_deals", deal=deal, deals=options.deal_count)


def seat_total(view: Any, seat: int) -> str:
    """A seat's figure in the score panel: its pool score or its chips."""
    if view.options.pool:
        return score_text(view, seat) if seat < len(view.scores) else "0"
    return str(chips_now(view)[seat]) if seat < len(view.balances) else "0"


def format_note(options: Any) -> str:
    if options.pool:
        return tr("indian_rummy.note_pool", limit=options.pool_limit)
    return tr("indian_rummy.note_deals", deals=options.deal_count)


def split_standings(
    standings: Sequence[Standing], scores: Sequence[int], split: formats.Split
) -> tuple[Standing, ...]:
    """The splitting players' rows show their share and the drops left that made it."""
    return tuple(
        replace(
            row,
            score=tr(
                "indian_rummy.split_score",
                score=scores[row.seat],
                percent=split.shares[row.seat],
                drops=split.drops[row.seat],
            ),
        )
        if row.seat in split.shares
        else row
        for row in standings
    )


def final_result(view: Any, names: Sequence[str]) -> FinalResult:
    seats = range(len(view.balances))
    every = [names[s] if s < len(names) else view.names[s] for s in seats]
    if view.options.pool:
        deals = view.deal
        series = tuple(
            (0, *(r.scores[seat] if seat < len(r.scores) else 0 for r in view.history))
            for seat in seats
        )
        standings = ranked(every, view.scores, view.winners, str)
        if view.split:
            split = formats.split_of(view.options, view.scores, view.winners, formats.entries(view))
            assert split is not None  # the pool was split, so the split existed
            standings = split_standings(standings, view.scores, split)
            limit = view.options.pool_limit
            legacy = view.options.pool_split == POINTS_LEFT  # saved before the drops rule
            subtitle = (
                tr("indian_rummy.final_split_points", deals=deals, limit=limit)
                if legacy
                else tr(
                    "indian_rummy.final_split",
                    deals=deals,
                    fewest=split.fewest,
                    entries=split.entries,
                )
            )
        else:
            subtitle = tr("indian_rummy.final_pool", limit=view.options.pool_limit, deals=deals)
        return FinalResult(
            title=winners_title(every, view.winners),
            subtitle=subtitle,
            standings=standings,
            series=series,
            target=view.options.pool_limit,
        )
    held = chips_now(view)
    series = tuple(
        (start_chips(view), *(chips_after(view, r.deal)[seat] for r in view.history))
        for seat in seats
    )
    count = view.options.deal_count
    key = "indian_rummy.final_decider" if view.deal > count else "indian_rummy.final_deals"
    return FinalResult(
        title=winners_title(every, view.winners),
        subtitle=tr(key, deals=min(view.deal, count)),
        standings=ranked(every, held, view.winners, str, highest_first=True),
        series=series,
        target=None,
    )
