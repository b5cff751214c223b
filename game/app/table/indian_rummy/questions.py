"""Pool's questions between deals, as dialogs for the human asked: come back after being
eliminated (Rejoin / Stay out), and split the pool when 2 or 3 are left (No / Yes). Both
start on the answer that changes nothing (Stay out, No); Esc gives it too."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from game.app.i18n import tr
from game.app.scenes.dialog import Dialog
from game.engine.actions import Action
from game.games.indian_rummy.actions import AgreeSplit, DeclineSplit, Rejoin, StayOut
from game.games.indian_rummy.formats import Split, rejoin_score, split_now
from game.games.indian_rummy.options import POINTS_LEFT
from game.games.indian_rummy.state import REJOIN

if TYPE_CHECKING:
    from game.app.table.context import TableContext


def rejoin_lines(view: Any) -> list[str]:
    seat = view.seat
    back = rejoin_score(view)
    return [
        tr("indian_rummy.rejoin_body", score=view.scores[seat], back=back),
        tr("indian_rummy.rejoin_once"),
    ]


def split_lines(view: Any, names: Sequence[str]) -> list[str]:
    """The shares the split would give, each with its drops left, and the rule."""
    split = split_now(view)
    shares = tr("load.list_sep").join(
        tr("indian_rummy.share_drops", name=names[s], percent=n, drops=split.drops[s])
        for s, n in split.shares.items()
    )
    limit = view.options.pool_limit
    if view.options.pool_split == POINTS_LEFT:  # a game saved before the split by drops
        return [
            tr("indian_rummy.split_body_points", n=len(view.order), shares=shares, limit=limit),
            tr("indian_rummy.split_rule_points", limit=limit),
        ]
    return [
        tr("indian_rummy.split_body", n=len(view.order), shares=shares),
        split_rule(view, split),
    ]


def split_rule(view: Any, split: Split) -> str:
    """Why the shares are what they are: drops left, equated to the fewest."""
    options = view.options
    return tr(
        "indian_rummy.split_rule",
        drop=options.first_drop,
        limit=options.pool_limit,
        fewest=split.fewest,
        entries=split.entries,
    )


def ask(
    table: TableContext, view: Any, names: Sequence[str], play: Callable[[Action], Any]
) -> None:
    """Push the dialog of the question ``view`` asks its seat; the answer is played."""
    no: Action
    yes: Action
    if view.phase == REJOIN:
        title, lines = tr("indian_rummy.rejoin_title"), rejoin_lines(view)
        no, yes = StayOut(), Rejoin()
        keys = ("indian_rummy.rejoin_no", "indian_rummy.rejoin_yes")
    else:
        title, lines = tr("indian_rummy.split_title"), split_lines(view, names)
        no, yes = DeclineSplit(), AgreeSplit()
        keys = ("common.no", "common.yes")
    buttons = [
        (keys[0], "#quiet", lambda: play(no)),
        (keys[1], "#primary", lambda: play(yes)),
    ]
    table.app.stack.push(
        Dialog(table.app, title, lines, buttons, cancel=lambda: play(no), default=0)
    )
